import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DebitCardErrorCode,
  debitCardHolderRefusal,
  FundingMessages,
  hasAddressOnFile,
  type DebitCardErrorSource,
} from '../../api/contract';
import type { CardBrand } from '../../api/contract/sandboxCards';
import type { Database, PaymentMethodRow, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import type { CardAttributes, Providers } from '../providers';
import { readAppConfig } from '../repositories/appConfig';
import {
  claimSetupIntent,
  hasUnusedSetupIntent,
  isCardLiveElsewhere,
  listRemovedCardsOfUser,
  replaceCardOfMethod,
  type CardColumns,
} from '../repositories/debitCards';
import { insertPaymentMethod, listLiveMethodsOfUser, lockLiveMethodsOfUser } from '../repositories/paymentMethods';
import { assertCanAdd, ruleView } from './additionRules';
import { resolveUniversalConfig } from './universalConfig';

// The debit-card error table of section 8: each refusal is { errorCode, message, source }, with the message the
// app shows (or its default, FundingMessages.debitCardDefault).

/** A card must stay valid at least this long after linking. */
export const MIN_DAYS_TO_EXPIRY = 90;
/** After removing a card, a different card can be linked only after this many days. */
export const PREVIOUS_LINK_COOLDOWN_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export const debitCardError = (status: number, errorCode: string, message: string, source: DebitCardErrorSource = 'PUBLIC_API') =>
  new ApiError(status, errorCode, message, { source });

export const DebitCardRefusals = {
  notFound: () =>
    debitCardError(404, DebitCardErrorCode.NOT_FOUND, "We couldn't find this card. Please double-check the details and try again."),
  unsupportedType: () =>
    debitCardError(400, DebitCardErrorCode.UNSUPPORTED_TYPE, 'This card is not a debit card. Please use a personal debit card.'),
  prepaid: () => debitCardError(400, DebitCardErrorCode.PREPAID, 'Prepaid cards are not accepted. Please use a personal debit card.'),
  commercial: () =>
    debitCardError(400, DebitCardErrorCode.COMMERCIAL, 'Business cards are not accepted. Please use a personal debit card.'),
  unsupportedCountry: () =>
    debitCardError(
      400,
      DebitCardErrorCode.UNSUPPORTED_COUNTRY,
      'Only cards issued in the US are accepted. Please use a US-based debit card.',
    ),
  unknownCountry: () =>
    debitCardError(
      400,
      DebitCardErrorCode.UNKNOWN_COUNTRY,
      "We couldn't tell where this card was issued. Please use a US-based debit card.",
    ),
  tooCloseToExpiry: () =>
    debitCardError(400, DebitCardErrorCode.TOO_CLOSE_TO_EXPIRY, 'This card expires soon. Please try again with a new card.'),
  alreadyExists: () =>
    debitCardError(409, DebitCardErrorCode.ALREADY_EXISTS, 'This card is linked to an existing account. Please contact support.'),
  tooCloseToPreviousLink: () =>
    debitCardError(
      409,
      DebitCardErrorCode.TOO_CLOSE_TO_PREVIOUS_LINK,
      'You removed a debit card recently. Please link your previous card again, or try a new card in a few days.',
    ),
  default: () => debitCardError(400, DebitCardErrorCode.FAILED_TO_VERIFY, FundingMessages.debitCardDefault),
};

/** The first card attribute that rules the card out, by the order of the error table. */
export function cardAttributeRefusal(card: CardAttributes, now: Date): ApiError | null {
  if (card.funding === 'prepaid') return DebitCardRefusals.prepaid();
  if (card.funding !== 'debit') return DebitCardRefusals.unsupportedType();
  if (card.commercial) return DebitCardRefusals.commercial();
  if (card.country === '') return DebitCardRefusals.unknownCountry();
  if (card.country.toUpperCase() !== 'US') return DebitCardRefusals.unsupportedCountry();
  if (expiresWithin(card, now, MIN_DAYS_TO_EXPIRY)) return DebitCardRefusals.tooCloseToExpiry();
  return null;
}

/** A card is good through the last day of its expiry month. */
export function expiresWithin(card: Pick<CardAttributes, 'expMonth' | 'expYear'>, now: Date, days: number): boolean {
  const firstInvalidDay = Date.UTC(card.expYear, card.expMonth, 1); // month is 1-based: this is the next month's 1st
  return firstInvalidDay - now.getTime() < days * DAY_MS;
}

export const withinCooldown = (removedAt: Date, now: Date) => now.getTime() - removedAt.getTime() < PREVIOUS_LINK_COOLDOWN_DAYS * DAY_MS;

const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Debit',
};

/** "Visa debit card". */
export const debitCardName = (brand: CardBrand) => (brand === 'unknown' ? 'Debit card' : `${BRAND_LABELS[brand]} debit card`);

/** Every refusal of the card calls carries a source (section 8), including the general ones. */
export function withSource(error: unknown): never {
  if (error instanceof ApiError && !error.details?.source) {
    throw new ApiError(error.statusCode, error.errorCode, error.message, { source: 'PUBLIC_API' });
  }
  throw error;
}

/** The debit-card blockers (the contract's debitCardHolderRefusal, which the card dialog says before the card). */
export function assertCardHolder(user: UserRow): void {
  const refusal = debitCardHolderRefusal({
    applicationStatus: user.application_status,
    hasAddress: hasAddressOnFile(user),
    addressChangeAttempts: user.address_change_attempts,
  });
  if (refusal) throw debitCardError(refusal.status, refusal.errorCode, refusal.message);
}

/** The addition rules for a debit card, on the customer's live methods now (and again on the locked rows). */
export async function assertCanAddCard(db: Kysely<Database>, user: UserRow): Promise<void> {
  const live = await listLiveMethodsOfUser(db, user.id);
  assertCanAdd('debitCard', { applicationStatus: user.application_status, userStatus: user.status, methods: live.map(ruleView) });
}

export async function debitCardLimitCents(db: Kysely<Database>): Promise<number> {
  const { config } = resolveUniversalConfig(await readAppConfig(db));
  return config.flags.dcfLimit * 100;
}

/** The card's own columns of its payment method. */
export const cardFields = (card: CardAttributes, providerPaymentMethodId: string): CardColumns => ({
  display_name: debitCardName(card.brand),
  original_name: debitCardName(card.brand),
  last4: card.last4,
  card_fingerprint: card.fingerprint,
  card_brand: card.brand,
  card_exp_month: card.expMonth,
  card_exp_year: card.expYear,
  provider_payment_method_id: providerPaymentMethodId,
});

/** The card behind a confirmed setup intent of this customer, after every check of the error table. */
export async function acceptableCard(
  deps: { db: Kysely<Database>; cards: Providers['cards']; now: Date },
  user: UserRow,
  setupIntentId: string,
  providerPaymentMethodId: string,
): Promise<CardAttributes> {
  const { db, cards, now } = deps;
  if (!(await hasUnusedSetupIntent(db, user.id, setupIntentId))) throw DebitCardRefusals.notFound();
  const confirmed = await cards.retrieveSetupIntent(setupIntentId);
  if (!confirmed || confirmed.status !== 'succeeded') throw DebitCardRefusals.notFound();
  if (confirmed.paymentMethodId !== null && confirmed.paymentMethodId !== providerPaymentMethodId) throw DebitCardRefusals.notFound();
  const card = await cards.retrievePaymentMethod(providerPaymentMethodId);
  if (!card) throw DebitCardRefusals.notFound();

  const refusal = cardAttributeRefusal(card, now);
  if (refusal) throw refusal;

  if (await isCardLiveElsewhere(db, user.id, card.fingerprint)) throw DebitCardRefusals.alreadyExists();

  // A different card soon after removing one: the old card may come back, a new one must wait.
  const recentRemovals = await listRemovedCardsOfUser(db, user.id);
  const blocking = recentRemovals.filter((removal) => withinCooldown(removal.removed_at, now));
  if (blocking.length > 0 && !blocking.some((removal) => removal.fingerprint === card.fingerprint)) {
    throw DebitCardRefusals.tooCloseToPreviousLink();
  }
  return card;
}

/**
 * Adds the card as a new method in one transaction: the addition rules run again on the locked rows and the setup
 * intent is used up, so two concurrent links cannot both add a card.
 */
export function insertDebitCard(
  db: Kysely<Database>,
  link: { user: UserRow; setupIntentId: string; card: CardColumns; limitCents: number; now: Date },
): Promise<PaymentMethodRow> {
  const { user, now, limitCents } = link;
  return db.transaction().execute(async (trx) => {
    const live = await lockLiveMethodsOfUser(trx, user.id);
    assertCanAdd('debitCard', { applicationStatus: user.application_status, userStatus: user.status, methods: live.map(ruleView) });
    if (!(await claimSetupIntent(trx, link.setupIntentId, now))) throw DebitCardRefusals.notFound();
    return insertPaymentMethod(
      trx,
      {
        id: randomUUID(),
        user_id: user.id,
        type: 'DEBIT_CARD',
        ...link.card,
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
}

/** Puts the new card in the method's place, using the setup intent up, in one transaction. */
export async function replaceDebitCard(
  db: Kysely<Database>,
  methodId: string,
  setupIntentId: string,
  card: CardColumns,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await claimSetupIntent(trx, setupIntentId, now))) throw DebitCardRefusals.notFound();
    await replaceCardOfMethod(trx, methodId, card);
  });
}
