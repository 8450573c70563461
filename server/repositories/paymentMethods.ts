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
  await trx.updateTable('payment_methods').set({ is_default: false }).where('user_id', '=', userId).where('is_default', '=', true).execute();
  await trx.updateTable('payment_methods').set({ is_default: true }).where('id', '=', id).execute();
}
