import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { nanoid } from '@reduxjs/toolkit';
import { isApiError } from '../../api/apiError';
import { useSubmitVerificationMutation, useUploadStatementFileMutation } from '../../api/verificationApi';
import {
  FundingMessages,
  FundingValidationMessages,
  IMAGE_UPLOAD_MAX_BYTES,
  PDF_UPLOAD_MAX_BYTES,
  statementFileProblem,
  STATEMENT_EXTENSIONS,
} from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, CheckCircleIcon, EmptyState, ListRow, Modal } from '../../ui';
import { DropZone, formatFileSize, type UploadRow } from '../../ui/DropZone';
import { toastShown } from '../notifications/toastsSlice';
import { maskedNumber, selectUnverifiedBankMethods } from '../paymentMethods/paymentMethodSelectors';
import {
  bankChosenForStatement,
  selectStatementUpload,
  statementExitCanceled,
  statementExitConfirmed,
  statementExitRequested,
  statementFileFailed,
  statementFileRemoved,
  statementFileRetried,
  statementFileUploaded,
  statementFileUploadStarted,
  statementUploadClosed,
  statementVerificationSubmitted,
  type StatementFile,
} from './statementUploadSlice';
import { MethodIcon } from './methodDisplay';
import './fundingMethods.css';

export const STATEMENT_TEXT = {
  title: 'Verify your bank',
  review: 'Our team reviews statements in 1-2 business days.',
  submitted: "Thanks! We'll review your statement in 1-2 business days.",
  exitTitle: 'Leave without submitting?',
  exitBody: 'The files you uploaded will not be sent for review.',
} as const;

const PROBLEM_MESSAGES = { type: FundingValidationMessages.imageTypeNotSupported, tooBig: FundingValidationMessages.imageTooBig } as const;
const ACCEPT = STATEMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/**
 * The chosen files' contents, by row, while they may still be sent (a Retry needs them). Outside the store (a File
 * is not serialisable) and outside the component (a remount keeps them); emptied as rows finish or leave.
 */
const chosenFiles = new Map<string, File>();

/** An outage (no answer, 5xx, 408, 429) may pass; a 4xx about the file itself will not change on a resend. */
function sendingAgainMayHelp(error: unknown): boolean {
  const status = isApiError(error) ? error.status : undefined;
  if (typeof status !== 'number') return true;
  return status >= 500 || status === 408 || status === 429;
}

function toRow(file: StatementFile): UploadRow {
  const state = file.status === 'uploaded' ? 'done' : file.status === 'uploading' ? 'uploading' : 'failed';
  return { id: file.localId, name: file.fileName, size: file.size, state, error: file.error, retryable: file.retryable };
}

/** The file's bytes in base64, without the data: prefix the FileReader adds. */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      // readAsDataURL: the result is always a string.
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

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
    body = (
      <div className="funding-form">
        <p className="funding-text funding-text--muted">Upload a recent statement of a bank we couldn't verify. {STATEMENT_TEXT.review}</p>
        {state.submittedIds.length > 0 ? (
          <p className="funding-text" role="status">
            <CheckCircleIcon size={18} className="funding-success__icon" /> {STATEMENT_TEXT.submitted}
          </p>
        ) : null}
        {banks.length === 0 ? (
          <EmptyState title="No banks to verify" body="All your linked banks are verified or under review." />
        ) : (
          <ul className="row-list" aria-label="Banks to verify">
            {banks.map((item) => (
              <li key={item.id}>
                <ListRow
                  icon={<MethodIcon method={item} />}
                  title={item.displayName}
                  subtitle={state.submittedIds.includes(item.id) ? 'Under review' : maskedNumber(item.paymentMethodNumber)}
                  onClick={() => dispatch(bankChosenForStatement(item.id))}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  } else {
    body = (
      <div className="funding-form">
        <p className="funding-text">
          <strong>{bank?.displayName ?? 'Your bank'}</strong>
          {bank ? ` · ${maskedNumber(bank.paymentMethodNumber)}` : ''}
        </p>
        <p className="funding-text funding-text--muted">
          Upload one or more pages of a recent statement showing your name and account number (PNG, JPEG or PDF). {STATEMENT_TEXT.review}
        </p>
        <DropZone
          label="Upload statement"
          dropLabel="Drop statement files here"
          hint={`Drag files here or click to choose. PNG, JPEG or PDF; images up to ${formatFileSize(IMAGE_UPLOAD_MAX_BYTES)}, PDFs up to ${formatFileSize(PDF_UPLOAD_MAX_BYTES)}.`}
          accept={ACCEPT}
          multiple
          onFiles={addFiles}
          rows={state.files.map(toRow)}
          rowsLabel="Statement files"
          onRetry={retry}
          onRemove={remove}
        />
      </div>
    );
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
      <Modal
        open={state.confirmingExit}
        title={STATEMENT_TEXT.exitTitle}
        onClose={() => dispatch(statementExitCanceled())}
        footer={
          <div className="funding-form__actions">
            <Button variant="secondary" onClick={() => dispatch(statementExitCanceled())}>
              Stay
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                chosenFiles.clear();
                dispatch(statementExitConfirmed());
              }}
            >
              Leave
            </Button>
          </div>
        }
      >
        <p className="funding-text">{STATEMENT_TEXT.exitBody}</p>
      </Modal>
    </>
  );
}
