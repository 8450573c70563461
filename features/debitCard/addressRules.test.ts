import {
  addressDraftFromSetupIntent,
  addressErrors,
  AddressMessages,
  emptyAddressDraft,
  isAddressComplete,
  normaliseAddressText,
  sanitiseStateInput,
  sanitiseZipInput,
  toAddress,
  type AddressDraft,
} from './addressRules';

const valid: AddressDraft = { address1: '500 Market St', address2: '', city: 'San Francisco', state: 'CA', zipcode: '94105' };

describe('address rules (section 5)', () => {
  it('Address complete: all fields except address2 present', () => {
    expect(isAddressComplete(valid)).toBe(true);
    expect(isAddressComplete({ ...valid, address2: '' })).toBe(true);
    for (const field of ['address1', 'city', 'state', 'zipcode'] as const) {
      expect(isAddressComplete({ ...valid, [field]: '   ' })).toBe(false);
    }
    expect(addressErrors(valid)).toEqual({});
  });

  it('requires street and city', () => {
    expect(addressErrors(emptyAddressDraft)).toMatchObject({
      address1: AddressMessages.address1Required,
      city: AddressMessages.cityRequired,
      state: AddressMessages.stateInvalid,
      zipcode: AddressMessages.zipInvalid,
    });
  });

  it('manual address max 30 characters, judged after normalising', () => {
    expect(addressErrors({ ...valid, address1: 'a'.repeat(30) }).address1).toBeUndefined();
    expect(addressErrors({ ...valid, address1: 'a'.repeat(31) }).address1).toBe(AddressMessages.tooLong);
    expect(addressErrors({ ...valid, address1: ` ${'a'.repeat(14)}     ${'b'.repeat(15)} ` }).address1).toBeUndefined();
    expect(addressErrors({ ...valid, address2: 'x'.repeat(31) }).address2).toBe(AddressMessages.tooLong);
    expect(addressErrors({ ...valid, city: 'c'.repeat(31) }).city).toBe(AddressMessages.tooLong);
  });

  it('state 2 letters upper-cased', () => {
    expect(sanitiseStateInput('ca')).toBe('CA');
    expect(sanitiseStateInput('c4a!x')).toBe('CA');
    expect(addressErrors({ ...valid, state: 'C' }).state).toBe(AddressMessages.stateInvalid);
    expect(addressErrors({ ...valid, state: 'ny' }).state).toBeUndefined();
    expect(toAddress({ ...valid, state: 'ny' }).state).toBe('NY');
  });

  it('zip 5 digits', () => {
    expect(sanitiseZipInput('94 105-1234')).toBe('94105');
    expect(addressErrors({ ...valid, zipcode: '9410' }).zipcode).toBe(AddressMessages.zipInvalid);
    expect(addressErrors({ ...valid, zipcode: '9410a' }).zipcode).toBe(AddressMessages.zipInvalid);
  });

  it('text normalised, country fixed USA, an empty second line sent as null', () => {
    expect(normaliseAddressText('  500   Market  St ')).toBe('500 Market St');
    expect(toAddress({ ...valid, address1: ' 500  Market St', city: 'San   Francisco ' })).toEqual({
      address1: '500 Market St',
      address2: null,
      city: 'San Francisco',
      state: 'CA',
      zipcode: '94105',
      country: 'USA',
    });
    expect(toAddress({ ...valid, address2: ' Apt  4 ' }).address2).toBe('Apt 4');
  });

  it('is prefilled from the setup intent zipcode and addressLine1', () => {
    expect(addressDraftFromSetupIntent({ addressLine1: '12 Main St', zipcode: '10001' })).toEqual({ ...emptyAddressDraft, address1: '12 Main St', zipcode: '10001' });
    expect(addressDraftFromSetupIntent({ addressLine1: null, zipcode: null })).toEqual(emptyAddressDraft);
    expect(addressDraftFromSetupIntent(undefined)).toEqual(emptyAddressDraft);
  });
});
