import type { Money } from './common';

// Money is integer cents inside the app and the server; on the wire it is an exact decimal string.
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function decimalToCents(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a money amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${value}`);
  return sign ? -cents : cents;
}

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const moneyToCents = (money: Money): number => decimalToCents(money.amount);
export const centsToMoney = (cents: number): Money => ({ amount: centsToDecimal(cents), currency: 'USD' });

/** One piece of a formatted amount, named as Intl.NumberFormat's formatToParts names them. */
export interface UsdPart {
  type: 'minusSign' | 'currency' | 'integer' | 'group' | 'decimal' | 'fraction';
  value: string;
}

/**
 * Cents as people read dollars, in pieces: -125000 -> "-", "$", "1", ",", "250", ".", "00". The same text as
 * Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }) (a test compares them), worked out from
 * the integer: no float division, and no Intl, whose first formatter makes the browser load its locale data
 * (about 90 ms at a phone's speed) while the page is still loading.
 */
export function usdParts(cents: number, options: { whole?: boolean } = {}): UsdPart[] {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100));
  const parts: UsdPart[] = cents < 0 ? [{ type: 'minusSign', value: '-' }] : [];
  parts.push({ type: 'currency', value: '$' });
  const firstGroup = dollars.length % 3 || 3;
  parts.push({ type: 'integer', value: dollars.slice(0, firstGroup) });
  for (let at = firstGroup; at < dollars.length; at += 3)
    parts.push({ type: 'group', value: ',' }, { type: 'integer', value: dollars.slice(at, at + 3) });
  if (!(options.whole && abs % 100 === 0))
    parts.push({ type: 'decimal', value: '.' }, { type: 'fraction', value: String(abs % 100).padStart(2, '0') });
  return parts;
}

/** Formats cents for people: 125000 -> "$1,250.00"; whole=true drops ".00" for round figures. */
export function formatCents(cents: number, options: { whole?: boolean } = {}): string {
  return usdParts(cents, options)
    .map((part) => part.value)
    .join('');
}

// ---- money as people type it (amount fields) ----

/**
 * Turns whatever was typed or pasted into an amount field into a clean decimal string: digits and one decimal
 * point, at most two decimals, no leading zeros ("$1,2a3.456" → "123.45", ".5" → "0.5", "00012" → "12"). A trailing
 * point is kept ("12." while the customer is typing). amountInputToCents turns the result into cents exactly.
 */
export function sanitizeAmountInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const hasPoint = point !== -1;
  const whole = hasPoint ? kept.slice(0, point) : kept;
  const fraction = hasPoint
    ? kept
        .slice(point + 1)
        .replace(/\./g, '')
        .slice(0, 2)
    : '';

  let integer = whole.replace(/^0+/, '');
  if (integer === '' && (hasPoint || whole !== '')) integer = '0';
  if (integer === '' && !hasPoint) return '';
  return hasPoint ? `${integer}.${fraction}` : integer;
}

/**
 * Integer cents of a typed amount ("1250", "1250.5", "12." while typing, "$1,250.50" as written), or null when
 * nothing usable is typed (empty, negative, more than two decimals, not a number). Exact: the same parser as the
 * wire (decimalToCents).
 */
export function amountInputToCents(input: string): number | null {
  const text = input.replace(/[$,\s]/g, '');
  const clean = text.endsWith('.') ? text.slice(0, -1) : text;
  if (clean === '' || clean.startsWith('-')) return null;
  try {
    return decimalToCents(clean);
  } catch {
    return null;
  }
}

/** Cents as an amount field shows them: "1250", "1250.50". */
export const centsToAmountInput = (cents: number) => (cents % 100 === 0 ? centsToDecimal(cents).slice(0, -3) : centsToDecimal(cents));
