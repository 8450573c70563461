import { sql, type Kysely } from 'kysely';

// Withdrawals (issue 5): money leaving a brokerage, IRA or high-yield account for the customer's own bank, with
// its events. Like the earlier migrations, written against Kysely<any>; the row types are in
// server/domain/withdrawals.ts.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'uuid', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(['PENDING', 'COMPLETED'])})`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    // IRA withdrawals: federal tax withheld (in percent and cents) and the distribution reason.
    .addColumn('withholding_percent', 'integer', (c) => c.check(sql`withholding_percent between 0 and 100`))
    .addColumn('withheld_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`withheld_cents >= 0 and withheld_cents <= amount_cents`),
    )
    .addColumn('distribution_reason', 'text', (c) =>
      c.check(sql`distribution_reason in (${inList(['NORMAL', 'EARLY', 'EARLY_EXCEPTION', 'DISABILITY'])})`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Sent to the bank at the daily cut-off of its business day; arrives some business days later.
    .addColumn('send_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settle_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('withdrawals_user_created_idx').on('withdrawals').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('withdrawals_pending_idx')
    .on('withdrawals')
    .columns(['account_id', 'settle_at'])
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();

  await db.schema
    .createTable('withdrawal_events')
    .addColumn('withdrawal_id', 'uuid', (c) => c.notNull().references('withdrawals.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in (${inList(['WITHDRAWAL_INITIATION', 'WITHDRAWAL_SENT', 'WITHDRAWAL_ARRIVED'])})`),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('completed', 'boolean', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz')
    .addPrimaryKeyConstraint('withdrawal_events_pk', ['withdrawal_id', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('withdrawal_events').ifExists().execute();
  await db.schema.dropTable('withdrawals').ifExists().execute();
}
