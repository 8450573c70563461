/**
 * Redaction of a support export, done in the browser before anything leaves it (issue 6).
 *
 * Two passes over the recorded states and actions:
 *   1. collect: values under known keys are secrets (tokens, passwords, file contents), numbers
 *      (account, routing, card) or personal data (names, emails, phones, street addresses);
 *   2. rewrite: every string and every object key of the export goes through one function that
 *      - replaces each collected value wherever it appears (also inside URLs and RTK Query cache keys),
 *      - masks what merely looks like a number, an email, a phone number or a bearer token.
 * The rewrite is a function of the value, so the same account number becomes the same masked number in
 * every place: the app's selectors still match the selected account with its cache entry, and the
 * replay still works.
 */

import { passesLuhn } from '../api/contract/sandboxCards';

export const DROPPED = '[dropped]';

/** Values replaced by DROPPED wherever they occur. */
const SECRET_KEYS = new Set([
  'accessToken',
  'refreshToken',
  'token',
  'linkToken',
  'publicToken',
  'clientSecret',
  'password',
  'currentPassword',
  'newPassword',
  'authorization',
  'eventsSubscriptionId',
  'auv',
  // Uploaded file contents.
  'base64file',
  'fileContent',
  'contents',
  'dataUrl',
]);

/** Values kept as their last 4 characters. */
const NUMBER_KEYS = new Set([
  'account',
  'accountNumber',
  'bankAccount',
  'bankAccountNumber',
  'routingNumber',
  'paymentMethodNumber',
  'cardNumber',
  'selectedAccountNumber',
  'ssn',
  'taxId',
]);

type PersonalKind = 'name' | 'email' | 'phone' | 'street' | 'birthDate';

const PERSONAL_KEYS: Record<string, PersonalKind> = {
  firstName: 'name',
  lastName: 'name',
  legalFirstName: 'name',
  legalLastName: 'name',
  middleName: 'name',
  fullName: 'name',
  legalName: 'name',
  preferredName: 'name',
  nameOnCard: 'name',
  cardholderName: 'name',
  accountHolderName: 'name',
  email: 'email',
  emailAddress: 'email',
  phone: 'phone',
  phoneNumber: 'phone',
  address1: 'street',
  address2: 'street',
  addressLine1: 'street',
  addressLine2: 'street',
  street: 'street',
  streetAddress: 'street',
  line1: 'street',
  line2: 'street',
  birthDate: 'birthDate',
  dateOfBirth: 'birthDate',
};

const PLACEHOLDER: Record<PersonalKind, (n: number) => string> = {
  name: (n) => `Person${n}`,
  email: (n) => `person${n}@example.invalid`,
  phone: (n) => `555-01${String(n % 100).padStart(2, '0')}`,
  street: (n) => `${n} Redacted St`,
  // A date still, so a screen that reads it still renders; the day tells distinct people apart.
  birthDate: (n) => `1900-01-${String(((n - 1) % 28) + 1).padStart(2, '0')}`,
};

const MAX_DEPTH = 40;

/** The last 4 characters, the rest as bullets (at least 4 bullets, so the length is not told either). */
export function lastFour(value: string): string {
  const tail = value.slice(-4);
  return `••••${tail}`;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const BEARER = /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// Card-like: 13-19 digits, possibly grouped by single spaces or dashes.
const GROUPED_DIGITS = /\d(?:[ -]?\d){12,18}/g;
// Any other run of 9 or more digits (routing numbers, account numbers, tax ids).
const LONG_DIGITS = /\d{9,}/g;
// US phone numbers with separators: (555) 010-1234, 555-010-1234, +1 555 010 1234.
const PHONE = /(?:\+1[ .-]?)?\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b/g;

export interface Redactor {
  /** Notes the secrets and personal values of a recorded state or action; call for all of them first. */
  collect: (value: unknown) => void;
  /** The redacted copy of a value (strings, object keys and nested values). */
  redact: <T>(value: T) => T;
}

export function createRedactor(): Redactor {
  // value → its replacement, for every value found under a known key.
  const known = new Map<string, string>();
  const counters: Record<PersonalKind, number> = { name: 0, email: 0, phone: 0, street: 0, birthDate: 0 };
  let knownPattern: RegExp | null = null;
  const emails = new Map<string, string>();
  const rewritten = new Map<string, string>();
  // States share most of their objects with the states before them: each object is redacted once.
  let copies = new WeakMap<object, unknown>();

  const remember = (value: string, replacement: string) => {
    if (value.length < 2 || known.has(value)) return;
    known.set(value, replacement);
    // What was redacted before this value was known may hold it: redact again from now on.
    knownPattern = null;
    rewritten.clear();
    copies = new WeakMap();
  };

  const collectEntry = (key: string, child: unknown) => {
    if (typeof child !== 'string' || child === '' || child === DROPPED) return;
    if (SECRET_KEYS.has(key)) remember(child, DROPPED);
    else if (NUMBER_KEYS.has(key) && /[0-9]/.test(child) && child.length > 4) {
      remember(child, lastFour(child));
      // Links carry an account as its last 5 digits (?account=): those go to 4 as well.
      if (child.length > 5 && /^\d{5}$/.test(child.slice(-5))) remember(child.slice(-5), lastFour(child));
    } else if (PERSONAL_KEYS[key]) {
      const kind = PERSONAL_KEYS[key];
      if (!known.has(child)) {
        counters[kind] += 1;
        remember(child, PLACEHOLDER[kind](counters[kind]));
      }
    }
  };

  const walked = new WeakSet<object>();
  const collect = (value: unknown, depth = 0): void => {
    if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || walked.has(value)) return;
    walked.add(value);
    if (Array.isArray(value)) {
      for (const item of value) collect(item, depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      collectEntry(key, child);
      collect(child, depth + 1);
    }
  };

  const pattern = () => {
    if (!knownPattern) {
      // Longest first, so a full name goes before the first name inside it.
      const values = [...known.keys()].sort((a, b) => b.length - a.length).map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      // Whole values only: a first name "Al" must not turn "Also" into "Person1so".
      knownPattern = values.length > 0 ? new RegExp(`(?<![A-Za-z0-9])(?:${values.join('|')})(?![A-Za-z0-9])`, 'g') : /$^/g;
    }
    return knownPattern;
  };

  const emailPlaceholder = (email: string) => {
    let replacement = emails.get(email.toLowerCase());
    if (!replacement) {
      counters.email += 1;
      replacement = PLACEHOLDER.email(counters.email);
      emails.set(email.toLowerCase(), replacement);
    }
    return replacement;
  };

  const maskDigits = (match: string) => lastFour(match.replace(/[ -]/g, ''));

  const redactString = (text: string): string => {
    if (text === '' || text === DROPPED) return text;
    const cached = rewritten.get(text);
    if (cached !== undefined) return cached;
    let result = text;
    if (known.size > 0) result = result.replace(pattern(), (match) => known.get(match) ?? match);
    result = result
      .replace(BEARER, `Bearer ${DROPPED}`)
      .replace(JWT, DROPPED)
      .replace(EMAIL, (match) => (match.endsWith('.invalid') ? match : emailPlaceholder(match)))
      .replace(GROUPED_DIGITS, (match) => (match.replace(/[ -]/g, '').length >= 13 ? maskDigits(match) : match))
      .replace(LONG_DIGITS, maskDigits)
      .replace(PHONE, (match) => (/^555-01\d\d$/.test(match) ? match : '555-0100'));
    rewritten.set(text, result);
    return result;
  };

  const redactNumber = (value: number): number => {
    // A whole number of 13-19 digits that passes Luhn would read as a card number (epoch-millisecond
    // timestamps sometimes do): nudged by one, which changes nothing on screen.
    if (Number.isInteger(value) && Math.abs(value) >= 1e12 && Math.abs(value) < 1e19 && passesLuhn(String(Math.abs(value)))) {
      return value + 1;
    }
    return value;
  };

  const redact = <T>(value: T, depth = 0): T => {
    if (typeof value === 'string') return redactString(value) as T;
    if (typeof value === 'number') return redactNumber(value) as T;
    if (value === null || typeof value !== 'object') return value;
    if (depth > MAX_DEPTH) return DROPPED as T;
    const done = copies.get(value);
    if (done !== undefined) return done as T;
    if (Array.isArray(value)) {
      const items = (value as unknown[]).map((item) => redact(item, depth + 1));
      copies.set(value, items);
      return items as T;
    }
    const copy: Record<string, unknown> = {};
    copies.set(value, copy);
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const target = redactString(key);
      if (SECRET_KEYS.has(key) && typeof child === 'string' && child !== '') copy[target] = DROPPED;
      else copy[target] = redact(child, depth + 1);
    }
    return copy as T;
  };

  return { collect: (value) => collect(value), redact: (value) => redact(value) };
}

/** What a checker looks for in an export: any of these found means something leaked. */
export const LEAK_PATTERNS: Record<string, RegExp> = {
  'bearer token': /Bearer\s+(?!\[dropped\])[A-Za-z0-9._~+/=-]{8,}/i,
  'JSON web token': /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]+\./,
  'routing-like number': /(?<!\d)\d{9}(?!\d)/,
};
