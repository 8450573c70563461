import type { Money } from './common';
import { decimalToCents } from './money';

// Amounts the app writes: cents back to the wire's decimal string, and what a customer types into an amount field.
// Apart from money.ts (reading and formatting) so that only the flows that take an amount carry them.

export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const centsToMoney = (cents: number): Money => ({ amount: centsToDecimal(cents), currency: 'USD' });

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
