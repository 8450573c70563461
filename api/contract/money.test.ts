import { decimalToCents, formatCents, usdParts } from './money';
import { centsToDecimal } from './moneyEntry';

// formatCents works the text out from the integer; Intl (Node's full ICU) is the reference it must match.
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const intlWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Amounts around every digit-count boundary, both signs, plus a spread of ordinary ones. */
function sampleCents(): number[] {
  const samples = new Set<number>([0, 1, 5, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 125_000, 5_000_000, 1_234_567_89]);
  for (let power = 0; power <= 15; power += 1) for (const delta of [-1, 0, 1]) samples.add(10 ** power + delta);
  samples.add(Number.MAX_SAFE_INTEGER);
  let seed = 7;
  for (let index = 0; index < 2000; index += 1) {
    seed = (seed * 48_271) % 2_147_483_647;
    samples.add(seed % 10 ** (1 + (index % 12)));
  }
  return [...samples].flatMap((cents) => [cents, -cents]).filter((cents) => cents !== 0);
}

describe('money', () => {
  it('formats every sampled amount exactly as Intl does, in text and in parts', () => {
    for (const cents of sampleCents()) {
      // Intl takes dollars as a float; beyond 2^53 / 100 it cannot represent every cent, so compare below that.
      if (Math.abs(cents) > 2 ** 53 / 100) continue;
      expect([cents, formatCents(cents)]).toEqual([cents, intl.format(cents / 100)]);
      expect(usdParts(cents)).toEqual(intl.formatToParts(cents / 100));
    }
  });

  it('drops .00 from round amounts when asked, as Intl with no fraction digits does', () => {
    for (const cents of [0, 100, 125_000, -5_000_000, 100_000_000_00])
      expect(formatCents(cents, { whole: true })).toBe(intlWhole.format(cents / 100));
    expect(formatCents(125_050, { whole: true })).toBe('$1,250.50');
  });

  it('formats the largest safe amount without rounding, and refuses what is not whole cents', () => {
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
    expect(() => formatCents(1.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
  });

  it('turns wire decimals into cents and back', () => {
    expect(decimalToCents('1250.5')).toBe(125_050);
    expect(centsToDecimal(-125_050)).toBe('-1250.50');
    expect(() => decimalToCents('1.234')).toThrow(RangeError);
  });
});
