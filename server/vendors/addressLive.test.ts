import { liveGooglePlaces, liveSmartyStreets } from './addressLive';
import { AddressServiceError, toAddressCandidate, toPlace, type StreetAddressCandidate } from './addressServices';

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const query = {
  street: '200 E 89th St',
  secondary: 'Apt 12B',
  city: 'New York',
  state: 'NY',
  zipcode: '10128',
  candidates: 10,
  match: 'invalid' as const,
};

describe('Smarty US Street API (live verification)', () => {
  it('calls GET street-address with candidates=10, match=invalid, the license and the server-side keys', async () => {
    const { calls, fetchImpl } = fakeFetch(() => Response.json([]));
    await liveSmartyStreets({ authId: 'id-1', authToken: 'secret-2', license: 'us-core-cloud', fetch: fetchImpl }).streetAddress(query);
    const url = new URL(calls[0].url);
    expect(`${url.origin}${url.pathname}`).toBe('https://us-street.api.smarty.com/street-address');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'auth-id': 'id-1',
      'auth-token': 'secret-2',
      street: '200 E 89th St',
      secondary: 'Apt 12B',
      city: 'New York',
      state: 'NY',
      zipcode: '10128',
      candidates: '10',
      match: 'invalid',
      license: 'us-core-cloud',
    });
  });

  it('a failing answer, a network error or a malformed body is an AddressServiceError', async () => {
    const down = fakeFetch(() => new Response('busy', { status: 503 }));
    await expect(
      liveSmartyStreets({ authId: 'a', authToken: 'b', license: null, fetch: down.fetchImpl }).streetAddress(query),
    ).rejects.toBeInstanceOf(AddressServiceError);
    const broken = fakeFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(
      liveSmartyStreets({ authId: 'a', authToken: 'b', license: null, fetch: broken.fetchImpl }).streetAddress(query),
    ).rejects.toBeInstanceOf(AddressServiceError);
    const odd = fakeFetch(() => Response.json({ not: 'a list' }));
    await expect(
      liveSmartyStreets({ authId: 'a', authToken: 'b', license: null, fetch: odd.fetchImpl }).streetAddress(query),
    ).rejects.toBeInstanceOf(AddressServiceError);
  });

  it('maps a candidate: delivery line split into street and unit, footnotes split, flags read', () => {
    const raw: StreetAddressCandidate = {
      delivery_line_1: '200 E 89th St Apt 12B',
      last_line: 'New York NY 10128-4312',
      components: {
        primary_number: '200',
        secondary_designator: 'Apt',
        secondary_number: '12B',
        city_name: 'New York',
        state_abbreviation: 'NY',
        zipcode: '10128',
        plus4_code: '4312',
      },
      metadata: { record_type: 'H', rdi: 'Residential' },
      analysis: { dpv_match_code: 'Y', dpv_footnotes: 'AABB', dpv_cmra: 'N' },
    };
    expect(toAddressCandidate(raw)).toMatchObject({
      dpvFootnotes: ['AA', 'BB'],
      recordType: 'H',
      rdi: 'Residential',
      cmra: false,
      address: { address1: '200 E 89th St', address2: 'Apt 12B', city: 'New York', state: 'NY', zipcode: '10128', country: 'USA' },
    });
    expect(
      toAddressCandidate({
        ...raw,
        delivery_line_1: `${'9'.repeat(31)} St`,
        components: { ...raw.components, secondary_number: undefined },
      }),
    ).toBeNull();
  });
});

describe('Google Places API (live autocomplete)', () => {
  it('asks for US places only, with the key in a header (never in the URL)', async () => {
    const { calls, fetchImpl } = fakeFetch(() => Response.json({ suggestions: [] }));
    await liveGooglePlaces({ apiKey: 'places-key', fetch: fetchImpl }).autocomplete('350 5th', 'us');
    expect(calls[0].url).toBe('https://places.googleapis.com/v1/places:autocomplete');
    expect(calls[0].url).not.toContain('places-key');
    expect((calls[0].init.headers as Record<string, string>)['x-goog-api-key']).toBe('places-key');
    expect(JSON.parse(calls[0].init.body as string)).toMatchObject({ input: '350 5th', includedRegionCodes: ['us'] });
  });

  it('an unknown place is null; the place detail maps New York boroughs to the city', async () => {
    const missing = fakeFetch(() => new Response('{}', { status: 404 }));
    expect(await liveGooglePlaces({ apiKey: 'k', fetch: missing.fetchImpl }).placeDetails('nope')).toBeNull();
    expect(
      toPlace({
        id: 'p',
        formattedAddress: '417 5th St, Brooklyn, NY 11215, USA',
        addressComponents: [
          { longText: '417', shortText: '417', types: ['street_number'] },
          { longText: '5th Street', shortText: '5th St', types: ['route'] },
          { longText: 'Brooklyn', shortText: 'Brooklyn', types: ['sublocality_level_1', 'sublocality', 'political'] },
          { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'] },
          { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
          { longText: '11215', shortText: '11215', types: ['postal_code'] },
        ],
      }),
    ).toEqual({
      placeId: 'p',
      formattedAddress: '417 5th St, Brooklyn, NY 11215, USA',
      streetNumber: '417',
      route: '5th St',
      secondary: null,
      city: 'Brooklyn',
      state: 'NY',
      zipcode: '11215',
      country: 'US',
    });
  });
});
