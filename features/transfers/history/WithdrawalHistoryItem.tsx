import { useId } from 'react';
import { moneyToCents } from '../../../api/contract/values';
import type { Account, PaymentMethod, Withdrawal } from '../../../api/contract';
import { Amount, Badge, formatCents } from '../../../src/ui';
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
  return (
    <article className="history-item" aria-labelledby={headingId}>
      <div className="history-item__header">
        <div className="history-item__heading">
          <h2 id={headingId} className="history-item__title">
            Withdrawal of <Amount cents={moneyToCents(withdrawal.amount)} size="lg" />
          </h2>
          <p className="history-item__route">
            {route.from} <span aria-hidden="true">→</span>
            <span className="ff-visually-hidden"> to </span> {route.to}
          </p>
          <p className="history-item__meta">
            <time dateTime={withdrawal.createdAt}>{formatDay(withdrawal.createdAt)}</time>
            {withheld > 0 ? <span> · {formatCents(withheld)} federal tax withheld</span> : null}
          </p>
        </div>
        <Badge tone={completed ? 'success' : 'info'}>{withdrawalStatusWords(withdrawal)}</Badge>
      </div>
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
    </article>
  );
}
