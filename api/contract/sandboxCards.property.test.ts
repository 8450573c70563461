import fc from 'fast-check';
import {
  decodeSandboxPaymentMethod,
  encodeSandboxPaymentMethod,
  passesLuhn,
  SANDBOX_CARDS,
  SANDBOX_PAYMENT_METHOD_PREFIX,
  type CardAttributes,
} from './sandboxCards';

// Laws of the card fields the sandbox card processor checks as Stripe does (funding-methods.md section 5: a
// complete card without error), and of the payment-method ids the browser hands back to our server.

const digit = fc.integer({ min: 0, max: 9 });
const luhnSum = (digits: readonly number[]) =>
  digits
    .slice()
    .reverse()
    .reduce((sum, d, i) => sum + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
/** A card number of 12 to 19 digits whose last digit closes the Luhn sum. */
const validCardNumber = fc.integer({ min: 11, max: 18 }).chain((length) =>
  fc.array(digit, { minLength: length, maxLength: length }).map((body) => {
    const check = (10 - (luhnSum([...body, 0]) % 10)) % 10;
    return [...body, check].join('');
  }),
);

const attributes: fc.Arbitrary<CardAttributes> = fc.record({
  brand: fc.constantFrom('visa', 'mastercard', 'amex', 'discover', 'unknown'),
  funding: fc.constantFrom('debit', 'credit', 'prepaid', 'unknown'),
  country: fc.constantFrom('US', 'CA', 'GB'),
  commercial: fc.boolean(),
  last4: fc.stringMatching(/^[0-9]{4}$/),
  expMonth: fc.integer({ min: 1, max: 12 }),
  expYear: fc.integer({ min: 2026, max: 2045 }),
  fingerprint: fc.string({ minLength: 1, maxLength: 24 }),
});

describe('card numbers (Luhn)', () => {
  it('every number whose check digit closes the sum passes, and so does every sandbox test card', () => {
    fc.assert(fc.property(validCardNumber, (number) => passesLuhn(number)));
    for (const number of Object.keys(SANDBOX_CARDS)) expect([number, passesLuhn(number)]).toEqual([number, true]);
  });

  it('any single changed digit is caught', () => {
    fc.assert(
      fc.property(validCardNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (number, pick, shift) => {
        const at = pick % number.length;
        const changed = number.slice(0, at) + String((Number(number[at]) + shift) % 10) + number.slice(at + 1);
        expect(passesLuhn(changed)).toBe(false);
      }),
    );
  });

  it('swapping two different neighbouring digits is caught, except 09 and 90 (the one swap Luhn misses)', () => {
    fc.assert(
      fc.property(validCardNumber, fc.nat(), (number, pick) => {
        const at = pick % (number.length - 1);
        const [a, b] = [number[at], number[at + 1]];
        fc.pre(a !== b && !((a === '0' && b === '9') || (a === '9' && b === '0')));
        expect(passesLuhn(number.slice(0, at) + b + a + number.slice(at + 2))).toBe(false);
      }),
    );
  });

  it('spaces, dashes, non-ASCII digits and lengths outside 12 to 19 are refused', () => {
    fc.assert(
      fc.property(validCardNumber, fc.nat(), fc.constantFrom(' ', '-', '４', '٤', '\u200b', '+'), (number, pick, odd) => {
        const at = pick % number.length;
        expect(passesLuhn(number.slice(0, at) + odd + number.slice(at + 1))).toBe(false);
        expect(passesLuhn(number.slice(0, at) + odd + number.slice(at))).toBe(false);
      }),
    );
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{0,11}$|^[0-9]{20,30}$/), (number) => !passesLuhn(number)));
  });
});

describe('sandbox payment-method ids (handed back by the browser, so hostile input to the server)', () => {
  it('decode(encode(card)) is the same card', () => {
    fc.assert(fc.property(attributes, (card) => expect(decodeSandboxPaymentMethod(encodeSandboxPaymentMethod(card))).toEqual(card)));
  });

  it('never throws, whatever follows the prefix, and answers null for anything that is not a card', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.base64String(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        fc.boolean(),
        (tail, encode) => {
          const id = SANDBOX_PAYMENT_METHOD_PREFIX + (encode ? Buffer.from(tail).toString('base64url') : tail);
          const decoded = decodeSandboxPaymentMethod(id);
          if (decoded !== null) expect(decoded.last4).toMatch(/^[0-9]{4}$/);
        },
      ),
    );
  });

  it('refuses a card whose fields are out of range: expiry month 0 or 13, a year that is not four digits, a long last4', () => {
    const tampered = fc.tuple(
      attributes,
      fc.oneof(
        fc.record({ expMonth: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 13 })) }),
        fc.record({ expYear: fc.oneof(fc.integer({ max: 999 }), fc.integer({ min: 10_000 })) }),
        fc.record({ last4: fc.constantFrom('12345', '123', '١٢٣٤', '12a4') }),
      ),
    );
    fc.assert(
      fc.property(tampered, ([card, change]) => {
        expect(decodeSandboxPaymentMethod(encodeSandboxPaymentMethod({ ...card, ...change }))).toBeNull();
      }),
    );
  });
});
