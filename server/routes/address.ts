import type { FastifyPluginAsync } from 'fastify';
import {
  Address,
  AddressAutocompleteRequest,
  AddressAutocompleteResponse,
  AddressCaptureMessages,
  addressDraftFrom,
  addressErrors,
  AddressErrorCode,
  AddressPlaceParams,
  AddressPlaceResponse,
  ApiPaths,
  AUTOCOMPLETE_MAX_SUGGESTIONS,
  AUTOCOMPLETE_MIN_QUERY_LENGTH,
  AUTOCOMPLETE_REGION,
  AddressVerifyRequest,
  AddressVerifyResponse,
  isPoBoxLine,
  normaliseAddressText,
  ProfileAddressResponse,
  toAddress,
  VERIFICATION_MATCH,
  VERIFICATION_MAX_CANDIDATES,
  type AddressCandidate,
} from '../../api/contract';
import type { UserRow } from '../db/schema';
import { requireUser } from '../domain/sessions';
import { ApiError } from '../errors';
import { AddressServiceError, toAddressCandidate, toPlace, toSuggestion, type AddressServices } from '../vendors/addressServices';
import { saveUserAddress } from '../repositories/address';
import type { RouteDeps } from './routeDeps';

/** Where the address-change notice sends the customer. */
export const PROFILE_ADDRESS_LINK = '/settings/v2/personal-info';

const storedAddress = (user: UserRow): Address | null =>
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

const unavailable = (errorCode: string, message: string) => new ApiError(503, errorCode, message);

/**
 * Address capture (funding-methods.md 2.11, 4.8, 7.6) and the customer's address on file. The places and
 * verification services are called from here with the server's keys; the browser never sees them.
 * `services` defaults to the providers' (SMARTY_*, GOOGLE_PLACES_API_KEY when set, sandbox otherwise; always live
 * in live mode); tests pass their own.
 */
export function addressRoutes(deps: RouteDeps, services: AddressServices = deps.providers.address): FastifyPluginAsync {
  const { db, providers } = deps;

  return async (app) => {
    app.post<{ Body: AddressAutocompleteRequest; Reply: AddressAutocompleteResponse }>(
      ApiPaths.addressAutocomplete,
      { schema: { body: AddressAutocompleteRequest, response: { 200: AddressAutocompleteResponse } } },
      async (request) => {
        const query = normaliseAddressText(request.body.query);
        if (query.length < AUTOCOMPLETE_MIN_QUERY_LENGTH) return { suggestions: [] };
        try {
          const answer = await services.places.autocomplete(query, AUTOCOMPLETE_REGION);
          const predictions = (answer.suggestions ?? []).flatMap((suggestion) =>
            suggestion.placePrediction ? [suggestion.placePrediction] : [],
          );
          return { suggestions: predictions.slice(0, AUTOCOMPLETE_MAX_SUGGESTIONS).map(toSuggestion) };
        } catch (error) {
          if (!(error instanceof AddressServiceError)) throw error;
          request.log.warn({ vendor: 'places', reason: error.message }, 'address autocomplete unavailable');
          throw unavailable(
            AddressErrorCode.AUTOCOMPLETE_UNAVAILABLE,
            'Address search is unavailable right now. Please enter your address manually.',
          );
        }
      },
    );

    app.get<{ Params: AddressPlaceParams; Reply: AddressPlaceResponse }>(
      ApiPaths.addressPlace,
      { schema: { params: AddressPlaceParams, response: { 200: AddressPlaceResponse } } },
      async (request) => {
        let details;
        try {
          details = await services.places.placeDetails(request.params.placeId);
        } catch (error) {
          if (!(error instanceof AddressServiceError)) throw error;
          request.log.warn({ vendor: 'places', reason: error.message }, 'place details unavailable');
          throw unavailable(
            AddressErrorCode.AUTOCOMPLETE_UNAVAILABLE,
            'Address search is unavailable right now. Please enter your address manually.',
          );
        }
        if (!details) throw new ApiError(404, AddressErrorCode.PLACE_NOT_FOUND, 'We could not find that address. Please search again.');
        return { place: toPlace(details) };
      },
    );

    // The typed address against the verification service: GET street-address, candidates=10, match=invalid.
    // A failure answers 503 and the app keeps the address as typed (section 7.6).
    app.post<{ Body: AddressVerifyRequest; Reply: AddressVerifyResponse }>(
      ApiPaths.addressVerify,
      { schema: { body: AddressVerifyRequest, response: { 200: AddressVerifyResponse } } },
      async (request) => {
        const typed = toAddress(addressDraftFrom(request.body));
        try {
          const raw = await services.verification.streetAddress({
            street: typed.address1,
            secondary: typed.address2 ?? '',
            city: typed.city,
            state: typed.state,
            zipcode: typed.zipcode,
            candidates: VERIFICATION_MAX_CANDIDATES,
            match: VERIFICATION_MATCH,
          });
          const candidates = raw
            .map(toAddressCandidate)
            .filter((candidate): candidate is AddressCandidate => candidate !== null)
            .slice(0, VERIFICATION_MAX_CANDIDATES);
          return { candidates };
        } catch (error) {
          if (!(error instanceof AddressServiceError)) throw error;
          request.log.warn({ vendor: 'verification', reason: error.message }, 'address verification unavailable');
          throw unavailable(AddressErrorCode.VERIFICATION_UNAVAILABLE, 'We could not verify the address right now.');
        }
      },
    );

    app.get<{ Reply: ProfileAddressResponse }>(
      ApiPaths.profileAddress,
      { schema: { response: { 200: ProfileAddressResponse } } },
      async (request) => {
        return { address: storedAddress(await requireUser(db, request.userId)) };
      },
    );

    // The profile's address change: the manual-entry rules again (the server never trusts the client), and
    // never a P.O. box. The customer is told by email, so a change they did not make does not go unnoticed.
    app.put<{ Body: Address; Reply: ProfileAddressResponse }>(
      ApiPaths.profileAddress,
      { schema: { body: Address, response: { 200: ProfileAddressResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const draft = addressDraftFrom(request.body);
        const problems = Object.values(addressErrors(draft));
        if (problems.length > 0) throw new ApiError(400, AddressErrorCode.INVALID, problems[0]);
        const address = toAddress(draft);
        if (isPoBoxLine(address.address1)) throw new ApiError(422, AddressErrorCode.NOT_RESIDENTIAL, AddressCaptureMessages.poBoxRefused);
        await saveUserAddress(db, user.id, address);
        await providers.mailer.send({ userId: user.id, to: user.email, subject: 'Your address was changed', link: PROFILE_ADDRESS_LINK });
        return { address };
      },
    );
  };
}
