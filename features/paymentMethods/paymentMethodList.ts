import { createSelector } from '@reduxjs/toolkit';
import { selectAllPaymentMethods } from '../../api/paymentMethodsApi';
import type { PaymentMethod } from '../../api/contract';
import { isMicroDepositPending } from '../../api/contract/fundingSources';

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

