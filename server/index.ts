import { parseSandboxNow } from './clock';
import { MIN_AUTH_SECRET_LENGTH, parseMode, parseSettlementSpeed } from './config';
import { DEMO_LOGINS, DEMO_PASSWORD } from './db/seed';
import { startServer, type RunningServer } from './main';
import { metricsFromEnvironment } from './observability/observability';

// Boots the funding API from environment variables; all the work is in main.ts and app.ts.
//   PORT           default 3000
//   HOST           default 127.0.0.1 (only this machine can connect; set 0.0.0.0 in a container)
//   DATA_DIR       PGlite data directory, default ./.data ('memory' for a throw-away database)
//   DATABASE_URL   PostgreSQL instead of PGlite
//   DIST_DIR       built web app, default ./dist
//   LOG_LEVEL      pino level, default info
//   FUNDFLOW_MODE  sandbox (default) or live; live refuses demo logins, and refuses to start unless every
//                  external service is live (see "Live mode" in server/README.md)
//   AUTH_SECRET    access-token signing key (32+ characters); default: a random one kept in the database
//   PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV (sandbox|production), PLAID_REDIRECT_URI   live Plaid when set
//   STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY                                           live Stripe when set
//   SMARTY_AUTH_ID, SMARTY_AUTH_TOKEN, GOOGLE_PLACES_API_KEY, CRYPTO_CUSTODY_URL, CRYPTO_CUSTODY_API_KEY   likewise
//   SANDBOX_LINK_TOKEN_TTL_SECONDS   lifetime of sandbox bank-login link tokens (default 4 hours)
//   SETTLEMENT_SPEED   how much faster than real time bank deposits settle (default 1; 1440: a day per minute)
//   FUNDFLOW_SANDBOX_NOW   sandbox only: the clock starts at this ISO instant and runs on (e.g. 2026-11-26T15:00:00Z)
//   FUNDFLOW_CONFIG_FILE   flags and market restrictions over the app_config table, read when it changes
//                          (default ./fundflow.config.json when that file exists; see README)
//   METRICS_PORT   serve GET /metrics on this port of its own (same interface as HOST); default: not served
//   METRICS_TOKEN  serve GET /metrics on PORT too, to Authorization: Bearer <token> only (16+ characters)

const SHUTDOWN_GRACE_MS = 10_000;

async function boot(): Promise<void> {
  const mode = parseMode(process.env.FUNDFLOW_MODE);
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  const authSecret = process.env.AUTH_SECRET || undefined;
  if (authSecret !== undefined && authSecret.length < MIN_AUTH_SECRET_LENGTH) {
    throw new Error(`AUTH_SECRET must be at least ${MIN_AUTH_SECRET_LENGTH} characters long`);
  }

  const server = await startServer({
    port,
    host: process.env.HOST || '127.0.0.1',
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
    distDir: process.env.DIST_DIR,
    logLevel: process.env.LOG_LEVEL || undefined,
    live: mode === 'live',
    authSecret,
    // The vendor keys (PLAID_*, STRIPE_*, SMARTY_*, GOOGLE_PLACES_API_KEY, CRYPTO_CUSTODY_*); see server/README.md.
    providerEnvironment: process.env,
    linkTokenTtlSeconds: process.env.SANDBOX_LINK_TOKEN_TTL_SECONDS ? Number(process.env.SANDBOX_LINK_TOKEN_TTL_SECONDS) : undefined,
    settlementSpeed: parseSettlementSpeed(process.env.SETTLEMENT_SPEED),
    trustProxy: process.env.TRUST_PROXY === 'true',
    configFile: process.env.FUNDFLOW_CONFIG_FILE || 'fundflow.config.json',
    sandboxNow: parseSandboxNow(process.env.FUNDFLOW_SANDBOX_NOW),
    metrics: metricsFromEnvironment(process.env),
  });
  printBanner(server.url, mode, process.env.FUNDFLOW_SANDBOX_NOW);
  stopOnSignals(server);
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

function stopOnSignals(server: RunningServer): void {
  const stop = (signal: string) => {
    console.log(`\n${signal} received, stopping Fundflow...`);
    // A stuck connection must not keep the process alive for ever.
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
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
  console.error(`Fundflow could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
