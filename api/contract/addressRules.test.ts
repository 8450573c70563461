import type { Address } from './funding';
import type { AddressCandidate, AddressPlace } from './address';
import {
  addressErrors,
  AddressMessages,
  candidateMatchesTyped,
  emptyAddressDraft,
  formatAddressLine,
  isAddressComplete,
  isNonResidentialCandidate,
  isPoBoxLine,
  NON_RESIDENTIAL_FOOTNOTES,
  normaliseAddressText,
  placeToAddressDraft,
  sanitiseStateInput,
  sanitiseZipInput,
  toAddress,
  verificationOutcome,
  type AddressDraft,
} from './addressRules';

const valid: AddressDraft = { address1: '500 Market St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94105' };
const typed: Address = { address1: '500 Market St', address2: null, city: 'San Francisco', state: 'CA', zipcode: '94105', country: 'USA' };

const candidate = (overrides: Partial<AddressCandidate> = {}): AddressCandidate => ({
  deliveryLine1: '500 Market St',
  deliveryLine2: null,
  lastLine: 'San Francisco CA 94105-2201',
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94105',
  plus4Code: '2201',
  secondaryDesignator: null,
  secondaryNumber: null,
  recordType: 'S',
  rdi: 'Residential',
  dpvMatchCode: 'Y',
  dpvFootnotes: ['AA', 'BB'],
  cmra: false,
  address: { ...typed },
  ...overrides,
});

const place = (overrides: Partial<AddressPlace> = {}): AddressPlace => ({
  placeId: 'p1',
  formattedAddress: '350 5th Ave, New York, NY 10118, USA',
  streetNumber: '350',
  route: '5th Ave',
  secondary: null,
  city: 'New York',
  state: 'NY',
  zipcode: '10118',
  country: 'US',
  ...overrides,
});

describe('manual address rules (section 5)', () => {
  it('Address complete: all fields except address2 present', () => {
    expect(isAddressComplete(valid)).toBe(true);
    for (const field of ['address1', 'city', 'state', 'zipcode'] as const) {
      expect(isAddressComplete({ ...valid, [field]: '  ' })).toBe(false);
    }
    expect(addressErrors(valid)).toEqual({});
    expect(addressErrors(emptyAddressDraft)).toEqual({
      address1: AddressMessages.address1Required,
      city: AddressMessages.cityRequired,
      state: AddressMessages.stateInvalid,
      zipcode: AddressMessages.zipInvalid,
    });
  });

  it('manual address max 30 characters, after normalising, address2 included', () => {
    expect(addressErrors({ ...valid, address1: 'a'.repeat(30) })).toEqual({});
    expect(addressErrors({ ...valid, address1: 'a'.repeat(31) }).address1).toBe(AddressMessages.tooLong);
    expect(addressErrors({ ...valid, address1: ` ${'a'.repeat(14)}    ${'b'.repeat(15)}  ` }).address1).toBeUndefined();
    expect(addressErrors({ ...valid, address2: 'x'.repeat(31) }).address2).toBe(AddressMessages.tooLong);
    expect(addressErrors({ ...valid, city: 'c'.repeat(31) }).city).toBe(AddressMessages.tooLong);
  });

  it('state 2 letters upper-cased', () => {
    expect(sanitiseStateInput('n1y!')).toBe('NY');
    expect(sanitiseStateInput('cal')).toBe('CA');
    expect(addressErrors({ ...valid, state: 'C' }).state).toBe(AddressMessages.stateInvalid);
    expect(addressErrors({ ...valid, state: 'ny' }).state).toBeUndefined();
    expect(toAddress({ ...valid, state: 'ny' }).state).toBe('NY');
  });

  it('zip 5 digits', () => {
    expect(sanitiseZipInput('94 105-1234')).toBe('94105');
    expect(addressErrors({ ...valid, zipcode: '9410' }).zipcode).toBe(AddressMessages.zipInvalid);
    expect(addressErrors({ ...valid, zipcode: '9410a' }).zipcode).toBe(AddressMessages.zipInvalid);
  });

  it('text normalised, country fixed USA, an empty second line as null', () => {
    expect(normaliseAddressText('  500   Market  St ')).toBe('500 Market St');
    expect(toAddress({ ...valid, address1: ' 500  Market St', address2: '   ' })).toEqual(typed);
    expect(toAddress({ ...valid, address2: ' Apt  4 ' }).address2).toBe('Apt 4');
    expect(formatAddressLine({ ...typed, address2: 'Apt 4' })).toBe('500 Market St, Apt 4, San Francisco, CA 94105');
  });
});

describe('places results (2.11, 5)', () => {
  it('a places result with street, city, state and zip is a proper address', () => {
    expect(placeToAddressDraft(place())).toEqual({
      address1: '350 5th Ave',
      address2: '',
      city: 'New York',
      state: 'NY',
      zipcode: '10118',
    });
    expect(placeToAddressDraft(place({ secondary: 'Apt 4', zipcode: '10118-0110' }))).toMatchObject({
      address2: 'Apt 4',
      zipcode: '10118',
    });
  });

  it('a places result missing street, city, state or zip is not a proper address', () => {
    for (const missing of ['streetNumber', 'route', 'city', 'state', 'zipcode'] as const) {
      expect(placeToAddressDraft(place({ [missing]: null }))).toBeNull();
    }
    expect(placeToAddressDraft(place({ route: '  ' }))).toBeNull();
  });

  it('autocomplete is restricted to US addresses: a place outside the US is not proper', () => {
    expect(placeToAddressDraft(place({ country: 'CA', state: 'ON', zipcode: 'M5H 2N2' }))).toBeNull();
  });
});

describe('non-residential candidates (4.8)', () => {
  it('PO box is treated as non-residential (record type P or a PO box line)', () => {
    expect(isNonResidentialCandidate(candidate({ recordType: 'P', deliveryLine1: 'PO Box 1234' }))).toBe(true);
    expect(isNonResidentialCandidate(candidate({ recordType: null, deliveryLine1: 'P.O. Box 9' }))).toBe(true);
    for (const line of ['PO Box 12', 'p o box 12', 'Post Office Box 7', 'POB 3', 'P.O. 44']) expect(isPoBoxLine(line)).toBe(true);
    for (const line of ['12 Pobst Rd', '500 Market St', 'Poplar Ave 12']) expect(isPoBoxLine(line)).toBe(false);
  });

  it('the five footnotes are treated as non-residential: P3, P1, M3, M1, N1', () => {
    expect(Object.values(NON_RESIDENTIAL_FOOTNOTES).sort()).toEqual(['M1', 'M3', 'N1', 'P1', 'P3']);
    for (const code of Object.values(NON_RESIDENTIAL_FOOTNOTES)) {
      expect(isNonResidentialCandidate(candidate({ dpvFootnotes: ['AA', code] }))).toBe(true);
    }
    for (const code of ['AA', 'BB', 'CC', 'A1', 'F1', 'G1', 'PB', 'RR', 'R1', 'R7', 'U1']) {
      expect(isNonResidentialCandidate(candidate({ dpvFootnotes: [code] }))).toBe(false);
    }
  });

  it('a commercial (rdi) address alone is not treated as non-residential', () => {
    expect(isNonResidentialCandidate(candidate({ rdi: 'Commercial' }))).toBe(false);
  });
});

describe('verification outcome (4.8)', () => {
  it('acceptance when exactly one candidate matches the typed one exactly (case and spacing aside)', () => {
    expect(verificationOutcome(typed, [candidate()])).toEqual({ kind: 'accepted', address: typed, verified: true });
    const shouting = { ...typed, address1: '500  MARKET ST.', city: 'san francisco' };
    expect(candidateMatchesTyped(candidate(), shouting)).toBe(true);
  });

  it('a suggested address is offered unless exactly one candidate matches exactly', () => {
    const abbreviated = verificationOutcome({ ...typed, address1: '500 Market Street' }, [candidate()]);
    expect(abbreviated).toEqual({ kind: 'pick', candidates: [candidate()] });
    const wrongZip = verificationOutcome({ ...typed, zipcode: '94107' }, [candidate()]);
    expect(wrongZip.kind).toBe('pick');
    const two = [candidate({ deliveryLine1: '500 E Market St' }), candidate({ deliveryLine1: '500 W Market St' })];
    expect(verificationOutcome(typed, two)).toEqual({ kind: 'pick', candidates: two });
    // Two exact matches (a service answering the same line twice) is not "exactly one".
    expect(verificationOutcome(typed, [candidate(), candidate({ plus4Code: '2202' })]).kind).toBe('pick');
  });

  it('the delivery line is compared with the apartment line included', () => {
    const withUnit = candidate({ deliveryLine1: '500 Market St Apt 4', secondaryDesignator: 'Apt', secondaryNumber: '4' });
    expect(verificationOutcome({ ...typed, address2: 'Apt 4' }, [withUnit]).kind).toBe('accepted');
    expect(verificationOutcome(typed, [withUnit]).kind).toBe('pick');
  });

  it('a single PO box candidate shows the not-residential dialog', () => {
    const poBox = candidate({ deliveryLine1: 'PO Box 1234', recordType: 'P', address: { ...typed, address1: 'PO Box 1234' } });
    expect(verificationOutcome({ ...typed, address1: 'PO Box 1234' }, [poBox])).toEqual({ kind: 'notResidential', candidate: poBox });
    expect(verificationOutcome({ ...typed, address1: 'P.O. Box 1234' }, [poBox]).kind).toBe('notResidential');
  });

  it('a footnote without an apartment line gives the apartment field focus; with one, the dialog', () => {
    const highRise = candidate({ dpvFootnotes: ['AA', 'N1'], dpvMatchCode: 'D', recordType: 'H' });
    expect(verificationOutcome(typed, [highRise])).toEqual({ kind: 'needsApartment', candidate: highRise });
    const withUnit = { ...typed, address2: 'Apt 99' };
    expect(verificationOutcome(withUnit, [highRise])).toEqual({ kind: 'notResidential', candidate: highRise });
  });

  it('a footnote on one of several candidates does not stop the picker', () => {
    const several = [candidate({ dpvFootnotes: ['M3'] }), candidate({ deliveryLine1: '500 W Market St' })];
    expect(verificationOutcome({ ...typed, address1: '500 Markt St' }, several).kind).toBe('pick');
  });

  it('if verification fails (or finds nothing) the typed address is used', () => {
    expect(verificationOutcome(typed, null)).toEqual({ kind: 'accepted', address: typed, verified: false });
    expect(verificationOutcome(typed, [])).toEqual({ kind: 'accepted', address: typed, verified: false });
  });

  it('a typed PO box is still refused when the service cannot say', () => {
    expect(verificationOutcome({ ...typed, address1: 'PO Box 77' }, null)).toEqual({ kind: 'notResidential', candidate: null });
  });
});
