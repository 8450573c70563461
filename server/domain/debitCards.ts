import { DebitCardErrorCode, FundingMessages, type DebitCardErrorSource } from '../../api/contract';
import type { CardBrand } from '../../api/contract/sandboxCards';
import { ApiError } from '../errors';
import type { CardAttributes } from '../providers';

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
  notFound: () => debitCardError(404, DebitCardErrorCode.NOT_FOUND, "We couldn't find this card. Please double-check the details and try again."),
  unsupportedType: () => debitCardError(400, DebitCardErrorCode.UNSUPPORTED_TYPE, 'This card is not a debit card. Please use a personal debit card.'),
  prepaid: () => debitCardError(400, DebitCardErrorCode.PREPAID, 'Prepaid cards are not accepted. Please use a personal debit card.'),
  commercial: () => debitCardError(400, DebitCardErrorCode.COMMERCIAL, 'Business cards are not accepted. Please use a personal debit card.'),
  unsupportedCountry: () => debitCardError(400, DebitCardErrorCode.UNSUPPORTED_COUNTRY, 'Only cards issued in the US are accepted. Please use a US-based debit card.'),
  unknownCountry: () =>
    debitCardError(400, DebitCardErrorCode.UNKNOWN_COUNTRY, "We couldn't tell where this card was issued. Please use a US-based debit card."),
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
