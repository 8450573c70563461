import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';
import { FundingErrorCode, FundingMessages } from '../../api/contract/fundingErrors';

export type MicroDepositVerifyStep = 'verification' | 'success';

export interface MicroDepositVerifyState {
  /** The method whose two amounts are being confirmed; null while the modal is closed. */
  paymentMethodId: string | null;
  step: MicroDepositVerifyStep;
  /** The inline message for a server code (section 8); uncoded failures are toasts instead. */
  error: string | null;
  /** Opened from a withdrawal page: its success adds that the withdrawal was not completed (2.6). */
  inWithdrawal: boolean;
}

const initialState: MicroDepositVerifyState = { paymentMethodId: null, step: 'verification', error: null, inWithdrawal: false };

const INLINE_MESSAGES: Record<string, string> = {
  [FundingErrorCode.MICRO_DEPOSIT_WRONG_AMOUNTS]: FundingMessages.microWrongAmounts,
  [FundingErrorCode.MICRO_DEPOSIT_REISSUING]: FundingMessages.microReissuing,
  [FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_CANCELED]: FundingMessages.microRelationshipCanceled,
  [FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND]: FundingMessages.microRelationshipNotFound,
};

/** The spec's inline message for a micro-deposit verification error code, or null when it has none. */
export const microDepositInlineMessage = (errorCode: string | undefined): string | null =>
  errorCode ? (INLINE_MESSAGES[errorCode] ?? null) : null;

const microDepositVerifySliceDefinition = createSlice({
  name: 'microDepositVerify',
  initialState,
  reducers: {
    microDepositVerifyOpened(_state, action: PayloadAction<string>) {
      return { ...initialState, paymentMethodId: action.payload };
    },
    /** The customer chose to verify a waiting bank from inside a withdrawal (funding-methods.md 2.6). */
    microDepositVerifyOpenedInWithdrawal(_state, action: PayloadAction<string>) {
      return { ...initialState, paymentMethodId: action.payload, inWithdrawal: true };
    },
    microDepositAmountsRejected(state, action: PayloadAction<{ errorCode?: string }>) {
      state.error = microDepositInlineMessage(action.payload.errorCode);
    },
    /** The customer changed an amount after an error: the old message no longer applies. */
    microDepositAmountsEdited(state) {
      state.error = null;
    },
    microDepositsVerified(state) {
      state.step = 'success';
      state.error = null;
    },
    microDepositVerifyClosed() {
      return initialState;
    },
  },
  selectors: {
    selectMicroDepositVerify: (state) => state,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof microDepositVerifySliceDefinition> {}
}

/** Injected when this module loads (a funding flow's chunk), never part of the first bundle. */
export const microDepositVerifySlice = microDepositVerifySliceDefinition.injectInto(rootReducer);

export const {
  microDepositVerifyOpened,
  microDepositVerifyOpenedInWithdrawal,
  microDepositAmountsRejected,
  microDepositAmountsEdited,
  microDepositsVerified,
  microDepositVerifyClosed,
} = microDepositVerifySlice.actions;
export const { selectMicroDepositVerify } = microDepositVerifySlice.selectors;
