import {
  AddressServiceError,
  type AddressVerificationService,
  type PlaceDetailsAnswer,
  type PlacesAutocompleteAnswer,
  type PlacesService,
  type StreetAddressCandidate,
} from './addressServiceTypes';

// The live address services over plain fetch. Keys are read by the server only and never sent to the
// browser; each call has a time-out so a slow vendor cannot hold a customer's form (verification then
// falls back to the typed address, section 7.6).

export const SMARTY_STREET_API = 'https://us-street.api.smarty.com/street-address';
export const GOOGLE_PLACES_API = 'https://places.googleapis.com/v1';
const TIMEOUT_MS = 5_000;

async function timed(fetchImpl: typeof fetch, url: string, init: RequestInit, vendor: string): Promise<Response> {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new AddressServiceError(`${vendor} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface LiveSmartyOptions {
  authId: string;
  authToken: string;
  /** The license query parameter, e.g. us-core-cloud (null: the account's default). */
  license: string | null;
  fetch: typeof fetch;
}

/** Smarty's US Street API: GET street-address with the keys as query parameters (server-side secret keys). */
export function liveSmartyStreets(options: LiveSmartyOptions): AddressVerificationService {
  return {
    mode: 'live',
    async streetAddress(query) {
      const params = new URLSearchParams({
        'auth-id': options.authId,
        'auth-token': options.authToken,
        street: query.street,
        city: query.city,
        state: query.state,
        zipcode: query.zipcode,
        candidates: String(query.candidates),
        match: query.match,
      });
      if (query.secondary) params.set('secondary', query.secondary);
      if (options.license) params.set('license', options.license);
      const response = await timed(
        options.fetch,
        `${SMARTY_STREET_API}?${params.toString()}`,
        { headers: { accept: 'application/json' } },
        'Smarty',
      );
      if (!response.ok) throw new AddressServiceError(`Smarty answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as unknown;
      if (!Array.isArray(body)) throw new AddressServiceError('Smarty answered something other than a list of candidates');
      return body as StreetAddressCandidate[];
    },
  };
}

export interface LiveGooglePlacesOptions {
  apiKey: string;
  fetch: typeof fetch;
}

/** Google's Places API (New): autocomplete restricted to a region, then the place's address components. */
export function liveGooglePlaces(options: LiveGooglePlacesOptions): PlacesService {
  const headers = (fieldMask: string) => ({
    'content-type': 'application/json',
    'x-goog-api-key': options.apiKey,
    'x-goog-fieldmask': fieldMask,
  });
  return {
    mode: 'live',
    async autocomplete(input, regionCode) {
      const response = await timed(
        options.fetch,
        `${GOOGLE_PLACES_API}/places:autocomplete`,
        {
          method: 'POST',
          headers: headers(
            'suggestions.placePrediction.placeId,suggestions.placePrediction.text,suggestions.placePrediction.structuredFormat',
          ),
          body: JSON.stringify({ input, includedRegionCodes: [regionCode], languageCode: 'en' }),
        },
        'Google Places',
      );
      if (!response.ok) throw new AddressServiceError(`Google Places answered ${response.status}`);
      return (await response.json()) as PlacesAutocompleteAnswer;
    },
    async placeDetails(placeId) {
      const response = await timed(
        options.fetch,
        `${GOOGLE_PLACES_API}/places/${encodeURIComponent(placeId)}`,
        { method: 'GET', headers: headers('id,formattedAddress,addressComponents') },
        'Google Places',
      );
      if (response.status === 404 || response.status === 400) return null;
      if (!response.ok) throw new AddressServiceError(`Google Places answered ${response.status}`);
      return (await response.json()) as PlaceDetailsAnswer;
    },
  };
}
