import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  ApiPaths,
  DebitCardLinkRequest,
  DebitCardReplaceRequest,
  FundingErrorCode,
  hasAddressOnFile,
  LinkedPaymentMethodResponse,
  SetupIntentResponse,
} from '../../../api/contract';
import {
  acceptableCard,
  assertCanAddCard,
  assertCardHolder,
  cardFields,
  debitCardError,
  debitCardLimitCents,
  insertDebitCard,
  replaceDebitCard,
  withSource,
} from '../../domain/debitCards';
import { requireUser } from '../../domain/sessions';
import { publishLiveEvent } from '../../events/liveEventChannel';
import { presentPaymentMethod } from '../../presenters';
import { insertCardSetupIntent } from '../../repositories/debitCards';
import { findOwnLiveMethod, findPaymentMethodById } from '../../repositories/paymentMethods';
import type { RouteDeps } from '../routeDeps';

/** A debit card: the setup intent the card form confirms, then the link of a new card or the replacement of one. */
export function cardLinkRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, providers } = deps;

  return async (app) => {
    // A mutation: every card entry needs a fresh intent.
    app.post<{ Reply: SetupIntentResponse }>(
      ApiPaths.debitCardSetupIntent,
      { schema: { response: { 200: SetupIntentResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const intent = await providers.cards.createSetupIntent(user.id, randomUUID());
        await insertCardSetupIntent(db, { id: intent.id, userId: user.id, createdAt: clock.now() });
        return {
          clientSecret: intent.clientSecret,
          zipcode: user.zipcode,
          addressLine1: user.address1,
          hasAddress: hasAddressOnFile(user),
          addressChangeAttempts: user.address_change_attempts,
        };
      },
    );

    app.post<{ Body: DebitCardLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.debitCardLink,
      { schema: { body: DebitCardLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        try {
          const user = await requireUser(db, request.userId);
          assertCardHolder(user);
          await assertCanAddCard(db, user);
          const { token, paymentMethodId } = request.body;
          const card = await acceptableCard({ db, cards: providers.cards, now: clock.now() }, user, token, paymentMethodId);
          const limitCents = await debitCardLimitCents(db);
          const now = clock.now();
          const row = await insertDebitCard(db, { user, setupIntentId: token, card: cardFields(card, paymentMethodId), limitCents, now });
          // The customer's other tabs and devices (a card flow open elsewhere) learn of the new card.
          await publishLiveEvent(db, user.id, { type: 'NEW_CARD_ADDED', paymentMethodId: row.id }, now);
          return { linkedPaymentMethod: presentPaymentMethod(row) };
        } catch (error) {
          withSource(error);
        }
      },
    );

    // Replaces the card in place: same payment method id, default flag and deposit totals.
    app.post<{ Body: DebitCardReplaceRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.debitCardReplace,
      { schema: { body: DebitCardReplaceRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        try {
          const user = await requireUser(db, request.userId);
          const { paymentMethodId, token, providerPaymentMethodId } = request.body;
          const existing = await findOwnLiveMethod(db, user.id, paymentMethodId);
          if (!existing || existing.type !== 'DEBIT_CARD') {
            throw debitCardError(404, FundingErrorCode.METHOD_NOT_FOUND, 'We could not find that funding method.');
          }
          assertCardHolder(user);
          const card = await acceptableCard({ db, cards: providers.cards, now: clock.now() }, user, token, providerPaymentMethodId);
          await replaceDebitCard(db, existing.id, token, cardFields(card, providerPaymentMethodId), clock.now());
          return { linkedPaymentMethod: presentPaymentMethod(await findPaymentMethodById(db, existing.id)) };
        } catch (error) {
          withSource(error);
        }
      },
    );
  };
}
