import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, ConfirmTransferRequest, Deposit, InitiateTransferRequest, moneyToCents, TransferIntent } from '../../api/contract';
import { DepositRefusals } from '../domain/depositErrors';
import { idempotencyKeyOf, runIdempotent } from '../domain/idempotency';
import { ownIntent } from '../domain/deposits';
import { placeTransfer, planTransfer } from '../domain/transfers';
import { presentDeposit, presentDepositIntent } from '../presenters';
import { rejectInvalidBody } from '../http/depositValidation';
import { depositOfIntent, insertIntent } from '../repositories/depositIntents';
import { findDepositById, lockUser } from '../repositories/deposits';
import type { RouteDeps } from './routeDeps';

/** Internal transfers between two of the customer's own accounts: initiate, then confirm (idempotent). */
export function transferRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;
  return async (app) => {
    app.post<{ Body: InitiateTransferRequest; Reply: TransferIntent }>(
      ApiPaths.transferIntents,
      { schema: { body: InitiateTransferRequest, response: { 201: TransferIntent } }, attachValidation: true },
      async (request, reply) => {
        rejectInvalidBody(request);
        const now = clock.now();
        const { sourceAccountUuid, destinationAccountUuid, iraContributionYear } = request.body;
        const amountCents = moneyToCents(request.body.amount);
        const plan = await planTransfer(
          db,
          { userId: request.userId, sourceAccountUuid, destinationAccountUuid, amountCents, iraContributionYear },
          now,
        );
        const intent = await insertIntent(
          db,
          {
            userId: request.userId,
            kind: 'INTERNAL_TRANSFER',
            accountId: plan.destination.id,
            sourceAccountId: plan.source.id,
            paymentMethodId: null,
            amountCents,
            iraContributionYear: plan.iraContributionYear,
          },
          now,
        );
        return reply.code(201).send(presentDepositIntent(intent));
      },
    );

    app.post<{ Body: ConfirmTransferRequest; Reply: Deposit }>(
      ApiPaths.transferConfirm,
      { schema: { body: ConfirmTransferRequest, response: { 200: Deposit } } },
      async (request, reply) => {
        const key = idempotencyKeyOf(request);
        const now = clock.now();
        const { userId } = request;
        const answer = await runIdempotent<Deposit>(
          db,
          { userId, endpoint: 'transferConfirm', key, request: request.body, now },
          async (trx) => {
            await lockUser(trx, userId);
            const intent = await ownIntent(trx, userId, request.body.id, 'INTERNAL_TRANSFER');
            const earlier = await depositOfIntent(trx, intent);
            if (earlier) return { status: 200, body: presentDeposit(earlier.deposit, earlier.events, now) };
            if (intent.expires_at.getTime() <= now.getTime()) throw DepositRefusals.intentExpired();
            const id = await placeTransfer(
              trx,
              {
                userId,
                sourceAccountUuid: intent.source_account_id!,
                destinationAccountUuid: intent.account_id,
                amountCents: intent.amount_cents,
                iraContributionYear: intent.ira_contribution_year,
                intentId: intent.id,
              },
              now,
            );
            const made = await findDepositById(trx, id);
            return { status: 200, body: presentDeposit(made.deposit, made.events, now) };
          },
        );
        return reply.code(answer.status).send(answer.body);
      },
    );
  };
}
