import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from './schema';

/**
 * The access-token signing secret when AUTH_SECRET is not set: made once per database and kept in it, so it
 * survives restarts and every instance on the same PostgreSQL signs and checks tokens alike.
 */
export async function getOrCreateAuthSecret(db: Kysely<Database>, clock: Clock): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name: 'auth_secret', value: randomBytes(32).toString('base64url'), created_at: clock.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', 'auth_secret').executeTakeFirstOrThrow();
  return row.value;
}
