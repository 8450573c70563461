import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { ClientConfig, Pool } from 'pg';

/**
 * What lies under a Kysely instance, for the one thing Kysely cannot do: receive notifications. LISTEN needs
 * the engine itself (PGlite's `listen`) or a dedicated connection of its own (node-postgres). openDatabase.ts
 * remembers it here when it creates the database; a Kysely made any other way has none. The node-postgres pool
 * is kept too, for its gauges on /metrics (server/observability/observability.ts).
 */
export type DatabaseHandle = { kind: 'pglite'; pglite: PGlite } | { kind: 'pg'; config: ClientConfig; pool?: Pool };

const handles = new WeakMap<Kysely<any>, DatabaseHandle>();

export function rememberDatabaseHandle<DB>(db: Kysely<DB>, handle: DatabaseHandle): Kysely<DB> {
  // A config that brings its own connection or stream (PGlite's node-postgres adapter in tests) cannot give a
  // second, dedicated connection: a listener on it would talk over the pool's one.
  if (handle.kind === 'pg' && ('connection' in handle.config || handle.config.stream)) return db;
  handles.set(db, handle);
  return db;
}

export function databaseHandleOf(db: Kysely<any>): DatabaseHandle | undefined {
  return handles.get(db);
}
