import type { Kysely, Transaction } from 'kysely';
import type { Database, NewPaymentMethod, PaymentMethodRow } from '../db/schema';
import { isUuid } from '../domain/tokens';

/** The customer's own methods, default first; canceled (removed) methods are history, not part of the list. */
export function listPaymentMethodsOfUser(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELED')
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

type Db = Kysely<Database> | Transaction<Database>;

/** One of the customer's own live (not canceled) methods; undefined for anything else, including another customer's. */
export function findOwnLiveMethod(db: Db, userId: string, id: string): Promise<PaymentMethodRow | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELED')
    .executeTakeFirst();
}

/** Locks the customer's live methods for the rest of the transaction (limits and default checks). */
export function lockLiveMethodsOfUser(trx: Transaction<Database>, userId: string): Promise<PaymentMethodRow[]> {
  return trx
    .selectFrom('payment_methods')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELED')
    .orderBy('created_at')
    .forUpdate()
    .execute();
}

/** Inserts a new method; it becomes the default when it is usable and the customer has no default yet. */
export async function insertPaymentMethod(
  trx: Transaction<Database>,
  method: NewPaymentMethod,
  live: readonly PaymentMethodRow[],
  canBeDefault: boolean,
): Promise<PaymentMethodRow> {
  const hasDefault = live.some((row) => row.is_default);
  return trx
    .insertInto('payment_methods')
    .values({ ...method, is_default: canBeDefault && !hasDefault })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPaymentMethodById(db: Db, id: string): Promise<PaymentMethodRow> {
  return db.selectFrom('payment_methods').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Moves the default to `id` in one transaction: clear first, so the one-default index never sees two. */
export async function makeDefault(trx: Transaction<Database>, userId: string, id: string): Promise<void> {
  await trx
    .updateTable('payment_methods')
    .set({ is_default: false })
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
  await trx.updateTable('payment_methods').set({ is_default: true }).where('id', '=', id).execute();
}

/** The customer's live methods in no particular order, for the addition rules (which count, not list). */
export function listLiveMethodsOfUser(db: Db, userId: string): Promise<PaymentMethodRow[]> {
  return db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).where('status', '!=', 'CANCELED').execute();
}

/** The bank login of a method was renewed (partner relink). */
export async function clearPlaidLoginRequired(db: Db, id: string): Promise<void> {
  await db.updateTable('payment_methods').set({ plaid_login_required: false }).where('id', '=', id).execute();
}

/** A method whose micro-deposits were entered right: approved and ready, the default when it may be. */
export async function markMethodVerified(trx: Transaction<Database>, id: string, becomesDefault: boolean): Promise<void> {
  await trx
    .updateTable('payment_methods')
    .set({ status: 'APPROVED', readiness: 'READY', verification_status: 'VERIFIED', is_default: becomesDefault })
    .where('id', '=', id)
    .execute();
}

/** Cancels a method (it leaves the list and is no longer the default). */
export async function cancelMethod(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.updateTable('payment_methods').set({ status: 'CANCELED', is_default: false }).where('id', '=', id).execute();
}

/** Hands the default to a method (the removed default's heir; the old default was cleared with its removal). */
export async function setDefaultFlag(trx: Transaction<Database>, id: string): Promise<void> {
  await trx.updateTable('payment_methods').set({ is_default: true }).where('id', '=', id).execute();
}

export async function setDisplayName(db: Db, id: string, displayName: string): Promise<void> {
  await db.updateTable('payment_methods').set({ display_name: displayName }).where('id', '=', id).execute();
}
