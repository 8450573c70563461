import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../store/rootReducer';

export type MicroDepositLinkStep = 'bankInfo' | 'accountType' | 'success';
export type BankAccountType = 'CHECKING' | 'SAVINGS';

/**
 * The micro-deposit link modal (2.5, 4.3). Only what is safe to keep is stored: the last 4 digits and the
 * bank's name. Full routing and account numbers stay in the form, never in the store or a support export.
 */
export interface MicroDepositLinkState {
  step: MicroDepositLinkStep;
  accountLast4: string | null;
  bankName: string | null;
  bankAccountType: BankAccountType | null;
  linkedPaymentMethodId: string | null;
  error: string | null;
}

const initialState: MicroDepositLinkState = {
  step: 'bankInfo',
  accountLast4: null,
  bankName: null,
  bankAccountType: null,
  linkedPaymentMethodId: null,
  error: null,
};

const microDepositLinkSliceDefinition = createSlice({
  name: 'microDepositLink',
  initialState,
  reducers: {
    bankInfoSubmitted(state, action: PayloadAction<{ accountLast4: string; bankName: string | null }>) {
      state.accountLast4 = action.payload.accountLast4.slice(-4);
      state.bankName = action.payload.bankName;
      state.step = 'accountType';
      state.error = null;
    },
    accountTypeChosen(state, action: PayloadAction<BankAccountType>) {
      state.bankAccountType = action.payload;
    },
    /** Back from the account type to the bank info. */
    bankInfoReopened(state) {
      if (state.step === 'accountType') state.step = 'bankInfo';
      state.error = null;
    },
    microDepositLinkSucceeded(state, action: PayloadAction<{ paymentMethodId: string }>) {
      state.linkedPaymentMethodId = action.payload.paymentMethodId;
      state.step = 'success';
      state.error = null;
    },
    microDepositLinkFailed(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    microDepositLinkReset() {
      return initialState;
    },
  },
  selectors: {
    selectMicroDepositLink: (state) => state,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof microDepositLinkSliceDefinition> {}
}

/** Injected when this module loads (a funding flow's chunk), never part of the first bundle. */
export const microDepositLinkSlice = microDepositLinkSliceDefinition.injectInto(rootReducer);

export const {
  bankInfoSubmitted,
  accountTypeChosen,
  bankInfoReopened,
  microDepositLinkSucceeded,
  microDepositLinkFailed,
  microDepositLinkReset,
} = microDepositLinkSlice.actions;
export const { selectMicroDepositLink } = microDepositLinkSlice.selectors;
