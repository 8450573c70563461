import { createSelector } from '@reduxjs/toolkit';
import { selectAllPaymentMethods } from '../../api/paymentMethodsApi';
import type { PaymentMethod } from '../../api/contract';
import { isMicroDepositPending, methodUsability } from '../../api/contract/fundingSources';

// The payment-method list as the first page needs it. The rules of the management screens are in
// paymentMethodSelectors.ts (which re-exports these), so they load with those screens, not with the first page.

/** Methods the customer can see and manage: canceled ones are history, not funding methods. */
export const selectPaymentMethodsList = createSelector([selectAllPaymentMethods], (methods) =>
  methods.filter((method) => method.status !== 'CANCELED'),
);

/** The method flagged default, if it is still listed. */
export const selectDefaultPaymentMethod = createSelector(
  [selectPaymentMethodsList],
  (methods): PaymentMethod | null => methods.find((method) => method.defaultPaymentMethod) ?? null,
);

export const PAYMENT_METHOD_TYPE_LABELS: Record<PaymentMethod['type'], string> = {
  ACH: 'Bank account',
  PLAID_ACCOUNT: 'Bank account',
  MICRO_DEPOSIT: 'Bank account',
  DEBIT_CARD: 'Debit card',
  WIRE_TRANSFER: 'Wire transfer',
  BROKERAGE: 'Brokerage account',
};

/** "•••• 6789": everything but the last 4 digits is masked, wherever a number is shown. */
export const maskedNumber = (lastDigits: string) => `•••• ${lastDigits.slice(-4)}`;

/** "Verifiable via micro-deposits" is the contract's isMicroDepositPending (one rule for the server and the app). */
export const isVerifiableViaMicroDeposits = isMicroDepositPending;

/** Micro-deposit banks waiting for their two amounts ('Finalize bank link'). */
export const selectVerifiableMicroDepositMethods = createSelector([selectPaymentMethodsList], (methods) =>
  methods.filter(isVerifiableViaMicroDeposits),
);

/** What a listed method waits for before it can move money, in the customer's words (the portfolio home shows it). */
export const METHOD_ATTENTION_LABELS = { RELINK_REQUIRED: 'Relink needed', MICRO_DEPOSIT_PENDING: 'Awaiting micro-deposits' } as const;
export type MethodAttention = keyof typeof METHOD_ATTENTION_LABELS;

/** The contract's usability reason when it is one the customer must act on (relink, or confirm micro-deposits), else null. */
export function methodAttention(method: PaymentMethod): MethodAttention | null {
  const usability = methodUsability(method, null);
  if (usability.usable) return null;
  return usability.reason === 'RELINK_REQUIRED' || usability.reason === 'MICRO_DEPOSIT_PENDING' ? usability.reason : null;
}

/** Each listed method's attention label by id (only those that need one). */
export const selectPaymentMethodAttention = createSelector(
  [selectPaymentMethodsList],
  (methods) =>
    Object.fromEntries(
      methods.flatMap((method) => {
        const attention = methodAttention(method);
        return attention ? [[method.id, attention]] : [];
      }),
    ) as Record<string, MethodAttention>,
);
