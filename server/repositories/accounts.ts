import type { Kysely, Transaction } from 'kysely';
import type { AccountRow, Database, NewAccount } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The customer's own accounts only, parents before the accounts under them. */
export function listAccountsOfUser(db: Kysely<Database>, userId: string): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('account_id').execute();
}

/** Every account of the customer, in no particular order (inside the caller's transaction). */
export function allAccountsOfUser(db: Db, userId: string): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().where('user_id', '=', userId).execute();
}

/** The customer's first high-yield cash account, if any. */
export function findHighYieldAccountOfUser(db: Db, userId: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('variant', '=', 'HIGH_YIELD')
    .orderBy('created_at')
    .executeTakeFirst();
}

export async function insertAccount(trx: Transaction<Database>, account: NewAccount): Promise<void> {
  await trx.insertInto('accounts').values(account).execute();
}

/** One of the customer's own accounts, locked for the rest of the transaction; undefined for anything else. */
export function lockOwnAccount(trx: Transaction<Database>, userId: string, accountUuid: string): Promise<AccountRow | undefined> {
  return trx.selectFrom('accounts').selectAll().where('id', '=', accountUuid).where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

/** Locks the customer's accounts among `ids`, in id order (two opposite transfers lock in the same order: no deadlock). */
export async function lockAccountsInOrder(trx: Transaction<Database>, userId: string, ids: readonly string[]): Promise<void> {
  await trx.selectFrom('accounts').select('id').where('id', 'in', ids).where('user_id', '=', userId).orderBy('id').forUpdate().execute();
}
