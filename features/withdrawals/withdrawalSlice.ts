import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { DistributionReason, WithdrawalVariant } from '../../api/contract/values';
import { rootReducer } from '../../store/rootReducer';
import { microDepositsVerified, microDepositVerifyClosed } from '../fundingMethods/microDepositVerifySlice';

/**
 * The withdrawal flow as client state (injected when the page loads, never at start): the page, the choices
 * committed on step events, the step and the outcome. The idempotency key of the current attempt lives here so
 * a double click or Try again after a lost answer sends the same key; changing any choice starts a new attempt.
 * Server data (accounts, banks, what is available) stays in the RTK Query cache.
 */

export type WithdrawalStep = 'amount' | 'review' | 'result';

export type WithdrawalOutcome =
  | { kind: 'success'; withdrawalId: string }
  | { kind: 'refused'; errorCode: string; message: string }
  | { kind: 'unknown'; message: string };

export interface WithdrawalState {
  variant: WithdrawalVariant | null;
  step: WithdrawalStep;
  accountUuid: string | null;
  paymentMethodId: string | null;
  amountCents: number | null;
  withholdingPercent: number | null;
  distributionReason: DistributionReason | null;
  /** Key of the attempt under way or whose answer was lost; null until Confirm is pressed. */
  attemptKey: string | null;
  submitting: boolean;
  outcome: WithdrawalOutcome | null;
  /** A bank was verified by micro-deposits over this page: closing that dialog restarts the request (2.6). */
  restartWhenVerifyCloses: boolean;
}

export const initialWithdrawalState: WithdrawalState = {
  variant: null,
  step: 'amount',
  accountUuid: null,
  paymentMethodId: null,
  amountCents: null,
  withholdingPercent: null,
  distributionReason: null,
  attemptKey: null,
  submitting: false,
  outcome: null,
  restartWhenVerifyCloses: false,
};

/** A new choice is a new request: the next Confirm needs a new key. */
const newAttempt = (state: WithdrawalState) => {
  state.attemptKey = null;
  state.outcome = null;
};

const withdrawalSliceDefinition = createSlice({
  name: 'withdrawal',
  initialState: initialWithdrawalState,
  reducers: {
    withdrawalOpened(
      _state,
      action: PayloadAction<{ variant: WithdrawalVariant; accountUuid: string | null; paymentMethodId: string | null }>,
    ) {
      return { ...initialWithdrawalState, ...action.payload };
    },
    sourceAccountChosen(state, action: PayloadAction<string>) {
      if (state.accountUuid === action.payload) return;
      state.accountUuid = action.payload;
      newAttempt(state);
    },
    bankChosen(state, action: PayloadAction<string>) {
      if (state.paymentMethodId === action.payload) return;
      state.paymentMethodId = action.payload;
      newAttempt(state);
    },
    amountCommitted(state, action: PayloadAction<number | null>) {
      if (state.amountCents === action.payload) return;
      state.amountCents = action.payload;
      newAttempt(state);
    },
    withholdingChosen(state, action: PayloadAction<number>) {
      if (state.withholdingPercent === action.payload) return;
      state.withholdingPercent = action.payload;
      newAttempt(state);
    },
    distributionReasonChosen(state, action: PayloadAction<DistributionReason>) {
      if (state.distributionReason === action.payload) return;
      state.distributionReason = action.payload;
      newAttempt(state);
    },
    nextPressed(state) {
      state.step = 'review';
    },
    reviewBackPressed(state) {
      if (!state.submitting) state.step = 'amount';
    },
    /** Confirm pressed: the attempt's key is kept (a retry) or the one given is taken (a new attempt). */
    withdrawalSubmitted(state, action: PayloadAction<string>) {
      state.attemptKey ??= action.payload;
      state.submitting = true;
    },
    withdrawalSucceeded(state, action: PayloadAction<{ withdrawalId: string }>) {
      state.submitting = false;
      state.step = 'result';
      state.outcome = { kind: 'success', withdrawalId: action.payload.withdrawalId };
      state.attemptKey = null;
    },
    withdrawalRefused(state, action: PayloadAction<{ errorCode: string; message: string }>) {
      state.submitting = false;
      state.step = 'result';
      state.outcome = { kind: 'refused', ...action.payload };
      // A definite answer ends the attempt.
      state.attemptKey = null;
    },
    withdrawalOutcomeUnknown(state, action: PayloadAction<{ message: string }>) {
      state.submitting = false;
      state.step = 'result';
      state.outcome = { kind: 'unknown', message: action.payload.message };
    },
    /** From a refusal: back to the amount step to change something. */
    editPressed(state) {
      state.step = 'amount';
      newAttempt(state);
    },
    withdrawalClosed() {
      return initialWithdrawalState;
    },
  },
  extraReducers: (builder) => {
    // A bank verified over the open withdrawal page (the only time this flow is open) ends this request: the
    // dialog says "Withdrawal not completed ... restart your withdrawal request" (funding-methods.md 2.6). When
    // the customer closes it, the page starts again from an empty amount step, where the bank is offered once
    // the server has it ready.
    builder
      .addCase(microDepositsVerified, (state) => {
        if (state.variant !== null) state.restartWhenVerifyCloses = true;
      })
      .addCase(microDepositVerifyClosed, (state) => (state.restartWhenVerifyCloses ? initialWithdrawalState : state));
  },
  selectors: {
    selectWithdrawal: (state) => state,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof withdrawalSliceDefinition> {}
}

/** Injected when this module loads: the withdrawal page's chunk, never the first bundle. */
export const withdrawalSlice = withdrawalSliceDefinition.injectInto(rootReducer);

export const {
  withdrawalOpened,
  sourceAccountChosen,
  bankChosen,
  amountCommitted,
  withholdingChosen,
  distributionReasonChosen,
  nextPressed,
  reviewBackPressed,
  withdrawalSubmitted,
  withdrawalSucceeded,
  withdrawalRefused,
  withdrawalOutcomeUnknown,
  editPressed,
  withdrawalClosed,
} = withdrawalSlice.actions;

/** The flow's state, or its initial state before the page has loaded. */
export const selectWithdrawalState = (state: Parameters<typeof withdrawalSlice.selectSlice>[0]) => withdrawalSlice.selectSlice(state);
