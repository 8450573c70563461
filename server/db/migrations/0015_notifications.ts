import { sql, type Kysely } from 'kysely';

// Money notifications (issue 18): the customer's in-app list and the kinds they get no email about. A
// notification is made once per event: its dedupe key (kind and the deposit or occurrence it is about) is
// unique, so a retried job or a second server instance inserts nothing the second time.

const KINDS = [
  'DEPOSIT_INITIATED',
  'DEPOSIT_SENT',
  'DEPOSIT_ARRIVED',
  'DEPOSIT_FAILED',
  'DEPOSIT_RETURNED',
  'RECURRING_RAN',
  'RECURRING_SKIPPED',
  'RECURRING_PAUSED',
];
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(KINDS)})`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'uuid', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notifications_user_created').on('notifications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('notification_email_opt_outs')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(KINDS)})`))
    .addPrimaryKeyConstraint('notification_email_opt_outs_pkey', ['user_id', 'kind'])
    .execute();

  // A notification's email carries its why and how to fix it, not only a subject and a link.
  await db.schema.alterTable('outbox_messages').addColumn('text', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('text').execute();
  await db.schema.dropTable('notification_email_opt_outs').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
}
