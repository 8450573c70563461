import { shiftedClock, parseSandboxNow, systemClock } from './clock';
import { parseMode } from './config';
import { openDatabase } from './db/openDatabase';
import { DEFAULT_POOL_SETTINGS, poolSettingsFromEnvironment } from './db/poolSettings';
import { prepareDatabase } from './db/prepare';

// `npm run migrate`: prepares the database named by the environment and exits; run it once per deploy, before
// the new instances start (instances never migrate unless FUNDFLOW_MIGRATE_ON_START=true).
//   DATABASE_URL          PostgreSQL; else the PGlite directory DATA_DIR (default ./.data; no server may have it open)
//   FUNDFLOW_MODE         sandbox (default): the demo customers are added to an empty database; live: never
//   FUNDFLOW_SANDBOX_NOW  sandbox only: the demo data is dated from this instant, as the server's clock would be
//   DATABASE_*            pool settings as for the server, except that statements have no time limit by default
//                         (a migration may rebuild a big table); DATABASE_STATEMENT_TIMEOUT_MS sets one
// Safe to run twice and from two places at once: Kysely's migrator takes a lock and skips what has run.

async function migrate(): Promise<void> {
  const mode = parseMode(process.env.FUNDFLOW_MODE);
  const sandboxNow = parseSandboxNow(process.env.FUNDFLOW_SANDBOX_NOW);
  if (sandboxNow && mode === 'live') throw new Error('FUNDFLOW_SANDBOX_NOW is for the sandbox only.');
  const clock = sandboxNow ? shiftedClock(sandboxNow) : systemClock;
  const pool = poolSettingsFromEnvironment(process.env, {
    ...DEFAULT_POOL_SETTINGS,
    statementTimeoutMillis: 0,
    idleInTransactionTimeoutMillis: 0,
    max: 2,
  });
  const { db, description } = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || undefined,
    pool,
  });
  try {
    const prepared = await prepareDatabase(db, { mode, now: clock.now() });
    const ran = prepared.migrated.length
      ? `ran ${prepared.migrated.length} migration(s): ${prepared.migrated.join(', ')}`
      : 'no migration to run';
    const demo = prepared.seeded
      ? '; demo customers added'
      : prepared.addedDemoCustomers.length
        ? `; demo customers added: ${prepared.addedDemoCustomers.join(', ')}`
        : '';
    console.log(`Fundflow database (${description}) is current: ${ran}${demo}.`);
  } finally {
    await db.destroy();
  }
}

migrate().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`Fundflow could not migrate the database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
