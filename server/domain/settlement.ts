import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { addToBalance, lockUser } from '../repositories/deposits';
import { DepositRefusals } from './depositErrors';
import { SETTLEMENT_EVENTS } from './depositTimeline';
import { publishLiveEvent } from '../events/liveEventChannel';

/**
 * Settles every bank deposit whose settlement time has come (of one customer, or of everyone): the rest of
 * its buying power (amount - instant part) reaches the account, and its settlement events complete, dated
 * when the settlement was due. The claiming update is the guard: a deposit settles exactly once, even when
 * two requests or two server instances settle at the same moment.
 * Deposits waiting for an application approval (PENDING_DEPOSIT) do not settle until it is approved.
 */
export async function settleDueDeposits(db: Kysely<Database>, now: Date, userId?: string): Promise<number> {
  return db.transaction().execute((trx) => settleDueIn(trx, now, userId));
}

export async function settleDueIn(trx: Transaction<Database>, now: Date, userId?: string): Promise<number> {
  let claim = trx
    .updateTable('deposits')
    .set({ settled_at: sql`settle_at` })
    .where('settled_at', 'is', null)
    .where('status', '=', 'CONFIRMED')
    .where('type', '=', 'DEPOSIT')
    .where('settle_at', '<=', now);
  if (userId) claim = claim.where('user_id', '=', userId);
  const settled = await claim.returning(['id', 'user_id', 'account_id', 'amount_cents', 'instant_cents', 'settle_at']).execute();
  for (const deposit of settled) {
    await addToBalance(trx, deposit.account_id, deposit.amount_cents - deposit.instant_cents);
    await trx
      .updateTable('deposit_events')
      .set({ completed: true, occurred_at: deposit.settle_at })
      .where('deposit_id', '=', deposit.id)
      .where('type', 'in', SETTLEMENT_EVENTS)
      .execute();
    // Sent at commit: the customer's screens reload the deposit and the balance.
    await publishLiveEvent(trx, deposit.user_id, { type: 'ORDER_UPDATED', depositId: deposit.id }, now);
  }
  return settled.length;
}

/** Sandbox: the customer's unsettled bank deposits are sent and settled now. */
export async function settleNowForUser(db: Kysely<Database>, userId: string, now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('deposits')
      .set({ settle_at: now, send_at: sql`least(send_at, ${now}::timestamptz)` })
      .where('user_id', '=', userId)
      .where('settled_at', 'is', null)
      .where('status', '=', 'CONFIRMED')
      .where('type', '=', 'DEPOSIT')
      .execute();
    return settleDueIn(trx, now, userId);
  });
}

/**
 * Cancels a bank deposit that has not gone to the bank yet (before the cut-off of its business day): its
 * instant buying power, its share of the method's amountDeposited and its IRA contribution are taken back,
 * and it no longer counts against the daily limit.
 */
export async function cancelDeposit(db: Kysely<Database>, userId: string, depositId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The customer first, like every other money movement of theirs: one lock order, no deadlock.
    await lockUser(trx, userId);
    const deposit = await trx.selectFrom('deposits').selectAll().where('id', '=', depositId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
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

    await trx.updateTable('deposits').set({ status: 'CANCELED', cancelled_at: now }).where('id', '=', deposit.id).execute();
    await addToBalance(trx, deposit.account_id, -deposit.instant_cents);
    await trx
      .updateTable('payment_methods')
      .set((eb) => ({ amount_deposited_cents: sql<number>`greatest(0, ${eb.ref('amount_deposited_cents')} - ${deposit.amount_cents})` }))
      .where('id', '=', deposit.payment_method_id!)
      .execute();
    await trx.deleteFrom('ira_contributions').where('deposit_id', '=', deposit.id).execute();
    // What was only expected will not happen now.
    await trx.updateTable('deposit_events').set({ occurred_at: null }).where('deposit_id', '=', deposit.id).where('completed', '=', false).execute();
  });
}
