import { createSelector } from '@reduxjs/toolkit';
import { isApiError, isOutage } from '../../api/apiError';
import { additionRules, FundingErrorCode, type AdditionRules, type LinkOption } from '../../api/contract/values';
import { selectCurrentUser } from '../session/sessionSlice';
import { selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import { FALLBACK_OPTIONS, selectBankLinkState, type FallbackOption } from './bankLinkSlice';

// Derived rules of the link-bank flow. Kept apart from the slice so that only the flow's lazy chunk
// carries them; the reducer alone is in the initial bundle.

const BANK_LINK_KINDS: readonly FallbackOption[] = ['PLAID', 'VERIFICATION_SERVICE'];

/** Error codes that refuse the link outright: the customer reads why; no retry and no fallback would help. */
export const REFUSAL_CODES: readonly string[] = [
  FundingErrorCode.DUPLICATE_BANK_ACCOUNT,
  FundingErrorCode.BANK_LIMIT_REACHED,
  FundingErrorCode.METHOD_LIMIT_REACHED,
  FundingErrorCode.ACCOUNT_NOT_COMPLETE,
];
export const isRefusalCode = (code: string | undefined) => code !== undefined && REFUSAL_CODES.includes(code);

/**
 * Whether a failed link by number was the server's verdict on the numbers (a 4xx answer: not verified,
 * invalid, this bank cannot be linked this way), which uses up one of the attempts of 4.1. A server error,
 * a proxy's error page, a rate limit (429), a time-out (408 or ours) or a dropped connection says nothing
 * about the numbers: the customer is told it was not their mistake and may try again without losing one.
 */
export function numbersRefused(error: unknown): boolean {
  return isApiError(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500 && !isOutage(error);
}

/** Back button rule (2.4): hidden on success and fallbacks, and on bank-selector in modal mode. */
export const selectShowBackButton = createSelector([selectBankLinkState], ({ step, presentation }) => {
  if (step === 'bank-link-success' || step === 'bank-link-fallbacks') return false;
  if (step === 'bank-selector') return presentation === 'page';
  return true;
});

/**
 * Fallback option rules: every funding method, plus the institution's link providers that have not
 * failed in this flow; with bankLinkHighYield only the two bank-link kinds.
 */
export const selectFallbackOptions = createSelector([selectBankLinkState], ({ institution, failedProviders, highYieldOnly }) => {
  const supported = institution?.linkOptions ?? [];
  return FALLBACK_OPTIONS.filter((option) => {
    if (BANK_LINK_KINDS.includes(option)) {
      return supported.includes(option as LinkOption) && !failedProviders.includes(option as LinkOption);
    }
    return !highYieldOnly;
  });
});

/** Narrows fallback options to the methods the customer may still add (section 2.3 and the addition rules of 5). */
export function allowedFallbackOptions(options: readonly FallbackOption[], rules: AdditionRules): FallbackOption[] {
  return options.filter((option) => {
    switch (option) {
      case 'DEBIT_CARD':
        return rules.canAddDebitCard;
      case 'MICRO_DEPOSIT':
        return rules.canAddMicroDeposit;
      case 'WIRE_TRANSFER':
        return rules.canAddWire;
      default:
        return rules.canAddBank;
    }
  });
}

const selectFallbackAdditionRules = createSelector([selectCurrentUser, selectPaymentMethodsList], (user, methods) =>
  additionRules({ applicationStatus: user?.applicationStatus ?? null, userStatus: user?.status ?? null, methods }),
);

/** The fallback choices shown: the fallback option rules, then what the addition rules still allow. */
export const selectVisibleFallbackOptions = createSelector([selectFallbackOptions, selectFallbackAdditionRules], allowedFallbackOptions);
