import { useId } from 'react';
import { useSkipNextRecurringDepositMutation, useUpdateRecurringDepositMutation } from '../../api/depositsApi';
import { moneyToCents } from '../../api/contract/values';
import type { Account, PaymentMethod, RecurringDeposit } from '../../api/contract';
import { useAppDispatch } from '../../store/hooks';
import { Amount, Badge, Button, Notice } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { serverMessage } from '../../api/apiError';
import { RecurringMessages } from './recurringMessages';
import { recurringCancelRequested } from './recurringDepositsSlice';
import {
  describeSource,
  formatCalendarDate,
  movedText,
  shownOccurrences,
  pauseReasonText,
  recurringActions,
  recurringScheduleInWords,
  sourceLabel,
  STATUS_WORDS,
  type RecurringAction,
} from './recurringRules';

const ACTION_LABELS: Record<RecurringAction, string> = { pause: 'Pause', resume: 'Resume', skipNext: 'Skip next', cancel: 'Cancel' };

export interface RecurringDepositItemProps {
  deposit: RecurringDeposit;
  methods: readonly PaymentMethod[] | null;
  accounts: readonly Account[];
}

/** One schedule: amount, source, schedule in words, next dates, status with the pause reason, and its actions. */
export function RecurringDepositItem({ deposit, methods, accounts }: RecurringDepositItemProps) {
  const dispatch = useAppDispatch();
  const headingId = useId();
  const reasonId = useId();
  const [update, updateState] = useUpdateRecurringDepositMutation();
  const [skipNext, skipState] = useSkipNextRecurringDepositMutation();
  const source = describeSource(deposit, methods, accounts);
  const schedule = recurringScheduleInWords(deposit);
  const dates = shownOccurrences(deposit);
  const actions = recurringActions(deposit, methods);
  const busy = updateState.isLoading || skipState.isLoading;
  const ref = { accountUuid: deposit.accountUuid, recurringDepositId: deposit.id };

  async function setStatus(status: 'ACTIVE' | 'PAUSED') {
    try {
      const result = await update({ ...ref, status }).unwrap();
      dispatch(
        toastShown(
          status === 'PAUSED' ? RecurringMessages.paused : RecurringMessages.resumed(result.recurringDeposit.nextOccurrenceDate),
          'success',
        ),
      );
    } catch (error) {
      dispatch(
        toastShown(serverMessage(error) ?? (status === 'PAUSED' ? RecurringMessages.pauseFailed : RecurringMessages.resumeFailed), 'error'),
      );
    }
  }

  async function skip() {
    const skipped = deposit.nextOccurrenceDate;
    try {
      const result = await skipNext(ref).unwrap();
      dispatch(toastShown(RecurringMessages.skipped(skipped, result.recurringDeposit.nextOccurrenceDate), 'success'));
    } catch (error) {
      dispatch(toastShown(serverMessage(error) ?? RecurringMessages.skipFailed, 'error'));
    }
  }

  function run(action: RecurringAction) {
    switch (action) {
      case 'pause':
        return void setStatus('PAUSED');
      case 'resume':
        return void setStatus('ACTIVE');
      case 'skipNext':
        return void skip();
      case 'cancel':
        return void dispatch(recurringCancelRequested(ref));
    }
  }

  const loadingFor = (action: RecurringAction) =>
    action === 'skipNext' ? skipState.isLoading : action === 'pause' || action === 'resume' ? updateState.isLoading : false;
  const paused = deposit.status === 'PAUSED';

  return (
    <article className="recurring-item" aria-labelledby={headingId}>
      <div className="recurring-item__header">
        <h4 id={headingId} className="recurring-item__title">
          <Amount cents={moneyToCents(deposit.amount)} size="lg" /> <span className="recurring-item__schedule">{schedule}</span>
        </h4>
        <Badge tone={paused ? 'warning' : 'success'}>{STATUS_WORDS[deposit.status]}</Badge>
      </div>
      <dl className="recurring-item__facts">
        <div className="recurring-item__fact">
          <dt>From</dt>
          <dd>{sourceLabel(source)}</dd>
        </div>
        <div className="recurring-item__fact">
          <dt>{dates.length > 1 ? 'Next deposits' : 'Next deposit'}</dt>
          <dd>
            {dates.length > 0 ? (
              <ul className="recurring-item__dates">
                {dates.map((occurrence) => {
                  const moved = movedText(occurrence);
                  return (
                    <li key={occurrence.date}>
                      <time dateTime={occurrence.date}>{formatCalendarDate(occurrence.date)}</time>
                      {moved ? <span className="recurring-item__moved"> ({moved})</span> : null}
                    </li>
                  );
                })}
              </ul>
            ) : paused ? (
              'None while paused'
            ) : (
              'None scheduled'
            )}
          </dd>
        </div>
      </dl>
      {paused ? (
        <Notice tone={deposit.pauseReason === 'CUSTOMER' ? 'info' : 'warning'} className="recurring-item__notice">
          {pauseReasonText(deposit.pauseReason, source)}
        </Notice>
      ) : null}
      <div className="recurring-item__actions">
        {actions.map((state) => (
          <Button
            key={state.action}
            size="sm"
            variant={state.action === 'cancel' ? 'ghost' : 'secondary'}
            loading={loadingFor(state.action)}
            disabled={state.disabled || (busy && !loadingFor(state.action))}
            aria-describedby={[headingId, state.reason ? reasonId : null].filter(Boolean).join(' ')}
            onClick={() => run(state.action)}
          >
            {ACTION_LABELS[state.action]}
          </Button>
        ))}
      </div>
      {actions.find((state) => state.reason) ? (
        <p id={reasonId} className="recurring-item__reason">
          {actions.find((state) => state.reason)?.reason}
        </p>
      ) : null}
    </article>
  );
}
