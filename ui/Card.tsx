import { useId, type ReactNode } from 'react';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  as?: 'section' | 'div';
  headingLevel?: 2 | 3;
  className?: string;
}

/** A white panel. As a <section> with a title, it is a region named by that title. */
export function Card({ title, actions, children, as: Tag = 'section', headingLevel = 2, className }: CardProps) {
  const headingId = `ff-card-${useId()}`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const labelled = Tag === 'section' && Boolean(title);
  return (
    <Tag className={cx('ff-card', className)} aria-labelledby={labelled ? headingId : undefined}>
      {title || actions ? (
        <div className="ff-card__header">
          {title ? (
            <Heading id={headingId} className="ff-card__title">
              {title}
            </Heading>
          ) : (
            <span />
          )}
          {actions ? <div className="ff-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      <div className="ff-card__body">{children}</div>
    </Tag>
  );
}
