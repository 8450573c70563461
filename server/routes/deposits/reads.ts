import type { FastifyPluginAsync } from 'fastify';
import { ApiPaths, centsToMoney, Deposit, DepositIdParams, DepositLimitsResponse, DepositsResponse } from '../../../api/contract';
import { DepositRefusals } from '../../domain/depositErrors';
import { bankLimitFigures, dcfLimitCents, depositLimitRoom } from '../../domain/depositLimitRoom';
import { cancelDeposit, settleDueDeposits } from '../../domain/settlement';
import { isUuid } from '../../domain/tokens';
import { presentDeposit } from '../../presenters';
import { findDepositOfUser, listDepositsOfUser } from '../../repositories/deposits';
import { listPaymentMethodsOfUser } from '../../repositories/paymentMethods';
import type { RouteDeps } from '../routeDeps';

/** The customer's deposits, their deposit limits, and cancel. */
export function depositReadRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;

  return async (app) => {
    // Every deposit and transfer of the customer, newest first, with its events; due settlements first.
    app.get<{ Reply: DepositsResponse }>(ApiPaths.deposits, { schema: { response: { 200: DepositsResponse } } }, async (request) => {
      const now = clock.now();
      await settleDueDeposits(db, now, request.userId, deps.providers.moneyMovement, deps.providers.mailer);
      const deposits = await listDepositsOfUser(db, request.userId);
      return { deposits: deposits.map(({ deposit, events }) => presentDeposit(deposit, events, now)) };
    });

    app.get<{ Reply: DepositLimitsResponse }>(
      ApiPaths.depositLimits,
      { schema: { response: { 200: DepositLimitsResponse } } },
      async (request) => {
        const now = clock.now();
        const { userId } = request;
        const bank = (await bankLimitFigures(db, userId, now)).room;
        // One debit card a customer (the addition rules); its room is the card's, by fingerprint.
        const card = (await listPaymentMethodsOfUser(db, userId)).find((method) => method.type === 'DEBIT_CARD');
        const cardRoom = card ? await depositLimitRoom(db, { userId, method: card, now }) : null;
        const cardLimitCents = cardRoom?.limitCents ?? (await dcfLimitCents(db));
        return {
          dailyBankLimit: centsToMoney(bank.limitCents),
          dailyBankRemaining: centsToMoney(bank.leftCents),
          dailyBankBatchDay: bank.batchDay!,
          debitCardLifetimeLimit: centsToMoney(cardLimitCents),
          debitCardRemaining: centsToMoney(cardRoom?.leftCents ?? cardLimitCents),
          liveDebitCard: card && cardRoom ? { paymentMethodId: card.id, remaining: centsToMoney(cardRoom.leftCents) } : null,
        };
      },
    );

    app.post<{ Params: { depositId: string }; Reply: Deposit }>(
      ApiPaths.depositCancel,
      { schema: { params: DepositIdParams, response: { 200: Deposit } } },
      async (request) => {
        const now = clock.now();
        if (!isUuid(request.params.depositId)) throw DepositRefusals.depositNotFound();
        await cancelDeposit(db, request.userId, request.params.depositId, now);
        const cancelled = await findDepositOfUser(db, request.userId, request.params.depositId);
        return presentDeposit(cancelled!.deposit, cancelled!.events, now);
      },
    );
  };
}
