import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { databaseHandleOf } from './databaseHandles';
import type { LiveEventMessage } from './liveEventChannel';
import { pgliteNotifier } from './pgliteNotifier';
import { pgNotifier } from './pgNotifier';

export interface NotifierListener {
  /** Every live event published by any instance on the shared database. */
  onMessage: (message: LiveEventMessage) => void;
  /**
   * The listening connection was lost and is being re-established: events may have been missed meanwhile,
   * so the sockets are closed and their clients reconnect and reload what they show.
   */
  onInterrupted: () => void;
}

/**
 * Receives the live events of every server instance. Publishing needs no notifier: it is a pg_notify through
 * the database (publishLiveEvent), so it joins the transaction that made the change.
 */
export interface Notifier {
  readonly kind: 'pglite' | 'pg' | 'none';
  /** Starts listening; resolves once notifications will be received. Call once. */
  listen: (listener: NotifierListener) => Promise<void>;
  /** Stops listening and releases the connection; before the database is closed. */
  close: () => Promise<void>;
}

/** The notifier that fits the database under `db`: PGlite's own listen, or a dedicated node-postgres client. */
export function notifierForDatabase(db: Kysely<Database>, log: FastifyBaseLogger): Notifier {
  const handle = databaseHandleOf(db);
  if (handle?.kind === 'pglite') return pgliteNotifier(db, handle.pglite);
  if (handle?.kind === 'pg') return pgNotifier(handle.config, log);
  return silentNotifier(log);
}

/** For a Kysely made outside openDatabase.ts: nothing to listen with, so sockets open but receive nothing. */
function silentNotifier(log: FastifyBaseLogger): Notifier {
  return {
    kind: 'none',
    async listen() {
      log.warn('live events: the database was not opened by openDatabase, so no events can be received');
    },
    async close() {},
  };
}
