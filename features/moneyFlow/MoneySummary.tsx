import type { ReactNode } from 'react';
import { Amount } from '../../ui';
import './moneySummary.css';

export interface SummaryRow {
  label: string;
  value: ReactNode;
}

export interface MoneySummaryProps {
  amountCents: number;
  /** 'will be deposited', 'will be transferred'. */
  caption: string;
  rows: SummaryRow[];
  /** Hidden when absent (e.g. for debit cards). */
  footnote?: ReactNode;
}

/**
 * The review's summary (deposits-and-transfers.md section 2): a large amount, its caption, labelled rows and
 * a footnote. The rows are a description list, so each value is read with its label.
 */
export function MoneySummary({ amountCents, caption, rows, footnote }: MoneySummaryProps) {
  return (
    <div className="ff-money-summary">
      <div className="ff-money-summary__hero">
        <Amount cents={amountCents} size="xl" />
        <p className="ff-money-summary__caption">{caption}</p>
      </div>
      <dl className="ff-money-summary__rows">
        {rows.map((row) => (
          <div key={row.label} className="ff-money-summary__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {footnote ? <p className="ff-money-summary__footnote">{footnote}</p> : null}
    </div>
  );
}
