import { sql, type Kysely } from 'kysely';

// Account documents (issue 5): monthly account statements, trade confirmations and tax forms per account. A
// document's figures are frozen when it is issued (a statement never changes afterwards; a correction is a new,
// `corrected` document), and its PDF is drawn from them on download. Like the earlier migrations, written against
// Kysely<any>; the row types are in server/domain/documents.ts.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in (${inList(['ACCOUNT_STATEMENT', 'TRADE_CONFIRMATION', 'TAX_STATEMENT'])})`),
    )
    // Tax statements only: which IRS form.
    .addColumn('form', 'text', (c) => c.check(sql`form in (${inList(['1099-COMPOSITE', '1099-INT', '1099-R', '5498'])})`))
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('period_end', 'date', (c) => c.notNull())
    // The year the year filter matches: the tax year of a tax form, the year of the period's end otherwise.
    .addColumn('year', 'integer', (c) => c.notNull().check(sql`year between 1900 and 9999`))
    .addColumn('corrected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('figures', 'jsonb', (c) => c.notNull())
    .addCheckConstraint('documents_period_order', sql`period_start <= period_end`)
    .addCheckConstraint('documents_form_only_on_tax', sql`(kind = 'TAX_STATEMENT') = (form is not null)`)
    .execute();
  // One document per account, kind, form, period and version: issuing is idempotent (insert .. on conflict do
  // nothing), so several server instances may issue at once.
  await sql`create unique index documents_natural_key on documents (account_id, kind, coalesce(form, ''), period_start, period_end, corrected)`.execute(
    db,
  );
  // The list: a customer's documents, newest first, paged by (issued_at, id).
  await db.schema.createIndex('documents_user_issued_idx').on('documents').columns(['user_id', 'issued_at desc', 'id desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('documents').ifExists().execute();
}
