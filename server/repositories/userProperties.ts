import type { Kysely, Transaction } from 'kysely';
import type { Database, StoredUserProperties } from '../db/schema';

// Every query of the customer's key/value properties (funding-methods.md 3.2).

type Db = Kysely<Database> | Transaction<Database>;

/** The customer's stored properties (none stored: undefined); `lock` takes the row for the transaction. */
export async function findUserProperties(db: Db, userId: string, lock = false): Promise<StoredUserProperties | undefined> {
  let query = db.selectFrom('user_properties').select('properties').where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return (await query.executeTakeFirst())?.properties;
}

export async function saveUserProperties(db: Db, userId: string, properties: StoredUserProperties, now: Date): Promise<void> {
  const json = JSON.stringify(properties);
  await db
    .insertInto('user_properties')
    .values({ user_id: userId, properties: json, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ properties: json, updated_at: now }))
    .execute();
}
