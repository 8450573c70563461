import { Children, type ReactNode } from 'react';
import { cx } from './cx';
import { ChevronRightIcon } from './icons';

export interface ListRowProps {
  icon?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Right-hand content: an amount, a badge, an OptionsMenu. Kept outside the clickable area. */
  trailing?: ReactNode;
  /** Makes the row a button. */
  onClick?: () => void;
  /** A marker after the title, e.g. '(Default)'. */
  badge?: string;
  disabled?: boolean;
  className?: string;
}

/** One row of a list: funding methods, accounts, review lines. */
export function ListRow({ icon, title, subtitle, trailing, onClick, badge, disabled, className }: ListRowProps) {
  const content = (
    <>
      {icon ? <span className="ff-list-row__icon">{icon}</span> : null}
      <span className="ff-list-row__text">
        <span className="ff-list-row__title">
          <span className="ff-list-row__title-text">{title}</span>
          {badge ? <span className="ff-list-row__badge">{badge}</span> : null}
        </span>
        {subtitle ? <span className="ff-list-row__subtitle">{subtitle}</span> : null}
      </span>
    </>
  );
  return (
    <div className={cx('ff-list-row', onClick && 'ff-list-row--interactive', disabled && 'ff-list-row--disabled', className)}>
      {onClick ? (
        <button type="button" className="ff-list-row__main" onClick={onClick} disabled={disabled}>
          {content}
          {trailing ? null : <ChevronRightIcon size={20} className="ff-list-row__chevron" />}
        </button>
      ) : (
        <div className="ff-list-row__main">{content}</div>
      )}
      {trailing ? <div className="ff-list-row__trailing">{trailing}</div> : null}
    </div>
  );
}

export interface ListProps {
  children: ReactNode;
  /** Accessible name of the list, if it needs one. */
  label?: string;
  className?: string;
}

/** A bordered list of ListRows with dividers; each child becomes a list item. */
export function List({ children, label, className }: ListProps) {
  return (
    <ul className={cx('ff-list', className)} aria-label={label}>
      {Children.toArray(children).map((child, index) => (
        <li key={index} className="ff-list__item">
          {child}
        </li>
      ))}
    </ul>
  );
}
