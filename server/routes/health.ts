import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths } from '../../api/contract';
import type { RouteDeps } from './routeDeps';

const HealthResponse = Type.Object(
  { status: Type.Literal('ok'), mode: Type.Union([Type.Literal('sandbox'), Type.Literal('live')]) },
  { additionalProperties: false },
);
type HealthResponse = Static<typeof HealthResponse>;

/** For load balancers and start scripts: no auth, and it touches the database so a dead pool shows. */
export function healthRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: HealthResponse }>(ApiPaths.health, { schema: { response: { 200: HealthResponse } } }, async () => {
      await sql`select 1`.execute(deps.db);
      return { status: 'ok', mode: deps.config.mode };
    });
  };
}
