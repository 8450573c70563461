import type { Kysely, Transaction } from 'kysely';
import { ApiErrorCode, formatCents, type AchReturnCode } from '../../api/contract';
import { marketDate } from '../../api/contract/bankCalendar';
import { achReturnEventText, achReturnTakesBackCents, owedAfterReturnText } from '../../api/contract/fundsAvailability';
import type { Database, DepositRow } from '../db/schema';
import { ApiError } from '../errors';
import { publishLiveEvent } from '../events/liveEventChannel';
import {
  claimDepositReturn,
  deleteIraContributionOfDeposit,
  endTimelineWith,
  findLatestReturnOfAccount,
  insertAchReturn,
} from '../repositories/achReturns';
import { addToBalance } from '../repositories/deposits';
import type { Mailer } from '../providers';
import { notifyReturn } from './notifications';

/*
 * ACH returns (our rules, docs/money-rules.md): a bank deposit that went to the bank (its cut-off passed) can
 * come back from the customer's bank: R01 insufficient funds, R02 account closed, R03 no account. In one
 * transaction:
 * - the deposit becomes RETURNED and its timeline ends with a DEPOSIT_RETURNED event (reason and date); the
 *   steps still expected (settlement, arrival) are dropped, they will not happen;
 * - the money it gave is taken back from the account it went to (achReturnTakesBackCents: the instant part
 *   before settlement, the whole amount after); this is the one event allowed to leave cash below zero;
 * - its IRA contribution, if any, no longer counts;
 * - the customer is told: a live ORDER_UPDATED event (open pages reload) and a DEPOSIT_RETURNED notification
 *   (in the app, and by email unless they turned that off).
 * What is then below zero is owed: buying power is negative with owedAfterReturnText as the explanation, and
 * instant bank deposits are off while any account of the customer is below zero after a return (cleared by
 * a deposit that settles or a transfer in; nothing else has to be done).
 */

// The ach_returns table and its queries: repositories/achReturns.ts.
export type { AchReturnDatabase, AchReturnRow, AchReturnsTable } from '../repositories/achReturns';

type Db = Kysely<Database> | Transaction<Database>;

export const AchReturnErrorCode = {
  NOT_RETURNABLE: 'DEPOSIT_NOT_RETURNABLE',
  ALREADY_RETURNED: 'DEPOSIT_ALREADY_RETURNED',
} as const;

export const AchReturnRefusals = {
  depositNotFound: () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'We could not find that deposit.'),
  alreadyReturned: () => new ApiError(409, AchReturnErrorCode.ALREADY_RETURNED, 'This deposit has already been returned by the bank.'),
  notReturnable: () =>
    new ApiError(
      409,
      AchReturnErrorCode.NOT_RETURNABLE,
      'Only a bank deposit that has been sent to the bank (or has settled) can be returned.',
    ),
};

/** Whether `deposit` can come back returned at `now`: a confirmed bank deposit whose cut-off has passed. */
export const isReturnable = (deposit: DepositRow, now: Date): boolean =>
  deposit.kind === 'DEPOSIT' &&
  deposit.source_type === 'BANK' &&
  deposit.type === 'DEPOSIT' &&
  deposit.status === 'CONFIRMED' &&
  deposit.send_at !== null &&
  deposit.send_at.getTime() <= now.getTime();

/**
 * Returns `deposit` (already read in this transaction) with `code`, dated `returnedAt`. The status change is
 * conditional, so of two returns of one deposit (or a return and a settlement racing) only one happens; the
 * loser gets alreadyReturned. The caller holds the customer's lock.
 */
export async function returnDepositIn(
  trx: Transaction<Database>,
  deposit: DepositRow,
  code: AchReturnCode,
  returnedAt: Date,
  now: Date,
  mailer?: Mailer,
): Promise<void> {
  const claimed = await claimDepositReturn(trx, deposit.id);
  if (!claimed) throw AchReturnRefusals.alreadyReturned();
  const settled = claimed.settled_at !== null;
  const takenBack = achReturnTakesBackCents({
    amountCents: Number(deposit.amount_cents),
    instantCents: Number(deposit.instant_cents),
    settled,
  });
  await addToBalance(trx, deposit.account_id, -takenBack);
  await insertAchReturn(trx, {
    deposit_id: deposit.id,
    user_id: deposit.user_id,
    account_id: deposit.account_id,
    code,
    taken_back_cents: takenBack,
    after_settlement: settled,
    returned_at: returnedAt,
  });
  await deleteIraContributionOfDeposit(trx, deposit.id);

  // The timeline: what happened stays, what was only expected goes, and the return is its last step.
  await endTimelineWith(trx, deposit.id, {
    type: 'DEPOSIT_RETURNED',
    description: achReturnEventText(code, marketDate(returnedAt)),
    occurredAt: returnedAt,
  });

  // The customer is told, at commit: open pages reload, and a notification (and its email) says why and what to do.
  await publishLiveEvent(trx, deposit.user_id, { type: 'ORDER_UPDATED', depositId: deposit.id }, now);
  await notifyReturn(trx, mailer, deposit.id, code, takenBack, now);
}

export interface OwedExplanation {
  owedCents: number;
  explanation: string;
}

/** Why the account's cash is below zero (its latest return), or null when it is not. */
export async function owedOf(db: Db, account: { id: string; balance_cents: number }): Promise<OwedExplanation | null> {
  const balance = Number(account.balance_cents);
  if (balance >= 0) return null;
  const latest = await findLatestReturnOfAccount(db, account.id);
  const owedCents = -balance;
  if (!latest)
    return {
      owedCents,
      explanation: `This account is ${formatCents(owedCents)} below zero. Deposit or transfer at least that amount into it.`,
    };
  return {
    owedCents,
    explanation: owedAfterReturnText({
      depositCents: Number(latest.amount_cents),
      code: latest.code,
      returnedOn: marketDate(latest.returned_at),
      owedCents,
    }),
  };
}
