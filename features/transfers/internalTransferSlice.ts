import { createSlice, nanoid, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

/**
 * A transfer between two of the customer's own accounts (deposits-and-transfers.md sections 1, 4 and 8) as
 * client state: amount → transfer-review → transfer-success, or an error screen. The choices are committed on
 * Next; the intent and the confirmation's idempotency key are kept so a retry of the same attempt reuses the key
 * (the server then answers the first result and moves the money once). Accounts and balances stay in the cache.
 */

export const INTERNAL_TRANSFER_STEPS = [
  'amount',
  'transfer-review',
  'transfer-success',
  'deposit-failed-insufficient-funds',
  'hyca-transfer-error',
] as const;
export type InternalTransferStep = (typeof INTERNAL_TRANSFER_STEPS)[number];

export interface InternalTransferDraft {
  sourceAccountUuid: string;
  destinationAccountUuid: string;
  amountCents: number;
  /** Only for a retirement destination: the tax year the transfer counts toward. */
  iraContributionYear: number | null;
}

export interface InternalTransferState {
  step: InternalTransferStep;
  draft: InternalTransferDraft | null;
  intentId: string | null;
  /** One per confirmation attempt, made with the intent; a retry of the same attempt sends it again. */
  idempotencyKey: string | null;
  /** Where a failure happened: a failed confirmation is retried from the review with the same key. */
  failedAt: 'initiate' | 'confirm' | null;
  /** The confirmed transfer. */
  transferId: string | null;
  /**
   * A refusal for too many requests (RATE_LIMITED) carries the server's own message, which says how long to
   * wait: the failure screen shows it instead of the generic text. Null for any other failure.
   */
  waitMessage: string | null;
}

export const initialInternalTransferState: InternalTransferState = {
  step: 'amount',
  draft: null,
  intentId: null,
  idempotencyKey: null,
  failedAt: null,
  transferId: null,
  waitMessage: null,
};

/** A fresh key for a new attempt (made in the action's prepare: reducers stay pure). */
const newKey = () => (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : nanoid());

const internalTransferSliceDefinition = createSlice({
  name: 'internalTransfer',
  initialState: initialInternalTransferState,
  reducers: {
    internalTransferOpened() {
      return initialInternalTransferState;
    },

    /** Next: the choices are committed while the intent is created. */
    transferAmountSubmitted(state, action: PayloadAction<InternalTransferDraft>) {
      state.draft = action.payload;
      state.failedAt = null;
      state.waitMessage = null;
    },

    transferIntentCreated: {
      reducer(state, action: PayloadAction<{ intentId: string; idempotencyKey: string }>) {
        state.intentId = action.payload.intentId;
        state.idempotencyKey = action.payload.idempotencyKey;
        state.step = 'transfer-review';
      },
      prepare: (intentId: string) => ({ payload: { intentId, idempotencyKey: newKey() } }),
    },

    /** Back exists only from the review; the choices are kept, the attempt is not. */
    transferReviewBackPressed(state) {
      if (state.step !== 'transfer-review') return;
      state.step = 'amount';
      state.intentId = null;
      state.idempotencyKey = null;
    },

    transferConfirmed(state, action: PayloadAction<{ transferId: string }>) {
      state.transferId = action.payload.transferId;
      state.step = 'transfer-success';
    },

    /**
     * A failure: insufficient funds (DE#00004) gets its own message; anything else is 'Transfer failed'
     * (hyca-transfer-error, section 4's internal transfer failure), with the server's wait message when it
     * refused for too many requests.
     */
    transferFailed(
      state,
      action: PayloadAction<{ stage: 'initiate' | 'confirm'; insufficientFunds: boolean; waitMessage?: string | null }>,
    ) {
      state.failedAt = action.payload.stage;
      state.step = action.payload.insufficientFunds ? 'deposit-failed-insufficient-funds' : 'hyca-transfer-error';
      state.waitMessage = action.payload.insufficientFunds ? null : (action.payload.waitMessage ?? null);
    },

    /**
     * Try again: a failed confirmation goes back to its review with the same intent and key; insufficient funds
     * or a failed initiate go back to the amount, for a new attempt.
     */
    transferTryAgainChosen(state) {
      if (state.step !== 'hyca-transfer-error' && state.step !== 'deposit-failed-insufficient-funds') return;
      if (state.step === 'hyca-transfer-error' && state.failedAt === 'confirm' && state.intentId !== null) {
        state.step = 'transfer-review';
      } else {
        state.step = 'amount';
        state.intentId = null;
        state.idempotencyKey = null;
      }
      state.failedAt = null;
      state.waitMessage = null;
    },

    internalTransferClosed() {
      return initialInternalTransferState;
    },
  },
  selectors: {
    selectInternalTransferStep: (state) => state.step,
    selectInternalTransferDraft: (state) => state.draft,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof internalTransferSliceDefinition> {}
}

/** Injected when the transfer flow's chunk loads; its selectors answer the initial state until then. */
export const internalTransferSlice = internalTransferSliceDefinition.injectInto(rootReducer);

export const selectInternalTransferState = (state: Parameters<typeof internalTransferSlice.selectSlice>[0]) =>
  internalTransferSlice.selectSlice(state);

export const {
  internalTransferOpened,
  transferAmountSubmitted,
  transferIntentCreated,
  transferReviewBackPressed,
  transferConfirmed,
  transferFailed,
  transferTryAgainChosen,
  internalTransferClosed,
} = internalTransferSlice.actions;

export const { selectInternalTransferStep, selectInternalTransferDraft } = internalTransferSlice.selectors;
