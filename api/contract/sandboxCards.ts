/**
 * The card sandbox: Stripe's published test card numbers and what Stripe's test mode does with each, plus the
 * format of the sandbox payment-method id. The browser's sandbox card provider looks a number up here and
 * answers like Stripe.js would (a decline at confirmation, or a payment method id); the server's sandbox
 * provider reads the card's attributes back from that id, the way the live server retrieves a payment method
 * from Stripe. Only attributes travel (brand, funding, country, last 4, expiry): never the card number.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';
export type CardFunding = 'debit' | 'credit' | 'prepaid' | 'unknown';

export interface SandboxCardBehaviour {
  brand: CardBrand;
  funding: CardFunding;
  /** ISO 3166-1 alpha-2 country of the issuer. */
  country: string;
  /** A business card (refused: our product takes personal debit cards only). */
  commercial?: boolean;
  /** Stripe.js refuses the card at confirmation with this error code (and decline code). */
  declineCode?: { code: string; declineCode?: string; message: string };
  description: string;
}

/** Stripe test numbers (docs.stripe.com/testing), plus one commercial card of our own: Stripe publishes none. */
export const SANDBOX_CARDS: Readonly<Record<string, SandboxCardBehaviour>> = {
  '4000056655665556': { brand: 'visa', funding: 'debit', country: 'US', description: 'Visa debit: links' },
  '5200828282828210': { brand: 'mastercard', funding: 'debit', country: 'US', description: 'Mastercard debit: links' },
  '6011981111111113': { brand: 'discover', funding: 'debit', country: 'US', description: 'Discover debit: links' },
  '4242424242424242': { brand: 'visa', funding: 'credit', country: 'US', description: 'Visa credit: refused, not a debit card' },
  '5555555555554444': {
    brand: 'mastercard',
    funding: 'credit',
    country: 'US',
    description: 'Mastercard credit: refused, not a debit card',
  },
  '5105105105105100': { brand: 'mastercard', funding: 'prepaid', country: 'US', description: 'Mastercard prepaid: refused' },
  '4000001240000000': { brand: 'visa', funding: 'debit', country: 'CA', description: 'Canadian Visa: refused, not a US card' },
  '4000000760000002': { brand: 'visa', funding: 'credit', country: 'BR', description: 'Brazilian Visa: refused, not a US card' },
  '4000008260000000': { brand: 'visa', funding: 'debit', country: 'GB', description: 'UK Visa: refused, not a US card' },
  '4000002500001001': {
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    commercial: true,
    description: 'Commercial Visa debit (sandbox only): refused',
  },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    declineCode: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    description: 'Declined at confirmation',
  },
  '4000000000009995': {
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    declineCode: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    description: 'Declined: insufficient funds',
  },
  '4000000000000069': {
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    declineCode: { code: 'expired_card', message: 'Your card has expired.' },
    description: 'Expired card',
  },
  '4000000000000127': {
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    declineCode: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    description: 'Incorrect CVC',
  },
  '4000000000000119': {
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    declineCode: { code: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
    description: 'Processing error',
  },
};

/** Luhn check, as Stripe.js applies it before anything else (a failure is `incorrect_number`). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Card-like numbers in a text: runs of 13 to 19 digits that pass Luhn (what redaction and leak scans look for). */
export function findCardLikeNumbers(text: string): string[] {
  return (text.match(/(?<!\d)\d{13,19}(?!\d)/g) ?? []).filter(passesLuhn);
}

/** What the server may learn about a card, in either mode: the fields of Stripe's PaymentMethod object, without the number. */
export interface CardAttributes {
  brand: CardBrand;
  funding: CardFunding;
  country: string;
  commercial: boolean;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Stable per card number (the expiry plays no part), like Stripe's card fingerprint; not reversible to the number. */
  fingerprint: string;
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The sandbox's card fingerprint, computed in the browser when Stripe test mode confirms a card. Like Stripe's
 * (it "uniquely identifies this particular card number"), the number alone decides it: the same card with
 * another expiry (a reissue) is the same card, so the debit-card lifetime limit counted by fingerprint cannot
 * be escaped by typing another expiry. A one-way hash: the number is never sent or stored. SHA-256 where the
 * browser offers it (any secure context, localhost included); otherwise a 64-bit FNV-1a hash so the sandbox
 * still works when served over plain http on a LAN address.
 */
export async function sandboxCardFingerprint(digits: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toHex(await subtle.digest('SHA-256', new TextEncoder().encode(digits))).slice(0, 16);
  let hash = 0xcbf29ce484222325n;
  for (const char of digits) hash = BigInt.asUintN(64, (hash ^ BigInt(char.charCodeAt(0))) * 0x100000001b3n);
  return hash.toString(16).padStart(16, '0');
}

export const SANDBOX_PAYMENT_METHOD_PREFIX = 'pm_sandbox_';

const toBase64Url = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

export const encodeSandboxPaymentMethod = (attributes: CardAttributes) =>
  `${SANDBOX_PAYMENT_METHOD_PREFIX}${toBase64Url(JSON.stringify(attributes))}`;

/** The attributes behind a sandbox payment-method id, or null when the id is not one (Stripe: resource_missing). */
export function decodeSandboxPaymentMethod(id: string): CardAttributes | null {
  if (!id.startsWith(SANDBOX_PAYMENT_METHOD_PREFIX)) return null;
  try {
    const value = JSON.parse(fromBase64Url(id.slice(SANDBOX_PAYMENT_METHOD_PREFIX.length))) as Partial<CardAttributes>;
    if (
      typeof value.brand !== 'string' ||
      typeof value.funding !== 'string' ||
      typeof value.country !== 'string' ||
      typeof value.commercial !== 'boolean' ||
      typeof value.last4 !== 'string' ||
      !/^\d{4}$/.test(value.last4) ||
      // The id comes back from the browser: its fields are checked as a card's, not only as types.
      !Number.isInteger(value.expMonth) ||
      value.expMonth! < 1 ||
      value.expMonth! > 12 ||
      !Number.isInteger(value.expYear) ||
      value.expYear! < 1000 ||
      value.expYear! > 9999 ||
      typeof value.fingerprint !== 'string'
    ) {
      return null;
    }
    return value as CardAttributes;
  } catch {
    return null;
  }
}
