import { useId } from 'react';
import { moneyToCents } from '../../../api/contract/values';
import type { Account, Deposit, PaymentMethod } from '../../../api/contract';
import { useAppDispatch } from '../../../store/hooks';
import { Button, type BadgeTone } from '../../../ui';
import { TimelineStep } from './TimelineStep';
import { HistoryRow } from './HistoryRow';
import { depositCancelRequested } from './historySlice';
import {
  availabilityText,
  CANCEL_SENT_TEXT,
  canceledText,
  cancelClosedText,
  cancelDeadlineText,
  cancelState,
  describeRoute,
  eventWords,
  formatDay,
  historyPhase,
  nextStep,
  shownEvents,
  statusWords,
  type HistoryPhase,
} from './historyRules';

const PHASE_TONES: Record<HistoryPhase, BadgeTone> = { pending: 'info', completed: 'success', canceled: 'neutral', failed: 'danger' };

export interface HistoryItemProps {
  deposit: Deposit;
  methods: readonly PaymentMethod[];
  accounts: readonly Account[];
  nowMs: number;
}

/** One deposit or transfer: amount, from → to, status in words, its timeline and, before the cut-off, Cancel. */
export function HistoryItem({ deposit, methods, accounts, nowMs }: HistoryItemProps) {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const cancelInfoId = useId();
  const route = describeRoute(deposit, methods, accounts);
  const phase = historyPhase(deposit);
  const cancel = cancelState(deposit, nowMs);
  const next = nextStep(deposit);
  const transfer = deposit.kind === 'INTERNAL_TRANSFER';
  const sourceIsCard = methods.find((method) => method.id === deposit.paymentMethodId)?.type === 'DEBIT_CARD';
  const availability = availabilityText(deposit, sourceIsCard, nowMs);
  const events = shownEvents(deposit);

  return (
    <HistoryRow
      headingId={headingId}
      createdAt={deposit.createdAt}
      what={transfer ? 'Transfer' : 'Deposit'}
      cents={moneyToCents(deposit.amount)}
      status={{ tone: PHASE_TONES[phase], words: statusWords(deposit) }}
      route={route}
      details={
        <>
          {deposit.recurringDepositId || deposit.iraContributionYear ? (
            <p className="history-item__meta">
              {deposit.recurringDepositId ? <span>Recurring deposit</span> : null}
              {deposit.recurringDepositId && deposit.iraContributionYear ? ' · ' : null}
              {deposit.iraContributionYear ? <span>{deposit.iraContributionYear} IRA contribution</span> : null}
            </p>
          ) : null}
          {availability ? <p className="history-item__instant">{availability}</p> : null}
          {deposit.status === 'CANCELED' && deposit.cancelledAt ? (
            <p className="history-item__instant">{canceledText(deposit.cancelledAt)}</p>
          ) : null}
          {next ? (
            <p className="history-item__next">
              Next: {eventWords(next, deposit.kind)}
              {next.date ? `, expected ${formatDay(next.date)}` : ''}
            </p>
          ) : null}
          {events.length > 0 ? (
            <ol className="history-timeline" aria-label={`Progress of this ${transfer ? 'transfer' : 'deposit'}`}>
              {events.map((event, index) => (
                <TimelineStep key={`${event.type}-${index}`} event={event} words={eventWords(event, deposit.kind)} />
              ))}
            </ol>
          ) : null}
          {cancel.kind === 'closed' ? (
            <p className="history-item__cancel-text">{cancelClosedText(cancel.until)}</p>
          ) : cancel.kind === 'sent' ? (
            <p className="history-item__cancel-text">{CANCEL_SENT_TEXT}</p>
          ) : null}
        </>
      }
    >
      {/* Cancelling closes at the cut-off, so the button stays on the row rather than behind Details. */}
      {cancel.kind === 'cancellable' ? (
        <div className="history-item__cancel">
          <p id={cancelInfoId} className="history-item__cancel-text">
            {cancelDeadlineText(cancel.until)}
          </p>
          <Button
            size="sm"
            variant="secondary"
            aria-describedby={`${headingId} ${cancelInfoId}`}
            onClick={() => dispatch(depositCancelRequested(deposit.id))}
          >
            Cancel deposit
          </Button>
        </div>
      ) : null}
    </HistoryRow>
  );
}
