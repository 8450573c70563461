import type { Money } from './common';

// Money is integer cents inside the app and the server; on the wire it is an exact decimal string.
// This module reads the wire and formats for people, which the first page does; cents back to the wire and the
// amount fields' rules are in moneyEntry.ts, which only the flows that take an amount load.
const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

export function decimalToCents(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`Not a money amount: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${value}`);
  return sign ? -cents : cents;
}

export const moneyToCents = (money: Money): number => decimalToCents(money.amount);

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
