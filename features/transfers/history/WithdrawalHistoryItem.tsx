import { useId } from 'react';
import { moneyToCents } from '../../../api/contract/values';
import type { Account, PaymentMethod, Withdrawal } from '../../../api/contract';
import { formatCents } from '../../../ui';
import { formatDay } from './historyRules';
import { TimelineStep } from './TimelineStep';
import { HistoryRow } from './HistoryRow';
import { describeWithdrawalRoute, WITHDRAWAL_EVENT_WORDS, withdrawalPhase, withdrawalStatusWords } from './withdrawalHistory';

/** One withdrawal in the transfer history: amount, from → to, status, tax withheld and its timeline. */
export function WithdrawalHistoryItem({
  withdrawal,
  methods,
  accounts,
}: {
  withdrawal: Withdrawal;
  methods: readonly PaymentMethod[];
  accounts: readonly Account[];
}) {
  const headingId = useId();
  const route = describeWithdrawalRoute(withdrawal, methods, accounts);
  const completed = withdrawalPhase(withdrawal) === 'completed';
  const withheld = moneyToCents(withdrawal.federalTaxWithheld);
  const next = completed ? null : withdrawal.events.find((event) => !event.completed);
  return (
    <HistoryRow
      headingId={headingId}
      createdAt={withdrawal.createdAt}
      what="Withdrawal"
      cents={moneyToCents(withdrawal.amount)}
      status={{ tone: completed ? 'success' : 'info', words: withdrawalStatusWords(withdrawal) }}
      route={route}
      details={
        <>
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
        </>
      }
    />
  );
}
