import type { Kysely } from 'kysely';

// Live events channel (funding-methods.md 4.10): the short-lived, single-use ids that open an events socket.
// Kept in the database, not in one process, because the socket may reach another instance than the one that
// issued the id; claiming is one conditional update, so an id opens at most one socket across all instances.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_event_subscriptions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('live_event_subscriptions_user_id_idx').on('live_event_subscriptions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_event_subscriptions').execute();
}
