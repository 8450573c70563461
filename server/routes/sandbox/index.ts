import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../routeDeps';
import { sandboxBankRoutes } from './bankLogin';
import { sandboxDepositRoutes } from './deposits';
import { sandboxOutboxRoutes } from './outbox';

// What the vendors' test dashboards would offer. Registered in sandbox mode only, so in live mode every one
// of these paths is a plain 404. This file only registers the folder's routes.

export { sandboxPublicRoutes } from './customers';

/** Sandbox calls of a signed-in customer. */
export function sandboxRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    for (const routes of [sandboxBankRoutes, sandboxDepositRoutes, sandboxOutboxRoutes]) app.register(routes(deps));
  };
}
