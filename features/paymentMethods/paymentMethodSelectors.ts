import { createSelector } from '@reduxjs/toolkit';
import { selectAllPaymentMethods } from '../../api/paymentMethodsApi';
import { isVerifiableViaMicroDeposits, selectPaymentMethodsList } from './paymentMethodList';
import { selectAllAccounts } from '../../api/accountsApi';
import {
  additionRefusal,
  additionRules,
  isBankMethodType,
  isDepositLimitReached,
  type Addition,
  type AdditionRefusal,
  type AdditionRules,
} from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import type { RootState } from '../../store/rootReducer';
import { selectCurrentUser } from '../session/sessionSlice';

// The list selectors live in paymentMethodList.ts, which the first page imports alone; the rules below load
// with the management screens.
export * from './paymentMethodList';

// ---------------------------------------------------------------------------------------------
// Derived flags of one method (funding-methods.md 3.1)
// ---------------------------------------------------------------------------------------------

export interface PaymentMethodFlags {
  depositLimitReached: boolean;
  partnerLoginRequired: boolean;
  bankNeedsVerification: boolean;
  pendingAccountCreation: boolean;
  verifiableViaMicroDeposits: boolean;
  rejected: boolean;
  verificationPending: boolean;
  debitCardUpdatable: boolean;
  canUpdateNickname: boolean;
}

const NICKNAME_TYPES: ReadonlyArray<PaymentMethod['type']> = ['ACH', 'PLAID_ACCOUNT'];

export { isDepositLimitReached };

/**
 * Our reading of "bank needs verification": a bank whose readiness says VERIFICATION_NEEDED. A pending
 * micro-deposit bank is verified by its two amounts instead, and a bank whose statement is under review has
 * readiness PENDING, so neither is offered the statement upload.
 */
export const bankNeedsVerification = (method: PaymentMethod) =>
  isBankMethodType(method.type) &&
  method.readiness === 'VERIFICATION_NEEDED' &&
  method.status !== 'REJECTED' &&
  method.status !== 'CANCELED' &&
  !isVerifiableViaMicroDeposits(method);

export function paymentMethodFlags(method: PaymentMethod): PaymentMethodFlags {
  return {
    depositLimitReached: isDepositLimitReached(method),
    partnerLoginRequired: method.plaidLoginRequired,
    bankNeedsVerification: bankNeedsVerification(method),
    pendingAccountCreation: method.status === 'PENDING_ACCOUNT_CREATION',
    verifiableViaMicroDeposits: isVerifiableViaMicroDeposits(method),
    rejected: method.status === 'REJECTED',
    verificationPending: method.status === 'PENDING' || method.status === 'PENDING_ACCOUNT_CREATION',
    debitCardUpdatable: method.type === 'DEBIT_CARD' && method.updatable,
    // The server says whether a nickname is allowed; the spec limits it to ACH and partner-linked banks.
    canUpdateNickname: method.canUpdateNickname && NICKNAME_TYPES.includes(method.type),
  };
}

/** Flags of every listed method, by id; recomputed only when the list changes. */
export const selectPaymentMethodFlags = createSelector(
  [selectPaymentMethodsList],
  (methods) => Object.fromEntries(methods.map((method) => [method.id, paymentMethodFlags(method)])) as Record<string, PaymentMethodFlags>,
);

// ---------------------------------------------------------------------------------------------
// Options menu of one method (2.2): only the items that apply
// ---------------------------------------------------------------------------------------------

export type MethodMenuAction =
  'setDefault' | 'updateDebitCard' | 'relink' | 'nickname' | 'verifyMicroDeposits' | 'verifyStatement' | 'remove';

export interface MethodMenuItem {
  action: MethodMenuAction;
  label: string;
  disabled: boolean;
  /** Why the item is disabled. */
  hint?: string;
}

export const METHOD_MENU_LABELS: Record<MethodMenuAction, string> = {
  setDefault: 'Set as Default',
  updateDebitCard: 'Update debit card',
  relink: 'Relink',
  nickname: 'Rename',
  verifyMicroDeposits: 'Verify micro-deposits',
  verifyStatement: 'Verify with a statement',
  remove: 'Remove',
};

export const SET_DEFAULT_HINTS = {
  alreadyDefault: 'This is already your default method',
  limitReached: 'Its deposit limit has been reached',
} as const;

export function methodMenuItems(method: PaymentMethod, flags: PaymentMethodFlags = paymentMethodFlags(method)): MethodMenuItem[] {
  const item = (action: MethodMenuAction, hint?: string): MethodMenuItem => ({
    action,
    label: METHOD_MENU_LABELS[action],
    disabled: Boolean(hint),
    ...(hint ? { hint } : {}),
  });
  const items: MethodMenuItem[] = [];
  // Our decision: a method that cannot fund yet (rejected, or still pending) is not offered as default at all;
  // the spec's two disabled reasons apply to the others.
  if (!flags.rejected && !flags.verificationPending) {
    const hint = method.defaultPaymentMethod
      ? SET_DEFAULT_HINTS.alreadyDefault
      : flags.depositLimitReached
        ? SET_DEFAULT_HINTS.limitReached
        : undefined;
    items.push(item('setDefault', hint));
  }
  if (flags.debitCardUpdatable) items.push(item('updateDebitCard'));
  if (flags.partnerLoginRequired) items.push(item('relink'));
  if (flags.verifiableViaMicroDeposits) items.push(item('verifyMicroDeposits'));
  if (flags.bankNeedsVerification) items.push(item('verifyStatement'));
  if (flags.canUpdateNickname) items.push(item('nickname'));
  items.push(item('remove'));
  return items;
}

export const selectMethodMenuItems = createSelector(
  [selectPaymentMethodsList, selectPaymentMethodFlags],
  (methods, flags) =>
    Object.fromEntries(methods.map((method) => [method.id, methodMenuItems(method, flags[method.id])])) as Record<string, MethodMenuItem[]>,
);

// ---------------------------------------------------------------------------------------------
// Addition rules (section 5) and the choose-a-method options (2.3)
// ---------------------------------------------------------------------------------------------

const selectApplicationStatus = (state: RootState) => selectCurrentUser(state)?.applicationStatus ?? null;
const selectUserStatus = (state: RootState) => selectCurrentUser(state)?.status ?? null;

export const selectAdditionRules = createSelector(
  [selectApplicationStatus, selectUserStatus, selectAllPaymentMethods],
  (applicationStatus, userStatus, methods): AdditionRules => additionRules({ applicationStatus, userStatus, methods }),
);

/**
 * Each addition's refusal (the contract's additionRefusal, the server's very words), or null when it may go
 * ahead: a flow opened by a link or a query flag says it on its first screen instead of asking for anything.
 */
export const selectAdditionRefusals = createSelector(
  [selectApplicationStatus, selectUserStatus, selectAllPaymentMethods],
  (applicationStatus, userStatus, methods): Record<Addition, AdditionRefusal | null> => {
    const input = { applicationStatus, userStatus, methods };
    return {
      bank: additionRefusal('bank', input),
      microDeposit: additionRefusal('microDeposit', input),
      debitCard: additionRefusal('debitCard', input),
      wire: additionRefusal('wire', input),
    };
  },
);

/**
 * Our definition of "the main account is eligible" for a debit card: the customer's main brokerage account (the
 * individual or joint US brokerage) exists. Entity customers (variant ENTITY) and treasury or bond accounts are
 * not eligible: a personal debit card cannot fund a business or treasury account.
 */
export const isMainAccountEligibleForDebitCard = (accounts: readonly Account[]) =>
  accounts.some((account) => account.variant === 'US' && account.parentAccountId === null);

export const selectMainAccountEligibleForDebitCard = createSelector([selectAllAccounts], isMainAccountEligibleForDebitCard);

export const selectHasDebitCard = createSelector([selectPaymentMethodsList], (methods) =>
  methods.some((method) => method.type === 'DEBIT_CARD'),
);

export type FundingOptionKind = 'bank' | 'debitCard' | 'wire' | 'microDeposit';
export type FundingMode = 'funding' | 'withdrawal';

export interface FundingOption {
  kind: FundingOptionKind;
  recommended: boolean;
  disabled: boolean;
  hint?: string;
}

export const BANK_LIMIT_HINT = 'You have linked the most bank accounts allowed (three)';

export interface FundingOptionsInput {
  rules: AdditionRules;
  hasDebitCard: boolean;
  mainAccountEligible: boolean;
  mode: FundingMode;
}

/** The choices of "Choose a funding method", in order, with the visibility rules of 2.3. */
export function fundingOptions({ rules, hasDebitCard, mainAccountEligible, mode }: FundingOptionsInput): FundingOption[] {
  const options: FundingOption[] = [
    // The recommended way stays visible even when no bank can be added, so the customer learns why.
    { kind: 'bank', recommended: true, disabled: !rules.canAddBank, ...(rules.canAddBank ? {} : { hint: BANK_LIMIT_HINT }) },
  ];
  if (!hasDebitCard && mainAccountEligible && rules.canAddDebitCard)
    options.push({ kind: 'debitCard', recommended: false, disabled: false });
  if (mode !== 'withdrawal' && rules.canAddWire) options.push({ kind: 'wire', recommended: false, disabled: false });
  if (rules.canAddMicroDeposit) options.push({ kind: 'microDeposit', recommended: false, disabled: false });
  return options;
}

export const selectFundingOptions = createSelector(
  [selectAdditionRules, selectHasDebitCard, selectMainAccountEligibleForDebitCard, (_state: RootState, mode: FundingMode) => mode],
  (rules, hasDebitCard, mainAccountEligible, mode) => fundingOptions({ rules, hasDebitCard, mainAccountEligible, mode }),
);

export const ADD_METHOD_BLOCKED = {
  statusUnknown: "We can't add a funding method until your account status is known",
  limitReached: 'You have linked the most funding methods allowed: three bank accounts and one debit card',
} as const;

/** Why 'Add funding method' is disabled, or null when it is enabled. */
export const selectAddFundingMethodBlockedReason = createSelector([selectApplicationStatus, selectAdditionRules], (status, rules) => {
  if (status === null) return ADD_METHOD_BLOCKED.statusUnknown;
  if (!rules.canAddMethod) return ADD_METHOD_BLOCKED.limitReached;
  return null;
});

// ---------------------------------------------------------------------------------------------
// Banner and flow lists
// ---------------------------------------------------------------------------------------------

/** The first method whose partner login expired: the relink banner shows while there is one (4.7). */
export const selectRelinkBannerMethod = createSelector(
  [selectPaymentMethodsList],
  (methods): PaymentMethod | null => methods.find((method) => method.plaidLoginRequired) ?? null,
);

export const selectShowRelinkBanner = createSelector([selectRelinkBannerMethod], (method) => method !== null);

/** Banks the statement upload can verify (2.8). */
export const selectUnverifiedBankMethods = createSelector([selectPaymentMethodsList], (methods) => methods.filter(bankNeedsVerification));
