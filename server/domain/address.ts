import type { FastifyBaseLogger } from 'fastify';
import {
  addressDraftFrom,
  addressErrors,
  AddressCaptureMessages,
  AddressErrorCode,
  AUTOCOMPLETE_MAX_SUGGESTIONS,
  AUTOCOMPLETE_REGION,
  isPoBoxLine,
  toAddress,
  VERIFICATION_MATCH,
  VERIFICATION_MAX_CANDIDATES,
  type Address,
  type AddressAutocompleteResponse,
  type AddressCandidate,
} from '../../api/contract';
import type { UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { AddressServiceError, toAddressCandidate, toSuggestion, type AddressServices } from '../vendors/addressServices';

// Address capture (funding-methods.md 2.11, 4.8, 7.6): what the address routes (server/routes/address.ts) ask of the
// places and verification services, and the rules of an address on file.

/** Where the address-change notice sends the customer. */
export const PROFILE_ADDRESS_LINK = '/settings/v2/personal-info';

/** The customer's address on file, or null while any required part is missing. */
export const storedAddress = (user: UserRow): Address | null =>
  user.address1 && user.city && user.state && user.zipcode
    ? {
        address1: user.address1,
        address2: user.address2 ?? null,
        city: user.city,
        state: user.state,
        zipcode: user.zipcode,
        country: 'USA',
      }
    : null;

const SEARCH_UNAVAILABLE = 'Address search is unavailable right now. Please enter your address manually.';

/**
 * A call to an address service: a failure of the service (AddressServiceError) is logged as a warning and
 * answered 503 with the customer's words; any other error goes on as it is.
 */
async function askAddressService<T>(
  log: FastifyBaseLogger,
  failure: { vendor: 'places' | 'verification'; logMessage: string; errorCode: string; message: string },
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AddressServiceError)) throw error;
    log.warn({ vendor: failure.vendor, reason: error.message }, failure.logMessage);
    throw new ApiError(503, failure.errorCode, failure.message);
  }
}

/** The places service's suggestions for a query already normalised and long enough, at most the contract's number. */
export async function addressSuggestions(
  services: AddressServices,
  log: FastifyBaseLogger,
  query: string,
): Promise<AddressAutocompleteResponse['suggestions']> {
  const answer = await askAddressService(
    log,
    {
      vendor: 'places',
      logMessage: 'address autocomplete unavailable',
      errorCode: AddressErrorCode.AUTOCOMPLETE_UNAVAILABLE,
      message: SEARCH_UNAVAILABLE,
    },
    () => services.places.autocomplete(query, AUTOCOMPLETE_REGION),
  );
  const predictions = (answer.suggestions ?? []).flatMap((suggestion) => (suggestion.placePrediction ? [suggestion.placePrediction] : []));
  return predictions.slice(0, AUTOCOMPLETE_MAX_SUGGESTIONS).map(toSuggestion);
}

/** The places service's details of a place (undefined when it knows none). */
export function placeDetails(services: AddressServices, log: FastifyBaseLogger, placeId: string) {
  return askAddressService(
    log,
    {
      vendor: 'places',
      logMessage: 'place details unavailable',
      errorCode: AddressErrorCode.AUTOCOMPLETE_UNAVAILABLE,
      message: SEARCH_UNAVAILABLE,
    },
    () => services.places.placeDetails(placeId),
  );
}

/** The typed address against the verification service: street-address, candidates=10, match=invalid. */
export async function verifiedCandidates(services: AddressServices, log: FastifyBaseLogger, typed: Address): Promise<AddressCandidate[]> {
  const raw = await askAddressService(
    log,
    {
      vendor: 'verification',
      logMessage: 'address verification unavailable',
      errorCode: AddressErrorCode.VERIFICATION_UNAVAILABLE,
      message: 'We could not verify the address right now.',
    },
    () =>
      services.verification.streetAddress({
        street: typed.address1,
        secondary: typed.address2 ?? '',
        city: typed.city,
        state: typed.state,
        zipcode: typed.zipcode,
        candidates: VERIFICATION_MAX_CANDIDATES,
        match: VERIFICATION_MATCH,
      }),
  );
  return raw
    .map(toAddressCandidate)
    .filter((candidate): candidate is AddressCandidate => candidate !== null)
    .slice(0, VERIFICATION_MAX_CANDIDATES);
}

/**
 * An address for the profile: the manual-entry rules again (the server never trusts the client), and never a
 * P.O. box.
 */
export function profileAddressOf(body: Address): Address {
  const draft = addressDraftFrom(body);
  const problems = Object.values(addressErrors(draft));
  if (problems.length > 0) throw new ApiError(400, AddressErrorCode.INVALID, problems[0]);
  const address = toAddress(draft);
  if (isPoBoxLine(address.address1)) throw new ApiError(422, AddressErrorCode.NOT_RESIDENTIAL, AddressCaptureMessages.poBoxRefused);
  return address;
}
