import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  Address,
  AddressConfirmRequest,
  AddressResponse,
  AddressUpdateResponse,
  ApiPaths,
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  DebitCardHolderMessages,
  debitCardHolderRefusal,
  DebitCardLinkRequest,
  DebitCardReplaceRequest,
  FundingErrorCode,
  hasAddressOnFile,
  LinkedPaymentMethodResponse,
  SetupIntentResponse,
} from '../../api/contract';
import type { StoredAddress, UserRow } from '../db/schema';
import { assertCanAdd, ruleView } from '../domain/additionRules';
import { cardAttributeRefusal, debitCardError, debitCardName, DebitCardRefusals, withinCooldown } from '../domain/debitCards';
import { requireUser } from '../domain/sessions';
import { hashToken, newOpaqueToken } from '../domain/tokens';
import { resolveUniversalConfig } from '../domain/universalConfig';
import { ApiError } from '../errors';
import { presentPaymentMethod } from '../presenters';
import type { CardAttributes } from '../providers';
import { readAppConfig } from '../repositories/appConfig';
import { findOwnLiveMethod, findPaymentMethodById, insertPaymentMethod, lockLiveMethodsOfUser } from '../repositories/paymentMethods';
import type { RouteDeps } from './routeDeps';
import { publishLiveEvent } from '../events/liveEventChannel';

/** An address verification link stays valid for a day. */
const ADDRESS_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const addressVerificationLink = (token: string) => `/settings/payment-methods?m=debit&auv=${encodeURIComponent(token)}`;

/** Every refusal of the card calls carries a source (section 8), including the general ones. */
function withSource(error: unknown): never {
  if (error instanceof ApiError && !error.details?.source) {
    throw new ApiError(error.statusCode, error.errorCode, error.message, { source: 'PUBLIC_API' });
  }
  throw error;
}

export function debitCardRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock, providers } = deps;

  /** The card behind a confirmed setup intent of this customer, after every check of the error table. */
  async function acceptableCard(user: UserRow, setupIntentId: string, providerPaymentMethodId: string): Promise<CardAttributes> {
    const now = clock.now();
    const intent = await db
      .selectFrom('card_setup_intents')
      .select(['id'])
      .where('id', '=', setupIntentId)
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!intent) throw DebitCardRefusals.notFound();
    const confirmed = await providers.cards.retrieveSetupIntent(setupIntentId);
    if (!confirmed || confirmed.status !== 'succeeded') throw DebitCardRefusals.notFound();
    if (confirmed.paymentMethodId !== null && confirmed.paymentMethodId !== providerPaymentMethodId) throw DebitCardRefusals.notFound();
    const card = await providers.cards.retrievePaymentMethod(providerPaymentMethodId);
    if (!card) throw DebitCardRefusals.notFound();

    const refusal = cardAttributeRefusal(card, now);
    if (refusal) throw refusal;

    const elsewhere = await db
      .selectFrom('payment_methods')
      .select('id')
      .where('card_fingerprint', '=', card.fingerprint)
      .where('user_id', '!=', user.id)
      .where('status', '!=', 'CANCELED')
      .executeTakeFirst();
    if (elsewhere) throw DebitCardRefusals.alreadyExists();

    // A different card soon after removing one: the old card may come back, a new one must wait.
    const recentRemovals = await db
      .selectFrom('removed_debit_cards')
      .select(['fingerprint', 'removed_at'])
      .where('user_id', '=', user.id)
      .orderBy('removed_at', 'desc')
      .execute();
    const blocking = recentRemovals.filter((removal) => withinCooldown(removal.removed_at, now));
    if (blocking.length > 0 && !blocking.some((removal) => removal.fingerprint === card.fingerprint)) {
      throw DebitCardRefusals.tooCloseToPreviousLink();
    }
    return card;
  }

  /** The debit-card blockers (the contract's debitCardHolderRefusal, which the card dialog says before the card). */
  function assertCardHolder(user: UserRow) {
    const refusal = debitCardHolderRefusal({
      applicationStatus: user.application_status,
      hasAddress: hasAddressOnFile(user),
      addressChangeAttempts: user.address_change_attempts,
    });
    if (refusal) throw debitCardError(refusal.status, refusal.errorCode, refusal.message);
  }

  async function debitCardLimitCents(): Promise<number> {
    const { config } = resolveUniversalConfig(await readAppConfig(db));
    return config.flags.dcfLimit * 100;
  }

  const cardFields = (card: CardAttributes, providerPaymentMethodId: string) => ({
    display_name: debitCardName(card.brand),
    original_name: debitCardName(card.brand),
    last4: card.last4,
    card_fingerprint: card.fingerprint,
    card_brand: card.brand,
    card_exp_month: card.expMonth,
    card_exp_year: card.expYear,
    provider_payment_method_id: providerPaymentMethodId,
  });

  return async (app) => {
    // A mutation: every card entry needs a fresh intent.
    app.post<{ Reply: SetupIntentResponse }>(ApiPaths.debitCardSetupIntent, { schema: { response: { 200: SetupIntentResponse } } }, async (request) => {
      const user = await requireUser(db, request.userId);
      const intent = await providers.cards.createSetupIntent(user.id, randomUUID());
      await db.insertInto('card_setup_intents').values({ id: intent.id, user_id: user.id, created_at: clock.now() }).execute();
      return {
        clientSecret: intent.clientSecret,
        zipcode: user.zipcode,
        addressLine1: user.address1,
        hasAddress: hasAddressOnFile(user),
        addressChangeAttempts: user.address_change_attempts,
      };
    });

    app.post<{ Body: DebitCardLinkRequest; Reply: LinkedPaymentMethodResponse }>(
      ApiPaths.debitCardLink,
      { schema: { body: DebitCardLinkRequest, response: { 200: LinkedPaymentMethodResponse } } },
      async (request) => {
        try {
          const user = await requireUser(db, request.userId);
          assertCardHolder(user);
          const rulesNow = await db.selectFrom('payment_methods').selectAll().where('user_id', '=', user.id).where('status', '!=', 'CANCELED').execute();
          assertCanAdd('debitCard', { applicationStatus: user.application_status, userStatus: user.status, methods: rulesNow.map(ruleView) });
          const { token, paymentMethodId } = request.body;
          const card = await acceptableCard(user, token, paymentMethodId);
          const limitCents = await debitCardLimitCents();
          const now = clock.now();
          const row = await db.transaction().execute(async (trx) => {
            const live = await lockLiveMethodsOfUser(trx, user.id);
            assertCanAdd('debitCard', { applicationStatus: user.application_status, userStatus: user.status, methods: live.map(ruleView) });
            const claimed = await trx.updateTable('card_setup_intents').set({ used_at: now }).where('id', '=', token).where('used_at', 'is', null).executeTakeFirst();
            if (claimed.numUpdatedRows === 0n) throw DebitCardRefusals.notFound();
            return insertPaymentMethod(
              trx,
              {
                id: randomUUID(),
                user_id: user.id,
                type: 'DEBIT_CARD',
                ...cardFields(card, paymentMethodId),
                is_default: false,
                created_at: now,
                status: 'APPROVED',
                readiness: 'READY',
                verification_status: 'VERIFIED',
                bank_account_type: null,
                verification_source: null,
                plaid_login_required: false,
                amount_deposited_cents: 0,
                deposit_limit_cents: limitCents,
                updatable: true,
                issuing_bank: null,
                can_update_nickname: false,
                approval_method: 'INSTANT',
                approval_amount_cents: null,
              },
              live,
              limitCents > 0,
            );
          });
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
          const card = await acceptableCard(user, token, providerPaymentMethodId);
          const now = clock.now();
          await db.transaction().execute(async (trx) => {
            const claimed = await trx.updateTable('card_setup_intents').set({ used_at: now }).where('id', '=', token).where('used_at', 'is', null).executeTakeFirst();
            if (claimed.numUpdatedRows === 0n) throw DebitCardRefusals.notFound();
            await trx
              .updateTable('payment_methods')
              .set({ ...cardFields(card, providerPaymentMethodId), status: 'APPROVED', readiness: 'READY', verification_status: 'VERIFIED' })
              .where('id', '=', existing.id)
              .execute();
          });
          return { linkedPaymentMethod: presentPaymentMethod(await findPaymentMethodById(db, existing.id)) };
        } catch (error) {
          withSource(error);
        }
      },
    );

    // A new address is confirmed by email before it becomes the customer's; each request counts as an attempt.
    app.put<{ Body: Address; Reply: AddressUpdateResponse }>(
      ApiPaths.debitCardAddress,
      { schema: { body: Address, response: { 200: AddressUpdateResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const now = clock.now();
        const address: StoredAddress = {
          address1: request.body.address1.trim().replace(/\s+/g, ' '),
          address2: request.body.address2?.trim().replace(/\s+/g, ' ') || null,
          city: request.body.city.trim().replace(/\s+/g, ' '),
          state: request.body.state,
          zipcode: request.body.zipcode,
        };
        if (!address.address1 || !address.city) {
          throw new ApiError(400, FundingErrorCode.ADDRESS_INVALID, 'Please enter a complete address.');
        }
        const token = newOpaqueToken();
        const attempts = await db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('users')
            .set((eb) => ({ address_change_attempts: eb('address_change_attempts', '+', 1) }))
            .where('id', '=', user.id)
            .where('address_change_attempts', '<', DEBIT_CARD_MAX_ADDRESS_ATTEMPTS)
            .returning('address_change_attempts')
            .executeTakeFirst();
          if (!updated) return null;
          await trx
            .insertInto('address_verification_tokens')
            .values({
              id: randomUUID(),
              token_hash: hashToken(token),
              user_id: user.id,
              address: JSON.stringify(address),
              created_at: now,
              expires_at: new Date(now.getTime() + ADDRESS_TOKEN_TTL_MS),
            })
            .execute();
          return updated.address_change_attempts;
        });
        if (attempts === null) {
          throw new ApiError(429, FundingErrorCode.ADDRESS_ATTEMPTS_EXCEEDED, DebitCardHolderMessages.addressChangesUsedUp);
        }
        await providers.mailer.send({ userId: user.id, to: user.email, subject: 'Confirm your new address', link: addressVerificationLink(token) });
        return { verificationSent: true, attempts, maxAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS };
      },
    );

    app.post<{ Body: AddressConfirmRequest; Reply: AddressResponse }>(
      ApiPaths.debitCardAddressConfirm,
      { schema: { body: AddressConfirmRequest, response: { 200: AddressResponse } } },
      async (request) => {
        const now = clock.now();
        const address = await db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('address_verification_tokens')
            .set({ used_at: now })
            .where('token_hash', '=', hashToken(request.body.token))
            .where('user_id', '=', request.userId)
            .where('used_at', 'is', null)
            .where('expires_at', '>', now)
            .returning('address')
            .executeTakeFirst();
          if (!row) return null;
          await trx
            .updateTable('users')
            .set({ ...row.address, address_change_attempts: 0 })
            .where('id', '=', request.userId)
            .execute();
          return row.address;
        });
        if (!address) {
          throw new ApiError(400, FundingErrorCode.ADDRESS_TOKEN_INVALID, 'This address confirmation link is not valid or has expired. Please enter your address again.');
        }
        return { address: { ...address, country: 'USA' as const } };
      },
    );
  };
}
