import { sql, type Kysely } from 'kysely';

// Portfolio (issue 5): positions per account, the Treasury quick picks and the bond account's yield to
// maturity. Like the earlier migrations, written against Kysely<any>. Quantities are integer units of 1e-8
// (crypto needs 8 fraction digits), money is bigint cents; the quotes on a position (last sale, previous
// close) are the sandbox's market data, which a market-data feed would keep current.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const PERCENT = sql.raw(`'^-?[0-9]{1,3}\\.[0-9]{2}$'`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('positions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('root_symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('asset_type', 'text', (c) =>
      c.notNull().check(sql`asset_type in (${inList(['EQUITY', 'OPTION', 'BOND', 'CRYPTO', 'ALT', 'TREASURY', 'MULTILEG'])})`),
    )
    .addColumn('security_type', 'text', (c) => c.check(sql`security_type in (${inList(['STOCK', 'ETF'])})`))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in (${inList(['LONG', 'SHORT'])})`))
    .addColumn('quantity_e8', 'bigint', (c) => c.notNull().check(sql`quantity_e8 > 0`))
    .addColumn('available_to_close_e8', 'bigint', (c) =>
      c.notNull().check(sql`available_to_close_e8 >= 0 and available_to_close_e8 <= quantity_e8`),
    )
    .addColumn('average_price_cents', 'bigint', (c) => c.notNull().check(sql`average_price_cents >= 0`))
    .addColumn('last_price_cents', 'bigint', (c) => c.notNull().check(sql`last_price_cents >= 0`))
    .addColumn('previous_close_cents', 'bigint', (c) => c.notNull().check(sql`previous_close_cents >= 0`))
    .addColumn('total_cost_cents', 'bigint', (c) => c.notNull().check(sql`total_cost_cents >= 0`))
    .addColumn('realized_gain_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('maintenance_margin_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('tradable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('fractional_tradable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('safety_label', 'text')
    .addColumn('strategy_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // Options: the contract's details, shares per contract in `multiplier` (1 for everything else).
    .addColumn('option_type', 'text', (c) => c.check(sql`option_type in (${inList(['CALL', 'PUT'])})`))
    .addColumn('strike_price_cents', 'bigint')
    .addColumn('expiration_date', 'date')
    .addColumn('multiplier', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`multiplier between 1 and 1000`),
    )
    // Bonds and Treasuries.
    .addColumn('cusip', 'text')
    .addColumn('maturity_date', 'date')
    .addColumn('coupon_rate', 'text', (c) => c.check(sql`coupon_rate ~ ${PERCENT}`))
    .addColumn('yield_to_maturity', 'text', (c) => c.check(sql`yield_to_maturity ~ ${PERCENT}`))
    .addColumn('face_value_cents', 'bigint')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('positions_account_symbol_key', ['account_id', 'symbol'])
    .addCheckConstraint(
      'positions_option_details',
      sql`asset_type <> 'OPTION' or (option_type is not null and strike_price_cents is not null and expiration_date is not null)`,
    )
    .addCheckConstraint(
      'positions_fixed_income_details',
      sql`asset_type not in ('BOND', 'TREASURY') or (cusip is not null and maturity_date is not null and face_value_cents is not null)`,
    )
    .execute();

  // Reference data: the Treasuries offered for a quick buy, with their yield to worst. Operators (or a feed)
  // replace the rows; the education page's "up to {rate}" is the highest of them.
  await db.schema
    .createTable('treasury_quick_picks')
    .addColumn('cusip', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('maturity_date', 'date', (c) => c.notNull())
    .addColumn('yield_to_worst', 'text', (c) => c.notNull().check(sql`yield_to_worst ~ ${PERCENT}`))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`
    insert into treasury_quick_picks (cusip, name, term, maturity_date, yield_to_worst, sort_order, updated_at) values
      ('912797QA4', 'U.S. Treasury Bill', '4-week', current_date + 28, '4.31', 1, now()),
      ('912797QK2', 'U.S. Treasury Bill', '13-week', current_date + 91, '4.27', 2, now()),
      ('912797QS5', 'U.S. Treasury Bill', '26-week', current_date + 182, '4.18', 3, now()),
      ('912797RB1', 'U.S. Treasury Bill', '52-week', current_date + 364, '4.02', 4, now()),
      ('91282CMG3', 'U.S. Treasury Note', '2-year', current_date + 730, '3.96', 5, now())
    on conflict (cusip) do nothing`.execute(db);

  // The managed bond account's yield to maturity as a decimal string; operators change it in app_config.
  await sql`insert into app_config (key, value, updated_at) values ('bondAccount.yieldToMaturity', '"5.62"'::jsonb, now()) on conflict (key) do nothing`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from app_config where key = 'bondAccount.yieldToMaturity'`.execute(db);
  await db.schema.dropTable('treasury_quick_picks').ifExists().execute();
  await db.schema.dropTable('positions').ifExists().execute();
}
