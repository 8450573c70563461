import type { ReactNode } from 'react';
import { formatCents, usdParts } from '../api/contract/values';
import { cx } from './cx';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone, children, className }: BadgeProps) {
  return <span className={cx('ff-badge', `ff-badge--${tone}`, className)}>{children}</span>;
}

/** "$1,250.00" from 125000 (integer cents): the contract's formatter, for the kit's users. */
export { formatCents };

export type AmountSize = 'sm' | 'md' | 'lg' | 'xl';

export interface AmountProps {
  /** Integer cents. */
  cents: number;
  size?: AmountSize;
  className?: string;
}

/** A money amount. At 'xl' the symbol and cents are set smaller, as on a deposit summary. */
export function Amount({ cents, size = 'md', className }: AmountProps) {
  const classes = cx('ff-amount', `ff-amount--${size}`, className);
  if (size !== 'xl') return <span className={classes}>{formatCents(cents)}</span>;
  const parts = usdParts(cents);
  return (
    <span className={classes}>
      {parts.map((part, index) => {
        const minor = part.type === 'currency' || part.type === 'decimal' || part.type === 'fraction';
        return minor ? (
          <span key={index} className="ff-amount__minor">
            {part.value}
          </span>
        ) : (
          part.value
        );
      })}
    </span>
  );
}

export interface StatProps {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** A labelled figure: 'Available to invest  $1,250.00'. */
export function Stat({ label, value, hint, className }: StatProps) {
  return (
    <div className={cx('ff-stat', className)}>
      <div className="ff-stat__label">{label}</div>
      <div className="ff-stat__value">{value}</div>
      {hint ? <div className="ff-stat__hint">{hint}</div> : null}
    </div>
  );
}

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

export interface NoticeProps {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** e.g. a Button ('Relink') */
  action?: ReactNode;
  icon?: ReactNode;
  /** Announce when it appears: 'polite' → role="status", 'assertive' → role="alert". */
  live?: 'polite' | 'assertive';
  className?: string;
}

/** An inline banner: 'Restore your bank account connection', limits, disclosures. */
export function Notice({ tone = 'info', title, children, action, icon, live, className }: NoticeProps) {
  const role = live === 'assertive' ? 'alert' : live === 'polite' ? 'status' : undefined;
  return (
    <div className={cx('ff-notice', `ff-notice--${tone}`, className)} role={role}>
      {icon ? <span className="ff-notice__icon">{icon}</span> : null}
      <div className="ff-notice__text">
        {title ? <p className="ff-notice__title">{title}</p> : null}
        {children ? <div className="ff-notice__body">{children}</div> : null}
      </div>
      {action ? <div className="ff-notice__action">{action}</div> : null}
    </div>
  );
}
