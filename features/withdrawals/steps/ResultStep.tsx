import { AppLink } from '../../navigation/AppLink';
import { useGetWithdrawalsQuery } from '../../../api/withdrawalsApi';
import { formatCents, moneyToCents } from '../../../api/contract/values';
import { formatBankDay } from '../../../api/contract/fundsAvailability';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button, buttonClassName } from '../../../ui';
import { methodLabel } from '../../moneyFlow/moneyFormat';
import { WithdrawalMessages } from '../withdrawalCopy';
import { selectWithdrawalBank } from '../withdrawalSelectors';
import { editPressed, selectWithdrawalState } from '../withdrawalSlice';
import { withdrawalConfirmPressed } from '../withdrawalThunks';
import { ResultPanel } from './ResultPanel';

/** The result: on its way (Done, transfer history), not made (Edit withdrawal, Dismiss) or unknown (Try again, Done). */
export function ResultStep({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const bank = useAppSelector(selectWithdrawalBank);
  const withdrawals = useGetWithdrawalsQuery(undefined, { skip: flow.outcome?.kind !== 'success' });
  const outcome = flow.outcome;
  if (!outcome) return null;

  if (outcome.kind === 'success') {
    const made = withdrawals.data?.entities[outcome.withdrawalId];
    const net = made ? moneyToCents(made.netAmount) : null;
    return (
      <ResultPanel tone="success" title={WithdrawalMessages.successTitle}>
        <p className="ff-deposit__result-body" role="status">
          {net !== null && made
            ? `${formatCents(net)} is on its way to ${bank ? methodLabel(bank) : 'your bank'}. It should arrive by ${formatBankDay(made.arrivalDate)}.`
            : `Your withdrawal is on its way to ${bank ? methodLabel(bank) : 'your bank'}.`}
        </p>
        <div className="ff-deposit__actions">
          <Button fullWidth onClick={onClose}>
            Done
          </Button>
          <AppLink to="/settings/v2/transfers/history" className={buttonClassName('secondary', 'md', true)}>
            View transfer history
          </AppLink>
        </div>
      </ResultPanel>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <ResultPanel tone="error" title={WithdrawalMessages.refusedTitle}>
        <p className="ff-deposit__result-body" role="alert">
          {outcome.message}
        </p>
        <div className="ff-deposit__actions">
          <Button fullWidth onClick={() => dispatch(editPressed())}>
            Edit withdrawal
          </Button>
          <Button fullWidth variant="secondary" onClick={onClose}>
            Dismiss
          </Button>
        </div>
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="pending" title={WithdrawalMessages.unknownTitle}>
      <p className="ff-deposit__result-body" role="alert">
        {outcome.message}
      </p>
      <div className="ff-deposit__actions">
        <Button fullWidth onClick={() => void dispatch(withdrawalConfirmPressed())} loading={flow.submitting}>
          Try again
        </Button>
        <Button fullWidth variant="secondary" onClick={onClose} disabled={flow.submitting}>
          Done
        </Button>
      </div>
    </ResultPanel>
  );
}
