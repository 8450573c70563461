import type { CSSProperties, ElementType, ReactNode } from 'react';
import { cx } from './cx';

/** Steps of the 4px spacing scale (tokens.css --ff-space-N). */
export type Space = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 8 | 10 | 12 | 16;

const spaceVar = (gap: Space) => `var(--ff-space-${gap})`;

export interface VisuallyHiddenProps {
  children: ReactNode;
  as?: 'span' | 'div' | 'h2' | 'h3' | 'p' | 'label';
  id?: string;
}

/** Hidden on screen, still read by screen readers. */
export function VisuallyHidden({ children, as: Tag = 'span', id }: VisuallyHiddenProps) {
  return (
    <Tag className="ff-visually-hidden" id={id}>
      {children}
    </Tag>
  );
}

type Align = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
type Justify = 'start' | 'center' | 'end' | 'between';

const alignValue: Record<Align, CSSProperties['alignItems']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
  baseline: 'baseline',
};
const justifyValue: Record<Justify, CSSProperties['justifyContent']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  between: 'space-between',
};

export interface StackProps {
  children?: ReactNode;
  /** Space between children, in steps of the 4px scale (default 4 = 16px). */
  gap?: Space;
  align?: Align;
  as?: ElementType;
  className?: string;
  style?: CSSProperties;
}

/** Vertical flow with even gaps. */
export function Stack({ children, gap = 4, align = 'stretch', as: Tag = 'div', className, style }: StackProps) {
  return (
    <Tag className={cx('ff-stack', className)} style={{ gap: spaceVar(gap), alignItems: alignValue[align], ...style }}>
      {children}
    </Tag>
  );
}

export interface InlineProps extends StackProps {
  justify?: Justify;
  /** Wrap onto several lines when space runs out (default true). */
  wrap?: boolean;
}

/** Horizontal row with even gaps; wraps by default. */
export function Inline({
  children,
  gap = 2,
  align = 'center',
  justify = 'start',
  wrap = true,
  as: Tag = 'div',
  className,
  style,
}: InlineProps) {
  return (
    <Tag
      className={cx('ff-inline', className)}
      style={{
        gap: spaceVar(gap),
        alignItems: alignValue[align],
        justifyContent: justifyValue[justify],
        flexWrap: wrap ? 'wrap' : 'nowrap',
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}
