import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../routeDeps';
import { depositConfirmRoute } from './confirm';
import { depositInitiateRoute } from './initiate';
import { depositReadRoutes } from './reads';

/** Deposits: the list, the limits and cancel (reads.ts), initiate (initiate.ts) and the idempotent confirm (confirm.ts). */
export function depositRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.register(depositReadRoutes(deps));
    app.register(depositInitiateRoute(deps));
    app.register(depositConfirmRoute(deps));
  };
}
