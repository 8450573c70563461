import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types as pgTypes, type PoolClient, type PoolConfig } from 'pg';
import { loadPglite } from './loadPglite';
import { PGliteDialect } from './pgliteDialect';
import type { Database } from './schema';
import { preparedStatementName } from './preparedQuery';
import { TYPE_PARSERS } from './typeParsers';
import { rememberDatabaseHandle } from '../events/databaseHandles';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from './poolSettings';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when given, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory (created if missing), or 'memory' for a throw-away database. */
  dataDir?: string;
  /** PostgreSQL pool size and time-outs; default DEFAULT_POOL_SETTINGS. */
  pool?: Partial<PoolSettings>;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  /** Human description for the start-up log, without credentials. */
  description: string;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const db = createPostgresDatabase({
      connectionString: options.databaseUrl,
      ...poolConfig({ ...DEFAULT_POOL_SETTINGS, ...options.pool }),
    });
    return { db, description: `PostgreSQL at ${redactConnectionString(options.databaseUrl)}` };
  }
  const dataDir = options.dataDir ?? './.data';
  if (dataDir === 'memory') return { db: await createPgliteDatabase(), description: 'PGlite in memory' };
  const absolute = resolve(dataDir);
  mkdirSync(absolute, { recursive: true });
  return { db: await createPgliteDatabase(absolute), description: `PGlite in ${absolute}` };
}

/**
 * PGlite in a directory, or in memory without one; `from` is a data directory dumped by `dumpDataDir` to start
 * from (the tests' migrated and seeded databases). `db.destroy()` closes it.
 */
export async function createPgliteDatabase(dataDir?: string, from?: Blob): Promise<Kysely<Database>> {
  const { PGlite } = loadPglite();
  const pglite = from ? await PGlite.create({ dataDir, loadDataDir: from }) : await PGlite.create(dataDir);
  // Remembered for the live events' LISTEN, which needs PGlite itself (server/events/notifier.ts).
  return rememberDatabaseHandle(new Kysely<Database>({ dialect: new PGliteDialect(pglite) }), { kind: 'pglite', pglite });
}

/** node-postgres pool with the same value parsing as PGlite. `db.destroy()` ends the pool. */
export function createPostgresDatabase(config: PoolConfig): Kysely<Database> {
  const pool = new Pool({
    max: 10,
    ...config,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        (format ?? 'text') === 'text' && TYPE_PARSERS[oid]
          ? TYPE_PARSERS[oid]
          : (pgTypes.getTypeParser(oid, format) as (value: string) => unknown)) as typeof pgTypes.getTypeParser,
    },
  });
  // A connection the server ends (a restart, a failover, an administrator's terminate) emits 'error': from
  // the pool when it was idle, from the connection itself when a request was using it. Without a listener,
  // Node throws the event and the whole process ends. With one, the request in flight fails with the error
  // (its transaction never committed), the pool drops the dead connection and opens a new one when needed.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    nameKeptStatements(client);
  });
  // Remembered for the live events' LISTEN, which needs a dedicated connection (server/events/notifier.ts).
  return rememberDatabaseHandle(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), { kind: 'pg', config, pool });
}

/** SQLSTATE 0A000: here, a kept statement whose `*` now means other columns (a migration ran meanwhile). */
const FEATURE_NOT_SUPPORTED = '0A000';

/**
 * Runs the hot paths' statements (preparedQuery.ts) under a name, so PostgreSQL parses and plans each once per
 * connection instead of on every run; node-postgres sends the parse only the first time on each connection.
 * A kept statement reading `*` fails once a migration changed its table ("cached plan must not change result
 * type"): that run fails as any database error does, and the next one prepares it again under a new name.
 */
function nameKeptStatements(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const renamed = new Map<string, string>();
  let generation = 0;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    const kept = typeof text === 'string' && Array.isArray(values) ? (renamed.get(text) ?? preparedStatementName(text)) : undefined;
    if (kept === undefined || callback !== undefined) return query(text, values, callback);
    return (query({ name: kept, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if ((error as { code?: string }).code === FEATURE_NOT_SUPPORTED) renamed.set(text as string, `${kept}_${++generation}`);
      throw error;
    });
  };
}

/** The pool's own time-outs, and the two PostgreSQL applies to each session (sent when it connects). */
function poolConfig(settings: PoolSettings): PoolConfig {
  return {
    max: settings.max,
    connectionTimeoutMillis: settings.connectionTimeoutMillis,
    idleTimeoutMillis: settings.idleTimeoutMillis,
    statement_timeout: settings.statementTimeoutMillis,
    idle_in_transaction_session_timeout: settings.idleInTransactionTimeoutMillis,
  };
}

function redactConnectionString(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
