import { useId, useState, type ReactNode } from 'react';
import { Amount, Badge, ChevronDownIcon, type BadgeTone } from '../../../ui';
import { formatDay } from './historyRules';

export interface HistoryRowProps {
  /** The id the row is labelled by (the caller may point other descriptions at it). */
  headingId: string;
  createdAt: string;
  /** "Deposit", "Transfer", "Withdrawal". */
  what: string;
  cents: number;
  status: { tone: BadgeTone; words: string };
  route: { from: string; to: string };
  /** What Details opens below the route: meta lines, next step, the timeline. */
  details: ReactNode;
  /** What stays on the row outside Details (a deposit's Cancel before the cut-off). */
  children?: ReactNode;
}

/**
 * One row of the transfer history (issue 18): a single line (date, what and amount, status) with a Details
 * disclosure that opens the route and the row's details. Deposits, transfers and withdrawals share it; rows start
 * closed.
 */
export function HistoryRow({ headingId, createdAt, what, cents, status, route, details, children }: HistoryRowProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <article className="history-item" aria-labelledby={headingId}>
      <div className="history-item__header">
        <time className="history-item__date" dateTime={createdAt}>
          {formatDay(createdAt)}
        </time>
        <h2 id={headingId} className="history-item__title">
          {what} of <Amount cents={cents} size="lg" />
        </h2>
        <Badge tone={status.tone}>{status.words}</Badge>
        <button
          type="button"
          className="history-item__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-describedby={headingId}
          onClick={() => setOpen((value) => !value)}
        >
          Details <ChevronDownIcon size={18} aria-hidden="true" />
        </button>
      </div>
      <div id={panelId} className="history-item__details" hidden={!open}>
        <p className="history-item__route">
          {route.from} <span aria-hidden="true">→</span>
          <span className="ff-visually-hidden"> to </span> {route.to}
        </p>
        {details}
      </div>
      {children}
    </article>
  );
}
