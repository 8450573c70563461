import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AlertIcon, Button, Stack } from '../../../ui';
import { TransferMessages } from '../internalTransferRules';
import { selectInternalTransferState, transferTryAgainChosen } from '../internalTransferSlice';

/** 'Transfer failed' or the insufficient-funds message (or how long to wait), with Try again and Dismiss. */
export function FailureStep({ insufficientFunds, onDismiss }: { insufficientFunds: boolean; onDismiss: () => void }) {
  const dispatch = useAppDispatch();
  const { waitMessage } = useAppSelector(selectInternalTransferState);
  return (
    <Stack gap={5} align="center" className="ff-transfer__status">
      <span className="ff-transfer__status-icon ff-transfer__status-icon--error">
        <AlertIcon size={28} />
      </span>
      <p role="alert">{insufficientFunds ? TransferMessages.insufficientFunds : (waitMessage ?? TransferMessages.failedBody)}</p>
      <div className="ff-transfer__actions">
        <Button onClick={() => dispatch(transferTryAgainChosen())}>Try again</Button>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Stack>
  );
}
