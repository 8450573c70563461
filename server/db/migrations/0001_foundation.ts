import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the database at their own point in history, not today's types.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in (${inList(['INDIVIDUAL', 'JOINT', 'ENTITY'])})`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(['ACTIVE', 'CLOSED'])})`))
    .addColumn('application_status', 'text', (c) =>
      c
        .notNull()
        .check(sql`application_status in (${inList(['NOT_STARTED', 'INCOMPLETE', 'ACTION_REQUIRED', 'PENDING', 'REJECTED', 'COMPLETE'])})`),
    )
    .addColumn('must_accept_terms', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_funded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('events_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Emails are stored lower-cased by the application; the check keeps every writer honest.
    .addCheckConstraint('users_email_lower_case', sql`email = lower(email)`)
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text', (c) => c.check(sql`revoked_reason in (${inList(['ROTATED', 'LOGOUT', 'REUSE_DETECTED'])})`))
    .execute();
  await db.schema.createIndex('refresh_tokens_user_id_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_number', 'text', (c) => c.notNull().unique())
    .addColumn('variant', 'text', (c) =>
      c
        .notNull()
        .check(sql`variant in (${inList(['US', 'ENTITY', 'HIGH_YIELD', 'ROTH_IRA', 'TRADITIONAL_IRA', 'RIA_ASSET', 'TREASURY', 'BOND'])})`),
    )
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(['OPEN', 'PENDING', 'ACTION_REQUIRED'])})`))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('parent_account_id', 'text', (c) => c.references('accounts.account_id'))
    .addColumn('balance_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) => c.notNull().check(sql`user_type in (${inList(['INDIVIDUAL', 'JOINT', 'ENTITY'])})`))
    .addColumn('date_joined', 'date', (c) => c.notNull())
    .addColumn('has_funded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('accounts_user_id_idx').on('accounts').column('user_id').execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in (${inList(['DEBIT_CARD', 'ACH', 'MICRO_DEPOSIT', 'WIRE_TRANSFER', 'PLAID_ACCOUNT', 'BROKERAGE'])})`),
    )
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{1,4}$'`))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in (${inList(['PENDING', 'APPROVED', 'CANCELED', 'REJECTED', 'PENDING_ACCOUNT_CREATION'])})`),
    )
    .addColumn('readiness', 'text', (c) =>
      c.notNull().check(sql`readiness in (${inList(['PENDING', 'VERIFICATION_NEEDED', 'READY', 'REJECTED'])})`),
    )
    .addColumn('verification_status', 'text', (c) =>
      c
        .notNull()
        .check(sql`verification_status in (${inList(['UNVERIFIED', 'ADDRESS_VERIFICATION_FAILED', 'VERIFICATION_FAILED', 'VERIFIED'])})`),
    )
    .addColumn('bank_account_type', 'text', (c) => c.check(sql`bank_account_type in (${inList(['CHECKING', 'SAVINGS'])})`))
    .addColumn('verification_source', 'text', (c) =>
      c.check(sql`verification_source in (${inList(['MICRO_DEPOSIT', 'PLAID', 'VERIFICATION_SERVICE'])})`),
    )
    .addColumn('plaid_login_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('amount_deposited_cents', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`amount_deposited_cents >= 0`),
    )
    .addColumn('deposit_limit_cents', 'bigint', (c) => c.notNull().check(sql`deposit_limit_cents >= 0`))
    .addColumn('updatable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('issuing_bank', 'text')
    .addColumn('can_update_nickname', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('approval_method', 'text', (c) => c.check(sql`approval_method in (${inList(['MICRO_DEPOSIT', 'INSTANT'])})`))
    .addColumn('approval_amount_cents', 'bigint', (c) => c.check(sql`approval_amount_cents >= 0`))
    .execute();
  await db.schema.createIndex('payment_methods_user_id_idx').on('payment_methods').column('user_id').execute();
  // At most one default funding method per customer, enforced where concurrent requests cannot race it.
  await db.schema
    .createIndex('payment_methods_one_default_per_user')
    .on('payment_methods')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', true)
    .execute();

  await db.schema
    .createTable('app_config')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['server_secrets', 'app_config', 'payment_methods', 'accounts', 'refresh_tokens', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
