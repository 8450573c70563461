import type { FastifyBaseLogger } from 'fastify';
import { runDueRecurringDeposits, type RecurringRunSummary } from '../domain/recurringDeposits';
import type { MoneyDeps } from '../domain/deposits';
import { settleDueDeposits } from '../domain/settlement';
import { pruneIdempotencyKeys } from '../domain/idempotency';
import type { DepositNotices } from '../domain/depositNotices';

export interface DepositJobsSummary extends RecurringRunSummary {
  settled: number;
  /** Idempotency keys deleted for being older than 24 hours. */
  prunedIdempotencyKeys: number;
}

export interface DepositJobs {
  /** One pass at the deps' clock: settle what is due, run due recurring deposits, prune keys past 24 hours. */
  runOnce: () => Promise<DepositJobsSummary>;
}

/**
 * The background work of deposits. Safe to run from every server instance at once: settlements are claimed
 * by a conditional update and each recurring occurrence by its (schedule, date) row.
 */
export function depositJobs(deps: MoneyDeps, notices: DepositNotices): DepositJobs {
  return {
    async runOnce() {
      // Deposits whose initiated notice a stopped server never made (depositNotices.ts).
      await notices.sweep();
      const settled = await settleDueDeposits(
        deps.db,
        deps.clock.now(),
        undefined,
        deps.providers.moneyMovement,
        deps.providers.mailer,
      ).catch((error: unknown) => {
        deps.metrics?.settlementRun('failed', 0);
        throw error;
      });
      deps.metrics?.settlementRun('completed', settled);
      const recurring = await runDueRecurringDeposits(deps);
      const prunedIdempotencyKeys = await pruneIdempotencyKeys(deps.db, deps.clock.now());
      return { settled, ...recurring, prunedIdempotencyKeys };
    },
  };
}

/** Default pause between two passes of the deposit jobs in a running server. */
export const DEPOSIT_JOBS_INTERVAL_MS = 60_000;

/**
 * Runs the jobs every `intervalMs` (one pass at a time; a failing pass is logged and the next one tries
 * again). `stop` waits for a pass in flight, so the database can be closed after it.
 */
export function startDepositJobs(jobs: DepositJobs, intervalMs: number, log: FastifyBaseLogger): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = jobs
      .runOnce()
      .then((summary) => {
        if (summary.settled || summary.deposited || summary.paused || summary.failed) log.info({ summary }, 'deposit jobs ran');
      })
      .catch((error: unknown) => log.error({ err: error }, 'deposit jobs failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
