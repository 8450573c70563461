import type { FastifyPluginAsync } from 'fastify';
import { AccountsResponse, ApiPaths } from '../../api/contract';
import { settleDueDeposits } from '../domain/settlement';
import { presentAccount } from '../presenters';
import { listAccountsOfUser } from '../repositories/accounts';
import type { RouteDeps } from './routeDeps';

export function accountRoutes(deps: RouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Reply: AccountsResponse }>(ApiPaths.accounts, { schema: { response: { 200: AccountsResponse } } }, async (request) => {
      // Balances include every settlement that is due by now, even between two scheduler ticks.
      await settleDueDeposits(deps.db, deps.clock.now(), request.userId, deps.providers.moneyMovement, deps.providers.mailer);
      const rows = await listAccountsOfUser(deps.db, request.userId);
      return { accounts: rows.map(presentAccount) };
    });
  };
}
