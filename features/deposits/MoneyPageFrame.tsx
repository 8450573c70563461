import { useId, type ReactNode } from 'react';
import { Button, cx, useFocusOnStepChange } from '../../src/ui';
import './deposits.css';

export interface MoneyPageFrameProps {
  title: string;
  /** Back, when the step has one (the review). */
  onBack?: () => void;
  /** Cancel, until a result screen (whose own buttons close the flow). */
  onCancel?: () => void;
  className?: string;
  /** The flow's current step: when it changes, focus moves to the title (see useFocusOnStepChange). */
  step?: string;
  children: ReactNode;
}

/** A money flow shown as a page (deposit, withdrawal): the bar with Back and Cancel, the title, the step. */
export function MoneyPageFrame({ title, onBack, onCancel, className, step, children }: MoneyPageFrameProps) {
  const headingId = `ff-money-page-${useId()}`;
  const headingRef = useFocusOnStepChange<HTMLHeadingElement>(step);
  return (
    <section className={cx('ff-deposit ff-deposit--page', className)} aria-labelledby={headingId}>
      <div className="ff-deposit__page-bar">
        {onBack ? (
          <Button variant="ghost" size="sm" onClick={onBack}>
            Back
          </Button>
        ) : (
          <span />
        )}
        {onCancel ? (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <h1 id={headingId} ref={headingRef} tabIndex={-1} className="ff-deposit__page-title ff-step-heading">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** One line of a money flow's review list (inside its `<dl>`); `strong` marks the total. */
export function ReviewRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'ff-deposit__row ff-deposit__row--total' : 'ff-deposit__row'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
