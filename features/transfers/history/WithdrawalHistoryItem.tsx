import { useId } from 'react';
import { moneyToCents } from '../../../api/contract/values';
import type { Account, PaymentMethod, Withdrawal } from '../../../api/contract';
import { Amount, Badge, CheckCircleIcon, ClockIcon, formatCents } from '../../../src/ui';
import { eventWhen, formatDay } from './historyRules';
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
        {withdrawal.events.map((event) => {
          const words = WITHDRAWAL_EVENT_WORDS[event.type];
          return (
            <li key={event.type} className={event.completed ? 'history-timeline__step history-timeline__step--done' : 'history-timeline__step'}>
              <span className="history-timeline__icon" aria-hidden="true">
                {event.completed ? <CheckCircleIcon size={18} /> : <ClockIcon size={18} />}
              </span>
              <span className="history-timeline__text">
                <span className="history-timeline__label">
                  <span className="ff-visually-hidden">{event.completed ? 'Done: ' : 'Not yet: '}</span>
                  {words}
                </span>
                <span className="history-timeline__when">{event.date ? <time dateTime={event.date}>{eventWhen(event)}</time> : eventWhen(event)}</span>
                {event.description && event.description !== words ? <span className="history-timeline__description">{event.description}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </article>
  );
}
