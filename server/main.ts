import { compileRemainingSchemas } from './http/lazySchemaCompilers';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { shiftedClock, systemClock } from './clock';
import type { FundflowMode } from './config';
import { openDatabase } from './db/openDatabase';
import type { PoolSettings } from './db/poolSettings';
import { prepareDatabase, type PreparedDatabase } from './db/prepare';
import { getOrCreateAuthSecret } from './db/serverSecrets';
import { DEPOSIT_JOBS_INTERVAL_MS, startDepositJobs } from './jobs/depositJobs';
import { assertLiveModeReady, providersForMode, type LiveModeSettings, type SuppliedLiveProviders } from './liveMode';
import type { ProviderEnvironment } from './providers';
import type { MetricsConfig } from './observability/observability';
import { NotReadyCode, Readiness } from './readiness';
import { healthRoutes } from './routes/health';

/** Longest wait for requests in flight when the server stops; then their connections are closed. */
export const DRAIN_GRACE_MS = 10_000;
/** How often an instance on a database that lacks migrations looks again. */
export const MIGRATIONS_POLL_MS = 2_000;

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
  /**
   * Prepare the database before serving: migrations, the bank directory and (sandbox) the demo customers, as
   * `npm run migrate` does. The one-machine start sets it (FUNDFLOW_MIGRATE_ON_START=true), as do the test
   * harnesses. Default false: an instance of a cluster never changes the schema; on a database that lacks
   * migrations it answers /api/health 200 and /api/ready 503 MIGRATIONS_PENDING (every other path 503) until
   * the migrate step has run, then serves.
   */
  migrate?: boolean;
  /** PostgreSQL pool size and time-outs (DATABASE_POOL_MAX, DATABASE_*_TIMEOUT_MS); default DEFAULT_POOL_SETTINGS. */
  pool?: Partial<PoolSettings>;
  /**
   * On a drain, how long the instance keeps serving after /api/ready turned 503, before it closes its listener
   * (DRAIN_DELAY_MS; default 0): room for balancers that only learn from their probes (Kubernetes endpoints) to
   * stop sending it traffic. HAProxy needs none: a refused connection is retried on another server.
   */
  drainDelayMs?: number;
  /** How often a server waiting for migrations looks again (default 2 s). */
  migrationsPollMs?: number;
  /** Aborting it ends a wait for migrations (a SIGTERM before the server was ever ready): startServer rejects. */
  signal?: AbortSignal;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  /**
   * Drains and stops (SIGTERM): /api/ready answers 503 DRAINING at once, the listener closes (after drainDelayMs),
   * requests in flight finish (at most `graceMs`, default DRAIN_GRACE_MS, after which their connections are closed), live-event
   * sockets are closed with 1001 going away so their pages reconnect through the balancer to another instance,
   * the deposit jobs stop after their pass, then the database closes. Safe to call twice.
   */
  close: (options?: { graceMs?: number }) => Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const mode: FundflowMode = options.live ? 'live' : 'sandbox';
  if (options.sandboxNow && mode === 'live') throw new Error('FUNDFLOW_SANDBOX_NOW is for the sandbox only: live mode runs on real time.');
  const providerSettings: LiveModeSettings = {
    databaseUrl: options.databaseUrl,
    authSecret: options.authSecret,
    env: options.providerEnvironment ?? {},
    supplied: options.liveProviders,
  };
  // Before the database is opened and long before listening: live mode is complete or does not start.
  if (mode === 'live') assertLiveModeReady(providerSettings);
  const clock = options.sandboxNow ? shiftedClock(options.sandboxNow) : systemClock;
  const host = options.host ?? '127.0.0.1';
  const logLevel = options.logLevel ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info');
  const { db, description } = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, pool: options.pool });
  const readiness = new Readiness(db);

  let app: FastifyInstance | undefined;
  try {
    let port = options.port ?? 3000;
    let prepared: PreparedDatabase | null = null;
    if (options.migrate) {
      prepared = await prepareDatabase(db, { mode, now: clock.now(), seed: options.seed });
    } else if ((await readiness.pendingMigrations(true)).length > 0) {
      port = await serveNotReadyUntilMigrated({
        readiness,
        mode,
        port,
        host,
        logLevel,
        pollMs: options.migrationsPollMs ?? MIGRATIONS_POLL_MS,
        signal: options.signal,
      });
    }
    const authSecret = options.authSecret ?? (await getOrCreateAuthSecret(db, clock));
    app = buildApp({
      db,
      clock,
      readiness,
      providers: providersForMode(mode, providerSettings, { db, clock, linkTokenTtlSeconds: options.linkTokenTtlSeconds }),
      config: {
        linkTokenTtlSeconds: options.linkTokenTtlSeconds,
        settlementSpeed: options.settlementSpeed,
        configFile: options.configFile ?? null,
        trustProxy: options.trustProxy ?? false,
        mode,
        authSecret,
        distDir: options.distDir === undefined ? './dist' : options.distDir || null,
        logLevel,
        metrics: options.metrics ? { host, ...options.metrics } : undefined,
      },
    });
    await app.listen({ port, host });
    ({ port } = app.server.address() as AddressInfo);
    const url = `http://${publicHost(host)}:${port}`;
    app.log.info(
      {
        url,
        mode,
        database: description,
        migrated: prepared?.migrated,
        seeded: prepared?.seeded,
        addedDemoCustomers: prepared?.addedDemoCustomers,
      },
      'Fundflow API listening',
    );

    // What the first requests did not compile yet is compiled now, a slice at a time between requests.
    const running = app;
    const compiling = new AbortController();
    void compileRemainingSchemas(running.pendingSchemaCompiles, { signal: compiling.signal }).catch((error: unknown) =>
      running.log.error({ err: error }, 'a route schema failed to compile'),
    );
    const intervalMs = options.depositJobsIntervalMs ?? DEPOSIT_JOBS_INTERVAL_MS;
    const jobs = intervalMs > 0 ? startDepositJobs(app.depositJobs, intervalMs, app.log) : null;
    let closing: Promise<void> | undefined;
    const drain = async (graceMs: number) => {
      readiness.startDraining();
      compiling.abort();
      running.log.info({ graceMs, delayMs: options.drainDelayMs ?? 0 }, 'draining: not ready; finishing requests in flight');
      if (options.drainDelayMs) await sleep(options.drainDelayMs);
      try {
        await Promise.all([jobs?.stop(), closeWithinGrace(running, graceMs)]);
      } finally {
        await db.destroy();
      }
    };
    return {
      url,
      port,
      app: running,
      close: (closeOptions = {}) => (closing ??= drain(closeOptions.graceMs ?? DRAIN_GRACE_MS)),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    throw error;
  }
}

/**
 * Fastify's close (no new connections; live-event sockets closed going away; the onClose hooks), waiting for
 * requests in flight at most `graceMs`. A keep-alive connection whose request finished during the drain is
 * closed as soon as it is idle, so it does not hold the stop for the keep-alive time-out.
 */
async function closeWithinGrace(app: FastifyInstance, graceMs: number): Promise<void> {
  const closed = app.close();
  const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    const finished = await Promise.race([closed.then(() => true), sleep(graceMs, false, { ref: false })]);
    if (!finished) {
      app.log.warn({ graceMs }, 'requests still in flight after the drain grace period: closing their connections');
      app.server.closeAllConnections();
      await closed;
    }
  } finally {
    clearInterval(reaper);
  }
}

/**
 * An instance started before the migrate step: it listens (so the balancer and the orchestrator see it alive but
 * not ready), looks again every `pollMs`, and once the schema is there hands its port to the real app.
 */
async function serveNotReadyUntilMigrated(options: {
  readiness: Readiness;
  mode: FundflowMode;
  port: number;
  host: string;
  logLevel: string;
  pollMs: number;
  signal?: AbortSignal;
}): Promise<number> {
  const { readiness, signal } = options;
  const holding = Fastify({ logger: { level: options.logLevel } });
  holding.register(healthRoutes({ mode: options.mode, readiness }));
  holding.setNotFoundHandler((_request, reply) =>
    reply.code(503).send({
      errorCode: NotReadyCode.MIGRATIONS_PENDING,
      message: 'Fundflow is waiting for its database to be migrated. Try again shortly.',
    }),
  );
  await holding.listen({ port: options.port, host: options.host });
  const { port } = holding.server.address() as AddressInfo;
  holding.log.warn(
    { pending: await readiness.pendingMigrations() },
    'the database lacks migrations: not ready until `npm run migrate` has run',
  );
  try {
    for (;;) {
      signal?.throwIfAborted();
      await sleep(options.pollMs, undefined, signal ? { signal } : {});
      const pending = await readiness.pendingMigrations(true).catch(() => ['(database not answering)']);
      if (pending.length === 0) return port;
    }
  } finally {
    await holding.close();
  }
}

/** The address to print for a wildcard listen: the server is reachable on this machine at loopback. */
function publicHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '::1') return '[::1]';
  return host;
}
