import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, Deposit, DepositsResponse } from '../../../api/contract';
import { SandboxReturnDepositParams, SandboxReturnDepositRequest } from '../../../api/contract/achReturns';
import { returnDeposit, settleNowForUser } from '../../domain/settlement';
import { presentDeposit } from '../../presenters';
import { findDepositById, listDepositsOfUser } from '../../repositories/deposits';
import type { RouteDeps } from '../routeDeps';

/** What days of waiting, or the customer's bank, would do to their deposits. */
export function sandboxDepositRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    // What waiting three business days would do: the customer's bank deposits are sent and settled now.
    // Deposits waiting for an application approval stay pending.
    app.post<{ Reply: DepositsResponse }>(
      ApiPaths.sandboxSettleDeposits,
      { schema: { response: { 200: DepositsResponse } } },
      async (request) => {
        const now = clock.now();
        await settleNowForUser(db, request.userId, now, deps.providers.moneyMovement, deps.providers.mailer);
        const deposits = await listDepositsOfUser(db, request.userId);
        return { deposits: deposits.map(({ deposit, events }) => presentDeposit(deposit, events, now)) };
      },
    );

    // What the customer's bank would do days later: send a bank deposit back (R01, R02 or R03).
    app.post<{ Params: SandboxReturnDepositParams; Body: SandboxReturnDepositRequest; Reply: Deposit }>(
      ApiPaths.sandboxReturnDeposit,
      { schema: { params: SandboxReturnDepositParams, body: SandboxReturnDepositRequest, response: { 200: Deposit } } },
      async (request) => {
        const now = clock.now();
        await returnDeposit(
          db,
          request.userId,
          request.params.depositId,
          request.body.code,
          now,
          deps.providers.moneyMovement,
          deps.providers.mailer,
        );
        const made = await findDepositById(db, request.params.depositId);
        return presentDeposit(made.deposit, made.events, now);
      },
    );
  };
}
