import fc from 'fast-check';
import { WITHDRAWAL_MIN_CENTS, WITHHOLDING_PERCENT_CHOICES, withheldCents } from '../../api/contract/withdrawalRules';
import { sanitizeAmountInput } from '../../ui/amount';
import { amountInputToCents as depositAmountInputToCents } from '../deposits/depositRules';
import { amountInputToCents, amountProblem, centsToAmountInput } from './withdrawalRules';

// Laws of the withdrawal amount: read like the deposit amount, at least $1.00, at most what is available, and
// the tax withheld from an IRA distribution a whole number of cents within the amount.

const cents = fc.integer({ min: 0, max: 10 ** 14 - 1 });

describe('withdrawal amounts', () => {
  it('parse(format(cents)) === cents', () => {
    fc.assert(fc.property(cents, (value) => amountInputToCents(centsToAmountInput(value)) === value));
  });

  it('reads every value the amount field keeps exactly as the deposit field does, never negative', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,- +e$١'), maxLength: 16 }), (raw) => {
        const clean = sanitizeAmountInput(raw);
        expect(amountInputToCents(clean)).toBe(depositAmountInputToCents(clean));
        expect(amountInputToCents(clean) ?? 0).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a problem exactly when nothing, under $1.00 or over the available amount is asked for', () => {
    fc.assert(
      fc.property(fc.option(cents, { nil: null }), fc.option(cents, { nil: null }), (amount, available) => {
        const expected =
          amount === null || amount === 0
            ? 'missing'
            : amount < WITHDRAWAL_MIN_CENTS
              ? 'tooSmall'
              : available !== null && amount > available
                ? 'overAvailable'
                : null;
        expect(amountProblem(amount, available)).toBe(expected);
      }),
    );
  });

  it('tax withheld is whole cents, rounded half up, between 0 and the amount', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...WITHHOLDING_PERCENT_CHOICES), fc.integer({ min: 0, max: 100 }), (amount, choice, percent) => {
        for (const rate of [choice, percent]) {
          const withheld = withheldCents(amount, rate);
          expect(Number.isSafeInteger(withheld)).toBe(true);
          expect(withheld).toBeGreaterThanOrEqual(0);
          expect(withheld).toBeLessThanOrEqual(amount);
          // Within half a cent of the exact figure (BigInt keeps the check free of floating point).
          const exact2 = BigInt(amount) * BigInt(rate) * 2n;
          expect(BigInt(withheld) * 200n - exact2 <= 100n && exact2 - BigInt(withheld) * 200n <= 100n).toBe(true);
        }
      }),
    );
  });
});
