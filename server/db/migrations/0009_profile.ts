import { sql, type Kysely } from 'kysely';

// Profile settings (issue 5): the investing profile (suitability answers), one trusted contact per customer
// (FINRA Rule 4512), IRA beneficiary designations, further owners of an account (a joint owner, an entity's
// authorized signer) and the membership plan. Written against Kysely<any>; row types in
// server/domain/profileSchema.ts. The enumerations are checked in code (profileRules.ts), not here, so a new
// answer needs no migration.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('investing_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('investment_objective', 'text', (c) => c.notNull())
    .addColumn('risk_tolerance', 'text', (c) => c.notNull())
    .addColumn('time_horizon', 'text', (c) => c.notNull())
    .addColumn('investment_experience', 'text', (c) => c.notNull())
    .addColumn('liquidity_needs', 'text', (c) => c.notNull())
    .addColumn('annual_income', 'text', (c) => c.notNull())
    .addColumn('net_worth', 'text', (c) => c.notNull())
    .addColumn('liquid_net_worth', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('trusted_contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    // One trusted contact per customer: a second save replaces the first.
    .addColumn('user_id', 'uuid', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('relationship', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zipcode', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('trusted_contacts_reachable', sql`email is not null or phone is not null`)
    .execute();

  await db.schema
    .createTable('beneficiaries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('tier', 'text', (c) => c.notNull().check(sql`tier in ('PRIMARY', 'CONTINGENT')`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('relationship', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('share_percent', 'integer', (c) => c.notNull().check(sql`share_percent between 1 and 100`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('beneficiaries_account_id_idx').on('beneficiaries').column('account_id').execute();

  await db.schema
    .createTable('account_owners')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('JOINT_OWNER', 'AUTHORIZED_SIGNER')`))
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_owners_account_id_idx').on('account_owners').column('account_id').execute();

  await db.schema
    .createTable('memberships')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('BASIC', 'PREMIUM')`))
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('memberships').ifExists().execute();
  await db.schema.dropTable('account_owners').ifExists().execute();
  await db.schema.dropTable('beneficiaries').ifExists().execute();
  await db.schema.dropTable('trusted_contacts').ifExists().execute();
  await db.schema.dropTable('investing_profiles').ifExists().execute();
}
