import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

export type StatementUploadStep = 'root' | 'statement-upload';

export interface StatementFile {
  /** Our id for the file while it uploads (the server's fileId arrives later). */
  localId: string;
  fileName: string;
  /** Bytes, shown on the file's row (null when not known). */
  size: number | null;
  status: 'uploading' | 'uploaded' | 'failed';
  fileId: string | null;
  error: string | null;
  /** A failed file that sending again may fix (an outage); false when the file itself was refused. */
  retryable: boolean;
}

/** Bank verification by statement upload (2.8, 4.5). File contents never enter the store, only names and ids. */
export interface StatementUploadState {
  open: boolean;
  step: StatementUploadStep;
  paymentMethodId: string | null;
  files: StatementFile[];
  /** The exit confirmation is showing. */
  confirmingExit: boolean;
  /** Methods whose statements were submitted in this session (the list says they are under review). */
  submittedIds: string[];
}

const initialState: StatementUploadState = {
  open: false,
  step: 'root',
  paymentMethodId: null,
  files: [],
  confirmingExit: false,
  submittedIds: [],
};

const hasUploads = (state: StatementUploadState) => state.files.some((file) => file.status !== 'failed');

const statementUploadSliceDefinition = createSlice({
  name: 'statementUpload',
  initialState,
  reducers: {
    statementUploadOpened(_state, action: PayloadAction<{ paymentMethodId?: string } | undefined>) {
      const paymentMethodId = action.payload?.paymentMethodId ?? null;
      return { ...initialState, open: true, paymentMethodId, step: paymentMethodId ? 'statement-upload' : 'root' };
    },
    bankChosenForStatement(state, action: PayloadAction<string>) {
      state.paymentMethodId = action.payload;
      state.step = 'statement-upload';
      state.files = [];
    },
    statementFileUploadStarted(state, action: PayloadAction<{ localId: string; fileName: string; size?: number }>) {
      const { localId, fileName, size = null } = action.payload;
      state.files.push({ localId, fileName, size, status: 'uploading', fileId: null, error: null, retryable: false });
    },
    /** Retry on a failed file's row: that file alone is sent again. */
    statementFileRetried(state, action: PayloadAction<string>) {
      const file = state.files.find((item) => item.localId === action.payload);
      if (file && file.status === 'failed' && file.retryable) Object.assign(file, { status: 'uploading', error: null, retryable: false });
    },
    statementFileUploaded(state, action: PayloadAction<{ localId: string; fileId: string; fileName: string }>) {
      const file = state.files.find((item) => item.localId === action.payload.localId);
      if (file) Object.assign(file, { status: 'uploaded', fileId: action.payload.fileId, fileName: action.payload.fileName, error: null });
    },
    /** A file failed (rejected before upload, or the upload failed); the message is shown next to it. */
    statementFileFailed(
      state,
      action: PayloadAction<{ localId: string; fileName: string; error: string; size?: number; retryable?: boolean }>,
    ) {
      const { localId, fileName, error, size = null, retryable = false } = action.payload;
      const file = state.files.find((item) => item.localId === localId);
      if (file) Object.assign(file, { status: 'failed', fileId: null, error, retryable });
      else state.files.push({ localId, fileName, size, status: 'failed', fileId: null, error, retryable });
    },
    statementFileRemoved(state, action: PayloadAction<string>) {
      state.files = state.files.filter((file) => file.localId !== action.payload);
    },
    /** Back to the list, or close: asks first when uploads would be lost. */
    statementExitRequested(state) {
      if (state.step === 'statement-upload' && hasUploads(state)) state.confirmingExit = true;
      else if (state.step === 'statement-upload') Object.assign(state, { step: 'root', paymentMethodId: null, files: [] });
      else state.open = false;
    },
    statementExitCanceled(state) {
      state.confirmingExit = false;
    },
    statementExitConfirmed(state) {
      Object.assign(state, { step: 'root', paymentMethodId: null, files: [], confirmingExit: false });
    },
    statementVerificationSubmitted(state) {
      if (state.paymentMethodId && !state.submittedIds.includes(state.paymentMethodId)) state.submittedIds.push(state.paymentMethodId);
      Object.assign(state, { step: 'root', paymentMethodId: null, files: [], confirmingExit: false });
    },
    statementUploadClosed() {
      return initialState;
    },
  },
  selectors: {
    selectStatementUpload: (state) => state,
    selectUploadedStatementIds: (state) =>
      state.files.filter((file) => file.status === 'uploaded' && file.fileId).map((file) => file.fileId as string),
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof statementUploadSliceDefinition> {}
}

/** Injected when this module loads (a funding flow's chunk), never part of the first bundle. */
export const statementUploadSlice = statementUploadSliceDefinition.injectInto(rootReducer);

export const {
  statementUploadOpened,
  bankChosenForStatement,
  statementFileUploadStarted,
  statementFileUploaded,
  statementFileFailed,
  statementFileRetried,
  statementFileRemoved,
  statementExitRequested,
  statementExitCanceled,
  statementExitConfirmed,
  statementVerificationSubmitted,
  statementUploadClosed,
} = statementUploadSlice.actions;
export const { selectStatementUpload } = statementUploadSlice.selectors;
