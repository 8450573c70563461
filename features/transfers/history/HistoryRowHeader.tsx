import { Amount, Badge, ChevronDownIcon, type BadgeTone } from '../../../src/ui';
import { formatDay } from './historyRules';

export interface HistoryRowHeaderProps {
  /** The id the row's article is labelled by. */
  headingId: string;
  /** The id of the details panel the toggle opens. */
  panelId: string;
  createdAt: string;
  /** "Deposit", "Transfer", "Withdrawal". */
  what: string;
  cents: number;
  status: { tone: BadgeTone; words: string };
  open: boolean;
  onToggle: () => void;
}

/**
 * The one line of a history row (issue 18): date, what and amount, status, and the Details disclosure that opens
 * the row's route and timeline. Deposits, transfers and withdrawals share it.
 */
export function HistoryRowHeader({ headingId, panelId, createdAt, what, cents, status, open, onToggle }: HistoryRowHeaderProps) {
  return (
    <div className="history-item__header">
      <time className="history-item__date" dateTime={createdAt}>
        {formatDay(createdAt)}
      </time>
      <h2 id={headingId} className="history-item__title">
        {what} of <Amount cents={cents} size="lg" />
      </h2>
      <Badge tone={status.tone}>{status.words}</Badge>
      <button type="button" className="history-item__toggle" aria-expanded={open} aria-controls={panelId} aria-describedby={headingId} onClick={onToggle}>
        Details <ChevronDownIcon size={18} aria-hidden="true" />
      </button>
    </div>
  );
}
