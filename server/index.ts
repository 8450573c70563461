import { parseSandboxNow } from './clock';
import { MIN_AUTH_SECRET_LENGTH, parseMode, parseSettlementSpeed } from './config';
import { poolSettingsFromEnvironment } from './db/poolSettings';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';
import { DRAIN_GRACE_MS, startServer, type RunningServer } from './main';
import { metricsFromEnvironment } from './observability/observability';

// Boots the funding API from environment variables; all the work is in main.ts and app.ts.
//   PORT           default 3000
//   HOST           default 127.0.0.1 (only this machine can connect; set 0.0.0.0 in a container)
//   DATA_DIR       PGlite data directory, default ./.data ('memory' for a throw-away database)
//   DATABASE_URL   PostgreSQL instead of PGlite
//   DIST_DIR       built web app, default ./dist
//   LOG_LEVEL      pino level, default info
//   FUNDFLOW_MODE  sandbox (default) or live; live refuses demo logins, and refuses to start unless every
//                  external service is live (see "Live mode" in docs/operations.md)
//   AUTH_SECRET    access-token signing key (32+ characters); default: a random one kept in the database
//   PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV (sandbox|production), PLAID_REDIRECT_URI   live Plaid when set
//   STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY                                           live Stripe when set
//   SMARTY_AUTH_ID, SMARTY_AUTH_TOKEN, GOOGLE_PLACES_API_KEY, CRYPTO_CUSTODY_URL, CRYPTO_CUSTODY_API_KEY   likewise
//   SANDBOX_LINK_TOKEN_TTL_SECONDS   lifetime of sandbox bank-login link tokens (default 4 hours)
//   SETTLEMENT_SPEED   how much faster than real time bank deposits settle (default 1; 1440: a day per minute)
//   FUNDFLOW_SANDBOX_NOW   sandbox only: the clock starts at this ISO instant and runs on (e.g. 2026-11-26T15:00:00Z)
//   FUNDFLOW_MIGRATE_ON_START   true: migrate (and seed the sandbox's demo customers) before serving, as the
//                               one-machine `npm start` does; otherwise run `npm run migrate` once per deploy
//   DEPOSIT_JOBS_INTERVAL_MS    pause between passes of settlement and recurring deposits (default 60000; 0 = off)
//   DRAIN_GRACE_MS              on SIGTERM, longest wait for requests in flight (default 10000)
//   DRAIN_DELAY_MS              on SIGTERM, how long to keep serving (not ready) before the listener closes (default 0)
//   DATABASE_POOL_MAX, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS,
//   DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS      PostgreSQL pool (server/db/poolSettings.ts)
//   FUNDFLOW_CONFIG_FILE   flags and market restrictions over the app_config table, read when it changes
//                          (default ./fundflow.config.json when that file exists; see docs/operations.md)
//   METRICS_PORT   serve GET /metrics on this port of its own (same interface as HOST); default: not served
//   METRICS_TOKEN  serve GET /metrics on PORT too, to Authorization: Bearer <token> only (16+ characters)

/** Past the drain's own grace: a stop that hangs anyway (a database that never closes) ends the process. */
const SHUTDOWN_DEADLINE_EXTRA_MS = 5_000;

async function boot(): Promise<void> {
  const mode = parseMode(process.env.FUNDFLOW_MODE);
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  const authSecret = process.env.AUTH_SECRET || undefined;
  if (authSecret !== undefined && authSecret.length < MIN_AUTH_SECRET_LENGTH) {
    throw new Error(`AUTH_SECRET must be at least ${MIN_AUTH_SECRET_LENGTH} characters long`);
  }

  const drainGraceMs = wholeNumber('DRAIN_GRACE_MS', DRAIN_GRACE_MS);
  const drainDelayMs = wholeNumber('DRAIN_DELAY_MS', 0);
  const depositJobsIntervalMs = process.env.DEPOSIT_JOBS_INTERVAL_MS ? wholeNumber('DEPOSIT_JOBS_INTERVAL_MS', 0) : undefined;
  // Signals are handled from the start: a server still waiting for migrations stops too.
  const stopping = new AbortController();
  let server: RunningServer | undefined;
  stopOnSignals(() => server, stopping, drainGraceMs, drainDelayMs);

  server = await startServer({
    migrate: process.env.FUNDFLOW_MIGRATE_ON_START === 'true',
    pool: poolSettingsFromEnvironment(process.env),
    depositJobsIntervalMs,
    drainDelayMs,
    signal: stopping.signal,
    port,
    host: process.env.HOST || '127.0.0.1',
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
    distDir: process.env.DIST_DIR,
    logLevel: process.env.LOG_LEVEL || undefined,
    live: mode === 'live',
    authSecret,
    // The vendor keys (PLAID_*, STRIPE_*, SMARTY_*, GOOGLE_PLACES_API_KEY, CRYPTO_CUSTODY_*); see docs/operations.md.
    providerEnvironment: process.env,
    linkTokenTtlSeconds: process.env.SANDBOX_LINK_TOKEN_TTL_SECONDS ? Number(process.env.SANDBOX_LINK_TOKEN_TTL_SECONDS) : undefined,
    settlementSpeed: parseSettlementSpeed(process.env.SETTLEMENT_SPEED),
    trustProxy: process.env.TRUST_PROXY === 'true',
    configFile: process.env.FUNDFLOW_CONFIG_FILE || 'fundflow.config.json',
    sandboxNow: parseSandboxNow(process.env.FUNDFLOW_SANDBOX_NOW),
    metrics: metricsFromEnvironment(process.env),
  });
  if (stopping.signal.aborted) {
    // The signal came while the database was being prepared: stop now that there is a server to stop.
    await server.close({ graceMs: drainGraceMs });
    process.exit(0);
  }
  printBanner(server.url, mode, process.env.FUNDFLOW_SANDBOX_NOW);
}

function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds, not "${raw}"`);
  return value;
}

function printBanner(url: string, mode: string, sandboxNow: string | undefined): void {
  const lines = [``, `Fundflow is running at ${url}  (mode: ${mode})`, ``];
  if (sandboxNow) lines.push(`The server's clock started at ${sandboxNow} and runs on from there (FUNDFLOW_SANDBOX_NOW).`, ``);
  if (mode === 'sandbox') {
    const width = Math.max(...DEMO_LOGINS.map((login) => login.email.length));
    lines.push(`Demo logins (password for all: ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) lines.push(`  ${login.email.padEnd(width)}  ${login.description}`);
  } else {
    lines.push('Live mode: demo logins are disabled.');
  }
  lines.push('', 'Press Ctrl-C to stop.', '');
  console.log(lines.join('\n'));
}

/**
 * SIGTERM (an orchestrator's stop, a rolling deploy) and SIGINT (Ctrl-C) drain the server: not ready at once,
 * no new connections, requests in flight finish, live-event sockets go away, jobs stop, the pool closes, exit 0.
 */
function stopOnSignals(current: () => RunningServer | undefined, stopping: AbortController, graceMs: number, drainDelayMs: number): void {
  const stop = (signal: string) => {
    console.log(`\n${signal} received, stopping Fundflow...`);
    setTimeout(
      () => {
        console.error('Shutdown took too long; exiting.');
        process.exit(1);
      },
      drainDelayMs + graceMs + SHUTDOWN_DEADLINE_EXTRA_MS,
    ).unref();
    stopping.abort();
    const server = current();
    // Still starting: startServer sees the abort (or the boot ends below once it returns).
    if (!server) return;
    server.close({ graceMs }).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Error while stopping:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

boot().catch((error: unknown) => {
  // Stopped by a signal while still starting (waiting for migrations): a clean stop.
  if (error instanceof Error && error.name === 'AbortError') process.exit(0);
  console.error(`Fundflow could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
