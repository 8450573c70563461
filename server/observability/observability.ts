import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiErrorCode } from '../../api/contract';
import type { Database } from '../db/schema';
import { databaseHandleOf } from '../events/databaseHandles';
import type { Metrics } from './metrics';
import { createPromMetrics, UNMATCHED_ROUTE, type PoolStats, type PromMetrics } from './promMetrics';
import { answerWithRequestId } from './requestIds';

// Observability of one app: request ids on every answer, request counts and latencies by route pattern, the
// database pool, and GET /metrics (Prometheus text). /metrics is never public by default:
//   METRICS_PORT   serves it on a port of its own, on the instance's own interface (HOST), for the scraper on the
//                  private network; the load balancer forwards only the main port.
//   METRICS_TOKEN  serves it on the main port too, to `Authorization: Bearer <token>` only.
// With both, the metrics port asks for the token as well. With neither, /metrics answers 404 like any unknown path.

export const METRICS_PATH = '/metrics';
/** A token shorter than this is refused at start: it would be guessable. */
export const MIN_METRICS_TOKEN_LENGTH = 16;

export interface MetricsConfig {
  /** METRICS_TOKEN: the bearer token /metrics asks for; also serves /metrics on the main port. */
  token?: string | null;
  /** METRICS_PORT: a port of its own for /metrics (0: any free one). */
  port?: number | null;
  /** Interface the metrics port listens on; default 127.0.0.1. startServer gives the API's own (HOST). */
  host?: string;
}

/** METRICS_TOKEN and METRICS_PORT from the environment (empty counts as absent). */
export function metricsFromEnvironment(env: Record<string, string | undefined>): MetricsConfig {
  const token = env.METRICS_TOKEN || null;
  if (token !== null && token.length < MIN_METRICS_TOKEN_LENGTH)
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`);
  const portText = env.METRICS_PORT?.trim() || '';
  const port = portText === '' ? null : Number(portText);
  if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error(`METRICS_PORT must be a port number, not "${env.METRICS_PORT}"`);
  return { token, port };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the metrics port listens once the app is ready; null without METRICS_PORT. */
    metricsAddress: () => AddressInfo | null;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the metrics token (compared in constant time). */
function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

function poolStatsOf(db: Kysely<Database>): PoolStats | null {
  const handle = databaseHandleOf(db);
  if (handle?.kind === 'pglite') return { engine: 'pglite', total: 1 };
  if (handle?.kind === 'pg' && handle.pool) {
    const { pool } = handle;
    return { engine: 'postgresql', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max };
  }
  return null;
}

const notFound = (method: string) => ({ errorCode: ApiErrorCode.NOT_FOUND, message: `There is no ${method} ${METRICS_PATH} here.` });
const tokenRequired = { errorCode: ApiErrorCode.UNAUTHENTICATED, message: "The metrics need the operator's bearer token (METRICS_TOKEN)." };

/**
 * Adds request ids to answers, request metrics, the pool gauges and /metrics to the app, and returns the
 * metrics the domain, the jobs and the live events report to (give them to the routes' deps).
 */
export function installObservability(app: FastifyInstance, deps: { db: Kysely<Database>; config: { metrics?: MetricsConfig } }): Metrics {
  const { token = null, port = null, host = '127.0.0.1' } = deps.config.metrics ?? {};
  if (token !== null && token.length < MIN_METRICS_TOKEN_LENGTH)
    throw new Error(`The metrics token must be at least ${MIN_METRICS_TOKEN_LENGTH} characters long`);
  const served = token !== null || port !== null;
  const metrics: PromMetrics = createPromMetrics({ processMetrics: served });
  metrics.watchPool(() => poolStatsOf(deps.db));

  app.addHook('onSend', answerWithRequestId);
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
  });

  // The main port: only to the token's bearer.
  app.get(METRICS_PATH, async (request, reply) => {
    if (token === null) return reply.code(404).send(notFound(request.method));
    if (!carriesToken(request.headers.authorization, token))
      return reply.code(401).header('www-authenticate', 'Bearer').send(tokenRequired);
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });

  // The metrics port: a bare Node server that answers GET /metrics and nothing else.
  let server: Server | null = null;
  app.decorate('metricsAddress', () => (server?.address() as AddressInfo | null) ?? null);
  if (port !== null) {
    app.addHook('onReady', async () => {
      server = createServer((request, response) => {
        const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
          response.end(JSON.stringify(body));
        };
        const path = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || path !== METRICS_PATH) return answer(404, notFound(request.method ?? 'GET'));
        if (token !== null && !carriesToken(request.headers.authorization, token))
          return answer(401, tokenRequired, { 'www-authenticate': 'Bearer' });
        metrics.scrape().then(
          ({ contentType, body }) => {
            response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
            response.end(body);
          },
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics: the scrape failed');
            answer(500, { errorCode: ApiErrorCode.INTERNAL, message: 'The metrics could not be read.' });
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, host, () => resolve());
      });
      app.log.info({ metrics: `http://${host}:${(server.address() as AddressInfo).port}${METRICS_PATH}` }, 'metrics port listening');
    });
    app.addHook('onClose', async () => {
      const listening = server;
      if (!listening) return;
      const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
      // A scraper's keep-alive connection would hold the close for minutes.
      listening.closeAllConnections();
      await closed;
    });
  }
  return metrics;
}
