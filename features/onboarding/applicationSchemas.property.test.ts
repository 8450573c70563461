import Ajv from 'ajv';
import fc from 'fast-check';
import { IdentitySection } from '../../api/contract/onboarding';
import { digitsOnly, fromIsoDate, identitySchema, toIsoDate } from './applicationSchemas';

// The identity step (yup) and the server's schema agree: whatever the form accepts, sent the way the step sends it
// (names trimmed, the date as yyyy-MM-dd, the phone as its ten digits), the server's IdentitySection accepts.

const serverAccepts = new Ajv({ strict: false }).compile(IdentitySection);
const TODAY = '2026-03-02';

// Mostly near-valid input (so many identities pass the form), with the awkward cases mixed in.
const legalName = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('', ' ', '  '), fc.stringMatching(/^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ .'-]{0,44}$/), fc.constantFrom('', ' '))
      .map((parts) => parts.join('')),
  },
  fc.string({ unit: fc.constantFrom(..."abcXYZéÅøÿ .'-"), maxLength: 45 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(' Alex', 'Alex ', '  Mary Ann  ', "O'Brien", 'Łukasz', 'Zoë', '<b>Al</b>', 'Al1'),
);
const typedDate = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .integer({ min: Date.parse('1900-01-01') / 86_400_000, max: Date.parse('2008-03-02') / 86_400_000 })
      .map((n) => fromIsoDate(new Date(n * 86_400_000).toISOString().slice(0, 10))),
  },
  fc
    .integer({ min: Date.parse('1890-01-01') / 86_400_000, max: Date.parse('2030-12-31') / 86_400_000 })
    .map((n) => fromIsoDate(new Date(n * 86_400_000).toISOString().slice(0, 10))),
  fc.stringMatching(/^[0-9]{2}\/[0-9]{2}\/[0-9]{4}$/),
  fc.constantFrom('02/30/1990', '13/01/1990', '１２/０１/１９９０', '12-01-1990', ' 12/01/1990 '),
);
const typedPhone = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[2-9][0-9]{2}[2-9][0-9]{6}$/) },
  fc.stringMatching(/^\(?[2-9][0-9]{2}\)? ?[2-9][0-9]{2}-?[0-9]{4}$/),
  fc.string({ unit: fc.constantFrom(...'0123456789 ()-+.'), maxLength: 16 }),
  fc.constantFrom('+1 415 555 0132', '４１５５５５０１３２'),
);
const typedSsn = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[0-9]{9}$/) },
  fc.string({ unit: fc.constantFrom(...'0123456789-'), maxLength: 11 }),
  fc.constantFrom('１２３４５６７８９'),
);

describe('identity step: form and server agree', () => {
  it('every identity the form accepts is accepted by the server once sent as the step sends it', () => {
    let accepted = 0;
    fc.assert(
      fc.property(
        legalName,
        legalName,
        typedDate,
        typedPhone,
        fc.constantFrom('US_CITIZEN', 'PERMANENT_RESIDENT', 'US_CITIZEN', 'PERMANENT_RESIDENT', 'ALIEN', ''),
        typedSsn,
        (first, last, birthDate, phoneNumber, citizenship, ssn) => {
          const values = { legalFirstName: first, legalLastName: last, birthDate, phoneNumber, citizenship, ssn };
          if (!identitySchema(TODAY).isValidSync(values)) return;
          accepted += 1;
          const sent = {
            legalFirstName: first.trim(),
            legalLastName: last.trim(),
            birthDate: toIsoDate(birthDate),
            phoneNumber: digitsOnly(phoneNumber, 11).slice(-10),
            citizenship,
            ssn,
          };
          expect(serverAccepts(sent)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // The law was tested on accepted identities, not only on refused ones.
    expect(accepted).toBeGreaterThan(30);
  });

  it('the form accepts a well-formed identity of an adult', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z][a-z]{1,20}$/),
        fc.integer({ min: Date.parse('1930-01-01') / 86_400_000, max: Date.parse('2008-03-01') / 86_400_000 }),
        fc.stringMatching(/^[2-9][0-9]{2}[2-9][0-9]{6}$/),
        fc.stringMatching(/^[0-9]{9}$/),
        (name, days, phone, ssn) => {
          const birthDate = fromIsoDate(new Date(days * 86_400_000).toISOString().slice(0, 10));
          expect(
            identitySchema(TODAY).isValidSync({
              legalFirstName: name,
              legalLastName: name,
              birthDate,
              phoneNumber: phone,
              citizenship: 'US_CITIZEN',
              ssn,
            }),
          ).toBe(true);
        },
      ),
    );
  });
});
