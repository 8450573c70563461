import {
  ApiPaths,
  apiPath,
  type AddressAutocompleteResponse,
  type AddressPlaceResponse,
  type AddressVerifyResponse,
  type ErrorBody,
  type ProfileAddressResponse,
  type SandboxOutboxResponse,
} from '../../api/contract';
import type { Customer } from '../testing/fundingKit';
import { CSRF } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';
import { addressServicesFromEnvironment } from '../vendors/addressServices';

const { app, freshCustomer } = useTestApp();
let alex: Customer;

beforeAll(async () => {
  alex = await freshCustomer('alex@fundflow.test');
});

const address = (overrides: Record<string, unknown> = {}) => ({
  address1: '1427 S Walnut St',
  address2: null,
  city: 'Springfield',
  state: 'IL',
  zipcode: '62704',
  country: 'USA',
  ...overrides,
});

async function verify(customer: Customer, body: Record<string, unknown>) {
  const response = await customer.send('POST', ApiPaths.addressVerify, body);
  return { status: response.statusCode, body: response.json<AddressVerifyResponse & ErrorBody>() };
}

async function suggest(customer: Customer, query: string) {
  const response = await customer.send('POST', ApiPaths.addressAutocomplete, { query });
  expect(response.statusCode).toBe(200);
  return response.json<AddressAutocompleteResponse>().suggestions;
}

describe('address routes need a signed-in customer', () => {
  it.each([
    ['POST', ApiPaths.addressAutocomplete],
    ['POST', ApiPaths.addressVerify],
    ['GET', apiPath(ApiPaths.addressPlace, { placeId: 'x' })],
    ['GET', ApiPaths.profileAddress],
    ['PUT', ApiPaths.profileAddress],
  ] as const)('%s %s without a token is 401', async (method, url) => {
    const response = await app.inject({ method, url, headers: CSRF, payload: method === 'GET' ? undefined : { query: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('autocomplete (maps places service, sandbox)', () => {
  it('suggests matching US addresses by word prefixes', async () => {
    const suggestions = await suggest(alex, '1427 walnut');
    expect(suggestions[0]).toMatchObject({
      description: '1427 S Walnut St, Springfield, IL 62704, USA',
      mainText: '1427 S Walnut St',
      secondaryText: 'Springfield, IL 62704, USA',
    });
    expect(suggestions[0].placeId).toMatch(/^ChIJ/);
  });

  it('gives at most 5 suggestions', async () => {
    const suggestions = await suggest(alex, '1 st');
    expect(suggestions).toHaveLength(5);
  });

  it('is restricted to US addresses', async () => {
    expect(await suggest(alex, 'queen st')).toEqual([]);
    expect(await suggest(alex, 'toronto')).toEqual([]);
    const main = await suggest(alex, 'main st');
    expect(main.length).toBeGreaterThan(0);
    expect(main.every((suggestion) => suggestion.description.endsWith('USA'))).toBe(true);
  });

  it('does not call the service for a query under 3 characters', async () => {
    expect(await suggest(alex, ' 14 ')).toEqual([]);
  });

  it('refuses a missing or too long query with 400', async () => {
    expect((await alex.send('POST', ApiPaths.addressAutocomplete, {})).statusCode).toBe(400);
    expect((await alex.send('POST', ApiPaths.addressAutocomplete, { query: 'x'.repeat(101) })).statusCode).toBe(400);
  });

  it('gives the formatted address detail of a place', async () => {
    const [first] = await suggest(alex, '1427 walnut springfield');
    const response = await alex.get(apiPath(ApiPaths.addressPlace, { placeId: first.placeId }));
    expect(response.statusCode).toBe(200);
    expect(response.json<AddressPlaceResponse>().place).toEqual({
      placeId: first.placeId,
      formattedAddress: '1427 S Walnut St, Springfield, IL 62704, USA',
      streetNumber: '1427',
      route: 'S Walnut St',
      secondary: null,
      city: 'Springfield',
      state: 'IL',
      zipcode: '62704',
      country: 'US',
    });
  });

  it('a street without a number comes back without street number and zip (not a proper address)', async () => {
    const broadway = (await suggest(alex, 'broadway new york')).find(
      (suggestion) => suggestion.description === 'Broadway, New York, NY, USA',
    );
    expect(broadway).toBeDefined();
    const { place } = (await alex.get(apiPath(ApiPaths.addressPlace, { placeId: broadway!.placeId }))).json<AddressPlaceResponse>();
    expect(place).toMatchObject({ streetNumber: null, route: 'Broadway', city: 'New York', state: 'NY', zipcode: null });
  });

  it('an unknown place is 404', async () => {
    const response = await alex.get(apiPath(ApiPaths.addressPlace, { placeId: 'ChIJnope' }));
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().errorCode).toBe('ADDRESS_PLACE_NOT_FOUND');
  });
});

describe('verification (street-address, candidates=10, match=invalid, sandbox)', () => {
  it('a bundled address is confirmed and residential', async () => {
    const { status, body } = await verify(alex, address());
    expect(status).toBe(200);
    expect(body.candidates).toHaveLength(1);
    expect(body.candidates[0]).toMatchObject({
      deliveryLine1: '1427 S Walnut St',
      city: 'Springfield',
      state: 'IL',
      zipcode: '62704',
      recordType: 'S',
      rdi: 'Residential',
      dpvMatchCode: 'Y',
      dpvFootnotes: ['AA', 'BB'],
      cmra: false,
      address: address(),
    });
    expect(body.candidates[0].plus4Code).toMatch(/^\d{4}$/);
  });

  it('standardises what was typed differently, and corrects a wrong zip', async () => {
    const { body } = await verify(alex, address({ address1: '1427 South Walnut Street', zipcode: '62701' }));
    expect(body.candidates.map((candidate) => [candidate.deliveryLine1, candidate.zipcode])).toEqual([['1427 S Walnut St', '62704']]);
  });

  it('a street typed without its direction gives every candidate', async () => {
    const { body } = await verify(alex, address({ address1: '1 Rosedale St', city: 'Baltimore', state: 'MD', zipcode: '21229' }));
    expect(body.candidates.map((candidate) => candidate.deliveryLine1)).toEqual(['1 N Rosedale St', '1 S Rosedale St']);
  });

  it('a high-rise without a unit is N1 (secondary missing); with a known unit it is confirmed and split into our fields', async () => {
    const building = address({ address1: '200 E 89th St', city: 'New York', state: 'NY', zipcode: '10128' });
    const without = (await verify(alex, building)).body.candidates[0];
    expect(without).toMatchObject({ recordType: 'H', dpvMatchCode: 'D', dpvFootnotes: ['AA', 'N1'] });
    const withUnit = (await verify(alex, { ...building, address2: 'apt 12b' })).body.candidates[0];
    expect(withUnit).toMatchObject({
      deliveryLine1: '200 E 89th St Apt 12B',
      dpvMatchCode: 'Y',
      dpvFootnotes: ['AA', 'BB'],
      secondaryDesignator: 'Apt',
      secondaryNumber: '12B',
      address: { ...building, address2: 'Apt 12B' },
    });
  });

  it('P.O. boxes: record type P; P1 without a number, P3 out of range', async () => {
    const box = address({ address1: 'PO Box 1234', zipcode: '62701' });
    expect((await verify(alex, box)).body.candidates[0]).toMatchObject({
      deliveryLine1: 'PO Box 1234',
      recordType: 'P',
      dpvFootnotes: ['AA', 'BB'],
    });
    expect((await verify(alex, { ...box, address1: 'P.O. Box' })).body.candidates[0].dpvFootnotes).toContain('P1');
    expect((await verify(alex, { ...box, address1: 'PO Box 123456' })).body.candidates[0].dpvFootnotes).toContain('P3');
  });

  it('a number not on a bundled street is M3; no number is M1', async () => {
    expect((await verify(alex, address({ address1: '9999 S Walnut St' }))).body.candidates[0].dpvFootnotes).toEqual(['AA', 'M3']);
    expect((await verify(alex, address({ address1: 'S Walnut St' }))).body.candidates[0].dpvFootnotes).toEqual(['AA', 'M1']);
  });

  it('an office is commercial; a mailbox shop carries the CMRA flag', async () => {
    const office = (await verify(alex, address({ address1: '350 Fifth Avenue', city: 'New York', state: 'NY', zipcode: '10118' }))).body
      .candidates[0];
    expect(office).toMatchObject({ deliveryLine1: '350 5th Ave', rdi: 'Commercial' });
    const shop = (
      await verify(
        alex,
        address({ address1: '2261 Market St', address2: 'PMB 4012', city: 'San Francisco', state: 'CA', zipcode: '94114' }),
      )
    ).body.candidates[0];
    expect(shop).toMatchObject({ cmra: true, dpvFootnotes: ['AA', 'BB', 'RR'] });
  });

  it('with match=invalid an unknown address still comes back, standardised and unconfirmed (A1)', async () => {
    const { body } = await verify(alex, address({ address1: '12 Nowhere Lane', city: 'Smallville', state: 'KS', zipcode: '66002' }));
    expect(body.candidates).toEqual([
      expect.objectContaining({ deliveryLine1: '12 Nowhere Ln', dpvFootnotes: ['A1'], dpvMatchCode: null, recordType: null }),
    ]);
  });

  it('the service failing answers 503 with a code and no details, so the app keeps the typed address', async () => {
    const { status, body } = await verify(alex, address({ zipcode: '00000' }));
    expect(status).toBe(503);
    expect(body).toEqual({ errorCode: 'ADDRESS_VERIFICATION_UNAVAILABLE', message: 'We could not verify the address right now.' });
  });

  it('refuses an address the contract does not allow (zip, state, 30 characters, other country)', async () => {
    for (const bad of [{ zipcode: '6270' }, { state: 'il' }, { address1: 'x'.repeat(31) }, { country: 'CAN' }, { extra: 1 }]) {
      const { status, body } = await verify(alex, address(bad));
      expect(status).toBe(400);
      expect(body.errorCode).toBe('VALIDATION_FAILED');
    }
  });
});

describe('the customer address on file (profile)', () => {
  it('answers the own address only, and null when there is none', async () => {
    const card = await freshCustomer('card@fundflow.test');
    const unverified = await freshCustomer('unverified@fundflow.test');
    const own = (await card.get(ApiPaths.profileAddress)).json<ProfileAddressResponse>();
    expect(own.address).toEqual(expect.objectContaining({ country: 'USA' }));
    expect((await alex.get(ApiPaths.profileAddress)).json<ProfileAddressResponse>().address).not.toEqual(own.address);
    expect((await unverified.get(ApiPaths.profileAddress)).json<ProfileAddressResponse>()).toEqual({ address: null });
  });

  it('saves a valid address, normalised, and emails a notice', async () => {
    const customer = await freshCustomer('unverified@fundflow.test');
    const response = await customer.send(
      'PUT',
      ApiPaths.profileAddress,
      address({ address1: ' 1427  S Walnut St ', address2: ' Apt  2 ' }),
    );
    expect(response.statusCode).toBe(200);
    const saved = address({ address2: 'Apt 2' });
    expect(response.json<ProfileAddressResponse>()).toEqual({ address: saved });
    expect((await customer.get(ApiPaths.profileAddress)).json<ProfileAddressResponse>()).toEqual({ address: saved });
    const outbox = (await customer.get(ApiPaths.sandboxOutbox)).json<SandboxOutboxResponse>();
    expect(outbox.messages[0]).toMatchObject({ to: customer.email, subject: 'Your address was changed' });
    // The debit card's setup intent reads the same address on file.
    const intent = await customer.send('POST', ApiPaths.debitCardSetupIntent);
    expect(intent.json()).toMatchObject({ addressLine1: '1427 S Walnut St', zipcode: '62704' });
  });

  it('refuses a P.O. box with 422 ADDRESS_NOT_RESIDENTIAL', async () => {
    const response = await alex.send('PUT', ApiPaths.profileAddress, address({ address1: 'P.O. Box 1234' }));
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorBody>().errorCode).toBe('ADDRESS_NOT_RESIDENTIAL');
  });

  it('applies the manual rules again: blank street or city is 400 ADDRESS_INVALID', async () => {
    for (const bad of [{ address1: '   ' }, { city: ' ' }]) {
      const response = await alex.send('PUT', ApiPaths.profileAddress, address(bad));
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().errorCode).toBe('ADDRESS_INVALID');
    }
    const tooLong = await alex.send('PUT', ApiPaths.profileAddress, address({ city: 'c'.repeat(31) }));
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('address services from the environment', () => {
  it('stay in the sandbox without keys and go live per service with them', () => {
    expect(addressServicesFromEnvironment({})).toMatchObject({ verification: { mode: 'sandbox' }, places: { mode: 'sandbox' } });
    const smartyOnly = addressServicesFromEnvironment({ SMARTY_AUTH_ID: 'id', SMARTY_AUTH_TOKEN: 'token' });
    expect(smartyOnly).toMatchObject({ verification: { mode: 'live' }, places: { mode: 'sandbox' } });
    expect(addressServicesFromEnvironment({ GOOGLE_PLACES_API_KEY: 'key' }).places.mode).toBe('live');
  });
});
