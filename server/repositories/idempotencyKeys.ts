import type { Kysely, QueryCreator, Transaction } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { preparedQuery } from '../db/preparedQuery';

// The idempotency_keys table: one row per (customer, endpoint, key), holding the request's hash and its answer.

/** Which key: the customer's, for one endpoint. */
export interface KeyId {
  userId: string;
  endpoint: string;
  key: string;
}

/** Deletes the keys made at or before `before`; how many. */
export async function deleteKeysMadeBefore(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<=', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The insert that claims a key (returning it), or nothing when the key exists already; not run, so that it can run
 * alone (claimKey) or inside another statement (claimKeyAndLockUser).
 */
function claimKeyQuery(qc: QueryCreator<Database>, id: KeyId, requestHash: string, now: Date) {
  return qc
    .insertInto('idempotency_keys')
    .values({
      user_id: id.userId,
      endpoint: id.endpoint,
      key: id.key,
      request_hash: requestHash,
      // Placeholder until the work answers, in this same transaction; nobody else can see it before commit.
      response_status: 0,
      response_body: 'null',
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'endpoint', 'key']).doNothing())
    .returning('key');
}

export function claimKey(trx: Transaction<Database>, id: KeyId, requestHash: string, now: Date): Promise<{ key: string } | undefined> {
  return claimKeyQuery(trx, id, requestHash, now).executeTakeFirst();
}

/**
 * Claims the key and locks the customer's row (FOR NO KEY UPDATE, as lockUser) in one statement. The reads that
 * depend on the lock come in later statements (PostgreSQL's READ COMMITTED takes a fresh snapshot per statement,
 * after the lock is held).
 */
export async function claimKeyAndLockUser(
  trx: Transaction<Database>,
  id: KeyId,
  requestHash: string,
  now: Date,
): Promise<{ claimed: { key: string } | undefined; lockedUser: UserRow | undefined }> {
  const [row] = (await claimAndLock(trx, { ...id, requestHash, now })).rows;
  if (!row) return { claimed: undefined, lockedUser: undefined };
  const { claimed_key: claimedKey, ...user } = row;
  return { claimed: claimedKey == null ? undefined : { key: claimedKey }, lockedUser: user };
}

/** claimKeyAndLockUser's statement, prepared once (every confirm runs it). */
const claimAndLock = preparedQuery((db, { userId, endpoint, key, requestHash, now }: KeyId & { requestHash: string; now: Date }) =>
  db
    .with('claimed', (qc) => claimKeyQuery(qc, { userId, endpoint, key }, requestHash, now))
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => eb.selectFrom('claimed').select('claimed.key').as('claimed_key'))
    .where('users.id', '=', userId)
    .forNoKeyUpdate(),
);

/** The stored request hash and answer of an existing key. */
export function findStoredAnswer(trx: Transaction<Database>, id: KeyId) {
  return trx
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response_status', 'response_body', 'created_at'])
    .where('user_id', '=', id.userId)
    .where('endpoint', '=', id.endpoint)
    .where('key', '=', id.key)
    .executeTakeFirstOrThrow();
}

/** Deletes the key when it was made at or before `expiredAt`. */
export async function deleteExpiredKey(trx: Transaction<Database>, id: KeyId, expiredAt: Date): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', id.userId)
    .where('endpoint', '=', id.endpoint)
    .where('key', '=', id.key)
    .where('created_at', '<=', expiredAt)
    .execute();
}

/** A key's answer as it is written: the status and the body as JSON text. */
export interface AnswerWrite {
  id: KeyId;
  status: number;
  bodyJson: string;
}

/** The update that stores the key's answer; not run, so that it can run alone or inside another statement. */
export function storeAnswerQuery(qc: QueryCreator<Database>, { id, status, bodyJson }: AnswerWrite) {
  return qc
    .updateTable('idempotency_keys')
    .set({ response_status: status, response_body: bodyJson })
    .where('user_id', '=', id.userId)
    .where('endpoint', '=', id.endpoint)
    .where('key', '=', id.key);
}
