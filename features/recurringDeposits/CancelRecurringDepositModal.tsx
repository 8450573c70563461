import { useCancelRecurringDepositMutation } from '../../api/depositsApi';
import { moneyToCents } from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, formatCents, Modal } from '../../src/ui';
import { toastShown } from '../notifications/toastsSlice';
import { serverMessage } from '../fundingMethods/serverError';
import { RecurringMessages } from './recurringMessages';
import { recurringCancelClosed, selectRecurringCancelTarget } from './recurringDepositsSlice';
import { selectListedRecurringDeposits } from './recurringSelectors';
import { describeSource, recurringScheduleInWords, sourceLabel } from './recurringRules';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The confirmation before a schedule is cancelled (DELETE), for the schedule in recurringDeposits.cancelTarget. */
export function CancelRecurringDepositModal({ methods, accounts }: { methods: readonly PaymentMethod[] | null; accounts: readonly Account[] }) {
  const dispatch = useAppDispatch();
  const target = useAppSelector(selectRecurringCancelTarget);
  const deposit = useAppSelector((state) =>
    target ? selectListedRecurringDeposits(state, target.accountUuid).find((candidate) => candidate.id === target.recurringDepositId) : undefined,
  );
  const [cancel, { isLoading }] = useCancelRecurringDepositMutation();
  if (!target) return null;

  const close = () => {
    if (!isLoading) dispatch(recurringCancelClosed());
  };
  const destination = accounts.find((account) => account.accountUuid === target.accountUuid);

  async function confirm() {
    if (!target) return;
    try {
      await cancel(target).unwrap();
      dispatch(toastShown(RecurringMessages.canceled, 'success'));
    } catch (error) {
      dispatch(toastShown(serverMessage(error) ?? RecurringMessages.cancelFailed, 'error'));
    }
    dispatch(recurringCancelClosed());
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
            {formatCents(moneyToCents(deposit.amount))}, {lowerFirst(recurringScheduleInWords(deposit))}, from {sourceLabel(describeSource(deposit, methods, accounts))}
            {destination ? ` to ${destination.displayName}` : ''}.
          </p>
        ) : null}
        <p className="recurring-modal__body">{RecurringMessages.cancelBody}</p>
      </div>
    </Modal>
  );
}
