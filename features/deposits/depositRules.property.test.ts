import Ajv from 'ajv';
import fc from 'fast-check';
import { DecimalString } from '../../api/contract/common';
import { DEPOSIT_MIN_CENTS, FIRST_DEPOSIT_MIN_CENTS } from '../../api/contract/depositRules';
import { DAILY_BANK_DEPOSIT_LIMIT_CENTS } from '../../api/contract/depositLimits';
import { centsToDecimal } from '../../api/contract/moneyEntry';
import { sanitizeAmountInput } from '../../ui/amount';
import type { DraftSource } from './depositDraftSlice';
import { amountInputToCents, centsToAmountInput, nextProblem, type NextInput } from './depositRules';

// Laws of the amount field (deposits-and-transfers.md section 5: non-digits stripped, at most 2 decimals, minimum
// $1, $20 for a first deposit, the daily bank cap) from the keystrokes to the wire.

const wireAmountValid = new Ajv({ strict: false }).compile(DecimalString);
/** Cents the wire can carry (12 integer digits). */
const cents = fc.integer({ min: 0, max: 10 ** 14 - 1 });
/** What a customer may type or paste: digits of several scripts, separators, signs, exponents, currency signs. */
const typed = fc.string({
  unit: fc.constantFrom(...'0123456789', '.', ',', ' ', '$', '-', '+', 'e', 'E', '１', '٣', '߃', '\u00a0', '\u200b', '€'),
  maxLength: 20,
});

describe('typing an amount', () => {
  it('the field keeps a clean decimal: ASCII digits, one point, at most two decimals, no leading zeros', () => {
    fc.assert(
      fc.property(fc.oneof(typed, fc.string({ maxLength: 20 })), (raw) => {
        const clean = sanitizeAmountInput(raw);
        expect(clean).toMatch(/^((0|[1-9][0-9]*)(\.[0-9]{0,2})?)?$/);
        expect(sanitizeAmountInput(clean)).toBe(clean);
      }),
    );
  });

  it('signs, exponents and non-ASCII digits never get through: the field keeps only the ASCII digits and the point', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const kept = raw.replace(/[^0-9.]/g, '');
        // The clean value's digits are the typed ASCII digits in order (leading zeros and extra decimals dropped).
        const clean = sanitizeAmountInput(raw).replace('.', '');
        expect(kept.replace(/\./g, '').includes(clean.replace(/^0+/, '')) || clean === '0').toBe(true);
        expect(sanitizeAmountInput(raw)).not.toMatch(/[-+eE١٣߃１]/);
      }),
    );
  });

  it('whatever the field keeps reads as whole cents or nothing, and goes on the wire as the same amount', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const amount = amountInputToCents(sanitizeAmountInput(raw));
        if (amount === null) return;
        expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
        if (amount < 10 ** 14) expect(wireAmountValid(centsToDecimal(amount))).toBe(true);
      }),
    );
  });

  it('parse(format(cents)) === cents, and a shown amount survives being typed again', () => {
    fc.assert(
      fc.property(cents, (value) => {
        const shown = centsToAmountInput(value);
        expect(amountInputToCents(shown)).toBe(value);
        expect(sanitizeAmountInput(shown)).toBe(shown);
      }),
    );
  });
});

describe('the amount rules before Next', () => {
  const bank: DraftSource = { kind: 'paymentMethod', id: 'bank-1', fundingSourceType: 'ACH' };
  const input = (amountCents: number | null, firstDeposit: boolean): NextInput => ({
    amountCents,
    firstDeposit,
    source: bank,
    sourceDisabledReason: null,
    destinationAccountUuid: 'account-1',
    debitCardCapCents: 250_000,
    internalBalanceCents: null,
    scheduleValid: true,
  });

  it('from a bank: Next is enabled exactly between the minimum ($1, or $20 first) and the daily cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DAILY_BANK_DEPOSIT_LIMIT_CENTS * 2 }), fc.boolean(), (amount, firstDeposit) => {
        const minimum = firstDeposit ? FIRST_DEPOSIT_MIN_CENTS : DEPOSIT_MIN_CENTS;
        const problem = nextProblem(input(amount, firstDeposit));
        if (amount === 0) expect(problem).toBe('amountRequired');
        else if (amount < minimum) expect(problem).toBe(firstDeposit ? 'firstDepositMinimum' : 'belowMinimum');
        else if (amount > DAILY_BANK_DEPOSIT_LIMIT_CENTS) expect(problem).toBe('overDailyBankCap');
        else expect(problem).toBeNull();
      }),
    );
  });

  it('an unreadable amount always disables Next', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((text) => amountInputToCents(text) === null),
        fc.boolean(),
        (text, first) => nextProblem(input(amountInputToCents(text), first)) === 'amountRequired',
      ),
    );
  });
});
