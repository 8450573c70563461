import {
  SANDBOX_CARDS,
  encodeSandboxPaymentMethod,
  passesLuhn,
  sandboxCardFingerprint,
  type CardBrand,
  type CardAttributes,
} from '../../../../api/contract/sandboxCards';
import type { CardProviderError, ConfirmCardSetupResult } from '../cardProvider';

/**
 * Stripe test mode, in the browser: the checks Stripe.js makes while the customer types, and what
 * `confirmCardSetup` answers for Stripe's published test numbers (api/contract/sandboxCards.ts).
 */

/** Brand from the number's prefix, as Stripe.js detects it while typing. */
export function detectCardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export const cardNumberLength = (brand: CardBrand) => (brand === 'amex' ? 15 : 16);
export const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** "4000056655665556" → "4000 0566 5566 5556" (American Express: 4-6-5), cut at the brand's length. */
export function formatCardNumber(input: string): string {
  const digits = onlyDigits(input);
  const brand = detectCardBrand(digits);
  const cut = digits.slice(0, cardNumberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= cut.length) break;
    parts.push(cut.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** "1", "12", "123" → "1", "12 / ", "12 / 3": typed as MM/YY; a first digit above 1 means a single-digit month. */
export function formatExpiry(input: string, previous = ''): string {
  let digits = onlyDigits(input).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  // Deleting the separator also deletes the month's last digit, so backspace works as expected.
  if (previous.endsWith(' / ') && input.length < previous.length && digits.length === 2) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export const STRIPE_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration date is invalid.",
  expiryMonthPast: "Your card's expiration date is in the past.",
  expiryYearPast: "Your card's expiration year is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  resourceMissing: 'No such setupintent.',
} as const;

/** A problem with the number as typed (digits only), or null when it is complete and passes Luhn. */
export function cardNumberProblem(digits: string): CardProviderError | null {
  const brand = detectCardBrand(digits);
  if (digits.length < cardNumberLength(brand)) return { code: 'incomplete_number', message: STRIPE_MESSAGES.incompleteNumber };
  if (!passesLuhn(digits)) return { code: 'incorrect_number', message: STRIPE_MESSAGES.invalidNumber };
  return null;
}

export interface Expiry {
  month: number;
  /** Four digits. */
  year: number;
}

export function parseExpiry(value: string): Expiry | null {
  const digits = onlyDigits(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

/** Stripe's expiry checks: complete, a real month, not in the past (the current month still counts). */
export function expiryProblem(value: string, now: Date): CardProviderError | null {
  const expiry = parseExpiry(value);
  if (!expiry) return { code: 'incomplete_expiry', message: STRIPE_MESSAGES.incompleteExpiry };
  if (expiry.month < 1 || expiry.month > 12) return { code: 'invalid_expiry_month', message: STRIPE_MESSAGES.invalidExpiryMonth };
  const year = now.getFullYear();
  if (expiry.year < year) return { code: 'invalid_expiry_year', message: STRIPE_MESSAGES.expiryYearPast };
  if (expiry.year === year && expiry.month < now.getMonth() + 1)
    return { code: 'invalid_expiry_month', message: STRIPE_MESSAGES.expiryMonthPast };
  return null;
}

export function cvcProblem(cvc: string, brand: CardBrand): CardProviderError | null {
  return onlyDigits(cvc).length === cvcLength(brand) ? null : { code: 'incomplete_cvc', message: STRIPE_MESSAGES.incompleteCvc };
}

/** What the sandbox form holds; it lives in a ref inside the sandbox provider and nowhere else. */
export interface SandboxCardInput {
  number: string;
  expiry: string;
  cvc: string;
}

/** The first problem of a card as entered, or null when the card is complete. */
export function sandboxCardProblem(card: SandboxCardInput, now: Date): CardProviderError | null {
  const digits = onlyDigits(card.number);
  return cardNumberProblem(digits) ?? expiryProblem(card.expiry, now) ?? cvcProblem(card.cvc, detectCardBrand(digits));
}

/** `seti_123_secret_abc` → `seti_123`, as Stripe derives a setup intent's id from its client secret. */
export function setupIntentIdFromClientSecret(clientSecret: string): string | null {
  const at = clientSecret.lastIndexOf('_secret_');
  if (at <= 0 || at + '_secret_'.length >= clientSecret.length) return null;
  return clientSecret.slice(0, at);
}

/**
 * What Stripe test mode answers to confirmCardSetup: the same checks as the form, then the test number's
 * decline if it has one, else a payment method. Unlisted numbers that pass the checks behave as a US
 * credit card of the detected brand (Visa when the prefix is unknown), like Stripe's default test card.
 */
export async function sandboxConfirmCardSetup(card: SandboxCardInput, clientSecret: string, now: Date): Promise<ConfirmCardSetupResult> {
  const setupIntentId = setupIntentIdFromClientSecret(clientSecret);
  if (!setupIntentId) return { error: { code: 'resource_missing', message: STRIPE_MESSAGES.resourceMissing } };
  const problem = sandboxCardProblem(card, now);
  if (problem)
    return { error: problem.code === 'incomplete_number' ? { code: 'incorrect_number', message: STRIPE_MESSAGES.invalidNumber } : problem };
  const digits = onlyDigits(card.number);
  const expiry = parseExpiry(card.expiry)!;
  const known = SANDBOX_CARDS[digits];
  if (known?.declineCode) {
    const { code, declineCode, message } = known.declineCode;
    return { error: { code, message, ...(declineCode ? { declineCode } : {}) } };
  }
  const detected = detectCardBrand(digits);
  const attributes: CardAttributes = {
    brand: known?.brand ?? (detected === 'unknown' ? 'visa' : detected),
    funding: known?.funding ?? 'credit',
    country: known?.country ?? 'US',
    commercial: known?.commercial ?? false,
    last4: digits.slice(-4),
    expMonth: expiry.month,
    expYear: expiry.year,
    fingerprint: await sandboxCardFingerprint(digits),
  };
  return { setupIntentId, paymentMethodId: encodeSandboxPaymentMethod(attributes) };
}
