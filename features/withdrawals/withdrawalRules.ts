import {
  formatCents,
  isBankMethodType,
  isConnectedMethod,
  isMicroDepositPending,
  WITHDRAWAL_MIN_CENTS,
  WITHDRAWAL_SOURCE_VARIANTS,
  type WithdrawalVariant,
  compareCodeUnits,
  VARIANT_LABELS,
} from '../../api/contract/values';
import type { Account, PaymentMethod, WithdrawalHold } from '../../api/contract';
import type { ApiError } from '../../api/apiError';

/**
 * Rules of the withdrawal pages as pure functions: which page is which, where money can come from and go to,
 * what is wrong with an amount, and what an answer to "withdraw" means. The server enforces the same rules
 * (server/domain/withdrawals.ts); these give the customer the answer before they press a button.
 */

/** /ira/withdrawal is the IRA page, /high-yield/withdraw the high-yield one; anything else is brokerage. */
export function withdrawalVariantForPath(pathname: string): WithdrawalVariant {
  if (pathname.startsWith('/ira/')) return 'ira';
  if (pathname.startsWith('/high-yield/')) return 'highYield';
  return 'brokerage';
}

/** The customer's open accounts this page withdraws from, brokerage before entity, traditional before Roth. */
export function withdrawalSources(accounts: readonly Account[], variant: WithdrawalVariant): Account[] {
  const order = WITHDRAWAL_SOURCE_VARIANTS[variant];
  return accounts
    .filter((account) => order.includes(account.variant) && account.status === 'OPEN')
    .sort((a, b) => order.indexOf(a.variant) - order.indexOf(b.variant));
}

/** A bank money can be sent to: a bank (not a card or wire), approved, ready and connected (the server's rule). */
export const isWithdrawalBank = (method: PaymentMethod) => isBankMethodType(method.type) && isConnectedMethod(method);

/** The default bank first, then the newest. */
export function withdrawalBanks(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods
    .filter(isWithdrawalBank)
    .sort((a, b) => Number(b.defaultPaymentMethod) - Number(a.defaultPaymentMethod) || compareCodeUnits(b.createdAt, a.createdAt));
}

/**
 * Banks still waiting for their two micro-deposits to be confirmed (verifiable via micro-deposits, 3.1): not a
 * destination yet, but the withdrawal offers to verify them in place (2.6). Oldest first, as they were linked.
 */
export function banksAwaitingMicroDeposits(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods
    .filter((method) => isBankMethodType(method.type) && isMicroDepositPending(method))
    .sort((a, b) => compareCodeUnits(a.createdAt, b.createdAt));
}

// Typed amounts to cents and back are money rules of the contract (api/contract/money.ts).
export { amountInputToCents, centsToAmountInput } from '../../api/contract/values';

export type AmountProblem = 'missing' | 'tooSmall' | 'overAvailable';

/** What stops an amount: none given, under $1.00, or more than is available (unknown yet counts as no limit). */
export function amountProblem(amountCents: number | null, availableCents: number | null): AmountProblem | null {
  if (amountCents === null || amountCents === 0) return 'missing';
  if (amountCents < WITHDRAWAL_MIN_CENTS) return 'tooSmall';
  if (availableCents !== null && amountCents > availableCents) return 'overAvailable';
  return null;
}

export function amountProblemMessage(problem: AmountProblem | null, availableCents: number | null): string | null {
  switch (problem) {
    case 'tooSmall':
      return `The minimum withdrawal is ${formatCents(WITHDRAWAL_MIN_CENTS)}.`;
    case 'overAvailable':
      return availableCents ? `You can withdraw up to ${formatCents(availableCents)}.` : 'Nothing is available to withdraw right now.';
    default:
      return null;
  }
}

/**
 * What an answer means. A refusal (4xx with a code) is definite: nothing was withdrawn and a new attempt gets a
 * new key. No answer, a time-out or a server failure leave it unknown: Try again sends the same key, so the
 * server answers the first result instead of making a second withdrawal.
 */
export type AnswerKind = 'refused' | 'unknown';

export function classifyFailure(error: ApiError | null): AnswerKind {
  if (error && typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.errorCode) return 'refused';
  return 'unknown';
}

/**
 * The holds the server lists, one sentence each ('$2,000.00 from your debit card is held until Mon, Mar 29, 2027.'),
 * naming the account when the held money now sits in another of the customer's accounts.
 */
export function holdLines(holds: readonly WithdrawalHold[], accountUuid: string, accounts: readonly Account[]): string[] {
  return holds.map((hold) => {
    if (hold.accountUuid === accountUuid) return `${hold.description}.`;
    const other = accounts.find((account) => account.accountUuid === hold.accountUuid);
    return `${hold.description} (deposited into your ${other ? VARIANT_LABELS[other.variant] : 'other'} account).`;
  });
}
