import { sql, type Kysely } from 'kysely';

// Deposits and transfers (issue 4): deposits and internal transfers with their events, deposit intents,
// idempotency keys, recurring deposits and their runs, IRA contributions, user properties, customers' birth
// dates and the high-yield rate. Like 0001 and 0002, written against Kysely<any>.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  // Catch-up contributions (age 50 and older) need the customer's birth date; null when unknown.
  await db.schema.alterTable('users').addColumn('birth_date', 'date').execute();

  await db.schema
    .createTable('deposit_intents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(['DEPOSIT', 'INTERNAL_TRANSFER'])})`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source_account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'uuid', (c) => c.references('payment_methods.id').onDelete('cascade'))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('ira_contribution_year', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deposit_intents_user_id_idx').on('deposit_intents').column('user_id').execute();

  await db.schema
    .createTable('recurring_deposits')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'uuid', (c) => c.notNull().references('payment_methods.id').onDelete('cascade'))
    .addColumn('funding_source_type', 'text', (c) =>
      c.notNull().check(sql`funding_source_type in (${inList(['ACH', 'DEBIT_CARD', 'BUYING_POWER'])})`),
    )
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in (${inList(['DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'])})`))
    .addColumn('day_of_week', 'text', (c) =>
      c.check(sql`day_of_week in (${inList(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'])})`),
    )
    .addColumn('day_of_month', 'integer', (c) => c.check(sql`day_of_month between 1 and 31`))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('next_occurrence_date', 'date')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in (${inList(['ACTIVE', 'PAUSED', 'CANCELED'])})`))
    .addColumn('pause_reason', 'text', (c) =>
      c.check(sql`pause_reason in (${inList(['CUSTOMER', 'IRA_LIMIT', 'METHOD_UNAVAILABLE', 'INSUFFICIENT_FUNDS'])})`),
    )
    .addColumn('ira_contribution_year', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recurring_deposits_user_id_idx').on('recurring_deposits').column('user_id').execute();
  await db.schema
    .createIndex('recurring_deposits_due_idx')
    .on('recurring_deposits')
    .column('next_occurrence_date')
    .where(sql.ref('status'), '=', 'ACTIVE')
    .execute();

  // Deposits from a funding method and internal transfers between two of the customer's accounts.
  await db.schema
    .createTable('deposits')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(['DEPOSIT', 'INTERNAL_TRANSFER'])})`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in (${inList(['PAYMENT_METHOD_REQUIRED', 'CONFIRMATION_REQUIRED', 'CONFIRMED', 'FAILED', 'CANCELED'])})`),
    )
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${inList(['DEPOSIT', 'PENDING_DEPOSIT'])})`))
    // How the money comes in: a bank (ACH rails, settles in days), a debit card (instant) or an own account.
    .addColumn('source_type', 'text', (c) => c.notNull().check(sql`source_type in (${inList(['BANK', 'DEBIT_CARD', 'INTERNAL'])})`))
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('instant_cents', 'bigint', (c) => c.notNull().check(sql`instant_cents >= 0 and instant_cents <= amount_cents`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source_account_id', 'uuid', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('payment_method_id', 'uuid', (c) => c.references('payment_methods.id').onDelete('cascade'))
    .addColumn('ira_contribution_year', 'integer')
    .addColumn('recurring_deposit_id', 'uuid', (c) => c.references('recurring_deposits.id').onDelete('set null'))
    // One deposit per intent, whatever the idempotency keys: the database refuses a second.
    .addColumn('intent_id', 'uuid', (c) => c.unique().references('deposit_intents.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // Bank deposits: when it goes to the bank (the daily cut-off; cancellable until then) and when it settles.
    .addColumn('send_at', 'timestamptz')
    .addColumn('settle_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addCheckConstraint(
      'deposits_source',
      sql`(kind = 'DEPOSIT' and payment_method_id is not null) or (kind = 'INTERNAL_TRANSFER' and source_account_id is not null)`,
    )
    .execute();
  await db.schema.createIndex('deposits_user_created_idx').on('deposits').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createIndex('deposits_unsettled_idx')
    .on('deposits')
    .column('settle_at')
    .where(sql<boolean>`settled_at is null and status = 'CONFIRMED'`)
    .execute();

  await db.schema
    .createTable('deposit_events')
    .addColumn('deposit_id', 'uuid', (c) => c.notNull().references('deposits.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`type in (${inList([
            'DEPOSIT_INITIATION',
            'DEPOSIT_BUYING_POWER_UPGRADE',
            'DEPOSIT_BUYING_POWER_ALLOCATION',
            'DEPOSIT_SETTLEMENT',
            'DEPOSIT_SCHEDULED',
            'APPLICATION_REVIEWED',
            'APPLICATION_APPROVED',
            'DEPOSIT_ARRIVED',
          ])})`,
        ),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('completed', 'boolean', (c) => c.notNull())
    // When it happened, or when it is expected while not completed (null: not known).
    .addColumn('occurred_at', 'timestamptz')
    .addPrimaryKeyConstraint('deposit_events_pk', ['deposit_id', 'type'])
    .execute();

  // Confirmations are idempotent: the key is inserted first, in the transaction that makes the deposit, so
  // a concurrent repeat waits on the unique key and then reads the stored answer.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'endpoint', 'key'])
    .execute();

  // One row per schedule and date: two server instances cannot run (or skip) one occurrence twice.
  await db.schema
    .createTable('recurring_deposit_runs')
    .addColumn('recurring_deposit_id', 'uuid', (c) => c.notNull().references('recurring_deposits.id').onDelete('cascade'))
    .addColumn('occurrence_date', 'date', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in (${inList(['DEPOSITED', 'SKIPPED', 'FAILED', 'PAUSED'])})`))
    .addColumn('deposit_id', 'uuid', (c) => c.references('deposits.id').onDelete('set null'))
    .addColumn('error_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('recurring_deposit_runs_pk', ['recurring_deposit_id', 'occurrence_date'])
    .execute();

  // Contributions to traditional and Roth IRAs by tax year. A deposit or transfer into an IRA adds one row;
  // rows without a deposit are contributions recorded before (the demo data).
  await db.schema
    .createTable('ira_contributions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('tax_year', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('deposit_id', 'uuid', (c) => c.unique().references('deposits.id').onDelete('cascade'))
    .addColumn('contributed_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ira_contributions_user_year_idx').on('ira_contributions').columns(['user_id', 'tax_year']).execute();

  await db.schema
    .createTable('user_properties')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // The high-yield savings rate (APY) as a decimal string; operators change it in app_config.
  await sql`insert into app_config (key, value, updated_at) values ('highYield.rate', '"4.10"'::jsonb, now()) on conflict (key) do nothing`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from app_config where key = 'highYield.rate'`.execute(db);
  for (const table of [
    'user_properties',
    'ira_contributions',
    'recurring_deposit_runs',
    'idempotency_keys',
    'deposit_events',
    'deposits',
    'recurring_deposits',
    'deposit_intents',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('users').dropColumn('birth_date').execute();
}
