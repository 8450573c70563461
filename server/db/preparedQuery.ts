import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * A query of a hot path, built and compiled by Kysely once instead of on every request.
 *
 * Kysely builds a tree of frozen nodes for each query and compiles it to SQL text each time it runs: for the
 * deposit confirm's reads and writes that was about a fifth of the server's CPU per confirm (a read of 48 columns
 * alone is some 200 nodes). A prepared query is built once, with a placeholder in place of each parameter, and
 * compiled once; each run puts the values in the placeholders' places. The SQL text is then the same on every
 * run, which also lets the PGlite driver keep the statement prepared (see pgliteDialect.ts).
 *
 * Rules for `build`, checked where they can be:
 * - use the parameters only as values (in a where, a set, a value list, a `sql` template): never in an `if`,
 *   a length or a key, since the query is built once, with placeholders;
 * - a parameter must not be undefined when the query runs (Kysely leaves an undefined insert value out of the
 *   statement; a prepared one cannot): pass null.
 *
 * Plugins still see each statement (`transformQuery` runs on the prepared tree, as the statement counter of
 * the tests needs); one that rewrites the tree gets it compiled afresh. Both of our dialects compile with
 * Kysely's PostgreSQL compiler, so one compiled text serves both.
 */
export function preparedQuery<Params extends object, Row>(build: (db: Kysely<Database>, params: Params) => Compilable<Row>) {
  let prepared: CompiledQuery<Row> | undefined;
  const prepare = (db: Kysely<Database>): CompiledQuery<Row> => {
    const placeholders = new Proxy({} as Params, {
      get: (_target, name) => (typeof name === 'string' ? new Placeholder(name) : undefined),
    });
    // Built without plugins: a plugin sees the statement when it runs, not when it is prepared.
    const compiled = build(db.withoutPlugins(), placeholders).compile();
    keepPrepared(compiled.sql);
    return compiled;
  };
  return async function run(db: Kysely<Database> | Transaction<Database>, params: Params): Promise<QueryResult<Row>> {
    prepared ??= prepare(db);
    const executor = db.getExecutor();
    const queryId = createQueryId();
    const node = executor.transformQuery(prepared.query, queryId);
    const compiled = node === prepared.query ? prepared : executor.compileQuery<Row>(node, queryId);
    const parameters = compiled.parameters.map((value) => {
      if (!(value instanceof Placeholder)) return value;
      const given = (params as Record<string, unknown>)[value.name];
      if (given === undefined) throw new Error(`preparedQuery: the parameter "${value.name}" is undefined (pass null)`);
      return given;
    });
    return executor.executeQuery<Row>({ ...compiled, parameters, queryId });
  };
}

/** Where a parameter's value goes in a prepared query. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * The SQL texts of prepared queries, each with the name PostgreSQL keeps it prepared under (openDatabase.ts): a
 * named statement is parsed and planned once per connection, then only bound and executed, where an unnamed one
 * is parsed and planned again on every run (about 0.4 ms of the database's CPU for the confirm's read). Only these
 * texts are named, so the statements each connection keeps are the few hot ones, never one per IN-list length.
 */
const keptPrepared = new Map<string, string>();

function keepPrepared(sql: string): void {
  if (!keptPrepared.has(sql)) keptPrepared.set(sql, `ff_prepared_${keptPrepared.size + 1}`);
}

/** The name PostgreSQL keeps `sql` prepared under, or undefined for a statement parsed on every run. */
export function preparedStatementName(sql: string): string | undefined {
  return keptPrepared.get(sql);
}
