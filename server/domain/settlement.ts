import type { Kysely, Transaction } from 'kysely';
import { formatCents, VARIANT_LABELS, type AchReturnCode } from '../../api/contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { AchReturnRails, Mailer } from '../providers';
import { addToBalance, lockUser } from '../repositories/deposits';
import {
  claimDueSettlements,
  completeDepositEvents,
  listDueBankDeposits,
  listSentUntoldBankDeposits,
  lockAccountBalance,
  lockDepositOfUser,
  makeDepositsDueNow,
  writeCancellation,
} from '../repositories/settlement';
import { AchReturnRefusals, isReturnable, returnDepositIn } from './achReturns';
import { DepositApiErrorCode, DepositRefusals } from './depositErrors';
import { isUuid } from './tokens';
import { SETTLEMENT_EVENTS } from './depositTimeline';
import { publishLiveEvent } from '../events/liveEventChannel';
import { notifyDeposit } from './notifications';

/**
 * Settles every bank deposit whose settlement time has come (of one customer, or of everyone): the rest of
 * its buying power (amount - instant part) reaches the account, and its settlement events complete, dated
 * when the settlement was due. The claiming update is the guard: a deposit settles exactly once, even when
 * two requests or two server instances settle at the same moment.
 * A deposit the rails say came back (an ACH return) is returned instead, dated when it would have settled.
 * Deposits waiting for an application approval (PENDING_DEPOSIT) do not settle until it is approved.
 */
/**
 * `rails` and `mailer` are the app's providers (never a default): in live mode a settlement must ask the live
 * rails for returns and tell the customer through the live mailer, never the sandbox's.
 */
export async function settleDueDeposits(
  db: Kysely<Database>,
  now: Date,
  userId: string | undefined,
  rails: AchReturnRails,
  mailer: Mailer,
): Promise<number> {
  return db.transaction().execute((trx) => settleDueIn(trx, now, userId, rails, mailer));
}

/**
 * The customer is told when a bank deposit has gone to the bank (its cut-off passed) and not settled yet: once
 * per deposit (the notification's unique key), whichever settlement run sees it first.
 */
async function notifySentIn(trx: Transaction<Database>, now: Date, userId: string | undefined, mailer: Mailer | undefined): Promise<void> {
  for (const deposit of await listSentUntoldBankDeposits(trx, now, userId))
    await notifyDeposit(trx, mailer, 'DEPOSIT_SENT', deposit.id, now);
}

export async function settleDueIn(
  trx: Transaction<Database>,
  now: Date,
  userId: string | undefined,
  rails: AchReturnRails,
  mailer: Mailer,
): Promise<number> {
  await returnDueIn(trx, now, userId, rails, mailer);
  const settled = await claimDueSettlements(trx, now, userId);
  for (const deposit of settled) {
    await addToBalance(trx, deposit.account_id, deposit.amount_cents - deposit.instant_cents);
    await completeDepositEvents(trx, deposit.id, SETTLEMENT_EVENTS, deposit.settle_at);
    // Sent at commit: the customer's screens reload the deposit and the balance.
    await publishLiveEvent(trx, deposit.user_id, { type: 'ORDER_UPDATED', depositId: deposit.id }, now);
    await notifyDeposit(trx, mailer, 'DEPOSIT_ARRIVED', deposit.id, now);
  }
  // After settling and returning: a deposit that arrived or came back in this run is told that, not that it went.
  await notifySentIn(trx, now, userId, mailer);
  return settled.length;
}

/** Due bank deposits the rails return instead of settling (each claimed by returnDepositIn's conditional update). */
async function returnDueIn(
  trx: Transaction<Database>,
  now: Date,
  userId: string | undefined,
  rails: AchReturnRails,
  mailer: Mailer | undefined,
): Promise<void> {
  for (const deposit of await listDueBankDeposits(trx, now, userId)) {
    const code = rails.achReturnOf({ amountCents: Number(deposit.amount_cents) });
    if (code === null) continue;
    try {
      await returnDepositIn(trx, deposit, code, deposit.settle_at!, now, mailer);
    } catch (error) {
      // Another settlement returned it first: nothing left to do here.
      if (!(error instanceof ApiError) || error.statusCode !== 409) throw error;
    }
  }
}

/**
 * Sandbox (POST /api/sandbox/deposits/:id/return): the customer's bank returns a bank deposit that has been sent
 * (or has settled) with `code`, now. A second return of the same deposit is refused.
 */
export async function returnDeposit(
  db: Kysely<Database>,
  userId: string,
  depositId: string,
  code: AchReturnCode,
  now: Date,
  rails: AchReturnRails,
  mailer: Mailer,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!isUuid(depositId)) throw AchReturnRefusals.depositNotFound();
    await lockUser(trx, userId);
    // What was due settles (or comes back) first, so a return after the settlement date takes back the whole amount.
    await settleDueIn(trx, now, userId, rails, mailer);
    const deposit = await lockDepositOfUser(trx, userId, depositId);
    if (!deposit) throw AchReturnRefusals.depositNotFound();
    if (deposit.status === 'RETURNED') throw AchReturnRefusals.alreadyReturned();
    if (!isReturnable(deposit, now)) throw AchReturnRefusals.notReturnable();
    await returnDepositIn(trx, deposit, code, now, now, mailer);
  });
}

/** Sandbox: the customer's unsettled bank deposits are sent and settled now. */
export async function settleNowForUser(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  rails: AchReturnRails,
  mailer: Mailer,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await makeDepositsDueNow(trx, userId, now);
    return settleDueIn(trx, now, userId, rails, mailer);
  });
}

/**
 * Cancels a bank deposit that has not gone to the bank yet (before the cut-off of its business day): its
 * instant buying power, its share of the method's amountDeposited and its IRA contribution are taken back,
 * and it no longer counts against the daily limit.
 * Never negative (our rule): when the account no longer holds the instant money (it was withdrawn, moved to
 * another account or spent), the cancel is refused and says how much has to come back first.
 */
export async function cancelDeposit(db: Kysely<Database>, userId: string, depositId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The customer first, like every other money movement of theirs: one lock order, no deadlock.
    await lockUser(trx, userId);
    const deposit = await lockDepositOfUser(trx, userId, depositId);
    if (!deposit) throw DepositRefusals.depositNotFound();
    const cancellable =
      deposit.kind === 'DEPOSIT' &&
      deposit.source_type === 'BANK' &&
      deposit.type === 'DEPOSIT' &&
      deposit.status === 'CONFIRMED' &&
      deposit.settled_at === null &&
      deposit.send_at !== null &&
      now.getTime() < deposit.send_at.getTime();
    if (!cancellable) throw DepositRefusals.notCancellable();
    const account = await lockAccountBalance(trx, deposit.account_id);
    const missing = Number(deposit.instant_cents) - Number(account.balance_cents);
    if (missing > 0) throw instantMoneyAlreadyUsed(Number(deposit.instant_cents), missing, VARIANT_LABELS[account.variant]);

    await writeCancellation(trx, deposit, now);
  });
}

/** The cancel refusal when the deposit's instant money has left its account. */
const instantMoneyAlreadyUsed = (instantCents: number, missingCents: number, accountName: string) =>
  new ApiError(
    409,
    DepositApiErrorCode.NOT_CANCELLABLE,
    `This deposit can't be canceled: the ${formatCents(instantCents)} it made available at once has been withdrawn, moved or invested. ` +
      `Move ${formatCents(missingCents)} back into your ${accountName} account to cancel it, or let it complete.`,
  );
