import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, ConfirmDepositRequest, Deposit } from '../../../api/contract';
import { DepositRefusals } from '../../domain/depositErrors';
import { placeDeposit } from '../../domain/deposits';
import { idempotencyKeyOf, runIdempotent } from '../../domain/idempotency';
import { ApiError } from '../../errors';
import { noMetrics } from '../../observability/metrics';
import { presentDeposit } from '../../presenters';
import { depositOfIntent } from '../../repositories/depositIntents';
import { readConfirmFacts } from '../../repositories/deposits';
import type { RouteDeps } from '../routeDeps';

/** Confirm: idempotent on the Idempotency-Key header; one intent makes one deposit whatever the keys. */
export function depositConfirmRoute(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  const metrics = deps.metrics ?? noMetrics;

  return async (app) => {
    app.post<{ Body: ConfirmDepositRequest; Reply: Deposit }>(
      ApiPaths.depositConfirm,
      { schema: { body: ConfirmDepositRequest, response: { 200: Deposit } } },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const now = clock.now();
        const { userId } = request;
        // Whether this request decided (not a replay of a stored answer, nor an intent's earlier deposit): only
        // decisions are counted.
        let decided = false;
        // Three statements and the commit: the key's claim with the customer's lock; every fact of the intent
        // (readConfirmFacts); the deposit with all its writes and this answer (writeDeposit).
        const answer = await runIdempotent<Deposit>(
          db,
          { userId, endpoint: 'depositConfirm', key, request: request.body, now, lockUser: true },
          async (trx, { lockedUser, storeAnswerWith }) => {
            decided = true;
            if (!lockedUser) throw DepositRefusals.accountNotFound();
            const read = await readConfirmFacts(trx, { userId, intentId: request.body.id, now });
            if (!read) throw DepositRefusals.intentNotFound();
            const { intent, facts } = read;
            if (intent.account_id !== request.body.accountUuid) throw DepositRefusals.intentNotFound();
            const earlier = await depositOfIntent(trx, intent);
            decided = !earlier;
            if (earlier) return { status: 200, body: presentDeposit(earlier.deposit, earlier.events, now) };
            if (intent.expires_at.getTime() <= now.getTime()) throw DepositRefusals.intentExpired();
            let answered: { status: number; body: Deposit } | undefined;
            await placeDeposit(
              trx,
              deps,
              {
                userId,
                accountUuid: intent.account_id,
                paymentMethodId: intent.payment_method_id!,
                amountCents: intent.amount_cents,
                iraContributionYear: intent.ira_contribution_year,
                intentId: intent.id,
              },
              now,
              {
                lockedUser,
                facts,
                // The answer is stored by the deposit's own statement.
                storeAnswerOf: (made) =>
                  storeAnswerWith((answered = { status: 200, body: presentDeposit(made.deposit, made.events, now) })),
              },
            );
            return answered!;
          },
        ).catch((error: unknown) => {
          if (decided && error instanceof ApiError) metrics.depositRefused('confirm', error.errorCode);
          throw error;
        });
        if (decided) metrics.depositConfirmed('confirm');
        // Committed: its initiated notice is made with the next batch (a repeated answer is told once all the same).
        if (answer.status === 200) request.server.depositNotices.madeDeposit(answer.body.id);
        return reply.code(answer.status).send(answer.body);
      },
    );
  };
}
