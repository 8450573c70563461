import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  AvailableToWithdraw,
  AvailableToWithdrawQuery,
  CreateWithdrawalRequest,
  moneyToCents,
  SettleWithdrawalsResponse,
  Withdrawal,
  WithdrawalsResponse,
} from '../../api/contract';
import { idempotencyKeyOf, runIdempotent } from '../domain/idempotency';
import { settleDueDeposits } from '../domain/settlement';
import {
  availableToWithdrawOf,
  placeWithdrawal,
  presentAvailable,
  presentWithdrawal,
  settleDueWithdrawals,
  settleWithdrawalsNowForUser,
  WithdrawalRefusals,
} from '../domain/withdrawals';
import { findOwnAccount } from '../repositories/deposits';
import { findWithdrawalById, listWithdrawalsOfUser, withWithdrawals } from '../repositories/withdrawals';
import type { RouteDeps } from './routeDeps';

/**
 * Withdrawals (our paths; the spec names the pages only): the list with events, what one account has available
 * to withdraw, and making one (idempotent on the Idempotency-Key header). Due deposit settlements and withdrawal
 * steps are applied before every read, on the server's clock.
 */
export function withdrawalRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, config } = deps;
  const speed = config.settlementSpeed ?? 1;

  return async (app) => {
    app.get<{ Reply: WithdrawalsResponse }>(
      ApiPaths.withdrawals,
      { schema: { response: { 200: WithdrawalsResponse } } },
      async (request) => {
        await settleDueWithdrawals(db, clock.now(), request.userId);
        const rows = await listWithdrawalsOfUser(withWithdrawals(db), request.userId);
        return { withdrawals: rows.map(presentWithdrawal) };
      },
    );

    app.get<{ Querystring: AvailableToWithdrawQuery; Reply: AvailableToWithdraw }>(
      ApiPaths.withdrawalsAvailable,
      { schema: { querystring: AvailableToWithdrawQuery, response: { 200: AvailableToWithdraw } } },
      async (request) => {
        const now = clock.now();
        const account = await findOwnAccount(db, request.userId, request.query.accountUuid);
        if (!account) throw WithdrawalRefusals.accountNotFound();
        await settleDueDeposits(db, now, request.userId, deps.providers.moneyMovement, deps.providers.mailer);
        await settleDueWithdrawals(db, now, request.userId);
        const figures = await availableToWithdrawOf(withWithdrawals(db), request.userId, account.id, now);
        return presentAvailable(account.id, figures, now);
      },
    );

    app.post<{ Body: CreateWithdrawalRequest; Reply: Withdrawal }>(
      ApiPaths.withdrawals,
      { schema: { body: CreateWithdrawalRequest, response: { 201: Withdrawal } } },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const now = clock.now();
        const { userId } = request;
        // Deposits due to settle are no longer on hold: settle them first so the figure is today's.
        await settleDueDeposits(db, now, userId, deps.providers.moneyMovement, deps.providers.mailer);
        const body = request.body;
        const answer = await runIdempotent<Withdrawal>(
          db,
          { userId, endpoint: 'withdrawalCreate', key, request: body, now },
          async (trx) => {
            const id = await placeWithdrawal(
              trx,
              {
                userId,
                accountUuid: body.accountUuid,
                paymentMethodId: body.paymentMethodId,
                amountCents: moneyToCents(body.amount),
                withholdingPercent: body.federalWithholdingPercent ?? null,
                distributionReason: body.distributionReason ?? null,
              },
              now,
              speed,
            );
            return { status: 201, body: presentWithdrawal(await findWithdrawalById(withWithdrawals(trx), id)) };
          },
        );
        return reply.code(answer.status).send(answer.body);
      },
    );

    if (config.mode === 'sandbox') {
      app.post<{ Reply: SettleWithdrawalsResponse }>(
        ApiPaths.sandboxSettleWithdrawals,
        { schema: { response: { 200: SettleWithdrawalsResponse } } },
        async (request) => ({
          settled: await settleWithdrawalsNowForUser(db, request.userId, clock.now()),
        }),
      );
    }
  };
}
