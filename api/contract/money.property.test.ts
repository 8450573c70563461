import Ajv from 'ajv';
import fc from 'fast-check';
import { DecimalString, Money } from './common';
import { decimalToCents, formatCents, moneyToCents } from './money';
import { centsToDecimal, centsToMoney } from './moneyEntry';

// Laws of money on the wire ({ amount, currency } with an exact decimal string) and in the app (integer cents).

const ajv = new Ajv({ strict: false });
const wireAmountValid = ajv.compile(DecimalString);
const wireMoneyValid = ajv.compile(Money);

/** Cents up to the wire's 12 integer digits, both signs. */
const wireCents = fc.integer({ min: -(10 ** 14 - 1), max: 10 ** 14 - 1 });

const parses = (text: string) => {
  try {
    decimalToCents(text);
    return true;
  } catch {
    return false;
  }
};

describe('decimal strings and cents', () => {
  it('parse(format(cents)) is the same cents, for every safe integer', () => {
    fc.assert(fc.property(fc.maxSafeInteger(), (cents) => decimalToCents(centsToDecimal(cents)) === cents));
    fc.assert(fc.property(wireCents, (cents) => moneyToCents(centsToMoney(cents)) === cents));
  });

  it('format(parse(text)) is the canonical form of the same amount: two decimals, no leading zeros', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?\d{1,12}(\.\d{1,2})?$/), (text) => {
        const canonical = centsToDecimal(decimalToCents(text));
        expect(canonical).toMatch(/^-?(0|[1-9]\d*)\.\d{2}$/);
        // The same number, digit for digit: compare as integers of cents (no floating point).
        const [whole, fraction = ''] = text.replace('-', '').split('.');
        const expected = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
        const negative = text.startsWith('-') && expected !== 0n;
        expect(canonical).toBe(`${negative ? '-' : ''}${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
      }),
    );
  });

  it('every amount the wire schema accepts converts exactly, and every formatted amount is accepted by it', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.-+e '), maxLength: 18 }), (text) => {
        if (wireAmountValid(text)) expect(parses(text)).toBe(true);
      }),
    );
    fc.assert(fc.property(wireCents, (cents) => wireAmountValid(centsToDecimal(cents)) && wireMoneyValid(centsToMoney(cents))));
  });

  it('refuses exponents, plus signs, grouping, three decimals, non-ASCII digits and inner spaces (wire and parser alike)', () => {
    const hostile = fc.oneof(
      fc
        .integer({ min: 1, max: 9_999 })
        .chain((n) =>
          fc.constantFrom(
            `${n}e2`,
            `${n}E-1`,
            `+${n}`,
            `${n},000`,
            `${n}.123`,
            `${n} 00`,
            `${n}.`,
            `.${n}`,
            `0x${n}`,
            `${n}.0.0`,
            `--${n}`,
            `${n}-`,
          ),
        ),
      fc.constantFrom(
        '１２.００',
        '١٢.٠٠',
        '१२.००',
        '𝟏𝟐.𝟎𝟎',
        '12.0٠',
        'Infinity',
        'NaN',
        '',
        '-',
        '.',
        '1_000.00',
        '1 000.00',
        '12.00\u200b',
        '\u200b12.00',
      ),
    );
    fc.assert(
      fc.property(hostile, (text) => {
        expect(wireAmountValid(text)).toBe(false);
        expect(parses(text)).toBe(false);
      }),
    );
  });

  it('outer whitespace is the only thing the parser forgives, and the wire schema forgives none', () => {
    fc.assert(
      fc.property(wireCents, fc.constantFrom(' ', '\t', '\n', '\u00a0'), (cents, space) => {
        const padded = `${space}${centsToDecimal(cents)}${space}`;
        expect(decimalToCents(padded)).toBe(cents);
        expect(wireAmountValid(padded)).toBe(false);
      }),
    );
  });

  it('a wire amount of another currency or with an extra field is refused', () => {
    fc.assert(
      fc.property(
        wireCents,
        fc.constantFrom('usd', 'EUR', 'US', ''),
        (cents, currency) => !wireMoneyValid({ amount: centsToDecimal(cents), currency }),
      ),
    );
    fc.assert(
      fc.property(
        wireCents,
        fc.stringMatching(/^[a-z]{1,8}$/),
        (cents, extra) => !wireMoneyValid({ ...centsToMoney(cents), [extra === 'amount' || extra === 'currency' ? 'x' : extra]: 1 }),
      ),
    );
  });
});

describe('amounts formatted for people', () => {
  it('formatCents reads back as the same cents once "$" and the group commas are removed', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
        const shown = formatCents(cents);
        expect(shown).toMatch(/^-?\$(\d{1,3})(,\d{3})*\.\d{2}$/);
        expect(decimalToCents(shown.replace('$', '').replace(/,/g, ''))).toBe(cents);
      }),
    );
  });

  it('whole=true drops ".00" only for round dollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        const shown = formatCents(cents, { whole: true });
        expect(shown.endsWith('.00')).toBe(false);
        expect(shown.includes('.')).toBe(cents % 100 !== 0);
      }),
    );
  });
});
