import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  isBankMethodType,
  PaymentMethodIdParams,
  PaymentMethodResponse,
  SandboxStatementReviewRequest,
} from '../../api/contract';
import { paymentMethodNotFound } from '../domain/fundingErrors';
import { canBeDefault } from '../domain/paymentMethods';
import { ApiError } from '../errors';
import { publishLiveEvent } from '../events/liveEventChannel';
import { presentPaymentMethod } from '../presenters';
import { findOwnLiveMethod, findPaymentMethodById, lockLiveMethodsOfUser } from '../repositories/paymentMethods';
import { recordStatementReview } from '../repositories/sandbox';
import type { RouteDeps } from './routeDeps';

/**
 * Sandbox (registered in sandbox mode only): what the operations team's review of a bank statement does
 * out of band. The customer's screens learn of it through the live events channel.
 */
export function eventsSandboxRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.post<{ Params: PaymentMethodIdParams; Body: SandboxStatementReviewRequest; Reply: PaymentMethodResponse }>(
      ApiPaths.sandboxStatementReview,
      { schema: { params: PaymentMethodIdParams, body: SandboxStatementReviewRequest, response: { 200: PaymentMethodResponse } } },
      async (request) => {
        const { userId } = request;
        const method = await findOwnLiveMethod(db, userId, request.params.paymentMethodId);
        if (!method || !isBankMethodType(method.type)) throw paymentMethodNotFound();
        const now = clock.now();
        const reviewed = await db.transaction().execute(async (trx) => {
          const live = await lockLiveMethodsOfUser(trx, userId);
          const current = live.find((row) => row.id === method.id);
          // Under review: a statement was submitted (verification submit sets readiness and status PENDING).
          if (!current || current.readiness !== 'PENDING' || current.status !== 'PENDING') return false;
          const approved = request.body.outcome === 'APPROVED';
          const verified = { ...current, status: 'APPROVED' as const, readiness: 'READY' as const };
          const becomesDefault = approved && !live.some((row) => row.is_default) && canBeDefault(verified);
          await recordStatementReview(trx, method.id, approved, becomesDefault);
          await publishLiveEvent(trx, userId, { type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: method.id }, now);
          return true;
        });
        if (!reviewed) throw new ApiError(409, 'STATEMENT_NOT_UNDER_REVIEW', 'This funding method has no statement under review.');
        return { paymentMethod: presentPaymentMethod(await findPaymentMethodById(db, method.id)) };
      },
    );
  };
}
