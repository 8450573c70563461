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
import { prepareValue } from 'pg/lib/utils';
import { loadPglite } from './loadPglite';
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
    const modes = [settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : null, settings.accessMode ?? null].filter(
      Boolean,
    );
    (connection as PGliteConnection).deferUntilNextStatement(modes.length ? `begin transaction ${modes.join(', ')}` : 'begin');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).endTransaction('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).endTransaction('rollback');
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

/** Data statements are kept prepared under a name, up to this many; any others are parsed on every run. */
const MAX_PREPARED_STATEMENTS = 500;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const SAVEPOINT = /^\s*savepoint\s+("?\w+"?)\s*$/i;
const ROLLBACK_TO_SAVEPOINT = /^\s*rollback\s+to\s+savepoint\s+("?\w+"?)\s*$/i;
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate|comment|grant|revoke)\b/i;

/**
 * One statement per call into PGlite. `pglite.query()` makes six calls per statement (parse, describe the
 * parameters, bind, describe, execute, sync), each through its protocol parser and the WebAssembly main loop;
 * here one message carries them all, and data statements are prepared once under a name and only bound and
 * executed afterwards, as node-postgres does with named queries. Parameters are converted exactly as
 * node-postgres converts them (`prepareValue`) and sent as text for PostgreSQL to type, so a value means the
 * same on both databases.
 */
class PGliteConnection implements DatabaseConnection {
  private readonly prepared = new Map<string, string>();
  private nextStatement = 0;
  /**
   * BEGIN and SAVEPOINT wait to go with the next statement, in the same call: nothing else can use the
   * connection in between (the driver hands it to one holder at a time), so the effect is the same.
   */
  private deferred: string[] = [];

  constructor(private readonly pglite: PGlite) {}

  deferUntilNextStatement(sql: string): void {
    this.deferred.push(sql);
  }

  /** COMMIT or ROLLBACK; a transaction that never ran a statement was never begun, and ends without a call. */
  async endTransaction(sql: 'commit' | 'rollback'): Promise<void> {
    const begun = this.deferred.length === 0 || !/^begin\b/.test(this.deferred[0]);
    this.deferred = [];
    if (begun) await this.executeQuery(CompiledQuery.raw(sql));
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql } = compiledQuery;
    if (compiledQuery.parameters.length === 0) {
      if (SAVEPOINT.test(sql)) {
        this.deferred.push(sql);
        return { rows: [] };
      }
      // Back to a savepoint that was never sent: nothing ran after it, there is nothing to undo.
      const rollbackTo = ROLLBACK_TO_SAVEPOINT.exec(sql);
      if (rollbackTo && this.deferred.some((deferred) => SAVEPOINT.exec(deferred)?.[1] === rollbackTo[1])) {
        this.deferred = this.deferred.slice(
          0,
          this.deferred.findIndex((deferred) => SAVEPOINT.exec(deferred)?.[1] === rollbackTo[1]),
        );
        return { rows: [] };
      }
    }
    const values = compiledQuery.parameters.map(prepareValue) as (string | Uint8Array | null)[];
    let name = this.prepared.get(sql);
    const fresh = name === undefined && PREPARABLE.test(sql) && this.prepared.size < MAX_PREPARED_STATEMENTS;
    if (fresh) name = `ff_${++this.nextStatement}`;
    const { serialize } = pgliteModule().protocol;
    const parts: Uint8Array[] = this.deferred.map((deferred) => serialize.query(deferred));
    this.deferred = [];
    if (name === undefined || fresh) parts.push(serialize.parse({ name: name ?? '', text: sql }));
    parts.push(
      serialize.bind({ statement: name ?? '', values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );

    let messages: Awaited<ReturnType<PGlite['execProtocolStream']>>;
    try {
      messages = await this.run(concatBytes(parts));
    } catch (error) {
      // A failed first run may have left the named statement prepared: close it, the name is not reused.
      if (fresh) await this.run(concatBytes([serialize.close({ type: 'S', name: name! }), serialize.sync()])).catch(() => undefined);
      else if (name !== undefined && (error as { code?: string }).code === INVALID_SQL_STATEMENT_NAME) this.prepared.delete(sql);
      throw error;
    }
    if (fresh) this.prepared.set(sql, name!);
    else if (name === undefined && SCHEMA_CHANGE.test(sql)) await this.forgetPrepared();

    // Values are parsed with TYPE_PARSERS, installed on the instance by the driver.
    const results = pgliteModule().parse.parseResults(messages, this.pglite.parsers, { rowMode: 'object' });
    const result = results[results.length - 1];
    return {
      rows: result.rows as R[],
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  // PGlite has no cursors over its wire; a "stream" is the whole result in one chunk.
  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiledQuery);
  }

  /** After a schema change, statements prepared against the old tables are dropped (a `select *` would fail). */
  private async forgetPrepared(): Promise<void> {
    if (this.prepared.size === 0) return;
    this.prepared.clear();
    const { serialize } = pgliteModule().protocol;
    await this.run(concatBytes([serialize.query('deallocate all')]));
  }

  /** One protocol message through PGlite's own query lock, its errors thrown as DatabaseError (with `code`). */
  private run(message: Uint8Array) {
    return this.pglite._runExclusiveQuery(() => this.pglite.execProtocolStream(message, { syncToFs: !this.pglite.isInTransaction() }));
  }
}

/** SQLSTATE 26000: the named statement is not there (a `deallocate` ran). */
const INVALID_SQL_STATEMENT_NAME = '26000';

let loadedModule: ReturnType<typeof loadPglite> | null = null;
const pgliteModule = () => (loadedModule ??= loadPglite());

function concatBytes(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
