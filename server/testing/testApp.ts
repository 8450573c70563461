import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ApiPaths, CSRF_HEADER, type SessionResponse } from '../../api/contract';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import type { ServerConfig } from '../config';
import { requireWithNodeLoader } from '../db/loadPglite';
import { migrateToLatest } from '../db/migrate';
import { createPgliteDatabase, openDatabase } from '../db/openDatabase';
import type { Database } from '../db/schema';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from '../db/seed';
import { REFRESH_COOKIE } from '../domain/refreshTokens';
import { databaseHandleOf } from '../events/databaseHandles';

// Helpers for server tests. An in-memory PGlite takes seconds to create, so each test file makes one in
// beforeAll and its tests stay independent by not relying on each other's writes.
// With FUNDFLOW_TEST_DATABASE_URL set (a PostgreSQL superuser connection, as test/postgres/withPostgres.ts
// gives), each test file gets a database of its own on that server instead, opened as DATABASE_URL is.

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';
export const CSRF = { [CSRF_HEADER]: 'web' } as const;

/** The moment test apps start at, unless a test says otherwise: Monday 2 March 2026, 10:00 in New York. */
export const TEST_NOW = '2026-03-02T15:00:00Z';

/** The PostgreSQL server the server suite runs on, when it is not run on PGlite. */
export const testDatabaseServerUrl = (): string | undefined => process.env.FUNDFLOW_TEST_DATABASE_URL || undefined;

/** The key under which useTestApp's stand-ins (server/testing/useTestApp.ts) give the real object behind them. */
export const STAND_IN_TARGET = Symbol('the real object behind a stand-in');

/**
 * The real object behind a stand-in, or the value itself. What is looked up by identity (the database's handle
 * for LISTEN and metrics, its connection URL) must get the real database, as it did before files used useTestApp.
 */
export function realObject<T extends object>(value: T): T {
  return ((value as Record<symbol, unknown>)[STAND_IN_TARGET] as T | undefined) ?? value;
}

/** How to reach a test database a second time, as another server process would. */
const connectionUrls = new WeakMap<Kysely<Database>, string>();
let databasesMade = 0;

/** Counts what a test file made (databases by kind, apps), read by the suite's profile (server/testing/setupServer.ts). */
export function countSetUp(what: string): void {
  const holder = globalThis as { fundflowTestSetupCounts?: Record<string, number> };
  const counts = (holder.fundflowTestSetupCounts ??= {});
  counts[what] = (counts[what] ?? 0) + 1;
}

/**
 * An empty database for one test file, through the product's openDatabase: PGlite in memory, or, with
 * FUNDFLOW_TEST_DATABASE_URL, a database created for it on that server. Its `destroy()` closes it, and on
 * PostgreSQL drops the database too.
 */
export async function createTestDatabase(): Promise<Kysely<Database>> {
  const serverUrl = testDatabaseServerUrl();
  if (!serverUrl) return fromPgliteSnapshot('pglite empty', async () => (await openDatabase({ dataDir: 'memory' })).db);
  return createPostgresTestDatabase(serverUrl);
}

/** A database of its own on the test server, empty or a copy of `template`; destroy() drops it. */
async function createPostgresTestDatabase(serverUrl: string, template?: string): Promise<Kysely<Database>> {
  countSetUp(template ? 'postgres database from template' : 'postgres empty database');
  databasesMade += 1;
  const name = `fundflow_test_${process.pid}_${databasesMade}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(serverUrl, (server) =>
    template
      ? sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(server)
      : sql`create database ${sql.id(name)}`.execute(server),
  );
  const url = databaseUrl(serverUrl, name);
  const { db } = await openDatabase({ databaseUrl: url });
  connectionUrls.set(db, url);
  const close = db.destroy.bind(db);
  db.destroy = async () => {
    await close();
    await onServer(serverUrl, (server) => sql`drop database if exists ${sql.id(name)} with (force)`.execute(server));
  };
  return db;
}

/**
 * An empty database for a server the test starts itself (startServer): a new database on the PostgreSQL test
 * server, or PGlite in memory. `drop()` removes it once the server has closed.
 */
export async function emptyServerDatabase(): Promise<{ options: { databaseUrl?: string; dataDir?: string }; drop: () => Promise<void> }> {
  const serverUrl = testDatabaseServerUrl();
  if (!serverUrl) return { options: { dataDir: 'memory' }, drop: async () => undefined };
  databasesMade += 1;
  const name = `fundflow_test_${process.pid}_${databasesMade}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(serverUrl, (server) => sql`create database ${sql.id(name)}`.execute(server));
  return {
    options: { databaseUrl: databaseUrl(serverUrl, name) },
    drop: () =>
      onServer(serverUrl, (server) => sql`drop database if exists ${sql.id(name)} with (force)`.execute(server)).then(() => undefined),
  };
}

async function onServer<T>(serverUrl: string, run: (server: Kysely<Database>) => Promise<T>): Promise<T> {
  const server = (await openDatabase({ databaseUrl: serverUrl })).db;
  try {
    return await run(server);
  } finally {
    await server.destroy();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A second handle on a test database, as a second server process would have: its own connection pool on
 * PostgreSQL. PGlite in memory cannot be opened twice, so there it is the same handle, and closing it is
 * left to whoever made the database.
 */
export async function openAnotherHandle(db: Kysely<Database>): Promise<{ db: Kysely<Database>; close: () => Promise<void> }> {
  const url = connectionUrls.get(realObject(db));
  if (!url) return { db, close: async () => undefined };
  const another = (await openDatabase({ databaseUrl: url })).db;
  return { db: another, close: () => another.destroy() };
}

/** Demo data is dated relative to `now` (deposit history, recurring dates), so it matches the test clock. */
export async function createSeededTestDatabase(now: string = TEST_NOW): Promise<Kysely<Database>> {
  const make = async () => {
    const db = await createTestDatabase();
    await migrateToLatest(db);
    await seedDemoDataIfEmpty(db, new Date(now));
    return db;
  };
  const serverUrl = testDatabaseServerUrl();
  if (!serverUrl) return fromPgliteSnapshot(`pglite seeded ${now}`, make);
  return createPostgresTestDatabase(serverUrl, await seededTemplate(serverUrl, now));
}

/** What this jest worker keeps between test files (server/testing/workerDatabases.cjs says why). */
const workerDatabases = requireWithNodeLoader<Map<string, Promise<Blob | string>>>('../testing/workerDatabases.cjs');

/**
 * The name of this worker's migrated and seeded template database for `now`, made the first time it is asked
 * for. Left on the throw-away test server (test/postgres/withPostgres.ts removes the whole cluster).
 */
function seededTemplate(serverUrl: string, now: string): Promise<string> {
  const key = `postgres seeded ${now}`;
  const known = workerDatabases.get(key) as Promise<string> | undefined;
  if (known) return known;
  const made = (async () => {
    countSetUp('postgres template built');
    // Per worker, not per file: the name must differ from the templates of earlier test files.
    const name = `fundflow_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await onServer(serverUrl, (server) => sql`create database ${sql.id(name)}`.execute(server));
    // Its own pool, ended before any copy: PostgreSQL copies a template only while nobody is connected to it.
    const { db } = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
    try {
      await migrateToLatest(db);
      await seedDemoDataIfEmpty(db, new Date(now));
    } finally {
      await db.destroy();
    }
    return name;
  })();
  workerDatabases.set(key, made);
  made.catch(() => workerDatabases.delete(key));
  return made;
}

/**
 * A PGlite in memory loaded from the worker's snapshot under `key`; the first time, `make()` builds the
 * database, which is dumped for the next test files and returned as it is.
 */
async function fromPgliteSnapshot(key: string, make: () => Promise<Kysely<Database>>): Promise<Kysely<Database>> {
  const snapshot = workerDatabases.get(key) as Promise<Blob> | undefined;
  if (snapshot) {
    countSetUp(`${key}: from snapshot`);
    return createPgliteDatabase(undefined, await snapshot);
  }
  countSetUp(`${key}: built`);
  const db = await make();
  const handle = databaseHandleOf(db);
  if (handle?.kind === 'pglite') {
    // A checkpoint first: a dump of a running PGlite is loaded as a crashed server, which replays the WAL written
    // since the last checkpoint (the migrations and the seed, about 3 MB) in every test file that loads it. After
    // the checkpoint there is next to nothing to replay. It changes no data.
    await handle.pglite.exec('checkpoint');
    // Awaited before the test uses the database, so the dump holds exactly what make() left.
    const dump = handle.pglite.dumpDataDir('none');
    workerDatabases.set(key, dump);
    await dump.catch(() => workerDatabases.delete(key));
  }
  return db;
}

/** An app on the given database with a settable clock; its log lines (warn and up) are collected, not printed. */
/**
 * The app with a stand-in build (an index.html that loads /assets/main.js) for the duration of a describe block:
 * for tests of what the server does with pages and files. `app()` is ready once beforeAll ran.
 */
export function useAppWithFakeBuild(db: () => Kysely<Database>): { app: () => FastifyInstance } {
  let distDir = '';
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    distDir = mkdtempSync(path.join(tmpdir(), 'fundflow-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Fundflow</title><script defer src="/assets/main.js"></script>');
    mkdirSync(path.join(distDir, 'assets'));
    writeFileSync(path.join(distDir, 'assets', 'main.js'), 'console.log("app")');
    app = buildTestApp(db(), { config: { distDir } }).app;
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(distDir, { recursive: true, force: true });
  });
  return {
    app: () => {
      if (!app) throw new Error('useAppWithFakeBuild: the app is ready only inside tests');
      return app;
    },
  };
}

export function buildTestApp(db: Kysely<Database>, options: { config?: Partial<ServerConfig>; now?: string } = {}) {
  countSetUp('app');
  db = realObject(db);
  const clock = manualClock(options.now ?? TEST_NOW);
  const logs: string[] = [];
  const app = buildApp({
    db,
    clock,
    config: {
      mode: 'sandbox',
      authSecret: TEST_AUTH_SECRET,
      distDir: null,
      logLevel: 'warn',
      logStream: { write: (line) => void logs.push(line) },
      ...options.config,
    },
  });
  return { app, clock, logs };
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  session: SessionResponse;
  response: LightMyRequestResponse;
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: ApiPaths.login, headers: CSRF, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const session = response.json<SessionResponse>();
  return { accessToken: session.accessToken, refreshToken: refreshCookieOf(response)?.value ?? '', session, response };
}

export function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
