import { sql, type Kysely } from 'kysely';

// Rate limits (issue 8): one counter per limited thing (bucket) and key (an email, a client address, a payment
// method), counting inside a window that starts at its first hit. Kept in the database, not in a process, so
// every instance behind the load balancer sees the same count.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().check(sql`hits >= 0`))
    .addPrimaryKeyConstraint('rate_limit_counters_pkey', ['bucket', 'key'])
    .execute();
  // Expired counters are swept by their age.
  await db.schema.createIndex('rate_limit_counters_window').on('rate_limit_counters').column('window_started_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
