import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, DepositIntent, InitiateDepositRequest, moneyToCents } from '../../../api/contract';
import { depositQuote, planDeposit } from '../../domain/deposits';
import { rejectInvalidBody } from '../../http/depositValidation';
import { presentDepositIntent } from '../../presenters';
import { insertIntent } from '../../repositories/depositIntents';
import { readDepositFacts } from '../../repositories/deposits';
import type { RouteDeps } from '../routeDeps';

/** Initiate: every rule is checked now for an early answer (and again, authoritatively, at confirm). */
export function depositInitiateRoute(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;

  return async (app) => {
    app.post<{ Body: InitiateDepositRequest; Reply: DepositIntent }>(
      ApiPaths.depositIntents,
      { schema: { body: InitiateDepositRequest, response: { 201: DepositIntent } }, attachValidation: true },
      async (request, reply) => {
        rejectInvalidBody(request);
        const now = clock.now();
        const { accountUuid, paymentMethodId, iraContributionYear } = request.body;
        const amountCents = moneyToCents(request.body.amount);
        const order = { userId: request.userId, accountUuid, paymentMethodId, amountCents, iraContributionYear };
        const plan = planDeposit(order, await readDepositFacts(db, order, now), now);
        // The quote comes from the plan's own figures (its instant part and the limit room it checked), at the same
        // clock reading: what this exact deposit would do now.
        const quote = depositQuote({
          amountCents,
          instantCents: plan.instantCents,
          sourceType: plan.sourceType,
          waitsForApproval: plan.type === 'PENDING_DEPOSIT',
          limitRoom: plan.limitRoom,
          now,
        });
        const intent = await insertIntent(
          db,
          {
            userId: request.userId,
            kind: 'DEPOSIT',
            accountId: plan.account.id,
            sourceAccountId: null,
            paymentMethodId: plan.method.id,
            amountCents,
            iraContributionYear: plan.iraContributionYear,
          },
          now,
        );
        return reply.code(201).send({ ...presentDepositIntent(intent), quote });
      },
    );
  };
}
