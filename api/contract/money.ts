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

/**
 * A value made on first use. The first Intl formatter a page creates makes the browser load its locale data
 * (about 50 ms on a phone); made when a module loads, that lands in the first long task of every page,
 * the sign-in page too, which shows no amount.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** The USD formatter every amount goes through: "$1,250.00". */
export const usdFormat = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const usdWholeFormat = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }));

/** Formats cents for people: 125000 -> "$1,250.00"; whole=true drops ".00" for round figures. */
export function formatCents(cents: number, options: { whole?: boolean } = {}): string {
  if (options.whole && cents % 100 === 0) return usdWholeFormat().format(cents / 100);
  // Intl works on numbers; cents / 100 is exact to two decimals for every safe amount we format.
  return usdFormat().format(cents / 100);
}
