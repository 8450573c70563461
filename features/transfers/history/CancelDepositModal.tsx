import { useRef, useState } from 'react';
import { depositsApi, useCancelDepositMutation } from '../../../api/depositsApi';
import { moneyToCents } from '../../../api/contract/values';
import type { Account, Deposit, PaymentMethod } from '../../../api/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button, formatCents, Modal } from '../../../ui';
import { ActionFailureNotice, actionFailureOf, type ActionFailure } from '../../notifications/ActionFailureNotice';
import { toastShown } from '../../notifications/toastsSlice';
import { depositCancelClosed, selectDepositCancelId } from './historySlice';
import { describeRoute } from './historyRules';

export const CancelDepositMessages = {
  title: 'Cancel this deposit?',
  body: 'The money stays in your bank account. This cannot be undone.',
  confirm: 'Cancel deposit',
  keep: 'Keep deposit',
  canceled: 'Deposit canceled. Nothing will be taken from your bank.',
  failed: "We couldn't cancel your deposit. Please try again.",
  retryHint: 'Press Cancel deposit to try again.',
} as const;

/**
 * The confirmation before a bank deposit is cancelled, for the deposit in transfersHistory.cancelDepositId.
 *
 * A failed cancel keeps the dialog open with what went wrong, so Cancel deposit retries where the customer is (one
 * POST per press). Before a failure is shown the deposit is looked up again: an earlier press whose answer was lost
 * may have cancelled it (a retry is then refused as not cancellable), and a cancelled deposit is what was asked for.
 */
export function CancelDepositModal({
  deposits,
  methods,
  accounts,
}: {
  deposits: readonly Deposit[];
  methods: readonly PaymentMethod[];
  accounts: readonly Account[];
}) {
  const dispatch = useAppDispatch();
  const depositId = useAppSelector(selectDepositCancelId);
  const [cancelDeposit, { isLoading }] = useCancelDepositMutation();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  // Set from the press until the outcome is known: a second press meanwhile sends nothing.
  const inFlight = useRef(false);
  // The lookup after a failure is part of the press: the dialog stays busy until it is done.
  const [checking, setChecking] = useState(false);
  const busy = isLoading || checking;
  if (!depositId) return null;
  const deposit = deposits.find((candidate) => candidate.id === depositId);
  const shownFailure = failure?.id === depositId ? failure : null;
  const close = () => {
    if (inFlight.current) return;
    setFailure(null);
    dispatch(depositCancelClosed());
  };
  const cancelled = () => {
    dispatch(toastShown(CancelDepositMessages.canceled, 'success'));
    setFailure(null);
    dispatch(depositCancelClosed());
  };

  async function alreadyCancelled(id: string): Promise<boolean> {
    try {
      const fresh = await dispatch(
        depositsApi.endpoints.getDeposits.initiate(undefined, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      return fresh.entities[id]?.status === 'CANCELED';
    } catch {
      return false;
    }
  }

  async function confirm() {
    if (!depositId || inFlight.current) return;
    const id = depositId;
    inFlight.current = true;
    setFailure(null);
    try {
      await cancelDeposit(id).unwrap();
      cancelled();
    } catch (error) {
      setChecking(true);
      const gone = await alreadyCancelled(id);
      setChecking(false);
      if (gone) {
        cancelled();
        return;
      }
      setFailure(actionFailureOf(id, error));
    } finally {
      inFlight.current = false;
    }
  }

  const route = deposit ? describeRoute(deposit, methods, accounts) : null;
  return (
    <Modal
      open
      title={CancelDepositMessages.title}
      onClose={close}
      footer={
        <div className="history-modal__actions">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {CancelDepositMessages.keep}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={busy}>
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
        {shownFailure ? (
          <ActionFailureNotice failure={shownFailure} title={CancelDepositMessages.failed} retryHint={CancelDepositMessages.retryHint} />
        ) : null}
      </div>
    </Modal>
  );
}
