import { createSelector } from '@reduxjs/toolkit';
import { isBankMethodType } from '../../api/contract/values';
import { selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import { CARD_BRAND_LABELS } from '../../src/providers/stripe/cardProvider';
import { selectDebitCardFlow } from './debitCardSlice';
import type { DebitCardErrorAction } from './debitCardErrors';

/** An ACH-type method (ACH, partner-linked or micro-deposit bank) is linked: Contact Support is hidden (2.7). */
export const selectHasLinkedBank = createSelector([selectPaymentMethodsList], (methods) =>
  methods.some((method) => isBankMethodType(method.type)),
);

/** 'Unable to link your {type} card': the brand when known, otherwise 'debit'. */
export const selectDebitCardErrorTitle = createSelector([selectDebitCardFlow], (flow) => {
  const brand = flow.brand ? CARD_BRAND_LABELS[flow.brand] : null;
  return `Unable to link your ${brand ?? 'debit'} card`;
});

/** The one action button next to Dismiss, or null when there is none (support with a bank already linked). */
export const selectDebitCardErrorButton = createSelector(
  [selectDebitCardFlow, selectHasLinkedBank],
  (flow, hasBank): Exclude<DebitCardErrorAction, 'updateAddress'> | null => {
    const action = flow.error?.action;
    if (!action || action === 'updateAddress') return null;
    if (action === 'support' && hasBank) return null;
    return action;
  },
);
