import { useId, type ReactNode } from 'react';
import { Button, cx, useFocusOnStepChange } from '../../ui';
import './flowFrame.css';

export interface BarPageProps {
  title: string;
  onBack?: () => void;
  onCancel?: () => void;
  className?: string;
  step?: string;
  children: ReactNode;
}

/** A money flow shown as a page with a bar (deposit, withdrawal): the bar with Back and Cancel, the title, the step. */
export function BarPage({ title, onBack, onCancel, className, step, children }: BarPageProps) {
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
