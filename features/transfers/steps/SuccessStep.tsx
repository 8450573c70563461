import { formatCents } from '../../../api/contract/values';
import { selectAllAccounts } from '../../../api/accountsApi';
import { useAppSelector } from '../../../store/hooks';
import { Button, CheckCircleIcon, Stack } from '../../../ui';
import { accountLabel } from '../../moneyFlow/moneyFormat';
import { selectInternalTransferState } from '../internalTransferSlice';

/** transfer-success: what moved from where to where, and Done. */
export function SuccessStep({ onDone }: { onDone: () => void }) {
  const { draft } = useAppSelector(selectInternalTransferState);
  const accounts = useAppSelector(selectAllAccounts);
  if (!draft) return null;
  const name = (uuid: string) => {
    const account = accounts.find((candidate) => candidate.accountUuid === uuid);
    return account ? accountLabel(account) : 'your account';
  };
  return (
    <Stack gap={5} align="center" className="ff-transfer__status">
      <span className="ff-transfer__status-icon ff-transfer__status-icon--success">
        <CheckCircleIcon size={28} />
      </span>
      <p role="status">
        {formatCents(draft.amountCents)} moved from {name(draft.sourceAccountUuid)} to {name(draft.destinationAccountUuid)}.
      </p>
      <Button fullWidth onClick={onDone}>
        Done
      </Button>
    </Stack>
  );
}
