import { sql, type Kysely } from 'kysely';

// ACH returns (issue 17): a bank deposit that was sent can come back returned by the customer's bank (R01, R02,
// R03). The deposit's status becomes RETURNED and its timeline gets a DEPOSIT_RETURNED event; the return itself is
// one row per deposit (a second return of the same deposit is refused by the primary key). The row types are in
// server/domain/achReturns.ts.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const DEPOSIT_STATUSES = ['PAYMENT_METHOD_REQUIRED', 'CONFIRMATION_REQUIRED', 'CONFIRMED', 'FAILED', 'CANCELED'];
const EVENT_TYPES = [
  'DEPOSIT_INITIATION',
  'DEPOSIT_BUYING_POWER_UPGRADE',
  'DEPOSIT_BUYING_POWER_ALLOCATION',
  'DEPOSIT_SETTLEMENT',
  'DEPOSIT_SCHEDULED',
  'APPLICATION_REVIEWED',
  'APPLICATION_APPROVED',
  'DEPOSIT_ARRIVED',
];

/** Replaces the check of a column (0003 created it unnamed: PostgreSQL named it <table>_<column>_check). */
async function replaceCheck(db: Kysely<any>, table: string, column: string, values: readonly string[]): Promise<void> {
  await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_${column}_check`)}`.execute(db);
  await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_check`)} check (${sql.ref(column)} in (${inList(values)}))`.execute(
    db,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await replaceCheck(db, 'deposits', 'status', [...DEPOSIT_STATUSES, 'RETURNED']);
  await replaceCheck(db, 'deposit_events', 'type', [...EVENT_TYPES, 'DEPOSIT_RETURNED']);

  await db.schema
    .createTable('ach_returns')
    .addColumn('deposit_id', 'uuid', (c) => c.primaryKey().references('deposits.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code in (${inList(['R01', 'R02', 'R03'])})`))
    // What was taken back from the account: the instant part before settlement, the whole amount after.
    .addColumn('taken_back_cents', 'bigint', (c) => c.notNull().check(sql`taken_back_cents >= 0`))
    .addColumn('after_settlement', 'boolean', (c) => c.notNull())
    .addColumn('returned_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ach_returns_user_idx').on('ach_returns').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ach_returns').ifExists().execute();
  await sql`delete from deposit_events where type = 'DEPOSIT_RETURNED'`.execute(db);
  await sql`update deposits set status = 'FAILED' where status = 'RETURNED'`.execute(db);
  await replaceCheck(db, 'deposit_events', 'type', EVENT_TYPES);
  await replaceCheck(db, 'deposits', 'status', DEPOSIT_STATUSES);
}
