import fc from 'fast-check';
import {
  ADDRESS_MAX_LENGTH,
  addressFieldError,
  normaliseAddressText,
  sanitiseStateInput,
  sanitiseZipInput,
  type AddressField,
} from './addressRules';

// Laws of the manual address rules (funding-methods.md section 5: all fields but address2 required, at most 30
// characters, state 2 letters upper-cased, zip 5 digits, text normalised). The form's agreement with them is in
// features/addressCapture/addressSchema.property.test.ts.

const streetText = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789#.,-/'éñ"), maxLength: 40 });
const whitespace = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0'), maxLength: 3 });
const state = fc.stringMatching(/^[A-Za-z]{2}$/);
const zip = fc.stringMatching(/^[0-9]{5}$/);
const anyText = fc.oneof(streetText, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 12 }));

/** Typed states and zips, with look-alikes: letters whose upper case is two ASCII letters, full-width and Arabic-Indic digits. */
const typedState = fc.oneof(state, anyText, fc.constantFrom('ß', 'ßs', 'ǆ', 'ﬀ', 'ıd', 'ſt', 'Ｃａ', 'C4', 'c a'));
const typedZip = fc.oneof(zip, anyText, fc.constantFrom('１２３４５', '١٢٣٤٥', '12345-6789', ' 12345', '1234'));

describe('address fields', () => {
  it('normalising is idempotent and leaves no outer or repeated whitespace', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (value) => {
        const once = normaliseAddressText(value);
        expect(normaliseAddressText(once)).toBe(once);
        expect(once).not.toMatch(/^\s|\s$|\s{2}/);
      }),
    );
  });

  it('text fields: required (but address2), at most 30 characters after normalising, whatever the padding', () => {
    fc.assert(
      fc.property(fc.constantFrom<AddressField>('address1', 'address2', 'city'), streetText, whitespace, (field, value, padding) => {
        const text = normaliseAddressText(value);
        const valid = (field === 'address2' || text !== '') && text.length <= ADDRESS_MAX_LENGTH;
        expect(addressFieldError(field, value) === undefined).toBe(valid);
        expect(addressFieldError(field, `${padding}${value}${padding}`)).toBe(addressFieldError(field, value));
      }),
    );
  });

  it('state: exactly two ASCII letters in either case; zip: exactly five ASCII digits', () => {
    fc.assert(
      fc.property(typedState, typedZip, (stateText, zipcode) => {
        expect(addressFieldError('state', stateText) === undefined).toBe(/^[A-Za-z]{2}$/.test(normaliseAddressText(stateText)));
        expect(addressFieldError('zipcode', zipcode) === undefined).toBe(/^[0-9]{5}$/.test(normaliseAddressText(zipcode)));
      }),
    );
  });

  it('what the state and zip fields keep while typing is always a prefix of a valid value', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (typed) => {
        expect(sanitiseStateInput(typed)).toMatch(/^[A-Z]{0,2}$/);
        expect(sanitiseZipInput(typed)).toMatch(/^[0-9]{0,5}$/);
        expect(sanitiseStateInput(sanitiseStateInput(typed))).toBe(sanitiseStateInput(typed));
        expect(sanitiseZipInput(sanitiseZipInput(typed))).toBe(sanitiseZipInput(typed));
      }),
    );
  });
});
