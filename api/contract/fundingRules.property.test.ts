import fc from 'fast-check';
import {
  FundingValidationMessages,
  IMAGE_UPLOAD_MAX_BYTES,
  isValidMicroDepositAccount,
  isValidNumberLinkAccount,
  isValidRoutingNumber,
  MICRO_DEPOSIT_ACCOUNT_MAX,
  MICRO_DEPOSIT_ACCOUNT_MIN,
  NICKNAME_MAX_LENGTH,
  nicknameProblem,
  normaliseNickname,
  NUMBER_LINK_ACCOUNT_MAX,
  NUMBER_LINK_ACCOUNT_MIN,
  parseMicroDepositAmount,
  PDF_UPLOAD_MAX_BYTES,
  statementFileProblem,
} from './fundingRules';

// Laws of the funding-method validators (funding-methods.md section 5), over generated input.

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];
const checksum = (digits: readonly number[]) => digits.reduce((sum, digit, i) => sum + WEIGHTS[i] * digit, 0) % 10;

const asciiDigit = fc.integer({ min: 0, max: 9 });
/** A routing number that passes the ABA checksum: eight free digits and the ninth that closes the sum. */
const validRoutingNumber = fc.array(asciiDigit, { minLength: 8, maxLength: 8 }).map((eight) => {
  // The ninth digit has weight 1, so it is whatever brings the sum to a multiple of 10.
  const ninth = (10 - checksum([...eight, 0])) % 10;
  return [...eight, ninth].join('');
});
const digitString = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

/** Digits that are not ASCII: full-width, Arabic-Indic, Devanagari, mathematical bold, superscripts. */
const foreignDigit = fc.constantFrom('０', '５', '９', '٠', '٣', '۷', '३', '𝟗', '¹', '²', '⁹', '①');
/** Characters that may come with pasted numbers: spaces, dashes, signs, dots, exponents, invisible marks. */
const strayCharacter = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '-',
  '+',
  '.',
  ',',
  'e',
  'E',
  'x',
  '#',
  '$',
  '\u0000',
);

describe('ABA routing number (3·d1+7·d2+d3+3·d4+7·d5+d6+3·d7+7·d8+d9 ≡ 0 mod 10)', () => {
  it('accepts every nine-digit number whose weighted sum is a multiple of 10', () => {
    fc.assert(fc.property(validRoutingNumber, (routing) => isValidRoutingNumber(routing)));
  });

  it('agrees with the weighted sum on any nine ASCII digits', () => {
    fc.assert(
      fc.property(digitString(9, 9), (routing) => {
        expect(isValidRoutingNumber(routing)).toBe(checksum([...routing].map(Number)) === 0);
      }),
    );
  });

  it('refuses a valid number with any single digit changed (the checksum catches every one-digit error)', () => {
    fc.assert(
      fc.property(validRoutingNumber, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (routing, position, shift) => {
        const digits = [...routing].map(Number);
        digits[position] = (digits[position] + shift) % 10;
        expect(isValidRoutingNumber(digits.join(''))).toBe(false);
      }),
    );
  });

  it('refuses any length other than nine', () => {
    fc.assert(
      fc.property(
        digitString(0, 20).filter((value) => value.length !== 9),
        (value) => !isValidRoutingNumber(value),
      ),
    );
  });

  it('refuses a valid number with a non-ASCII digit, a space, a sign or any stray character in it', () => {
    fc.assert(
      fc.property(
        validRoutingNumber,
        fc.integer({ min: 0, max: 9 }),
        fc.oneof(foreignDigit, strayCharacter),
        fc.boolean(),
        (routing, at, odd, replace) => {
          const changed = replace ? routing.slice(0, at) + odd + routing.slice(at + 1) : routing.slice(0, at) + odd + routing.slice(at);
          expect(isValidRoutingNumber(changed)).toBe(false);
        },
      ),
    );
  });

  it('refuses full-width digits even where their ASCII twins pass', () => {
    const fullWidth = (text: string) => [...text].map((digit) => String.fromCharCode(0xff10 + Number(digit))).join('');
    fc.assert(fc.property(validRoutingNumber, (routing) => !isValidRoutingNumber(fullWidth(routing))));
  });
});

describe('account numbers', () => {
  it(`number link: exactly the ASCII digit strings of ${NUMBER_LINK_ACCOUNT_MIN} to ${NUMBER_LINK_ACCOUNT_MAX} characters`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digitString(0, 25),
          fc.string({ maxLength: 25 }),
          fc.string({ unit: fc.oneof(foreignDigit, strayCharacter, fc.constantFrom(...'0123456789')), maxLength: 25 }),
        ),
        (value) => {
          const expected = /^[0-9]+$/.test(value) && value.length >= NUMBER_LINK_ACCOUNT_MIN && value.length <= NUMBER_LINK_ACCOUNT_MAX;
          expect(isValidNumberLinkAccount(value)).toBe(expected);
        },
      ),
    );
  });

  it(`micro-deposit form: exactly the ASCII digit strings of ${MICRO_DEPOSIT_ACCOUNT_MIN} to ${MICRO_DEPOSIT_ACCOUNT_MAX} characters`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digitString(0, 25),
          fc.string({ unit: fc.oneof(foreignDigit, strayCharacter, fc.constantFrom(...'0123456789')), maxLength: 25 }),
        ),
        (value) => {
          const expected = /^[0-9]+$/.test(value) && value.length >= MICRO_DEPOSIT_ACCOUNT_MIN && value.length <= MICRO_DEPOSIT_ACCOUNT_MAX;
          expect(isValidMicroDepositAccount(value)).toBe(expected);
        },
      ),
    );
  });

  it('a valid number with a digit swapped for a look-alike is refused', () => {
    fc.assert(
      fc.property(digitString(NUMBER_LINK_ACCOUNT_MIN, NUMBER_LINK_ACCOUNT_MAX), fc.nat(), foreignDigit, (account, pick, odd) => {
        const at = pick % account.length;
        const changed = account.slice(0, at) + odd + account.slice(at + 1);
        expect(isValidNumberLinkAccount(changed)).toBe(false);
        expect(isValidMicroDepositAccount(changed)).toBe(false);
      }),
    );
  });
});

describe('micro-deposit amounts (3 to 4 characters, $0.01 to $0.99, dollar sign stripped)', () => {
  const cents = fc.integer({ min: 1, max: 99 });
  const twoDigits = (value: number) => String(value).padStart(2, '0');

  it('reads every cent value in each form a customer may type', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('0.', '.', '$0.', '$.'), fc.constantFrom('', ' ', '  '), (value, prefix, padding) => {
        expect(parseMicroDepositAmount(`${padding}${prefix}${twoDigits(value)}${padding}`)).toBe(value);
      }),
    );
  });

  it('anything it accepts is a 3 or 4 character amount (after the dollar sign) worth 1 to 99 cents', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.$ -+e,١０'), maxLength: 7 }), (input) => {
        const parsed = parseMicroDepositAmount(input);
        if (parsed === null) return;
        const typed = input.trim().replace(/^\$/, '');
        expect(typed.length === 3 || typed.length === 4).toBe(true);
        expect(parsed).toBeGreaterThanOrEqual(1);
        expect(parsed).toBeLessThanOrEqual(99);
        expect(Number(typed)).toBeCloseTo(parsed / 100, 10);
      }),
    );
  });

  it('refuses zero, a dollar or more, three decimals, signs, exponents and non-ASCII digits', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(
            '0.00',
            '.00',
            '$0.00',
            '1.00',
            '$1.00',
            '1.5',
            '0.999',
            '.001',
            '-0.05',
            '+0.05',
            '-.05',
            '5e-2',
            '0.5e1',
            '0x05',
            '0.٠٥',
            '０.０５',
            '0.0５',
            '$$0.05',
            '0.05$',
            '0 .05',
            '0. 05',
            '',
          ),
          fc.integer({ min: 100, max: 100_000 }).map((value) => `${Math.floor(value / 100)}.${twoDigits(value % 100)}`),
          cents.chain((value) =>
            fc.constantFrom(
              `-0.${twoDigits(value)}`,
              `+0.${twoDigits(value)}`,
              `0.${twoDigits(value)}0`,
              `${value}`,
              `0,${twoDigits(value)}`,
            ),
          ),
        ),
        (input) => parseMicroDepositAmount(input) === null,
      ),
    );
  });
});

describe('nickname (required, no emojis, trimmed, spaces collapsed, at most 30 characters)', () => {
  const plainText = fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -&'.éÖß中"),
    maxLength: 40,
  });
  const emoji = fc.constantFrom('😀', '🏦', '👍🏽', '❤️', '1️⃣', '👨‍👩‍👧', '🇺🇸', '✨');
  const whitespace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u3000'), maxLength: 4 });

  it('normalising is idempotent and leaves no leading, trailing or repeated whitespace', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (value) => {
        const once = normaliseNickname(value);
        expect(normaliseNickname(once)).toBe(once);
        expect(once).not.toMatch(/^\s|\s$|\s{2}/);
      }),
    );
  });

  it('judges the normalised form: padding with whitespace never changes the verdict', () => {
    fc.assert(
      fc.property(
        plainText,
        whitespace,
        whitespace,
        (value, before, after) => nicknameProblem(`${before}${value}${after}`) === nicknameProblem(value),
      ),
    );
  });

  it('accepts text of 1 to 30 characters without emoji, and refuses longer text as too long', () => {
    fc.assert(
      fc.property(plainText, (value) => {
        const length = [...normaliseNickname(value)].length;
        const expected = length === 0 ? 'required' : length > NICKNAME_MAX_LENGTH ? 'tooLong' : null;
        expect(nicknameProblem(value)).toBe(expected);
      }),
    );
  });

  it('refuses any nickname with an emoji in it, wherever it stands', () => {
    fc.assert(
      fc.property(plainText, emoji, fc.nat(), (value, icon, pick) => {
        const at = pick % (value.length + 1);
        const withEmoji = value.slice(0, at) + icon + value.slice(at);
        expect(nicknameProblem(withEmoji)).toBe('emoji');
      }),
    );
  });

  it('counts characters, not UTF-16 units: 30 astral letters fit, 31 do not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.constantFrom('𝒜', '𠀋', '𝔘'), (count, letter) => {
        expect(nicknameProblem(letter.repeat(count))).toBe(count > NICKNAME_MAX_LENGTH ? 'tooLong' : null);
      }),
    );
  });

  it('markup is plain text to the rule: judged by length and emoji only', () => {
    fc.assert(
      fc.property(fc.constantFrom('<b>', '<img src=x>', '<script>', '"><svg/onload=1>', '&lt;', '{{x}}'), plainText, (markup, rest) => {
        const value = `${markup}${rest}`;
        const length = [...normaliseNickname(value)].length;
        expect(nicknameProblem(value)).toBe(length > NICKNAME_MAX_LENGTH ? 'tooLong' : null);
      }),
    );
  });
});

describe('statement files (png, jpeg, jpg, pdf; images up to 5,242,880 bytes)', () => {
  const baseName = fc.stringMatching(/^[A-Za-z0-9 _-]{1,20}$/);

  it('an allowed extension in any letter case within its limit passes; one byte over is too big', () => {
    fc.assert(
      fc.property(
        baseName,
        fc.constantFrom('png', 'PNG', 'jpg', 'JpG', 'jpeg', 'pdf', 'PDF'),
        fc.nat({ max: PDF_UPLOAD_MAX_BYTES }),
        (name, ext, size) => {
          const limit = ext.toLowerCase() === 'pdf' ? PDF_UPLOAD_MAX_BYTES : IMAGE_UPLOAD_MAX_BYTES;
          expect(statementFileProblem(`${name}.${ext}`, size)).toBe(size > limit ? 'tooBig' : null);
          expect(statementFileProblem(`${name}.${ext}`, limit + 1)).toBe('tooBig');
        },
      ),
    );
  });

  it('any other extension is refused as a type, whatever its size; only the last extension counts', () => {
    fc.assert(
      fc.property(
        baseName,
        fc.oneof(
          fc.stringMatching(/^[a-z0-9]{1,5}$/).filter((ext) => !['png', 'jpg', 'jpeg', 'pdf'].includes(ext)),
          fc.constantFrom('pdf.exe', 'png.html', 'pdf.zip', 'jpg ', 'pdf\u0000', ''),
        ),
        fc.nat({ max: 100 }),
        (name, ext, size) => statementFileProblem(ext === '' ? name : `${name}.${ext}`, size) === 'type',
      ),
    );
  });

  it("the messages are the spec's words", () => {
    expect(FundingValidationMessages.imageTypeNotSupported).toBe('This image type is not supported.');
    expect(FundingValidationMessages.imageTooBig).toBe('This image is too big.');
  });
});
