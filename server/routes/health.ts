import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths } from '../../api/contract';
import type { FundflowMode } from '../config';
import type { Readiness } from '../readiness';

const Mode = Type.Union([Type.Literal('sandbox'), Type.Literal('live')]);
const HealthResponse = Type.Object({ status: Type.Literal('ok'), mode: Mode }, { additionalProperties: false });
type HealthResponse = Static<typeof HealthResponse>;
const ReadyResponse = Type.Object({ status: Type.Literal('ready'), mode: Mode }, { additionalProperties: false });
type ReadyResponse = Static<typeof ReadyResponse>;
const NotReadyResponse = Type.Object({ errorCode: Type.String(), message: Type.String() }, { additionalProperties: false });

/**
 * For load balancers and orchestrators; no auth, no CSRF header (they are GETs), no rate limit.
 * GET /api/health: alive. The process runs and answers; it does not touch the database, so a database outage
 * does not get every instance restarted.
 * GET /api/ready: send me traffic. 200 when the database answers, every migration this version needs has run and
 * the instance is not draining; else 503 {errorCode, message} saying which.
 */
export function healthRoutes(deps: { mode: FundflowMode; readiness: Readiness }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: HealthResponse }>(ApiPaths.health, { schema: { response: { 200: HealthResponse } } }, async () => ({
      status: 'ok',
      mode: deps.mode,
    }));
    app.get(ApiPaths.ready, { schema: { response: { 200: ReadyResponse, 503: NotReadyResponse } } }, async (_request, reply) => {
      const verdict = await deps.readiness.check();
      if (!verdict.ready) return reply.code(503).send({ errorCode: verdict.errorCode, message: verdict.message });
      const body: ReadyResponse = { status: 'ready', mode: deps.mode };
      return body;
    });
  };
}
