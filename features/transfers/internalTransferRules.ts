import { createSelector } from '@reduxjs/toolkit';
import {
  DEPOSIT_MIN_CENTS,
  formatCents,
  isDepositDestinationVariant,
  isTransferSourceVariant,
  moneyToCents,
} from '../../api/contract/values';
import type { Account } from '../../api/contract';
import { selectAllAccounts } from '../../api/accountsApi';
import { DepositMessages } from '../moneyFlow/moneyCopy';
import { internalSourceDisabledReason } from '../deposits/depositRules';
import { iraRoomProblem, isRetirementAccount, type IraYearOption } from '../iraDeposit/iraDepositRules';

/**
 * Rules of a transfer between the customer's own accounts (deposits-and-transfers.md sections 4, 5 and 8): the
 * source is a cash account that can send (the deposit flow's internal-source rule), the destination any other
 * open account of theirs that can receive cash, the amount at least the minimum and at most the source's
 * balance. A retirement destination makes it a contribution: a tax year is needed and its room caps the amount.
 */

export const TransferMessages = {
  /** Section 8, word for word. */
  insufficientFunds: DepositMessages.insufficientFunds,
  minimum: `The minimum transfer is ${formatCents(DEPOSIT_MIN_CENTS, { whole: true })}`,
  sameAccount: 'Choose two different accounts',
  failedTitle: DepositMessages.transferFailedTitle,
  failedBody: DepositMessages.transferFailedBody,
  notOpen: 'This account is not open',
} as const;

export interface TransferAccountOption {
  account: Account;
  disabledReason: string | null;
}

/** From: the customer's cash accounts, each with why it cannot send (no balance, not open, transfers off). */
export function transferSourceOptions(accounts: readonly Account[], destination: Account | null): TransferAccountOption[] {
  return accounts
    .filter((account) => isTransferSourceVariant(account.variant))
    .map((account) => ({
      account,
      disabledReason: internalSourceDisabledReason(account, { recurring: false, recurringFeature: false, destination }),
    }));
}

/** To: the other accounts that can receive cash; an account chosen as source cannot be the destination. */
export function transferDestinationOptions(accounts: readonly Account[], sourceUuid: string | null): TransferAccountOption[] {
  return accounts
    .filter((account) => isDepositDestinationVariant(account.variant) && account.accountUuid !== sourceUuid)
    .map((account) => ({ account, disabledReason: account.status === 'OPEN' ? null : TransferMessages.notOpen }));
}

/** The source preselected: the account the customer is looking at when it can send, else the one with most cash. */
export function defaultTransferSource(options: readonly TransferAccountOption[], selectedUuid: string | null): Account | null {
  const enabled = options.filter((option) => option.disabledReason === null).map((option) => option.account);
  return (
    enabled.find((account) => account.accountUuid === selectedUuid) ??
    [...enabled].sort((a, b) => moneyToCents(b.balance) - moneyToCents(a.balance))[0] ??
    null
  );
}

/** The destination preselected: the first account that can receive, other than the source. */
export function defaultTransferDestination(options: readonly TransferAccountOption[]): Account | null {
  return options.find((option) => option.disabledReason === null)?.account ?? null;
}

export type TransferProblem =
  | 'amountRequired'
  | 'belowMinimum'
  | 'insufficientFunds'
  | 'overIraRoom'
  | 'sourceRequired'
  | 'destinationRequired'
  | 'sameAccount'
  | 'sourceDisabled'
  | 'yearRequired';

export interface TransferInput {
  amountCents: number | null;
  source: TransferAccountOption | null;
  destination: TransferAccountOption | null;
  /** The selected tax year of a retirement destination (null otherwise, or while none is chosen). */
  iraYear: IraYearOption | null;
}

/** Why Next is disabled, or null. Amount problems first: they are shown under the amount. */
export function transferProblem({ amountCents, source, destination, iraYear }: TransferInput): TransferProblem | null {
  if (amountCents === null || amountCents <= 0) return 'amountRequired';
  if (amountCents < DEPOSIT_MIN_CENTS) return 'belowMinimum';
  if (source && amountCents > moneyToCents(source.account.balance)) return 'insufficientFunds';
  if (destination && isRetirementAccount(destination.account) && iraRoomProblem(amountCents, iraYear)) return 'overIraRoom';
  if (!source) return 'sourceRequired';
  if (!destination || destination.disabledReason) return 'destinationRequired';
  if (source.account.accountUuid === destination.account.accountUuid) return 'sameAccount';
  if (source.disabledReason) return 'sourceDisabled';
  if (isRetirementAccount(destination.account) && !iraYear) return 'yearRequired';
  return null;
}

/** The message under the amount field for an amount problem (null for the others). */
export function transferAmountMessage(
  problem: TransferProblem | null,
  amountCents: number | null,
  iraYear: IraYearOption | null,
): string | null {
  switch (problem) {
    case 'belowMinimum':
      return TransferMessages.minimum;
    case 'insufficientFunds':
      return TransferMessages.insufficientFunds;
    case 'overIraRoom':
      return iraRoomProblem(amountCents, iraYear);
    case 'sameAccount':
      return TransferMessages.sameAccount;
    default:
      return null;
  }
}

/** The customer's accounts that take part in transfers at all: two are needed for the entry to make sense. */
export const selectCanTransferBetweenAccounts = createSelector([selectAllAccounts], (accounts) => {
  const sources = transferSourceOptions(accounts, null).filter((option) => option.disabledReason === null);
  return sources.some((source) =>
    transferDestinationOptions(accounts, source.account.accountUuid).some((option) => option.disabledReason === null),
  );
});
