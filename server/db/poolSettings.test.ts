import { sql } from 'kysely';
import { openDatabase } from './openDatabase';
import { DEFAULT_POOL_SETTINGS, poolSettingsFromEnvironment } from './poolSettings';
import { emptyServerDatabase, testDatabaseServerUrl } from '../testing/testApp';

describe('PostgreSQL pool time-outs', () => {
  it('every time-out is set by default, and each DATABASE_* variable overrides its own', () => {
    expect(poolSettingsFromEnvironment({})).toEqual(DEFAULT_POOL_SETTINGS);
    for (const value of Object.values(DEFAULT_POOL_SETTINGS)) expect(value).toBeGreaterThan(0);
    expect(
      poolSettingsFromEnvironment({
        DATABASE_POOL_MAX: '4',
        DATABASE_CONNECT_TIMEOUT_MS: '2500',
        DATABASE_IDLE_TIMEOUT_MS: '1000',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: ' ',
      }),
    ).toEqual({ ...DEFAULT_POOL_SETTINGS, max: 4, connectionTimeoutMillis: 2500, idleTimeoutMillis: 1000, statementTimeoutMillis: 0 });
  });

  it('a pool setting that is not a whole number (or a pool of none) is refused at start, by name', () => {
    expect(() => poolSettingsFromEnvironment({ DATABASE_STATEMENT_TIMEOUT_MS: '30s' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS must be a whole number/,
    );
    expect(() => poolSettingsFromEnvironment({ DATABASE_CONNECT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(() => poolSettingsFromEnvironment({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX must be a whole number of at least 1/);
  });

  it('PostgreSQL applies the statement and idle-in-transaction time-outs to every session of the pool', async () => {
    if (!testDatabaseServerUrl()) return; // PGlite has no pool and no session settings to check.
    const database = await emptyServerDatabase();
    const { db } = await openDatabase({
      ...database.options,
      pool: { statementTimeoutMillis: 1500, idleInTransactionTimeoutMillis: 2500 },
    });
    try {
      const { rows } = await sql<{
        statement: string;
        idle: string;
      }>`select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`.execute(
        db,
      );
      expect(rows[0]).toEqual({ statement: '1500ms', idle: '2500ms' });
      // A statement longer than the limit is cancelled rather than holding its connection.
      await expect(sql`select pg_sleep(3)`.execute(db)).rejects.toThrow(/statement timeout/);
    } finally {
      await db.destroy();
      await database.drop();
    }
  }, 60_000);
});
