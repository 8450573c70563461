import fc from 'fast-check';
import { passesLuhn } from '../../../../api/contract/sandboxCards';
import {
  cardNumberProblem,
  cvcProblem,
  detectCardBrand,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  onlyDigits,
  parseExpiry,
} from './sandboxCardRules';

// Laws of the card form's fields as the sandbox checks them (Stripe's own rules: a complete number passing Luhn,
// a real month not in the past, a 3-digit CVC, 4 for American Express), whatever is typed or pasted.

const NOW = new Date(2026, 2, 2, 10, 0, 0); // 2 March 2026, local time, as the form reads it
const typed = fc.string({ unit: fc.constantFrom(...'0123456789', ' ', '-', '/', '４', '٣', '\u200b', 'a'), maxLength: 24 });

describe('card number field', () => {
  it('the formatted number holds the same digits (cut at the brand length) in groups of at most 6', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const shown = formatCardNumber(input);
        const digits = onlyDigits(input);
        expect(onlyDigits(shown)).toBe(digits.slice(0, detectCardBrand(digits) === 'amex' ? 15 : 16));
        expect(shown).toMatch(/^([0-9]{1,6}( [0-9]{1,6})*)?$/);
        expect(formatCardNumber(shown)).toBe(shown);
      }),
    );
  });

  it('a complete number is accepted exactly when it passes Luhn', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^4[0-9]{15}$/), (digits) => {
        expect(cardNumberProblem(digits) === null).toBe(passesLuhn(digits));
      }),
    );
  });

  it('non-ASCII digits never count as digits', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('４', '٣', '߃', '𝟙'), maxLength: 20 }),
        (input) => onlyDigits(input) === '' && cardNumberProblem(onlyDigits(input))?.code === 'incomplete_number',
      ),
    );
  });
});

describe('expiry field', () => {
  it('a real month from this month on is accepted; month 00 or 13 to 99, or an earlier month or year, is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (month, yy) => {
        const value = `${String(month).padStart(2, '0')} / ${String(yy).padStart(2, '0')}`;
        const year = 2000 + yy;
        const problem = expiryProblem(value, NOW);
        if (month < 1 || month > 12) expect(problem?.code).toBe('invalid_expiry_month');
        else if (year < 2026) expect(problem?.code).toBe('invalid_expiry_year');
        else if (year === 2026 && month < 3) expect(problem?.code).toBe('invalid_expiry_month');
        else expect(problem).toBeNull();
      }),
    );
  });

  it('whatever is typed, the field shows MM / YY at most, and an expiry it parses has a four-digit year', () => {
    fc.assert(
      fc.property(typed, (input) => {
        const shown = formatExpiry(input);
        expect(shown).toMatch(/^([0-9]{0,2}|[0-9]{2} \/ [0-9]{0,2})$/);
        const parsed = parseExpiry(shown);
        if (parsed) expect(parsed.year).toBeGreaterThanOrEqual(2000);
      }),
    );
  });
});

describe('security code field', () => {
  it('3 digits, or 4 for American Express, and nothing else', () => {
    fc.assert(
      fc.property(
        typed,
        fc.constantFrom('visa', 'mastercard', 'amex', 'discover', 'unknown') as fc.Arbitrary<ReturnType<typeof detectCardBrand>>,
        (cvc, brand) => {
          expect(cvcProblem(cvc, brand) === null).toBe(onlyDigits(cvc).length === (brand === 'amex' ? 4 : 3));
        },
      ),
    );
  });
});
