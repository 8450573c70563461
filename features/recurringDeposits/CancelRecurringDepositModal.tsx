import { useRef, useState } from 'react';
import { useCancelRecurringDepositMutation } from '../../api/depositsApi';
import { ApiErrorCode, moneyToCents } from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, formatCents, Modal } from '../../ui';
import { ActionFailureNotice, actionFailureOf, type ActionFailure } from '../notifications/ActionFailureNotice';
import { toastShown } from '../notifications/toastsSlice';
import { asApiError } from '../../api/apiError';
import { RecurringMessages } from './recurringMessages';
import { recurringCancelClosed, selectRecurringCancelTarget } from './recurringDepositsSlice';
import { selectListedRecurringDeposits } from './recurringSelectors';
import { describeSource, recurringScheduleInWords, sourceLabel } from './recurringRules';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The confirmation before a schedule is cancelled (DELETE), for the schedule in recurringDeposits.cancelTarget.
 *
 * A failed cancel keeps the dialog open with what went wrong, so its button retries where the customer is (one
 * DELETE per press). A 404 means the schedule is no longer live: an earlier press whose answer was lost cancelled
 * it, which is the outcome asked for.
 */
export function CancelRecurringDepositModal({
  methods,
  accounts,
}: {
  methods: readonly PaymentMethod[] | null;
  accounts: readonly Account[];
}) {
  const dispatch = useAppDispatch();
  const target = useAppSelector(selectRecurringCancelTarget);
  const deposit = useAppSelector((state) =>
    target
      ? selectListedRecurringDeposits(state, target.accountUuid).find((candidate) => candidate.id === target.recurringDepositId)
      : undefined,
  );
  const [cancel, { isLoading }] = useCancelRecurringDepositMutation();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  // Set from the press until the answer: a second press meanwhile sends nothing.
  const inFlight = useRef(false);
  if (!target) return null;

  const shownFailure = failure?.id === target.recurringDepositId ? failure : null;
  const close = () => {
    if (inFlight.current) return;
    setFailure(null);
    dispatch(recurringCancelClosed());
  };
  const destination = accounts.find((account) => account.accountUuid === target.accountUuid);

  async function confirm() {
    if (!target || inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      await cancel(target).unwrap();
      dispatch(toastShown(RecurringMessages.canceled, 'success'));
      dispatch(recurringCancelClosed());
    } catch (error) {
      if (asApiError(error)?.errorCode === ApiErrorCode.NOT_FOUND) {
        dispatch(toastShown(RecurringMessages.canceled, 'success'));
        dispatch(recurringCancelClosed());
        return;
      }
      setFailure(actionFailureOf(target.recurringDepositId, error));
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <Modal
      open
      title={RecurringMessages.cancelTitle}
      onClose={close}
      footer={
        <div className="recurring-modal__actions">
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            {RecurringMessages.cancelKeep}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={isLoading}>
            {RecurringMessages.cancelConfirm}
          </Button>
        </div>
      }
    >
      <div className="recurring-modal">
        {deposit ? (
          <p className="recurring-modal__summary">
            {formatCents(moneyToCents(deposit.amount))}, {lowerFirst(recurringScheduleInWords(deposit))}, from{' '}
            {sourceLabel(describeSource(deposit, methods, accounts))}
            {destination ? ` to ${destination.displayName}` : ''}.
          </p>
        ) : null}
        <p className="recurring-modal__body">{RecurringMessages.cancelBody}</p>
        {shownFailure ? (
          <ActionFailureNotice
            failure={shownFailure}
            title={RecurringMessages.cancelFailed}
            retryHint={RecurringMessages.cancelRetryHint}
          />
        ) : null}
      </div>
    </Modal>
  );
}
