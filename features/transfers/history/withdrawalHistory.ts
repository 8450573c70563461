import type { Account, PaymentMethod, Withdrawal, WithdrawalEventType } from '../../../api/contract';
import { maskedNumber } from '../../paymentMethods/paymentMethodList';
import type { HistoryPhase } from './historyRules';
import { compareCodeUnits } from '../../../api/contract/values';

/** Withdrawals in the transfer history: their status and steps in words, and where the money went. */

export const WITHDRAWAL_EVENT_WORDS: Record<WithdrawalEventType, string> = {
  WITHDRAWAL_INITIATION: 'Withdrawal requested',
  WITHDRAWAL_SENT: 'Sent to your bank',
  WITHDRAWAL_ARRIVED: 'Arrived in your bank',
};

export const withdrawalPhase = (withdrawal: Pick<Withdrawal, 'status'>): HistoryPhase =>
  withdrawal.status === 'COMPLETED' ? 'completed' : 'pending';

export const withdrawalStatusWords = (withdrawal: Pick<Withdrawal, 'status'>) =>
  withdrawal.status === 'COMPLETED' ? 'Completed' : 'In progress';

/** 'Brokerage' → 'Chase Total Checking •••• 6789'. */
export function describeWithdrawalRoute(
  withdrawal: Pick<Withdrawal, 'accountUuid' | 'paymentMethodId'>,
  methods: readonly PaymentMethod[],
  accounts: readonly Account[],
) {
  const account = accounts.find((candidate) => candidate.accountUuid === withdrawal.accountUuid);
  const method = methods.find((candidate) => candidate.id === withdrawal.paymentMethodId);
  return {
    from: account?.displayName ?? 'Your account',
    to: method ? `${method.displayName} ${maskedNumber(method.paymentMethodNumber)}` : 'Your bank',
  };
}

/** Deposits and withdrawals in one list, newest first. */
export type HistoryEntry<D> = { kind: 'deposit'; item: D; createdAt: string } | { kind: 'withdrawal'; item: Withdrawal; createdAt: string };

export function mergeHistory<D extends { createdAt: string }>(
  deposits: readonly D[],
  withdrawals: readonly Withdrawal[],
): HistoryEntry<D>[] {
  const entries: HistoryEntry<D>[] = [
    ...deposits.map((item) => ({ kind: 'deposit' as const, item, createdAt: item.createdAt })),
    ...withdrawals.map((item) => ({ kind: 'withdrawal' as const, item, createdAt: item.createdAt })),
  ];
  return entries.sort((a, b) => compareCodeUnits(b.createdAt, a.createdAt));
}
