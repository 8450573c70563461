import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { shiftedClock, systemClock } from './clock';
import type { FundflowMode } from './config';
import { upsertInstitutionDirectory } from './db/institutionDirectory';
import { migrateToLatest } from './db/migrate';
import { openDatabase } from './db/openDatabase';
import { addMissingDemoCustomers, seedDemoDataIfEmpty } from './db/seed';
import { getOrCreateAuthSecret } from './db/serverSecrets';
import { DEPOSIT_JOBS_INTERVAL_MS, startDepositJobs } from './jobs/depositJobs';
import { assertLiveModeReady, providersForMode, type LiveModeSettings, type SuppliedLiveProviders } from './liveMode';
import type { ProviderEnvironment } from './providers';
import type { MetricsConfig } from './observability/observability';

export interface StartServerOptions {
  /** TCP port; 0 picks a free one (the answer tells which). Default 3000. */
  port?: number;
  /** Interface to listen on. Default 127.0.0.1 (this machine only); use 0.0.0.0 in a container. */
  host?: string;
  /** PGlite data directory, created if missing, or 'memory'. Default ./.data. Ignored with databaseUrl. */
  dataDir?: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** Built web app to serve. Default ./dist; '' serves none (the dev server serves the app). */
  distDir?: string;
  /** Add the demo customers when the database has no users. Default: true in sandbox mode, false in live mode. */
  seed?: boolean;
  /** pino level. Default info (warn under NODE_ENV=test). */
  logLevel?: string;
  /** Live mode: real providers, demo logins refused. Default false (sandbox). */
  live?: boolean;
  /** Access-token signing secret (AUTH_SECRET). Default: a random secret made once and kept in the database. */
  authSecret?: string;
  /**
   * Vendor keys (PLAID_CLIENT_ID, PLAID_SECRET, PLAID_ENV, PLAID_REDIRECT_URI, STRIPE_SECRET_KEY,
   * STRIPE_PUBLISHABLE_KEY). A vendor whose keys are absent runs on its sandbox. Default: none (all sandbox).
   */
  providerEnvironment?: ProviderEnvironment;
  /**
   * Live mode: the seams with no built-in live vendor (money movement, account verification, mail delivery), given
   * by the code that starts the server. Live mode refuses to start without them (server/liveMode.ts).
   */
  liveProviders?: SuppliedLiveProviders;
  /** Lifetime of sandbox partner link tokens in seconds (default 4 hours, as Plaid's). */
  linkTokenTtlSeconds?: number;
  /** How much faster than real time bank deposits are sent and settle (SETTLEMENT_SPEED); default 1. */
  settlementSpeed?: number;
  /** Pause between two passes of the deposit jobs (settlement, recurring deposits); 0 turns them off. Default 60 s. */
  depositJobsIntervalMs?: number;
  /** JSON file of flags and market restrictions over the app_config table (FUNDFLOW_CONFIG_FILE); default none. */
  configFile?: string;
  /**
   * Behind a load balancer (TRUST_PROXY=true): take the client's address and host from X-Forwarded-*, so the
   * per-address sign-in limit counts each client, not the balancer. Default false.
   */
  trustProxy?: boolean;
  /**
   * Sandbox only (FUNDFLOW_SANDBOX_NOW): the server's clock starts at this instant and runs forward from it.
   * Refused in live mode.
   */
  sandboxNow?: Date;
  /** METRICS_TOKEN / METRICS_PORT (server/observability/observability.ts); the metrics port listens on `host` unless told. */
  metrics?: MetricsConfig;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  /** Stops listening, lets requests in flight finish, then closes the database. Safe to call twice. */
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const mode: FundflowMode = options.live ? 'live' : 'sandbox';
  if (options.sandboxNow && mode === 'live') throw new Error('FUNDFLOW_SANDBOX_NOW is for the sandbox only: live mode runs on real time.');
  const providerSettings: LiveModeSettings = { databaseUrl: options.databaseUrl, authSecret: options.authSecret, env: options.providerEnvironment ?? {}, supplied: options.liveProviders };
  // Before the database is opened and long before listening: live mode is complete or does not start.
  if (mode === 'live') assertLiveModeReady(providerSettings);
  const clock = options.sandboxNow ? shiftedClock(options.sandboxNow) : systemClock;
  const host = options.host ?? '127.0.0.1';
  const { db, description } = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });

  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(db);
    await upsertInstitutionDirectory(db);
    const seedDemo = options.seed ?? mode === 'sandbox';
    const seeded = seedDemo ? await seedDemoDataIfEmpty(db, clock.now()) : false;
    // A demo database from an earlier version gets the demo customers added since it was made.
    const addedDemoCustomers = seedDemo && !seeded ? await addMissingDemoCustomers(db) : [];
    const authSecret = options.authSecret ?? (await getOrCreateAuthSecret(db, clock));
    app = buildApp({
      db,
      clock,
      providers: providersForMode(mode, providerSettings, { db, clock, linkTokenTtlSeconds: options.linkTokenTtlSeconds }),
      config: {
        linkTokenTtlSeconds: options.linkTokenTtlSeconds,
        settlementSpeed: options.settlementSpeed,
        configFile: options.configFile ?? null,
        trustProxy: options.trustProxy ?? false,
        mode,
        authSecret,
        distDir: options.distDir === undefined ? './dist' : options.distDir || null,
        logLevel: options.logLevel ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
        metrics: options.metrics ? { host, ...options.metrics } : undefined,
      },
    });
    await app.listen({ port: options.port ?? 3000, host });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://${publicHost(host)}:${port}`;
    app.log.info({ url, mode, database: description, seeded, addedDemoCustomers }, 'Fundflow API listening');

    const running = app;
    const intervalMs = options.depositJobsIntervalMs ?? DEPOSIT_JOBS_INTERVAL_MS;
    const jobs = intervalMs > 0 ? startDepositJobs(app.depositJobs, intervalMs, app.log) : null;
    let closing: Promise<void> | undefined;
    return {
      url,
      port,
      app: running,
      close: () =>
        (closing ??= (async () => {
          try {
            await jobs?.stop();
            await running.close();
          } finally {
            await db.destroy();
          }
        })()),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw error;
  }
}

/** The address to print for a wildcard listen: the server is reachable on this machine at loopback. */
function publicHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '::1') return '[::1]';
  return host;
}
