import type { FastifyPluginAsync } from 'fastify';
import { acatRoutes } from './servicesAcat';
import { communityServiceRoutes } from './servicesCommunity';
import { graphServiceRoutes } from './servicesSearch';
import type { RouteDeps } from './routeDeps';

/** The service wrappers of funding-methods.md 7.1, registered inside the authenticated scope. */
export function serviceRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.register(communityServiceRoutes(deps));
    app.register(acatRoutes(deps));
    app.register(graphServiceRoutes(deps));
  };
}
