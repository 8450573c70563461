import { sql, type Transaction } from 'kysely';
import type { DepositEventType } from '../../api/contract';
import type { Database, DepositRow } from '../db/schema';
import { addToBalance } from './deposits';

// The queries of deposit settlement, return and cancel (server/domain/settlement.ts decides).

/** Bank deposits gone to the bank (cut-off passed), not settled, whose customer was not told yet (DEPOSIT_SENT). */
export function listSentUntoldBankDeposits(trx: Transaction<Database>, now: Date, userId: string | undefined): Promise<{ id: string }[]> {
  let sent = trx
    .selectFrom('deposits')
    .select('id')
    .where('settled_at', 'is', null)
    .where('status', '=', 'CONFIRMED')
    .where('type', '=', 'DEPOSIT')
    .where('source_type', '=', 'BANK')
    .where('send_at', '<=', now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications')
            .select('notifications.id')
            .where('notifications.kind', '=', 'DEPOSIT_SENT')
            .where('notifications.subject_id', '=', eb.ref('deposits.id')),
        ),
      ),
    );
  if (userId) sent = sent.where('user_id', '=', userId);
  return sent.execute();
}

/** Claims every due deposit's settlement (of one customer, or everyone's), dated when it was due: it settles once. */
export function claimDueSettlements(trx: Transaction<Database>, now: Date, userId: string | undefined) {
  let claim = trx
    .updateTable('deposits')
    .set({ settled_at: sql`settle_at` })
    .where('settled_at', 'is', null)
    .where('status', '=', 'CONFIRMED')
    .where('type', '=', 'DEPOSIT')
    .where('settle_at', '<=', now);
  if (userId) claim = claim.where('user_id', '=', userId);
  return claim.returning(['id', 'user_id', 'account_id', 'amount_cents', 'instant_cents', 'settle_at']).execute();
}

/** Completes the deposit's events of these types, dated `at`. */
export async function completeDepositEvents(
  trx: Transaction<Database>,
  depositId: string,
  types: readonly DepositEventType[],
  at: Date | null,
): Promise<void> {
  await trx
    .updateTable('deposit_events')
    .set({ completed: true, occurred_at: at })
    .where('deposit_id', '=', depositId)
    .where('type', 'in', types)
    .execute();
}

/** Due bank deposits not settled yet (of one customer, or everyone's): the rails may return them instead. */
export function listDueBankDeposits(trx: Transaction<Database>, now: Date, userId: string | undefined): Promise<DepositRow[]> {
  let due = trx
    .selectFrom('deposits')
    .selectAll()
    .where('settled_at', 'is', null)
    .where('status', '=', 'CONFIRMED')
    .where('type', '=', 'DEPOSIT')
    .where('source_type', '=', 'BANK')
    .where('settle_at', '<=', now);
  if (userId) due = due.where('user_id', '=', userId);
  return due.execute();
}

/** One of the customer's deposits, locked for the rest of the transaction. */
export function lockDepositOfUser(trx: Transaction<Database>, userId: string, depositId: string): Promise<DepositRow | undefined> {
  return trx.selectFrom('deposits').selectAll().where('id', '=', depositId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

/** Sandbox: the customer's unsettled bank deposits are due now (sent no later than now). */
export async function makeDepositsDueNow(trx: Transaction<Database>, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('deposits')
    .set({ settle_at: now, send_at: sql`least(send_at, ${now}::timestamptz)` })
    .where('user_id', '=', userId)
    .where('settled_at', 'is', null)
    .where('status', '=', 'CONFIRMED')
    .where('type', '=', 'DEPOSIT')
    .execute();
}

/** The balance and variant of the deposit's account, locked. */
export function lockAccountBalance(trx: Transaction<Database>, accountId: string) {
  return trx.selectFrom('accounts').select(['balance_cents', 'variant']).where('id', '=', accountId).forUpdate().executeTakeFirstOrThrow();
}

/**
 * Writes a cancel: the deposit is CANCELED, its instant buying power and its share of the method's amountDeposited
 * are taken back, its IRA contribution is removed, and its expected events lose their dates.
 */
export async function writeCancellation(trx: Transaction<Database>, deposit: DepositRow, now: Date): Promise<void> {
  await trx.updateTable('deposits').set({ status: 'CANCELED', cancelled_at: now }).where('id', '=', deposit.id).execute();
  await addToBalance(trx, deposit.account_id, -deposit.instant_cents);
  await trx
    .updateTable('payment_methods')
    .set((eb) => ({ amount_deposited_cents: sql<number>`greatest(0, ${eb.ref('amount_deposited_cents')} - ${deposit.amount_cents})` }))
    .where('id', '=', deposit.payment_method_id!)
    .execute();
  await trx.deleteFrom('ira_contributions').where('deposit_id', '=', deposit.id).execute();
  // What was only expected will not happen now.
  await trx
    .updateTable('deposit_events')
    .set({ occurred_at: null })
    .where('deposit_id', '=', deposit.id)
    .where('completed', '=', false)
    .execute();
}
