import { sql, type Kysely } from 'kysely';

// Funding methods (issue 3): the institution directory, customer street addresses, partner link tokens and
// items, micro-deposit challenges, statement files, debit-card setup intents and address checks, removed-card
// history, analytics events and the sandbox outbox. Like 0001, written against Kysely<any>.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('institutions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo', 'text')
    // A JSON list of LINK_OPTIONS ('PLAID', 'VERIFICATION_SERVICE'); an empty list is a bank we cannot link.
    .addColumn('link_options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('oauth', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('plaid_institution_id', 'text', (c) => c.unique())
    .execute();
  await db.schema
    .createIndex('institutions_lower_name_idx')
    .on('institutions')
    .expression(sql`lower(name)`)
    .execute();

  // One bank has several routing numbers (one per region or former bank); a routing number names one bank.
  await db.schema
    .createTable('institution_routing_numbers')
    .addColumn('routing_number', 'text', (c) => c.notNull().check(sql`routing_number ~ '^[0-9]{9}$'`))
    .addColumn('institution_id', 'text', (c) => c.notNull().references('institutions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('institution_routing_numbers_pk', ['routing_number', 'institution_id'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('address1', 'text')
    .addColumn('address2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zipcode', 'text')
    .addColumn('address_change_attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`address_change_attempts >= 0`),
    )
    .execute();

  await db.schema
    .alterTable('payment_methods')
    .addColumn('institution_id', 'text', (c) => c.references('institutions.id'))
    // The partner's ids (Plaid item and account); never the account number itself.
    .addColumn('partner_item_id', 'text')
    .addColumn('partner_account_id', 'text')
    // Card attributes the card provider gives back; never the card number.
    .addColumn('card_fingerprint', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_exp_month', 'integer')
    .addColumn('card_exp_year', 'integer')
    .addColumn('provider_payment_method_id', 'text')
    .execute();
  await db.schema.createIndex('payment_methods_card_fingerprint_idx').on('payment_methods').column('card_fingerprint').execute();

  await db.schema
    .createTable('partner_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('institution_id', 'text', (c) => c.references('institutions.id'))
    // The partner's access token; needed to call the partner for this item again (live mode).
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('link_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in (${inList(['NEW', 'UPDATE'])})`))
    .addColumn('institution_id', 'text', (c) => c.references('institutions.id'))
    .addColumn('payment_method_id', 'uuid', (c) => c.references('payment_methods.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  // What the sandbox bank login handed out, so the exchange can answer like the partner would.
  await db.schema
    .createTable('sandbox_public_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('link_token_id', 'uuid', (c) => c.notNull().references('link_tokens.id').onDelete('cascade'))
    .addColumn('institution_id', 'text', (c) => c.references('institutions.id'))
    .addColumn('payment_method_id', 'uuid', (c) => c.references('payment_methods.id').onDelete('cascade'))
    .addColumn('accounts', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('micro_deposit_challenges')
    .addColumn('payment_method_id', 'uuid', (c) => c.primaryKey().references('payment_methods.id').onDelete('cascade'))
    .addColumn('amount1_cents', 'integer', (c) => c.notNull().check(sql`amount1_cents between 1 and 99`))
    .addColumn('amount2_cents', 'integer', (c) => c.notNull().check(sql`amount2_cents between 1 and 99`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reissues', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uploaded_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploaded_files_user_id_idx').on('uploaded_files').column('user_id').execute();

  await db.schema
    .createTable('verification_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'uuid', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('file_ids', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('card_setup_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('address_verification_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('removed_debit_cards')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('removed_debit_cards_user_id_idx').on('removed_debit_cards').column('user_id').execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('properties', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'outbox_messages',
    'analytics_events',
    'removed_debit_cards',
    'address_verification_tokens',
    'card_setup_intents',
    'verification_submissions',
    'uploaded_files',
    'micro_deposit_challenges',
    'sandbox_public_tokens',
    'link_tokens',
    'partner_items',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.dropIndex('payment_methods_card_fingerprint_idx').ifExists().execute();
  let alterMethods = db.schema.alterTable('payment_methods').dropColumn('institution_id');
  for (const column of [
    'partner_item_id',
    'partner_account_id',
    'card_fingerprint',
    'card_brand',
    'card_exp_month',
    'card_exp_year',
    'provider_payment_method_id',
  ]) {
    alterMethods = alterMethods.dropColumn(column);
  }
  await alterMethods.execute();
  await db.schema
    .alterTable('users')
    .dropColumn('address1')
    .dropColumn('address2')
    .dropColumn('city')
    .dropColumn('state')
    .dropColumn('zipcode')
    .dropColumn('address_change_attempts')
    .execute();
  await db.schema.dropTable('institution_routing_numbers').ifExists().execute();
  await db.schema.dropTable('institutions').ifExists().execute();
}
