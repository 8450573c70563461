import type { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import { ApiPaths, type AccountsResponse } from '../../api/contract';
import { bearer, buildTestApp, createTestDatabase, signIn, testDatabaseServerUrl } from '../testing/testApp';
import { loadPglite, requireWithNodeLoader } from './loadPglite';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { createPostgresDatabase } from './openDatabase';
import { PGliteDialect } from './pgliteDialect';
import type { Database } from './schema';
import { addMissingDemoCustomers, DEMO_CUSTOMERS, seedDemoDataIfEmpty } from './seed';

// The migrations and the seed run on the suite's database: PGlite in memory, or a PostgreSQL database of its
// own when FUNDFLOW_TEST_DATABASE_URL is set. The PGlite dialect is tested on PGlite either way.
let db: Kysely<Database>;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.destroy();
});

const outerDb = () => db;

const tables = async () =>
  (await sql<{ tablename: string }>`select tablename from pg_tables where schemaname = 'public' order by tablename`.execute(db)).rows.map(
    (row) => row.tablename,
  );

/** A table each migration creates, to see it come and go (null: the migration only changes a constraint). */
const MARKER_TABLES: Record<string, string | null> = {
  '0001_foundation': 'users',
  '0002_funding_methods': 'institutions',
  '0003_deposits': 'deposits',
  '0004_withdrawals': 'withdrawals',
  '0005_portfolio': 'positions',
  '0006_services': 'acat_drafts',
  '0007_live_events': 'live_event_subscriptions',
  '0008_documents': 'documents',
  '0009_profile': 'investing_profiles',
  '0010_onboarding_crypto': 'application_submissions',
  '0011_rate_limits': 'rate_limit_counters',
  '0012_limits_as_exposure': 'card_deposit_totals',
  '0013_ach_returns': 'ach_returns',
  '0014_one_time_scheduled_deposits': null,
  '0015_notifications': 'notifications',
  '0016_sessions_and_key_pruning': null,
};
const markers = Object.values(MARKER_TABLES).filter((table): table is string => table !== null);

describe('migrations', () => {
  it('create the schema once; running them again changes nothing', async () => {
    const first = await migrateToLatest(db);
    expect(Object.keys(MARKER_TABLES)).toEqual(Object.keys(migrations));
    expect(first.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
    expect(await tables()).toEqual(
      expect.arrayContaining([
        'accounts',
        'app_config',
        'payment_methods',
        'refresh_tokens',
        'server_secrets',
        'users',
        'institutions',
        'link_tokens',
        'deposits',
        'deposit_events',
        'idempotency_keys',
        'recurring_deposits',
        'recurring_deposit_runs',
        'ira_contributions',
        'withdrawal_events',
        'treasury_quick_picks',
        'instruments',
        'watchlists',
        ...markers,
      ]),
    );
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('can be rolled back one by one and applied again', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    for (const name of Object.keys(migrations).reverse()) {
      const marker = MARKER_TABLES[name];
      if (marker) expect(await tables()).toContain(marker);
      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toEqual([name]);
      if (marker) expect(await tables()).not.toContain(marker);
    }
    expect(await tables()).not.toContain('users');
    await migrateToLatest(db);
    expect(await tables()).toEqual(expect.arrayContaining(markers));
  });

  it('seed only an empty database', async () => {
    expect(await seedDemoDataIfEmpty(db)).toBe(true);
    expect(await seedDemoDataIfEmpty(db)).toBe(false);
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(DEMO_CUSTOMERS.length);
  }, 30_000);

  it('adds demo customers that an older demo database lacks, and leaves a database with real customers alone', async () => {
    const newest = DEMO_CUSTOMERS[DEMO_CUSTOMERS.length - 1].email;
    await db.deleteFrom('users').where('email', '=', newest).execute();
    expect(await addMissingDemoCustomers(db)).toEqual([newest]);
    expect(await addMissingDemoCustomers(db)).toEqual([]);

    await db.deleteFrom('users').where('email', '=', newest).execute();
    await db.updateTable('users').set({ is_demo: false }).where('email', '=', DEMO_CUSTOMERS[0].email).execute();
    expect(await addMissingDemoCustomers(db)).toEqual([]);
    await db.updateTable('users').set({ is_demo: true }).where('email', '=', DEMO_CUSTOMERS[0].email).execute();
    expect(await addMissingDemoCustomers(db)).toEqual([newest]);
  }, 30_000);
});

describe('PGlite dialect', () => {
  // On a PGlite run, the database the migrations made; on a PostgreSQL run, a PGlite of its own.
  let db: Kysely<Database>;
  let own: Kysely<Database> | null = null;
  beforeAll(async () => {
    if (!testDatabaseServerUrl()) {
      db = outerDb();
      return;
    }
    own = new Kysely<Database>({ dialect: new PGliteDialect(await loadPglite().PGlite.create()) });
    await migrateToLatest(own);
    db = own;
  }, 60_000);
  afterAll(async () => {
    await own?.destroy();
  });
  const key = (name: string) => `test.${name}`;
  const exists = async (name: string) =>
    Boolean(await db.selectFrom('app_config').select('key').where('key', '=', key(name)).executeTakeFirst());
  const insert = (trx: Kysely<Database>, name: string) =>
    trx
      .insertInto('app_config')
      .values({ key: key(name), value: '1', updated_at: new Date() })
      .execute();

  it('keeps concurrent transactions apart, so one rollback cannot undo another commit', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await insert(trx, 'rolled-back');
      await new Promise((resolve) => setTimeout(resolve, 30));
      throw new Error('abort this one');
    });
    const committing = db.transaction().execute(async (trx) => {
      await insert(trx, 'committed');
    });
    const plain = insert(db, 'outside-transaction');
    await expect(failing).rejects.toThrow('abort this one');
    await committing;
    await plain;
    expect(await exists('rolled-back')).toBe(false);
    expect(await exists('committed')).toBe(true);
    expect(await exists('outside-transaction')).toBe(true);
  });

  it('reads bigint as a number, refuses unsafe ones, and keeps dates as yyyy-MM-dd', async () => {
    const { rows } = await sql<{ cents: number; day: string }>`select 123456789012::int8 as cents, date '2024-02-29' as day`.execute(db);
    expect(rows[0]).toEqual({ cents: 123456789012, day: '2024-02-29' });
    await expect(sql`select 9007199254740993::int8 as too_big`.execute(db)).rejects.toThrow(/safe/);
  });

  it('reports affected rows', async () => {
    const result = await db.updateTable('app_config').set({ value: '2' }).where('key', 'like', 'test.%').executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });
});

describe('the node-postgres path (DATABASE_URL)', () => {
  // node-postgres talking to PostgreSQL when FUNDFLOW_TEST_DATABASE_URL names one, else to a second PGlite
  // through PGlite's pg adapter: same migrations, seed and parsing.
  let viaPg: Kysely<Database>;
  let second: PGlite | null = null;
  beforeAll(async () => {
    if (testDatabaseServerUrl()) {
      viaPg = await createTestDatabase();
      return;
    }
    second = await loadPglite().PGlite.create();
    const { createPgConfig } = requireWithNodeLoader<typeof import('@electric-sql/pglite/node-postgres')>(
      '@electric-sql/pglite/node-postgres',
    );
    viaPg = createPostgresDatabase({ ...createPgConfig(second), max: 1 });
  }, 60_000);
  afterAll(async () => {
    await viaPg.destroy();
    await second?.close();
  });

  it('migrates, seeds and serves money and dates like PGlite does', async () => {
    await migrateToLatest(viaPg);
    expect(await migrateToLatest(viaPg)).toEqual([]);
    await seedDemoDataIfEmpty(viaPg);
    const { app } = buildTestApp(viaPg);
    const { accessToken } = await signIn(app, 'alex@fundflow.test');
    const response = await app.inject({ method: 'GET', url: ApiPaths.accounts, headers: bearer(accessToken) });
    const [brokerage] = response.json<AccountsResponse>().accounts;
    expect(brokerage.balance).toEqual({ amount: '12480.55', currency: 'USD' });
    expect(brokerage.dateJoined).toBe('2023-03-14');
    await app.close();
  }, 30_000);
});
