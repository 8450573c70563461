import { useCancelDepositMutation } from '../../../api/depositsApi';
import { moneyToCents } from '../../../api/contract/values';
import type { Account, Deposit, PaymentMethod } from '../../../api/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button, formatCents, Modal } from '../../../src/ui';
import { toastShown } from '../../notifications/toastsSlice';
import { serverMessage } from '../../fundingMethods/serverError';
import { depositCancelClosed, selectDepositCancelId } from './historySlice';
import { describeRoute } from './historyRules';

export const CancelDepositMessages = {
  title: 'Cancel this deposit?',
  body: 'The money stays in your bank account. This cannot be undone.',
  confirm: 'Cancel deposit',
  keep: 'Keep deposit',
  canceled: 'Deposit canceled. Nothing will be taken from your bank.',
  failed: "We couldn't cancel your deposit. Please try again.",
} as const;

/** The confirmation before a bank deposit is cancelled, for the deposit in transfersHistory.cancelDepositId. */
export function CancelDepositModal({ deposits, methods, accounts }: { deposits: readonly Deposit[]; methods: readonly PaymentMethod[]; accounts: readonly Account[] }) {
  const dispatch = useAppDispatch();
  const depositId = useAppSelector(selectDepositCancelId);
  const [cancelDeposit, { isLoading }] = useCancelDepositMutation();
  if (!depositId) return null;
  const deposit = deposits.find((candidate) => candidate.id === depositId);
  const close = () => {
    if (!isLoading) dispatch(depositCancelClosed());
  };

  async function confirm() {
    if (!depositId) return;
    try {
      await cancelDeposit(depositId).unwrap();
      dispatch(toastShown(CancelDepositMessages.canceled, 'success'));
    } catch (error) {
      dispatch(toastShown(serverMessage(error) ?? CancelDepositMessages.failed, 'error'));
    }
    dispatch(depositCancelClosed());
  }

  const route = deposit ? describeRoute(deposit, methods, accounts) : null;
  return (
    <Modal
      open
      title={CancelDepositMessages.title}
      onClose={close}
      footer={
        <div className="history-modal__actions">
          <Button variant="secondary" onClick={close} disabled={isLoading}>
            {CancelDepositMessages.keep}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={isLoading}>
            {CancelDepositMessages.confirm}
          </Button>
        </div>
      }
    >
      <div className="history-modal">
        {deposit && route ? (
          <p className="history-modal__summary">
            {formatCents(moneyToCents(deposit.amount))} from {route.from} to {route.to}
          </p>
        ) : null}
        <p className="history-modal__body">{CancelDepositMessages.body}</p>
      </div>
    </Modal>
  );
}
