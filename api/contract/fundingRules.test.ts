import fc from 'fast-check';
import { APPLICATION_STATUSES } from './enums';
import { DebitCardErrorCode, FundingErrorCode, FundingMessages } from './errors';
import {
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  DebitCardHolderMessages,
  debitCardHolderRefusal,
  hasAddressOnFile,
  isValidRoutingNumber,
  maskMicroDepositAmount,
  MICRO_DEPOSIT_MAX_CENTS,
  MICRO_DEPOSIT_MIN_CENTS,
  NICKNAME_MAX_LENGTH,
  nicknameProblem,
  normaliseNickname,
  parseMicroDepositAmount,
} from './fundingRules';

const digit = fc.integer({ min: 0, max: 9 });
const digits = (length: number) => fc.array(digit, { minLength: length, maxLength: length }).map((ds) => ds.join(''));

/** The check digit that completes eight digits into a valid ABA routing number. */
const checkDigit = (eight: string) => {
  const d = [...eight].map(Number);
  const partial = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5]);
  return (10 - (partial % 10)) % 10;
};

describe('routing number checksum (property tests)', () => {
  it('exactly one ninth digit completes any eight digits into a valid routing number', () => {
    fc.assert(
      fc.property(digits(8), (eight) => {
        const valid = Array.from({ length: 10 }, (_, last) => `${eight}${last}`).filter(isValidRoutingNumber);
        expect(valid).toEqual([`${eight}${checkDigit(eight)}`]);
      }),
    );
  });

  it('changing any one digit of a valid routing number makes it invalid (the weights 3, 7, 1 catch every single-digit error)', () => {
    fc.assert(
      fc.property(digits(8), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (eight, position, delta) => {
        const valid = `${eight}${checkDigit(eight)}`;
        const changed = valid.slice(0, position) + String((Number(valid[position]) + delta) % 10) + valid.slice(position + 1);
        expect(isValidRoutingNumber(changed)).toBe(false);
      }),
    );
  });

  it('anything that is not exactly nine digits is never valid', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).filter((value) => !/^\d{9}$/.test(value)),
        (value) => {
          expect(isValidRoutingNumber(value)).toBe(false);
        },
      ),
    );
  });

  it('accepts real routing numbers', () => {
    for (const routing of ['021000021', '026009593', '121000248', '011000015']) expect(isValidRoutingNumber(routing)).toBe(true);
  });
});

describe('micro-deposit amount range (property tests)', () => {
  const inRange = fc.integer({ min: MICRO_DEPOSIT_MIN_CENTS, max: MICRO_DEPOSIT_MAX_CENTS });
  const twoDigits = (cents: number) => String(cents).padStart(2, '0');

  it('every amount from $0.01 to $0.99 is accepted as 0.XX, .XX or $0.XX and read as its cents', () => {
    fc.assert(
      fc.property(inRange, fc.constantFrom('0.', '.', '$0.', '$.'), (cents, prefix) => {
        expect(parseMicroDepositAmount(`${prefix}${twoDigits(cents)}`)).toBe(cents);
      }),
    );
  });

  it('$0.00 and anything of a dollar or more is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 99_999 }), (cents) => {
        expect(parseMicroDepositAmount(`${Math.floor(cents / 100)}.${twoDigits(cents % 100)}`)).toBeNull();
      }),
    );
    expect(parseMicroDepositAmount('0.00')).toBeNull();
  });

  it('an entry shorter than 3 or longer than 4 characters (after the dollar sign) is refused', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((value) => {
          const bare = value.trim().replace(/^\$/, '');
          return bare.length < 3 || bare.length > 4;
        }),
        (value) => {
          expect(parseMicroDepositAmount(value)).toBeNull();
        },
      ),
    );
  });

  it('whatever is typed, an accepted amount is always within 1 to 99 cents', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (value) => {
        const cents = parseMicroDepositAmount(value);
        if (cents !== null) {
          expect(cents).toBeGreaterThanOrEqual(MICRO_DEPOSIT_MIN_CENTS);
          expect(cents).toBeLessThanOrEqual(MICRO_DEPOSIT_MAX_CENTS);
        }
      }),
    );
  });
});

describe('micro-deposit amount with one decimal', () => {
  it('a 3-character amount with one decimal is tenths of a dollar: "0.5" is 50 cents, ".50" too, ".5" is too short', () => {
    expect(parseMicroDepositAmount('0.5')).toBe(50);
    expect(parseMicroDepositAmount('$0.5')).toBe(50);
    expect(parseMicroDepositAmount('.50')).toBe(50);
    expect(parseMicroDepositAmount('0.1')).toBe(10);
    expect(parseMicroDepositAmount('0.9')).toBe(90);
    expect(parseMicroDepositAmount('0.0')).toBeNull();
    expect(parseMicroDepositAmount('.5')).toBeNull();
  });
});

describe('micro-deposit amount mask (digits alone are cents, a typed point means dollars and cents)', () => {
  /** What the field shows after each keystroke, typed at the end as a person does. */
  const keystrokes = (typed: string) => {
    const shown: string[] = [];
    let field = '';
    for (const key of typed) {
      field = maskMicroDepositAmount(field + key);
      shown.push(field);
    }
    return shown;
  };

  it('digits alone are cents: typing "32" shows 0.03 then 0.32, read as $0.32', () => {
    expect(keystrokes('32')).toEqual(['0.03', '0.32']);
    expect(parseMicroDepositAmount(maskMicroDepositAmount('32'))).toBe(32);
    expect(maskMicroDepositAmount('5')).toBe('0.05');
    expect(maskMicroDepositAmount('05')).toBe('0.05');
  });

  it('a typed point means dollars and cents as written: "0.5" stays 0.5 and is read as $0.50', () => {
    expect(keystrokes('0.5')).toEqual(['0', '0.', '0.5']);
    expect(parseMicroDepositAmount(maskMicroDepositAmount('0.5'))).toBe(50);
    expect(keystrokes('.45')).toEqual(['0.', '0.4', '0.45']);
    expect(keystrokes('0.07')).toEqual(['0', '0.', '0.0', '0.07']);
  });

  it('the dollar sign, spaces and letters are dropped; a second point is ignored', () => {
    expect(maskMicroDepositAmount('$0.32')).toBe('0.32');
    expect(maskMicroDepositAmount(' 0.3a2 ')).toBe('0.32');
    expect(maskMicroDepositAmount('0..5')).toBe('0.5');
    expect(maskMicroDepositAmount('')).toBe('');
    expect(maskMicroDepositAmount('$')).toBe('');
    expect(maskMicroDepositAmount('00')).toBe('0');
  });

  it('a dollar or more shows as typed, so the range message can say why it is refused', () => {
    expect(keystrokes('123')).toEqual(['0.01', '0.12', '1.23']);
    expect(parseMicroDepositAmount(maskMicroDepositAmount('123'))).toBeNull();
    expect(maskMicroDepositAmount('1.5')).toBe('1.5');
  });

  it('the mask is stable: masking what the field shows changes nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.$ '), maxLength: 8 }), (typed) => {
        const shown = maskMicroDepositAmount(typed);
        expect(maskMicroDepositAmount(shown)).toBe(shown);
      }),
    );
  });

  it('every amount from $0.01 to $0.99 can be typed as its cents and is read as them', () => {
    fc.assert(
      fc.property(fc.integer({ min: MICRO_DEPOSIT_MIN_CENTS, max: MICRO_DEPOSIT_MAX_CENTS }), (cents) => {
        const shown = keystrokes(String(cents)).at(-1) ?? '';
        expect(parseMicroDepositAmount(shown)).toBe(cents);
      }),
    );
  });
});

describe('nickname normalising (property tests)', () => {
  it('normalising is idempotent and leaves no edge spaces or double spaces', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const once = normaliseNickname(value);
        expect(normaliseNickname(once)).toBe(once);
        expect(once).toBe(once.trim());
        expect(once).not.toMatch(/\s{2}/);
      }),
    );
  });

  it('an accepted nickname is never empty and never longer than 30 characters once normalised', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        if (nicknameProblem(value) === null) {
          const normalised = normaliseNickname(value);
          expect(normalised.length).toBeGreaterThan(0);
          expect([...normalised].length).toBeLessThanOrEqual(NICKNAME_MAX_LENGTH);
        }
      }),
    );
  });
});

describe('debit-card blockers (debitCardHolderRefusal)', () => {
  const ready = { applicationStatus: 'COMPLETE', hasAddress: true, addressChangeAttempts: 0 };

  it('a card may be typed by a complete application with an address on file and changes left', () => {
    expect(debitCardHolderRefusal(ready)).toBeNull();
    expect(debitCardHolderRefusal({ ...ready, addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS - 1 })).toBeNull();
  });

  it('pending application: no card before the application is complete (403 TRADING_ACCOUNT_NOT_ACTIVE)', () => {
    for (const applicationStatus of APPLICATION_STATUSES.filter((status) => status !== 'COMPLETE')) {
      expect(debitCardHolderRefusal({ ...ready, applicationStatus })).toEqual({
        blocker: 'applicationNotComplete',
        status: 403,
        errorCode: DebitCardErrorCode.TRADING_ACCOUNT_NOT_ACTIVE,
        message: FundingMessages.debitCardAccountNotActive,
      });
    }
  });

  it('no address on file: no card without a street address (400 DEBIT_CARD_MISSING_USER_ADDRESS)', () => {
    expect(debitCardHolderRefusal({ ...ready, hasAddress: false })).toEqual({
      blocker: 'noAddressOnFile',
      status: 400,
      errorCode: DebitCardErrorCode.MISSING_USER_ADDRESS,
      message: DebitCardHolderMessages.noAddressOnFile,
    });
  });

  it(`${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} address changes: no card once the changes are used up (429 ADDRESS_ATTEMPTS_EXCEEDED), even without an address`, () => {
    const usedUp = {
      blocker: 'addressChangesUsedUp',
      status: 429,
      errorCode: FundingErrorCode.ADDRESS_ATTEMPTS_EXCEEDED,
      message: DebitCardHolderMessages.addressChangesUsedUp,
    };
    expect(debitCardHolderRefusal({ ...ready, addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS })).toEqual(usedUp);
    expect(debitCardHolderRefusal({ ...ready, addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS + 3 })).toEqual(usedUp);
    // Adding an address would be a change too: the limit is said first.
    expect(debitCardHolderRefusal({ ...ready, hasAddress: false, addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS })).toEqual(usedUp);
    expect(DebitCardHolderMessages.addressChangesUsedUp).toContain(String(DEBIT_CARD_MAX_ADDRESS_ATTEMPTS));
  });

  it('the application comes first, and facts not known yet (the app before the card setup answers) are not judged', () => {
    expect(
      debitCardHolderRefusal({ applicationStatus: 'PENDING', hasAddress: false, addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS })
        ?.blocker,
    ).toBe('applicationNotComplete');
    expect(debitCardHolderRefusal({ applicationStatus: 'COMPLETE', hasAddress: null, addressChangeAttempts: null })).toBeNull();
  });

  it('an address is on file when every field but the second line is there', () => {
    const full = { address1: '42 Wallaby Way', city: 'Denver', state: 'CO', zipcode: '80202' };
    expect(hasAddressOnFile(full)).toBe(true);
    for (const field of ['address1', 'city', 'state', 'zipcode'] as const) {
      expect(hasAddressOnFile({ ...full, [field]: null })).toBe(false);
      expect(hasAddressOnFile({ ...full, [field]: '' })).toBe(false);
    }
  });
});
