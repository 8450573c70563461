import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, centsToMoney, HighYieldAccountResponse } from '../../api/contract';
import { settleDueDeposits } from '../domain/settlement';
import { highYieldRateOf } from '../domain/highYieldRate';
import { availableToWithdrawOf } from '../domain/withdrawals';
import { findHighYieldAccountOfUser } from '../repositories/accounts';
import { readAppConfig } from '../repositories/appConfig';
import { unsettledPendingCents } from '../repositories/deposits';
import type { RouteDeps } from './routeDeps';

/**
 * The customer's high-yield cash account, or null when they have none. Balance fields:
 * - pendingDeposits: money of unsettled deposits not yet in the balance (amount minus the instant part);
 * - depositsOnHold: the holds on the account (fundsAvailability.ts holdsOf): the instant part of unsettled bank
 *   deposits, in the balance but not withdrawable until settled (debit cards cannot fund high-yield);
 * - pendingWithdrawals: withdrawals made and not yet arrived at the bank;
 * availableToWithdraw and pendingWithdrawals are the figures a withdrawal is checked against.
 */
export function highYieldRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.get<{ Reply: HighYieldAccountResponse }>(
      ApiPaths.highYieldAccount,
      { schema: { response: { 200: HighYieldAccountResponse } } },
      async (request) => {
        await settleDueDeposits(db, clock.now(), request.userId, deps.providers.moneyMovement, deps.providers.mailer);
        const account = await findHighYieldAccountOfUser(db, request.userId);
        const rate = highYieldRateOf((await readAppConfig(db)).get('highYield.rate'));
        if (!account) return { highYieldAccount: null, rate };
        const pending = await unsettledPendingCents(db, account.id);
        // The same figures a withdrawal is checked against (server/domain/withdrawals.ts).
        const figures = await availableToWithdrawOf(db, request.userId, account.id, clock.now());
        return {
          rate,
          highYieldAccount: {
            accountUuid: account.id,
            status: account.status,
            availableToWithdraw: centsToMoney(figures.availableCents),
            depositsOnHold: centsToMoney(figures.onHoldCents),
            pendingDeposits: centsToMoney(pending),
            pendingWithdrawals: centsToMoney(figures.pendingWithdrawalCents),
            rate,
          },
        };
      },
    );
  };
}
