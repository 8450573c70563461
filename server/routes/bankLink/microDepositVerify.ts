import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  FundingErrorCode,
  FundingMessages,
  FundingValidationMessages,
  isMicroDepositPending,
  MicroDepositVerifyRequest,
  parseMicroDepositAmount,
  PaymentMethodResponse,
} from '../../../api/contract';
import { validationFailed } from '../../domain/fundingErrors';
import { verifyMicroDeposits } from '../../domain/microDeposits';
import { methodFacts } from '../../domain/paymentMethods';
import { MICRO_DEPOSIT_VERIFICATIONS_PER_METHOD, takeHit, withRetryAfter } from '../../domain/rateLimits';
import { ApiError } from '../../errors';
import { presentPaymentMethod } from '../../presenters';
import { findOwnLiveMethod, findPaymentMethodById } from '../../repositories/paymentMethods';
import type { RouteDeps } from '../routeDeps';

/** The customer enters the two micro-deposits back (verifyMicroDeposits decides and counts). */
export function microDepositVerifyRoute(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;

  return async (app) => {
    app.post<{ Body: MicroDepositVerifyRequest; Reply: PaymentMethodResponse }>(
      ApiPaths.microDepositVerify,
      { schema: { body: MicroDepositVerifyRequest, response: { 200: PaymentMethodResponse } } },
      async (request, reply) => {
        const { userId } = request;
        const { paymentMethodId, amount1, amount2 } = request.body;
        // Counted per customer and method, so calls naming another customer's method cannot use up theirs.
        try {
          await takeHit(db, MICRO_DEPOSIT_VERIFICATIONS_PER_METHOD, `${userId}:${paymentMethodId}`, clock.now());
        } catch (error) {
          throw withRetryAfter(reply, error);
        }
        const notFound = () =>
          new ApiError(404, FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND, FundingMessages.microRelationshipNotFound);
        const method = await findOwnLiveMethod(db, userId, paymentMethodId);
        if (!method || !isMicroDepositPending(methodFacts(method))) throw notFound();
        const entered = [parseMicroDepositAmount(amount1), parseMicroDepositAmount(amount2)];
        if (entered[0] === null || entered[1] === null) throw validationFailed(FundingValidationMessages.microDepositAmount);

        // The outcome is committed before any error is answered: a wrong entry must count even though it fails.
        const outcome = await verifyMicroDeposits(db, userId, method.id, [entered[0], entered[1]], clock.now());
        switch (outcome) {
          case 'VERIFIED':
            return { paymentMethod: presentPaymentMethod(await findPaymentMethodById(db, method.id)) };
          case 'NOT_FOUND':
            throw notFound();
          case 'WRONG':
            throw new ApiError(400, FundingErrorCode.MICRO_DEPOSIT_WRONG_AMOUNTS, FundingMessages.microWrongAmounts);
          case 'REISSUING':
            throw new ApiError(400, FundingErrorCode.MICRO_DEPOSIT_REISSUING, FundingMessages.microReissuing);
          case 'CANCELED':
            throw new ApiError(400, FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_CANCELED, FundingMessages.microRelationshipCanceled);
        }
      },
    );
  };
}
