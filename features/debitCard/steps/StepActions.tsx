import type { ReactNode } from 'react';

/** A debit-card step's buttons, in a row at its foot. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="ff-debit-card__actions">{children}</div>;
}
