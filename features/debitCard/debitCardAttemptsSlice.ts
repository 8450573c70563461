import { createSlice } from '@reduxjs/toolkit';
import { DEBIT_CARD_MAX_ADDRESS_ATTEMPTS } from '../../api/contract/fundingRules';
import { ADDRESS_ATTEMPTS_EXCEEDED } from '../../api/contract/addressAttemptsCode';
import { signedOut } from '../../api/authApi';
import { addressChangeRefused, addressChangeSent, debitCardFlowClosed, debitCardLinked } from './debitCardEvents';

/**
 * Address-change attempts of the debit-card flow (funding-methods.md 4.4): the only debit-card state that
 * is persisted, because the customer comes back from the verification email in a fresh page load.
 */
export interface DebitCardAttemptsState {
  count: number;
}

export const initialDebitCardAttemptsState: DebitCardAttemptsState = { count: 0 };

export const debitCardAttemptsSlice = createSlice({
  name: 'debitCardAttempts',
  initialState: initialDebitCardAttemptsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      // The server counts too; never show fewer attempts than it has stored.
      .addCase(addressChangeSent, (state, action) => {
        state.count = Math.max(state.count + 1, action.payload.attempts);
      })
      .addCase(addressChangeRefused, (state, action) => {
        if (action.payload.errorCode === ADDRESS_ATTEMPTS_EXCEEDED) {
          state.count = Math.max(state.count, DEBIT_CARD_MAX_ADDRESS_ATTEMPTS);
        }
      })
      .addCase(debitCardLinked, (state) => {
        state.count = 0;
      })
      // Cleared on dismiss, except when the customer leaves the 'check your email' step: they are on the
      // way to the emailed link and come back to the same attempt.
      .addCase(debitCardFlowClosed, (state, action) => {
        if (action.payload.from !== 'verificationSent') state.count = 0;
      })
      .addMatcher(signedOut, () => initialDebitCardAttemptsState);
  },
  selectors: {
    selectAddressAttempts: (state) => state.count,
    selectAddressAttemptsExhausted: (state) => state.count >= DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  },
});

export const { selectAddressAttempts, selectAddressAttemptsExhausted } = debitCardAttemptsSlice.selectors;
