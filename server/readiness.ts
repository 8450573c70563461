import { sql, type Kysely } from 'kysely';
import { pendingMigrations } from './db/migrate';
import type { Database } from './db/schema';

/** How long a migrations check is reused: balancers ask every second or so, the answer changes once a deploy. */
export const MIGRATIONS_CHECK_CACHE_MS = 5_000;

/** Why an instance is not ready (GET /api/ready answers 503 with one of these). */
export const NotReadyCode = {
  /** SIGTERM or SIGINT was received: the instance finishes what it has and stops. */
  DRAINING: 'DRAINING',
  /** The database did not answer. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  /** The database lacks migrations this version needs: run `npm run migrate`. */
  MIGRATIONS_PENDING: 'MIGRATIONS_PENDING',
} as const;
export type NotReadyCode = (typeof NotReadyCode)[keyof typeof NotReadyCode];

export type ReadinessVerdict = { ready: true } | { ready: false; errorCode: NotReadyCode; message: string };

/**
 * Whether this instance should be sent traffic: not draining, the database answers, and every migration this
 * version knows has run. Shared by the app and startServer (which starts draining on SIGTERM).
 */
export class Readiness {
  private drainingSince: Date | null = null;
  private migrationsCheck: { at: number; pending: Promise<string[]> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { cacheMs?: number; nowMs?: () => number } = {},
  ) {}

  get draining(): boolean {
    return this.drainingSince !== null;
  }

  /** From now on the instance answers not ready; it cannot be undone (the process is stopping). */
  startDraining(): void {
    this.drainingSince ??= new Date();
  }

  /** Migrations still to run, from a check at most cacheMs old; `fresh` asks the database again. */
  async pendingMigrations(fresh = false): Promise<string[]> {
    const now = (this.options.nowMs ?? Date.now)();
    const cacheMs = this.options.cacheMs ?? MIGRATIONS_CHECK_CACHE_MS;
    if (fresh || !this.migrationsCheck || now - this.migrationsCheck.at >= cacheMs) {
      const pending = pendingMigrations(this.db);
      this.migrationsCheck = { at: now, pending };
      // A failed check is not kept: the next question asks the database again.
      pending.catch(() => {
        if (this.migrationsCheck?.pending === pending) this.migrationsCheck = null;
      });
    }
    return this.migrationsCheck.pending;
  }

  async check(): Promise<ReadinessVerdict> {
    if (this.draining) return notReady('DRAINING', 'This instance is shutting down and takes no new work.');
    try {
      await sql`select 1`.execute(this.db);
    } catch {
      return notReady('DATABASE_UNAVAILABLE', 'The database does not answer.');
    }
    let pending: string[];
    try {
      pending = await this.pendingMigrations();
    } catch {
      return notReady('DATABASE_UNAVAILABLE', 'The database does not answer.');
    }
    if (pending.length > 0) {
      return notReady(
        'MIGRATIONS_PENDING',
        `The database lacks ${pending.length} migration(s) this version needs (first: ${pending[0]}); run npm run migrate.`,
      );
    }
    // Asked again after the wait: a drain that began meanwhile wins.
    if (this.draining) return notReady('DRAINING', 'This instance is shutting down and takes no new work.');
    return { ready: true };
  }
}

function notReady(errorCode: NotReadyCode, message: string): ReadinessVerdict {
  return { ready: false, errorCode, message };
}
