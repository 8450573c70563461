import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../routeDeps';
import { cardAddressRoutes } from './address';
import { cardLinkRoutes } from './cardLink';

/** Debit cards: setup intent, link and replace (cardLink.ts), and the card holder's address change (address.ts). */
export function debitCardRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.register(cardLinkRoutes(deps));
    app.register(cardAddressRoutes(deps));
  };
}
