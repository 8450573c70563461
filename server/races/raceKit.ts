import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { buildTestApp, createSeededTestDatabase, openAnotherHandle, testDatabaseServerUrl, TEST_NOW } from '../testing/testApp';

// Helpers for the race tests: two app instances on one database, as two server processes behind a load
// balancer would be. On PostgreSQL (FUNDFLOW_TEST_DATABASE_URL) each has its own connection pool, so their
// transactions really run at once; on PGlite they share its one connection and take turns.

export const onPostgres = Boolean(testDatabaseServerUrl());

export type Instance = ReturnType<typeof buildTestApp>;

export interface TwoInstances {
  a: Instance;
  b: Instance;
  /** The first instance's database handle (for looking at rows). */
  db: Kysely<Database>;
  /** Both instances' clocks to one moment. */
  setClocks: (at: string) => void;
}

/** A seeded database and two instances on it for a test file: made in beforeAll, closed in afterAll. */
export function useTwoInstances(now: string = TEST_NOW): TwoInstances {
  let db: Kysely<Database> | null = null;
  let second: Awaited<ReturnType<typeof openAnotherHandle>> | null = null;
  let a: Instance | null = null;
  let b: Instance | null = null;
  beforeAll(async () => {
    db = await createSeededTestDatabase(now);
    second = await openAnotherHandle(db);
    a = buildTestApp(db, { now });
    b = buildTestApp(second.db, { now });
    await Promise.all([a.app.ready(), b.app.ready()]);
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await second?.close();
    await db?.destroy();
  });
  const made = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`${what} exists once beforeAll has run`);
    return value;
  };
  return {
    get a() {
      return made(a, 'instance a');
    },
    get b() {
      return made(b, 'instance b');
    },
    get db() {
      return made(db, 'the database');
    },
    setClocks(at: string) {
      made(a, 'instance a').clock.set(at);
      made(b, 'instance b').clock.set(at);
    },
  };
}
