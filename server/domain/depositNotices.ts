import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { Mailer } from '../providers';
import { listUntoldInitiatedDeposits } from '../repositories/deposits';
import { announceDeposits, dedupeKeyOf } from './notifications';

/**
 * The DEPOSIT_INITIATED notice, made just after the confirm commits instead of inside it: a confirm hands its
 * deposit over with `madeDeposit(id)`, and the notices of every deposit handed over meanwhile are made together,
 * in one transaction of five statements whatever their number (announceDeposits). Under load that costs a confirm
 * a fraction of a statement where doing it inside cost two, and the customer's page hears of it a moment later.
 *
 * Nothing is lost when the server stops between the commit and the batch: the deposit itself records that a
 * notice is owed, and `sweep` (run with the deposit jobs) makes the notices of the last hour's confirmed deposits
 * that have none. The notification's dedupe key makes each one once, whoever gets there first.
 */
export interface DepositNotices {
  /** A confirm made (or answered again) this deposit: its notice is made shortly. */
  madeDeposit: (depositId: string) => void;
  /** Resolves once every deposit handed over so far has been told (tests, and a closing server). */
  flush: () => Promise<void>;
  /** Tells the last hour's confirmed one-time deposits that were not told (a stopped server's). */
  sweep: () => Promise<number>;
}

export interface DepositNoticesDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  /** Where a failed batch is reported; its deposits are told by the next sweep. */
  onError: (error: unknown) => void;
}

/** How long a batch waits for more deposits after the first: short enough to feel live. */
const DEPOSIT_NOTICE_BATCH_MS = 25;
/** How far back the sweep looks for deposits without their notice. */
const SWEEP_WINDOW_MS = 60 * 60 * 1000;

export function depositNotices(deps: DepositNoticesDeps): DepositNotices {
  let waiting = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const tell = (ids: string[]) => deps.db.transaction().execute((trx) => announceDeposits(trx, deps.mailer, ids, deps.clock.now()));

  const runBatch = () => {
    timer = null;
    const ids = [...waiting];
    waiting = new Set();
    if (ids.length === 0) return running;
    running = running.then(() => tell(ids).then(() => undefined, deps.onError));
    return running;
  };

  return {
    madeDeposit(depositId) {
      waiting.add(depositId);
      if (!timer) timer = setTimeout(() => void runBatch(), DEPOSIT_NOTICE_BATCH_MS);
    },
    async flush() {
      if (timer) clearTimeout(timer);
      await runBatch();
    },
    async sweep() {
      const now = deps.clock.now();
      const owed = await listUntoldInitiatedDeposits(
        deps.db,
        new Date(now.getTime() - SWEEP_WINDOW_MS),
        dedupeKeyOf({ kind: 'DEPOSIT_INITIATED', subjectId: '' }),
      );
      if (owed.length === 0) return 0;
      return tell(owed.map((row) => row.id));
    },
  };
}
