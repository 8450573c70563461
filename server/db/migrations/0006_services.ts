import { sql, type Kysely } from 'kysely';
import { INSTRUMENTS_V1, THEMES_V1 } from '../../domain/servicesReferenceData';

// Service wrappers (issue 5, funding-methods.md 7.1): instruments (the search's symbol master) and themes as
// reference data written here, so live mode has them too; watchlists, user settings (tipping), ACAT drafts
// with their fragments, transfer offers, and options rewards per customer. Written against Kysely<any>.

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instruments')
    .addColumn('symbol', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in (${inList(['STOCK', 'ETF', 'CRYPTO', 'ADR', 'REIT'])})`))
    .addColumn('exchange', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('instruments_lower_name_idx')
    .on('instruments')
    .expression(sql`lower(name)`)
    .execute();

  await db.schema
    .createTable('themes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('theme_instruments')
    .addColumn('theme_id', 'text', (c) => c.notNull().references('themes.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull().references('instruments.symbol'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('theme_instruments_pk', ['theme_id', 'symbol'])
    .execute();

  await db.schema
    .createTable('watchlists')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('watchlists_user_id_idx').on('watchlists').column('user_id').execute();
  await db.schema
    .createTable('watchlist_items')
    .addColumn('watchlist_id', 'uuid', (c) => c.notNull().references('watchlists.id').onDelete('cascade'))
    .addColumn('symbol', 'text', (c) => c.notNull().references('instruments.symbol'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('watchlist_items_pk', ['watchlist_id', 'symbol'])
    .execute();

  await db.schema
    .createTable('user_settings')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('suggest_tipping', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('acat_drafts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${inList(['ACAT', 'ROLLOVER'])})`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in (${inList(['PLAID', 'MANUAL'])})`))
    .addColumn('progress', 'text', (c) =>
      c.notNull().check(sql`progress in (${inList(['IN_PROGRESS', 'SUBMITTED', 'COMPLETED', 'FAILED', 'ARCHIVED'])})`),
    )
    .addColumn('transfer_status', 'text', (c) =>
      c.check(sql`transfer_status in (${inList(['INITIATED', 'IN_TRANSIT', 'COMPLETE', 'REJECTED', 'ERROR'])})`),
    )
    .addColumn('fragments', 'jsonb', (c) => c.notNull())
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('acat_drafts_user_id_idx').on('acat_drafts').column('user_id').execute();

  await db.schema
    .createTable('acat_offers')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('brokerage', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('overview', 'jsonb')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('acat_offers_pk', ['user_id', 'brokerage'])
    .execute();

  await db.schema
    .createTable('options_rewards')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('invited', 'integer', (c) => c.notNull().check(sql`invited >= 0`))
    .addColumn('qualified', 'integer', (c) => c.notNull().check(sql`qualified >= 0 and qualified <= invited`))
    .addColumn('contracts_this_month', 'integer', (c) => c.notNull().check(sql`contracts_this_month >= 0`))
    .addColumn('paid_to_date_cents', 'bigint', (c) => c.notNull().check(sql`paid_to_date_cents >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // Reference data (the version of this migration; later changes come as new migrations).
  await db
    .insertInto('instruments')
    .values(INSTRUMENTS_V1.map((i) => ({ ...i })))
    .execute();
  await db
    .insertInto('themes')
    .values(THEMES_V1.map((theme, position) => ({ id: theme.id, name: theme.name, description: theme.description, position })))
    .execute();
  await db
    .insertInto('theme_instruments')
    .values(THEMES_V1.flatMap((theme) => theme.symbols.map((symbol, position) => ({ theme_id: theme.id, symbol, position }))))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'options_rewards',
    'acat_offers',
    'acat_drafts',
    'user_settings',
    'watchlist_items',
    'watchlists',
    'theme_instruments',
    'themes',
    'instruments',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
