import fc from 'fast-check';
import { birthDateProblem, ageOn, isCalendarDate, MINIMUM_AGE } from './onboardingRules';
import {
  beneficiaryDesignationProblems,
  CONTACT_EMAIL_MAX_LENGTH,
  formatUsPhone,
  isRealCalendarDate,
  isValidBirthDate,
  isValidContactEmail,
  isValidSharePercent,
  isValidUsPhone,
  normalisePhone,
  PERSON_NAME_MAX_LENGTH,
  profileNameError,
  type BeneficiaryFields,
} from './profileRules';

// Laws of the profile and application validators: phone numbers, emails, people's names, dates of birth, and
// beneficiary shares.

const nanpNumber = fc.tuple(fc.stringMatching(/^[2-9][0-9]{2}$/), fc.stringMatching(/^[2-9][0-9]{2}$/), fc.stringMatching(/^[0-9]{4}$/));
const spellings = ([area, exchange, line]: [string, string, string]) => [
  `${area}${exchange}${line}`,
  `(${area}) ${exchange}-${line}`,
  `${area}.${exchange}.${line}`,
  `+1 ${area} ${exchange} ${line}`,
  `1-${area}-${exchange}-${line}`,
  ` ${area} ${exchange} ${line} `,
];
const day = (from: string, to: string) =>
  fc
    .integer({ min: Date.parse(`${from}T00:00:00Z`) / 86_400_000, max: Date.parse(`${to}T00:00:00Z`) / 86_400_000 })
    .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('US phone numbers', () => {
  it('every spelling of a valid number is valid, normalises to the same ten digits and formats as (AAA) EEE-NNNN', () => {
    fc.assert(
      fc.property(nanpNumber, (parts) => {
        const digits = parts.join('');
        for (const spelling of spellings(parts)) {
          expect(isValidUsPhone(spelling)).toBe(true);
          expect(normalisePhone(spelling)).toBe(digits);
          expect(formatUsPhone(spelling)).toBe(`(${parts[0]}) ${parts[1]}-${parts[2]}`);
          expect(normalisePhone(formatUsPhone(spelling))).toBe(digits);
        }
      }),
    );
  });

  it('an area code or exchange starting with 0 or 1, a digit short or over, or digits of another script are refused', () => {
    fc.assert(
      fc.property(nanpNumber, fc.constantFrom('0', '1'), fc.boolean(), ([area, exchange, line], bad, inArea) => {
        expect(isValidUsPhone(inArea ? `${bad}${area.slice(1)}${exchange}${line}` : `${area}${bad}${exchange.slice(1)}${line}`)).toBe(
          false,
        );
        expect(isValidUsPhone(`${area}${exchange}${line.slice(1)}`)).toBe(false);
        expect(isValidUsPhone(`${area}${exchange}${line}9`)).toBe(false);
        const fullWidth = [...`${area}${exchange}${line}`].map((d) => String.fromCharCode(0xff10 + Number(d))).join('');
        expect(isValidUsPhone(fullWidth)).toBe(false);
      }),
    );
  });
});

describe('contact emails', () => {
  it('accepted addresses are one local part, one @ and a dotted domain, no whitespace, within the length limit', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.emailAddress(),
          fc.string({ maxLength: 40 }),
          fc.string({ unit: fc.constantFrom('a', 'b', '@', '.', ' ', '\u00a0', '-', '<', '>'), maxLength: 20 }),
        ),
        (text) => {
          if (!isValidContactEmail(text)) return;
          const email = text.trim();
          expect(email.length).toBeLessThanOrEqual(CONTACT_EMAIL_MAX_LENGTH);
          expect(email).not.toMatch(/\s/);
          const [local, domain, ...rest] = email.split('@');
          expect(rest).toEqual([]);
          expect(local.length).toBeGreaterThan(0);
          expect(domain).toMatch(/^[^.]+(\.[^.]+)+$/);
        },
      ),
    );
  });
});

describe("people's names", () => {
  const name = fc.string({ unit: fc.constantFrom(..."abcXYZéÅßøЖжλ中 .'’-"), maxLength: 60 });

  it(`accepted names start with a letter, hold letters, marks, spaces, . ' ’ - only, and are at most ${PERSON_NAME_MAX_LENGTH} characters once spaces are collapsed`, () => {
    fc.assert(
      fc.property(fc.oneof(name, fc.string({ maxLength: 60 })), (value) => {
        const collapsed = value.trim().replace(/\s+/g, ' ');
        const valid = profileNameError(value, 'required') === undefined;
        expect(valid).toBe(collapsed !== '' && collapsed.length <= PERSON_NAME_MAX_LENGTH && /^\p{L}[\p{L}\p{M} .'’-]*$/u.test(collapsed));
      }),
    );
  });

  it('markup, digits and symbols are refused wherever they stand', () => {
    fc.assert(
      fc.property(
        name.filter((value) => value.trim() !== ''),
        fc.constantFrom('<', '>', '"', '1', '@', '&', '/', '=', '\u0000'),
        fc.nat(),
        (value, odd, pick) => {
          const at = pick % (value.length + 1);
          expect(profileNameError(value.slice(0, at) + odd + value.slice(at), 'required')).toBeDefined();
        },
      ),
    );
  });
});

describe('dates of birth', () => {
  const today = day('2024-01-01', '2040-12-31');

  it('a beneficiary birth date is valid exactly when it is a real date between 1900-01-01 and today', () => {
    fc.assert(
      fc.property(fc.oneof(day('1850-01-01', '2045-12-31'), fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/)), today, (date, now) => {
        expect(isValidBirthDate(date, now)).toBe(isRealCalendarDate(date) && date >= '1900-01-01' && date <= now);
      }),
    );
  });

  it('the application takes a real date from 1900 to today, of someone 18 or older', () => {
    fc.assert(
      fc.property(fc.oneof(day('1880-01-01', '2045-12-31'), fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/)), today, (date, now) => {
        const valid = isCalendarDate(date) && date >= '1900-01-01' && date <= now && ageOn(date, now) >= MINIMUM_AGE;
        expect(birthDateProblem(date, now) === null).toBe(valid);
      }),
    );
  });

  it('age grows by exactly one on each birthday', () => {
    fc.assert(
      fc.property(day('1900-01-01', '2020-12-31'), fc.integer({ min: 0, max: 100 }), (born, years) => {
        const year = Number(born.slice(0, 4)) + years;
        const birthday = `${year}${born.slice(4)}`;
        fc.pre(isCalendarDate(birthday));
        expect(ageOn(born, birthday)).toBe(years);
      }),
    );
  });
});

describe('beneficiary shares', () => {
  it('a share is a whole percent from 1 to 100', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -200, max: 300 }), fc.double({ noNaN: false })),
        (share) => isValidSharePercent(share) === (Number.isInteger(share) && share >= 1 && share <= 100),
      ),
    );
  });

  /** Whole shares summing to 100, for 1 to 10 people. */
  const sharesOf100 = fc.integer({ min: 1, max: 10 }).chain((count) =>
    fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: count - 1, maxLength: count - 1 }).map((cuts) => {
      const points = [0, ...cuts.sort((a, b) => a - b), 100];
      return points.slice(1).map((point, i) => point - points[i]);
    }),
  );
  const person = (tier: BeneficiaryFields['tier'], sharePercent: number): BeneficiaryFields => ({
    tier,
    firstName: 'Taylor',
    lastName: 'Morgan',
    relationship: 'SPOUSE',
    dateOfBirth: '1980-05-17',
    sharePercent,
  });

  it('a designation whose tiers each sum to 100 has no problem; moving one percent out of a tier always gives one', () => {
    fc.assert(
      fc.property(sharesOf100, fc.option(sharesOf100, { nil: null }), fc.nat(), (primary, contingent, pick) => {
        const people = [
          ...primary.map((share) => person('PRIMARY', share)),
          ...(contingent ?? []).map((share) => person('CONTINGENT', share)),
        ];
        expect(beneficiaryDesignationProblems(people, '2026-03-02')).toEqual([]);
        const changed = people.map((one, i) => (i === pick % people.length ? { ...one, sharePercent: one.sharePercent + 1 } : one));
        expect(beneficiaryDesignationProblems(changed, '2026-03-02').length).toBeGreaterThan(0);
      }),
    );
  });
});
