import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  FundingErrorCode,
  NICKNAME_MESSAGES,
  NicknameRequest,
  nicknameProblem,
  normaliseNickname,
  PaymentMethodIdParams,
  PaymentMethodsResponse,
} from '../../api/contract';
import { paymentMethodNotFound } from '../domain/fundingErrors';
import { canBeDefault, depositLimitReached } from '../domain/paymentMethods';
import { pauseSchedulesOfMethod } from '../repositories/recurringDeposits';
import { ApiError } from '../errors';
import { presentPaymentMethod } from '../presenters';
import { insertRemovedCard } from '../repositories/debitCards';
import {
  cancelMethod,
  findOwnLiveMethod,
  listPaymentMethodsOfUser,
  lockLiveMethodsOfUser,
  makeDefault,
  setDefaultFlag,
  setDisplayName,
} from '../repositories/paymentMethods';
import type { RouteDeps } from './routeDeps';

export function paymentMethodRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db } = deps;
  const listOf = async (userId: string): Promise<PaymentMethodsResponse> => ({
    paymentMethods: (await listPaymentMethodsOfUser(db, userId)).map(presentPaymentMethod),
  });

  return async (app) => {
    app.get<{ Reply: PaymentMethodsResponse }>(
      ApiPaths.paymentMethods,
      { schema: { response: { 200: PaymentMethodsResponse } } },
      async (request) => listOf(request.userId),
    );

    // Set default: answers the whole list, since two methods change.
    app.put<{ Params: PaymentMethodIdParams; Reply: PaymentMethodsResponse }>(
      ApiPaths.setDefaultPaymentMethod,
      { schema: { params: PaymentMethodIdParams, response: { 200: PaymentMethodsResponse } } },
      async (request) => {
        const { userId } = request;
        await db.transaction().execute(async (trx) => {
          await lockLiveMethodsOfUser(trx, userId);
          const method = await findOwnLiveMethod(trx, userId, request.params.paymentMethodId);
          if (!method) throw paymentMethodNotFound();
          if (method.is_default) return;
          if (!canBeDefault(method)) {
            throw new ApiError(
              409,
              FundingErrorCode.DEFAULT_NOT_ALLOWED,
              depositLimitReached(method)
                ? 'This funding method has reached its deposit limit, so it cannot be the default.'
                : 'This funding method cannot be the default until it is verified and connected.',
            );
          }
          await makeDefault(trx, userId, method.id);
        });
        return listOf(userId);
      },
    );

    // Remove: the method becomes history (CANCELED). A removed default hands the default to the newest
    // remaining method that can be one; a removed card is remembered for the "too close to previous link" rule.
    app.delete<{ Params: PaymentMethodIdParams }>(
      ApiPaths.paymentMethod,
      { schema: { params: PaymentMethodIdParams } },
      async (request, reply) => {
        const { userId } = request;
        const now = deps.clock.now();
        await db.transaction().execute(async (trx) => {
          const live = await lockLiveMethodsOfUser(trx, userId);
          const method = live.find((row) => row.id === request.params.paymentMethodId);
          if (!method) throw paymentMethodNotFound();
          await cancelMethod(trx, method.id);
          // Its recurring deposits cannot run any more: they pause now (METHOD_UNAVAILABLE), not at their next date.
          await pauseSchedulesOfMethod(trx, method.id, now);
          if (method.type === 'DEBIT_CARD' && method.card_fingerprint) {
            await insertRemovedCard(trx, userId, method.card_fingerprint, now);
          }
          if (method.is_default) {
            const heir = live
              .filter((row) => row.id !== method.id && canBeDefault(row))
              .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0];
            if (heir) await setDefaultFlag(trx, heir.id);
          }
        });
        return reply.code(204).send();
      },
    );

    // Nickname: null goes back to the original name. Answers every method (display and original names).
    app.put<{ Body: NicknameRequest; Reply: PaymentMethodsResponse }>(
      ApiPaths.paymentMethodNickname,
      { schema: { body: NicknameRequest, response: { 200: PaymentMethodsResponse } } },
      async (request) => {
        const { userId } = request;
        const { paymentMethodId, nickname } = request.body;
        const method = await findOwnLiveMethod(db, userId, paymentMethodId);
        if (!method) throw paymentMethodNotFound();
        if (!method.can_update_nickname) {
          throw new ApiError(409, FundingErrorCode.NICKNAME_NOT_ALLOWED, 'Only bank accounts can have a nickname.');
        }
        let displayName = method.original_name;
        if (nickname !== null) {
          const problem = nicknameProblem(nickname);
          if (problem) throw new ApiError(400, FundingErrorCode.NICKNAME_INVALID, NICKNAME_MESSAGES[problem]);
          displayName = normaliseNickname(nickname);
        }
        await setDisplayName(db, method.id, displayName);
        return listOf(userId);
      },
    );
  };
}
