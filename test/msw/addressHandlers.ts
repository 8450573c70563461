import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  AUTOCOMPLETE_MAX_SUGGESTIONS,
  AUTOCOMPLETE_REGION,
  VERIFICATION_MATCH,
  VERIFICATION_MAX_CANDIDATES,
  type Address,
  type AddressAutocompleteRequest,
  type AddressAutocompleteResponse,
  type AddressCandidate,
  type AddressPlaceResponse,
  type AddressSuggestion,
  type AddressVerifyResponse,
  type ErrorBody,
  type ProfileAddressResponse,
} from '../../api/contract';
import { sandboxPlaces, sandboxStreetAddress } from '../../server/vendors/addressSandbox';
import { toAddressCandidate, toPlace, toSuggestion } from '../../server/vendors/addressServices';
import { API_ORIGIN } from './handlers';

// Address handler factories (funding-methods.md 2.11, 4.8, 7.6), typed by the contract. By default they
// answer what the server's sandbox answers (the same sandbox services and mappers), so a unit test's
// address flow cannot drift from the server's; a test passes its own answer to pin a case down.
const url = (path: string) => `${API_ORIGIN}${path}`;

const unavailable = (errorCode: string, message: string) => HttpResponse.json<ErrorBody>({ errorCode, message }, { status: 503 });

export const addressSuggestionsHandler = (answer?: AddressSuggestion[] | 'unavailable', onQuery?: (query: string) => void) =>
  http.post<never, AddressAutocompleteRequest, AddressAutocompleteResponse | ErrorBody>(
    url(ApiPaths.addressAutocomplete),
    async ({ request }) => {
      const { query } = await request.json();
      onQuery?.(query);
      if (answer === 'unavailable') return unavailable('ADDRESS_AUTOCOMPLETE_UNAVAILABLE', 'Address search is unavailable right now.');
      if (answer) return HttpResponse.json<AddressAutocompleteResponse>({ suggestions: answer.slice(0, AUTOCOMPLETE_MAX_SUGGESTIONS) });
      const predictions = (await sandboxPlaces.autocomplete(query, AUTOCOMPLETE_REGION)).suggestions ?? [];
      const suggestions = predictions.flatMap((item) => (item.placePrediction ? [toSuggestion(item.placePrediction)] : []));
      return HttpResponse.json<AddressAutocompleteResponse>({ suggestions: suggestions.slice(0, AUTOCOMPLETE_MAX_SUGGESTIONS) });
    },
  );

export const addressPlaceHandler = () =>
  http.get<{ placeId: string }, never, AddressPlaceResponse | ErrorBody>(url(ApiPaths.addressPlace), async ({ params }) => {
    const details = await sandboxPlaces.placeDetails(String(params.placeId));
    if (!details)
      return HttpResponse.json<ErrorBody>(
        { errorCode: 'ADDRESS_PLACE_NOT_FOUND', message: 'We could not find that address.' },
        { status: 404 },
      );
    return HttpResponse.json<AddressPlaceResponse>({ place: toPlace(details) });
  });

/** Verification: the sandbox's answer, or the candidates given, or 'unavailable' (503: the typed address is used). */
export const verifyAddressHandler = (answer?: AddressCandidate[] | 'unavailable', onVerify?: (address: Address) => void) =>
  http.post<never, Address, AddressVerifyResponse | ErrorBody>(url(ApiPaths.addressVerify), async ({ request }) => {
    const typed = await request.json();
    onVerify?.(typed);
    if (answer === 'unavailable') return unavailable('ADDRESS_VERIFICATION_UNAVAILABLE', 'We could not verify the address right now.');
    if (answer) return HttpResponse.json<AddressVerifyResponse>({ candidates: answer });
    try {
      const raw = await sandboxStreetAddress.streetAddress({
        street: typed.address1,
        secondary: typed.address2 ?? '',
        city: typed.city,
        state: typed.state,
        zipcode: typed.zipcode,
        candidates: VERIFICATION_MAX_CANDIDATES,
        match: VERIFICATION_MATCH,
      });
      const candidates = raw.map(toAddressCandidate).filter((candidate): candidate is AddressCandidate => candidate !== null);
      return HttpResponse.json<AddressVerifyResponse>({ candidates });
    } catch {
      return unavailable('ADDRESS_VERIFICATION_UNAVAILABLE', 'We could not verify the address right now.');
    }
  });

export const profileAddressHandler = (address: Address | null) =>
  http.get(url(ApiPaths.profileAddress), () => HttpResponse.json<ProfileAddressResponse>({ address }));

export const updateProfileAddressHandler = (onSave?: (address: Address) => (ErrorBody & { status: number }) | void) =>
  http.put<never, Address, ProfileAddressResponse | ErrorBody>(url(ApiPaths.profileAddress), async ({ request }) => {
    const address = await request.json();
    const refusal = onSave?.(address);
    if (refusal)
      return HttpResponse.json<ErrorBody>({ errorCode: refusal.errorCode, message: refusal.message }, { status: refusal.status });
    return HttpResponse.json<ProfileAddressResponse>({ address });
  });

/** Autocomplete, place details and verification as the server's sandbox answers them. */
export const addressHandlers = () => [addressSuggestionsHandler(), addressPlaceHandler(), verifyAddressHandler()];

/** A candidate in the contract's shape, for tests that pin a verification answer. */
export const candidateFixture = (overrides: Partial<AddressCandidate> = {}): AddressCandidate => ({
  deliveryLine1: '1427 S Walnut St',
  deliveryLine2: null,
  lastLine: 'Springfield IL 62704-1234',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62704',
  plus4Code: '1234',
  secondaryDesignator: null,
  secondaryNumber: null,
  recordType: 'S',
  rdi: 'Residential',
  dpvMatchCode: 'Y',
  dpvFootnotes: ['AA', 'BB'],
  cmra: false,
  address: { address1: '1427 S Walnut St', address2: null, city: 'Springfield', state: 'IL', zipcode: '62704', country: 'USA' },
  ...overrides,
});
