import { useId } from 'react';
import { Button } from '../../ui';
import type { FlowPageProps } from '../moneyFlow/FlowFrame';

/** The debit-card flow as a page (FlowFrame's page for it): Back above the title while the step has one, then the step. */
export function DebitCardPageFrame({ title, onBack, width, children }: FlowPageProps) {
  const headingId = `ff-debit-card-${useId()}`;
  return (
    <section className="ff-debit-card ff-debit-card--page" aria-labelledby={headingId} style={{ maxWidth: width }}>
      {onBack ? (
        <Button variant="ghost" size="sm" onClick={onBack} className="ff-debit-card__back">
          Back
        </Button>
      ) : null}
      <h1 id={headingId} className="ff-debit-card__page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}
