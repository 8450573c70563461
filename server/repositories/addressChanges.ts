import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, StoredAddress } from '../db/schema';

/**
 * Counts an address change and stores its confirmation token, in one transaction. Answers the attempts made so far,
 * or null (nothing written) when the customer has used all `maxAttempts`.
 */
export function recordAddressChange(
  db: Kysely<Database>,
  change: { userId: string; maxAttempts: number; tokenHash: string; address: StoredAddress; now: Date; expiresAt: Date },
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set((eb) => ({ address_change_attempts: eb('address_change_attempts', '+', 1) }))
      .where('id', '=', change.userId)
      .where('address_change_attempts', '<', change.maxAttempts)
      .returning('address_change_attempts')
      .executeTakeFirst();
    if (!updated) return null;
    await trx
      .insertInto('address_verification_tokens')
      .values({
        id: randomUUID(),
        token_hash: change.tokenHash,
        user_id: change.userId,
        address: JSON.stringify(change.address),
        created_at: change.now,
        expires_at: change.expiresAt,
      })
      .execute();
    return updated.address_change_attempts;
  });
}

/**
 * Uses a valid confirmation token of the customer and makes its address theirs (the attempts start again), in one
 * transaction. Null when the token is unknown, used, expired or another customer's.
 */
export function confirmAddressChange(db: Kysely<Database>, userId: string, tokenHash: string, now: Date): Promise<StoredAddress | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('address_verification_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('address')
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable('users')
      .set({ ...row.address, address_change_attempts: 0 })
      .where('id', '=', userId)
      .execute();
    return row.address;
  });
}
