import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { nanoid } from '@reduxjs/toolkit';
import { isApiError } from '../../api/apiError';
import { useSubmitVerificationMutation, useUploadStatementFileMutation } from '../../api/verificationApi';
import { FundingMessages, FundingValidationMessages, statementFileProblem } from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, Modal } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { selectUnverifiedBankMethods } from '../paymentMethods/paymentMethodSelectors';
import { LeaveStatementUploadDialog } from './LeaveStatementUploadDialog';
import { StatementBankList } from './StatementBankList';
import { chosenFiles, readAsBase64, sendingAgainMayHelp, toRow } from './statementFiles';
import { StatementFilesStep } from './StatementFilesStep';
import {
  selectStatementUpload,
  statementExitRequested,
  statementFileFailed,
  statementFileRemoved,
  statementFileRetried,
  statementFileUploaded,
  statementFileUploadStarted,
  statementUploadClosed,
  statementVerificationSubmitted,
} from './statementUploadSlice';
import { STATEMENT_TEXT } from './statementUploadText';
import './fundingMethods.css';

const PROBLEM_MESSAGES = { type: FundingValidationMessages.imageTypeNotSupported, tooBig: FundingValidationMessages.imageTooBig } as const;

/** Bank verification by statement upload (2.8, 4.5): the list of unverified banks, then the upload. */
export default function StatementUploadModal({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectStatementUpload);
  useGetPaymentMethodsQuery();
  const banks = useAppSelector(selectUnverifiedBankMethods);
  const [upload] = useUploadStatementFileMutation();
  const [submitVerification, submitting] = useSubmitVerificationMutation();
  if (!state.open) return null;

  const bank = banks.find((item) => item.id === state.paymentMethodId);
  const uploadedIds = state.files.filter((file) => file.status === 'uploaded' && file.fileId).map((file) => file.fileId as string);
  const uploading = state.files.some((file) => file.status === 'uploading');

  const close = () => {
    chosenFiles.clear();
    dispatch(statementUploadClosed());
    onClose();
  };
  // Leaving the upload step goes back to the list (asking first when files would be lost); from the list it closes.
  const leave = () => (state.step === 'root' ? close() : dispatch(statementExitRequested()));

  /** Sends one file (a new one, or a failed one again on Retry) and records what the server answered. */
  async function send(localId: string, file: File) {
    try {
      const base64file = await readAsBase64(file);
      const result = await upload({ fileType: 'BANK_STATEMENT', fileName: file.name, base64file }).unwrap();
      chosenFiles.delete(localId);
      dispatch(statementFileUploaded({ localId, fileId: result.fileId, fileName: result.fileName }));
    } catch (error) {
      // The server's refusal of this file (a 4xx with its reason: wrong content, empty, too big) is shown as the
      // server words it; anything else (a crash, no connection) is the spec's 'Something went wrong'.
      const refusal = isApiError(error) && typeof error.status === 'number' && error.status < 500 && error.errorCode ? error.message : null;
      dispatch(
        statementFileFailed({
          localId,
          fileName: file.name,
          error: refusal ?? FundingValidationMessages.uploadFailed,
          retryable: sendingAgainMayHelp(error),
        }),
      );
      if (!refusal) dispatch(toastShown(FundingMessages.uploadFailed, 'error'));
    }
  }

  function addFiles(files: File[]) {
    for (const file of files) {
      const localId = nanoid();
      const problem = statementFileProblem(file.name, file.size);
      if (problem) {
        // Refused here, never sent: the row says why, and only Remove is offered.
        dispatch(statementFileFailed({ localId, fileName: file.name, size: file.size, error: PROBLEM_MESSAGES[problem] }));
        continue;
      }
      chosenFiles.set(localId, file);
      dispatch(statementFileUploadStarted({ localId, fileName: file.name, size: file.size }));
      void send(localId, file);
    }
  }

  function retry(localId: string) {
    const file = chosenFiles.get(localId);
    if (!file) return;
    dispatch(statementFileRetried(localId));
    void send(localId, file);
  }

  function remove(localId: string) {
    chosenFiles.delete(localId);
    dispatch(statementFileRemoved(localId));
  }

  async function submit() {
    if (!state.paymentMethodId || uploadedIds.length === 0) return;
    try {
      await submitVerification({ paymentMethodId: state.paymentMethodId, fileUniqueIds: uploadedIds }).unwrap();
      chosenFiles.clear();
      dispatch(statementVerificationSubmitted());
      dispatch(toastShown(STATEMENT_TEXT.submitted, 'success'));
    } catch {
      dispatch(toastShown(FundingMessages.tryAgain, 'error'));
    }
  }

  let body: React.ReactNode;
  let footer: React.ReactNode = null;
  if (state.step === 'root') {
    body = <StatementBankList banks={banks} submittedIds={state.submittedIds} />;
  } else {
    body = <StatementFilesStep bank={bank} rows={state.files.map(toRow)} onFiles={addFiles} onRetry={retry} onRemove={remove} />;
    footer = (
      <Button fullWidth disabled={uploadedIds.length === 0 || uploading} loading={submitting.isLoading} onClick={() => void submit()}>
        Submit
      </Button>
    );
  }

  return (
    <>
      <Modal
        open
        title={STATEMENT_TEXT.title}
        onClose={leave}
        onBack={state.step === 'statement-upload' ? leave : undefined}
        footer={footer}
      >
        {body}
      </Modal>
      <LeaveStatementUploadDialog open={state.confirmingExit} />
    </>
  );
}
