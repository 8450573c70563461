import { useId, useState } from 'react';
import { moneyToCents } from '../../../api/contract/values';
import type { Account, PaymentMethod, Withdrawal } from '../../../api/contract';
import { Amount, Badge, ChevronDownIcon, formatCents } from '../../../src/ui';
import { formatDay } from './historyRules';
import { TimelineStep } from './TimelineStep';
import { describeWithdrawalRoute, WITHDRAWAL_EVENT_WORDS, withdrawalPhase, withdrawalStatusWords } from './withdrawalHistory';

/** One withdrawal in the transfer history: amount, from → to, status, tax withheld and its timeline. */
export function WithdrawalHistoryItem({ withdrawal, methods, accounts }: { withdrawal: Withdrawal; methods: readonly PaymentMethod[]; accounts: readonly Account[] }) {
  const headingId = useId();
  const route = describeWithdrawalRoute(withdrawal, methods, accounts);
  const completed = withdrawalPhase(withdrawal) === 'completed';
  const withheld = moneyToCents(withdrawal.federalTaxWithheld);
  const next = completed ? null : withdrawal.events.find((event) => !event.completed);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <article className="history-item" aria-labelledby={headingId}>
      <div className="history-item__header">
        <time className="history-item__date" dateTime={withdrawal.createdAt}>
          {formatDay(withdrawal.createdAt)}
        </time>
        <h2 id={headingId} className="history-item__title">
          Withdrawal of <Amount cents={moneyToCents(withdrawal.amount)} size="lg" />
        </h2>
        <Badge tone={completed ? 'success' : 'info'}>{withdrawalStatusWords(withdrawal)}</Badge>
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
        {withheld > 0 ? <p className="history-item__meta">{formatCents(withheld)} federal tax withheld</p> : null}
        {next ? (
          <p className="history-item__next">
            Next: {WITHDRAWAL_EVENT_WORDS[next.type]}
            {next.date ? `, expected ${formatDay(next.date)}` : ''}
          </p>
        ) : null}
        <ol className="history-timeline" aria-label="Progress of this withdrawal">
          {withdrawal.events.map((event) => (
            <TimelineStep key={event.type} event={event} words={WITHDRAWAL_EVENT_WORDS[event.type]} />
          ))}
        </ol>
      </div>
    </article>
  );
}
