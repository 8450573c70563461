import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, RefreshTokenRevokeReason } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertRefreshToken(db: Db, row: { userId: string; hash: string; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ id: randomUUID(), user_id: row.userId, token_hash: row.hash, created_at: row.now, expires_at: row.expiresAt })
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
