import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DepositOrigin, Metrics, RecurringRunOutcome } from './metrics';

// The Prometheus side of the metrics: one Registry per app (never prom-client's global one), so several apps
// built in one test process, or one process's metrics port, never mix their series. Names and labels are listed
// in docs/operations.md ("Observability").

/** What the database pool looks like at a scrape. PGlite has one connection and no pool: only `total` (1). */
export interface PoolStats {
  engine: 'postgresql' | 'pglite';
  total: number;
  idle?: number;
  waiting?: number;
  max?: number;
}

/** Route label of a request no route matched (404s): one series, not one per probed path. */
export const UNMATCHED_ROUTE = 'unmatched';

const HTTP_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface PromMetrics extends Metrics {
  registry: Registry;
  /** One answered request: `route` is the route's pattern (`/api/deposits/:depositId/cancel`), never the raw URL. */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
  /** How to read the database pool when the metrics are read. */
  watchPool: (stats: () => PoolStats | null) => void;
  /** The text exposition of every series, for GET /metrics. */
  scrape: () => Promise<{ contentType: string; body: string }>;
}

export function createPromMetrics(options: { processMetrics?: boolean } = {}): PromMetrics {
  const registry = new Registry();
  const registers = [registry];
  // CPU, memory, event-loop lag, GC: only for a served registry (tests build many apps and read none of these).
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'fundflow_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const durations = new Histogram({
    name: 'fundflow_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_SECONDS_BUCKETS,
    registers,
  });
  const confirmed = new Counter({
    name: 'fundflow_deposits_confirmed_total',
    help: 'Deposits placed and committed, by origin (confirm: a customer; recurring: the scheduler).',
    labelNames: ['origin'] as const,
    registers,
  });
  const refused = new Counter({
    name: 'fundflow_deposits_refused_total',
    help: 'Deposits refused by a money rule, by origin and error code (replayed answers are not counted).',
    labelNames: ['origin', 'error_code'] as const,
    registers,
  });
  const recurringRuns = new Counter({
    name: 'fundflow_recurring_runs_total',
    help: 'Recurring occurrences handled by the scheduler, by outcome (made, failed, paused, skipped).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const settlementRuns = new Counter({
    name: 'fundflow_settlement_runs_total',
    help: 'Passes of scheduled settlement, by outcome (completed, failed).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const settled = new Counter({
    name: 'fundflow_settlement_deposits_settled_total',
    help: 'Deposits settled by the scheduled settlement passes (not those settled when a customer reads them).',
    registers,
  });
  for (const origin of ['confirm', 'recurring'] satisfies DepositOrigin[]) confirmed.inc({ origin }, 0);
  for (const outcome of ['made', 'failed', 'paused', 'skipped'] satisfies RecurringRunOutcome[]) recurringRuns.inc({ outcome }, 0);
  for (const outcome of ['completed', 'failed']) settlementRuns.inc({ outcome }, 0);

  const socketCounters: Array<() => number> = [];
  new Gauge({
    name: 'fundflow_live_event_sockets',
    help: 'Live-event WebSockets open on this instance.',
    registers,
    collect() {
      this.set(socketCounters.reduce((sum, count) => sum + count(), 0));
    },
  });

  let poolStats: () => PoolStats | null = () => null;
  const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['engine'] as const,
      registers,
      collect() {
        this.reset();
        const stats = poolStats();
        const value = stats ? pick(stats) : undefined;
        if (stats && value !== undefined) this.set({ engine: stats.engine }, value);
      },
    });
  poolGauge('fundflow_db_pool_connections', 'Database connections open (PGlite: its one embedded connection).', (stats) => stats.total);
  poolGauge('fundflow_db_pool_idle_connections', 'Open database connections not in use (PostgreSQL only).', (stats) => stats.idle);
  poolGauge(
    'fundflow_db_pool_waiting_clients',
    'Queries and transactions waiting for a free connection (PostgreSQL only).',
    (stats) => stats.waiting,
  );
  poolGauge('fundflow_db_pool_max_connections', 'Most connections the pool opens (PostgreSQL only).', (stats) => stats.max);

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    watchPool(stats) {
      poolStats = stats;
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    depositConfirmed(origin) {
      confirmed.inc({ origin });
    },
    depositRefused(origin, errorCode) {
      refused.inc({ origin, error_code: errorCode });
    },
    recurringRun(outcome, errorCode) {
      recurringRuns.inc({ outcome });
      // A made run is a deposit; a failed or paused one is a refusal when a rule refused it.
      if (outcome === 'made') confirmed.inc({ origin: 'recurring' });
      else if (errorCode && (outcome === 'failed' || outcome === 'paused')) refused.inc({ origin: 'recurring', error_code: errorCode });
    },
    settlementRun(outcome, count) {
      settlementRuns.inc({ outcome });
      if (count > 0) settled.inc(count);
    },
    watchLiveSockets(count) {
      socketCounters.push(count);
    },
  };
}
