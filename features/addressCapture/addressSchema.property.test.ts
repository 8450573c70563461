import Ajv from 'ajv';
import fc from 'fast-check';
import { Address } from '../../api/contract/funding';
import { addressErrors, toAddress, type AddressDraft } from '../../api/contract/addressRules';
import { addressSchema } from './addressSchema';

// The address form (yup) and the server judge alike: the same fields refused with the same messages, and every
// draft the form lets through becomes an address the server's schema accepts.

const ajv = new Ajv({ strict: false });
const serverAccepts = ajv.compile(Address);

const streetText = fc.string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789#.,-/'éñ"), maxLength: 40 });
const anyText = fc.oneof(streetText, fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 12 }));
// States and zips with look-alikes: letters whose upper case is two ASCII letters, full-width and Arabic-Indic digits.
const typedState = fc.oneof(
  fc.stringMatching(/^[A-Za-z]{2}$/),
  anyText,
  fc.constantFrom('ß', 'ßs', 'ǆ', 'ﬀ', 'ıd', 'ſt', 'Ｃａ', 'C4', 'c a'),
);
const typedZip = fc.oneof(fc.stringMatching(/^[0-9]{5}$/), anyText, fc.constantFrom('１２３４５', '١٢٣٤٥', '12345-6789', ' 12345', '1234'));

const draft: fc.Arbitrary<AddressDraft> = fc.record({
  address1: fc.oneof(streetText, anyText),
  address2: fc.oneof(fc.constant(''), streetText, anyText),
  city: fc.oneof(streetText, anyText),
  state: typedState,
  zipcode: typedZip,
});

describe('the address form (yup) and the server agree', () => {
  it('the yup schema refuses exactly the drafts the contract rule finds errors in, with the same messages', () => {
    fc.assert(
      fc.property(draft, (values) => {
        const errors = addressErrors(values);
        let yupErrors: Record<string, string> = {};
        try {
          addressSchema.validateSync(values, { abortEarly: false });
        } catch (error) {
          const inner = (error as { inner: Array<{ path: string; message: string }> }).inner;
          yupErrors = Object.fromEntries(inner.map((item) => [item.path, item.message]));
        }
        expect(yupErrors).toEqual(errors);
      }),
    );
  });

  it('every draft the form accepts becomes an address the server accepts', () => {
    fc.assert(
      fc.property(draft, (values) => {
        if (Object.keys(addressErrors(values)).length > 0) return;
        const wire = toAddress(values);
        expect(serverAccepts(wire)).toBe(true);
        expect(wire.state).toMatch(/^[A-Z]{2}$/);
      }),
    );
  });
});
