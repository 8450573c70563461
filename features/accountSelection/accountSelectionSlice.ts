import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { selectAllAccounts } from '../../api/accountsApi';
import { signedOut } from '../../api/authApi';
import { isBrokerageVariant, SELECTABLE_VARIANTS } from '../../api/contract/fundingSources';
import type { Account } from '../../api/contract';

export interface AccountSelectionState {
  /** The selected account's number (persisted, so a reload keeps the customer's choice). */
  selectedAccountNumber: string | null;
}

const initialState: AccountSelectionState = { selectedAccountNumber: null };

export const accountSelectionSlice = createSlice({
  name: 'accountSelection',
  initialState,
  reducers: {
    accountSelected(state, action: PayloadAction<string>) {
      state.selectedAccountNumber = action.payload;
    },
  },
  // The choice is persisted: it must not outlive the customer's session on this device.
  extraReducers: (builder) => {
    builder.addMatcher(signedOut, () => initialState);
  },
  selectors: {
    selectSelectedAccountNumber: (state) => state.selectedAccountNumber,
  },
});

export const { accountSelected } = accountSelectionSlice.actions;
export const { selectSelectedAccountNumber } = accountSelectionSlice.selectors;

const isSelectable = (account: Account) => (SELECTABLE_VARIANTS as readonly string[]).includes(account.variant);

/** Brokerage, traditional IRA and Roth IRA only, in that order. */
export const selectSelectableAccounts = createSelector([selectAllAccounts], (accounts) =>
  accounts
    .filter(isSelectable)
    .sort((a, b) => SELECTABLE_VARIANTS.indexOf(a.variant as never) - SELECTABLE_VARIANTS.indexOf(b.variant as never)),
);

/**
 * The account the customer is looking at: the stored choice when it is still one of theirs and
 * selectable, else their brokerage (or entity) account, else the first account they have.
 */
export const selectSelectedAccount = createSelector(
  [selectAllAccounts, selectSelectableAccounts, selectSelectedAccountNumber],
  (accounts, selectable, selectedNumber): Account | null =>
    selectable.find((account) => account.account === selectedNumber) ??
    accounts.find((account) => isBrokerageVariant(account.variant)) ??
    accounts[0] ??
    null,
);
