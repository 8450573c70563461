import type { FastifyPluginAsync } from 'fastify';
import type { RouteDeps } from '../routeDeps';
import { accountNumberLinkRoutes } from './accountNumberLink';
import { institutionRoutes } from './institutions';
import { microDepositVerifyRoute } from './microDepositVerify';
import { partnerLinkRoutes } from './partnerLink';

/**
 * Adding a bank: the institution directory (institutions.ts), a bank login through the partner (partnerLink.ts),
 * routing and account numbers, checked at once or by micro-deposits (accountNumberLink.ts), and the micro-deposit
 * check (microDepositVerify.ts). The rules they share are in server/domain/bankLinks.ts.
 */
export function bankLinkRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.register(institutionRoutes(deps));
    app.register(partnerLinkRoutes(deps));
    app.register(accountNumberLinkRoutes(deps));
    app.register(microDepositVerifyRoute(deps));
  };
}
