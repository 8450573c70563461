import type { Kysely } from 'kysely';
import type { AccountRow, Database } from '../db/schema';

/** The customer's own accounts only, parents before the accounts under them. */
export function listAccountsOfUser(db: Kysely<Database>, userId: string): Promise<AccountRow[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('account_id')
    .execute();
}
