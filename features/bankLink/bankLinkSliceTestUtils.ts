import type { UnknownAction } from '@reduxjs/toolkit';
import { FundingErrorCode, type LinkOption } from '../../api/contract/values';
import { bankLinkSlice, initialBankLinkState, type BankLinkState, type SelectedInstitution } from './bankLinkSlice';
import type { selectShowBackButton } from './bankLinkSelectors';

// Fixtures for the bank-link slice and selector tests: a reducer run over a list of events, banks and answers.

/** The state after these events, from the flow's start (or the given state). */
export const reduce = (actions: UnknownAction[], start: BankLinkState = initialBankLinkState) =>
  actions.reduce((state, action) => bankLinkSlice.reducer(state, action), start);

export const bank = (linkOptions: LinkOption[], overrides: Partial<SelectedInstitution> = {}): SelectedInstitution => ({
  id: 'ins_chase',
  name: 'Chase',
  linkOptions,
  oauth: false,
  ...overrides,
});
export const BOTH = bank(['PLAID', 'VERIFICATION_SERVICE']);
export const entry = { routingNumber: '021000021', accountLast4: '5678', bankName: 'JPMorgan Chase' };
export const verificationFailed = { reason: FundingErrorCode.ACCOUNT_VERIFICATION_FAILED, description: 'Account could not be verified' };
export const unableToVerify = { reason: FundingErrorCode.UNABLE_TO_VERIFY_ACCOUNT, description: 'Unable to verify account' };

/** The funding methods every fallback list ends with, in order. */
export const OTHER_METHODS = ['DEBIT_CARD', 'MICRO_DEPOSIT', 'WIRE_TRANSFER'] as const;

/** A root state holding only this bank-link state, for the selectors. */
export const asRoot = (bankLink: BankLinkState) => ({ bankLink }) as Parameters<typeof selectShowBackButton>[0];
