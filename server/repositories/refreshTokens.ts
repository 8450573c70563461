import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, RefreshTokenRevokeReason } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a refresh token of the session (a new session's id, or the one of the token it rotates). */
export async function insertRefreshToken(
  db: Db,
  row: { sessionId: string; userId: string; hash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      id: randomUUID(),
      session_id: row.sessionId,
      user_id: row.userId,
      token_hash: row.hash,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** Locks the row so two refreshes with the same token cannot both rotate it. */
export function findRefreshTokenForUpdate(trx: Transaction<Database>, hash: string) {
  return trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).forUpdate().executeTakeFirst();
}

export async function revokeRefreshToken(db: Db, hash: string, now: Date, reason: RefreshTokenRevokeReason): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes the token if it is live; the customer whose token it was, or undefined. */
export async function revokeRefreshTokenOfUser(
  db: Db,
  hash: string,
  now: Date,
  reason: RefreshTokenRevokeReason,
): Promise<string | undefined> {
  const row = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

export async function revokeAllRefreshTokensOfUser(db: Db, userId: string, now: Date, reason: RefreshTokenRevokeReason): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Housekeeping at login: expired tokens of the user are of no further use. */
export async function deleteExpiredRefreshTokensOfUser(db: Db, userId: string, now: Date): Promise<void> {
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

/**
 * Whether a session still stands: one of its refresh tokens is unrevoked (rotation revokes the old token and adds
 * the new one in one transaction; signing out, a reuse and a refusal revoke the last). With its customer's demo flag.
 */
export async function findLiveSession(db: Db, userId: string, sessionId: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('users', 'users.id', 'refresh_tokens.user_id')
    .select(['users.is_demo'])
    .where('refresh_tokens.session_id', '=', sessionId)
    .where('refresh_tokens.user_id', '=', userId)
    .where('refresh_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
}
