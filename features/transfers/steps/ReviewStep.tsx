import { useRef } from 'react';
import { formatCents } from '../../../api/contract/values';
import { selectAllAccounts } from '../../../api/accountsApi';
import { useConfirmTransferMutation } from '../../../api/depositsApi';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button, Stack } from '../../../ui';
import { useFlowPageButtons } from '../../moneyFlow/FlowFrame';
import { REVIEW_FOOTNOTES } from '../../moneyFlow/moneyCopy';
import { accountLabel } from '../../moneyFlow/moneyFormat';
import { MoneySummary } from '../../moneyFlow/MoneySummary';
import { selectInternalTransferState } from '../internalTransferSlice';
import { transferConfirmPressed } from '../internalTransferThunks';

/** The transfer's review: the summary, Confirm (transferConfirmPressed), and Back on a page. */
export function ReviewStep() {
  // On its own page the review offers Back (a dialog has its back arrow).
  const { onBack } = useFlowPageButtons();
  const dispatch = useAppDispatch();
  const { draft, intentId, idempotencyKey } = useAppSelector(selectInternalTransferState);
  const accounts = useAppSelector(selectAllAccounts);
  const [confirmTransfer, { isLoading }] = useConfirmTransferMutation();
  // Disabled while a confirmation runs; the ref also stops a second click before the re-render.
  const confirming = useRef(false);
  if (!draft || !intentId || !idempotencyKey) return null;
  const name = (uuid: string) => {
    const account = accounts.find((candidate) => candidate.accountUuid === uuid);
    return account ? accountLabel(account) : 'Your account';
  };

  const onConfirm = async () => {
    if (confirming.current) return;
    confirming.current = true;
    try {
      await dispatch(transferConfirmPressed({ id: intentId, idempotencyKey }, (request) => confirmTransfer(request).unwrap()));
    } finally {
      confirming.current = false;
    }
  };

  return (
    <Stack gap={5}>
      <MoneySummary
        amountCents={draft.amountCents}
        caption="will be transferred"
        rows={[
          { label: 'From', value: name(draft.sourceAccountUuid) },
          { label: 'To', value: name(draft.destinationAccountUuid) },
          ...(draft.iraContributionYear !== null ? [{ label: 'Contribution year', value: String(draft.iraContributionYear) }] : []),
          { label: 'Total', value: formatCents(draft.amountCents) },
        ]}
        footnote={REVIEW_FOOTNOTES.transfer}
      />
      <Button fullWidth loading={isLoading} onClick={() => void onConfirm()}>
        Confirm
      </Button>
      {onBack ? (
        <Button variant="ghost" fullWidth onClick={onBack} disabled={isLoading}>
          Back
        </Button>
      ) : null}
    </Stack>
  );
}
