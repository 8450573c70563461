import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../db/schema';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function findUserById(db: Kysely<Database> | Transaction<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Terms accepted: the user no longer must accept them and no account asks for it any more. One transaction. */
export async function acceptTerms(db: Kysely<Database>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ must_accept_terms: false }).where('id', '=', userId).execute();
    const accounts = await trx.selectFrom('accounts').select(['id', 'actions']).where('user_id', '=', userId).execute();
    for (const account of accounts) {
      if (!account.actions.includes('ACCEPT_TERMS')) continue;
      const actions = account.actions.filter((action) => action !== 'ACCEPT_TERMS');
      await trx
        .updateTable('accounts')
        .set({ actions: JSON.stringify(actions) })
        .where('id', '=', account.id)
        .execute();
    }
  });
}

/** The customer's birth date (IRA room), read inside the caller's transaction. */
export async function findBirthDate(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<UserRow['birth_date']> {
  const user = await db.selectFrom('users').select(['birth_date']).where('id', '=', userId).executeTakeFirstOrThrow();
  return user.birth_date;
}
