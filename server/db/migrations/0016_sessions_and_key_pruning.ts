import type { Kysely } from 'kysely';

// Issue 19. Sessions: every refresh token names the session it belongs to (the id of the chain's first token,
// kept through rotations), and access tokens carry it, so signing out or a revocation ends that session's
// access tokens within seconds (server/http/sessionCheck.ts). Tokens made before this have none: their access
// tokens are refreshed like expired ones. Idempotency keys: pruned after 24 hours by their age.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('session_id', 'uuid').execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created').execute();
  await db.schema.dropIndex('refresh_tokens_session').execute();
  await db.schema.alterTable('refresh_tokens').dropColumn('session_id').execute();
}
