import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { Mutex } from './mutex';
import { TYPE_PARSERS } from './typeParsers';

/**
 * Kysely over PGlite. PGlite is one in-process connection, so the driver hands that connection to one
 * holder at a time: a plain query holds it for one statement, a transaction from BEGIN to COMMIT/ROLLBACK.
 * Consequence: inside `db.transaction().execute(trx => ...)` use `trx`, never `db`, or the call waits forever.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private release: (() => void) | null = null;

  constructor(private readonly pglite: PGlite) {
    // Our value parsers go into the instance's own table once. Passed with each query instead, PGlite copies
    // its whole table (some 370 parsers) on every call: about half a millisecond per query.
    Object.assign(pglite.parsers, TYPE_PARSERS);
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.lock();
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : null,
      settings.accessMode ?? null,
    ].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(modes.length ? `begin transaction ${modes.join(', ')}` : 'begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the connection (a query in flight) before closing the database under it.
    const release = await this.mutex.lock();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Values are parsed with TYPE_PARSERS, installed on the instance by the driver.
    const result = await this.pglite.query<R>(compiledQuery.sql, compiledQuery.parameters.map(toPgliteParameter), { rowMode: 'object' });
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // PGlite has no cursors over its wire; a "stream" is the whole result in one chunk.
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery);
  }
}

/**
 * Dates go over as ISO strings, which PostgreSQL reads into timestamptz exactly. PGlite recognises a Date
 * parameter with `instanceof`, which fails for a Date from another realm (jest's sandbox; see loadPglite).
 */
function toPgliteParameter(value: unknown): unknown {
  if (Object.prototype.toString.call(value) === '[object Date]') return (value as Date).toISOString();
  return value;
}
