import { sql, type Kysely } from 'kysely';

// Onboarding and crypto transfers in (issue 5):
// - application_submissions: the customer's application as the /setup-investing page builds it, one row per
//   customer. Each step is a jsonb section (null while missing); the SSN is never stored, only its last four
//   digits inside the identity section. Once submitted, the reviewer's decision is kept with the moment it is
//   due (decide_at), and applied on the customer's next read (or by any instance: claimed by a conditional update).
// - crypto_deposit_addresses: the address the custodian gave per account, asset and network (asked once).
// - crypto_transfers: incoming crypto transfers with their confirmations.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('application_submissions')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('identity', 'jsonb')
    .addColumn('employment', 'jsonb')
    .addColumn('investing_profile', 'jsonb')
    .addColumn('disclosures', 'jsonb')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('DRAFT')
        .check(sql`state in (${inList(['DRAFT', 'SUBMITTED', 'DECIDED'])})`),
    )
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('decision', 'text', (c) => c.check(sql`decision in (${inList(['COMPLETE', 'REJECTED', 'ACTION_REQUIRED'])})`))
    .addColumn('decision_reason', 'text')
    .addColumn('decision_message', 'text')
    .addColumn('decide_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reviewer_reference', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('application_submissions_due').on('application_submissions').columns(['state', 'decide_at']).execute();

  await db.schema
    .createTable('crypto_deposit_addresses')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('crypto_deposit_addresses_pkey', ['account_id', 'asset', 'network'])
    .execute();

  await db.schema
    .createTable('crypto_transfers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('asset', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    // An exact decimal in the asset's units (up to 18 fraction digits for ether): never a float.
    .addColumn('quantity', 'text', (c) => c.notNull().check(sql`quantity ~ '^[0-9]{1,12}([.][0-9]{1,18})?$'`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(['CONFIRMING', 'COMPLETED', 'RETURNED'])})`))
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('required_confirmations', 'integer', (c) => c.notNull())
    .addColumn('transaction_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('crypto_transfers_user').on('crypto_transfers').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crypto_transfers').execute();
  await db.schema.dropTable('crypto_deposit_addresses').execute();
  await db.schema.dropTable('application_submissions').execute();
}
