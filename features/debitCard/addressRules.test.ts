import { emptyAddressDraft } from '../../api/contract/values';
import { addressDraftFromSetupIntent } from './addressRules';

// The shared address rules are tested in api/contract/addressRules.test.ts; this is the debit card's own prefill.
describe('debit-card address prefill', () => {
  it('is prefilled from the setup intent zipcode and addressLine1', () => {
    expect(addressDraftFromSetupIntent({ addressLine1: '12 Main St', zipcode: '10001' })).toEqual({
      ...emptyAddressDraft,
      address1: '12 Main St',
      zipcode: '10001',
    });
    expect(addressDraftFromSetupIntent({ addressLine1: null, zipcode: null })).toEqual(emptyAddressDraft);
    expect(addressDraftFromSetupIntent(undefined)).toEqual(emptyAddressDraft);
  });

  it('keeps the first 30 characters of a long street line and only the zip digits', () => {
    expect(addressDraftFromSetupIntent({ addressLine1: 'a'.repeat(40), zipcode: '94 105-1234' })).toMatchObject({
      address1: 'a'.repeat(30),
      zipcode: '94105',
    });
  });
});
