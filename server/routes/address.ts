import type { FastifyPluginAsync } from 'fastify';
import {
  Address,
  AddressAutocompleteRequest,
  AddressAutocompleteResponse,
  addressDraftFrom,
  AddressErrorCode,
  AddressPlaceParams,
  AddressPlaceResponse,
  ApiPaths,
  AUTOCOMPLETE_MIN_QUERY_LENGTH,
  AddressVerifyRequest,
  AddressVerifyResponse,
  normaliseAddressText,
  ProfileAddressResponse,
  toAddress,
} from '../../api/contract';
import {
  addressSuggestions,
  placeDetails,
  PROFILE_ADDRESS_LINK,
  profileAddressOf,
  storedAddress,
  verifiedCandidates,
} from '../domain/address';
import { requireUser } from '../domain/sessions';
import { ApiError } from '../errors';
import { toPlace, type AddressServices } from '../vendors/addressServices';
import { saveUserAddress } from '../repositories/address';
import type { RouteDeps } from './routeDeps';

/**
 * Address capture (funding-methods.md 2.11, 4.8, 7.6) and the customer's address on file. The places and
 * verification services are called (server/domain/address.ts) with the server's keys; the browser never sees them.
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
        return { suggestions: await addressSuggestions(services, request.log, query) };
      },
    );

    app.get<{ Params: AddressPlaceParams; Reply: AddressPlaceResponse }>(
      ApiPaths.addressPlace,
      { schema: { params: AddressPlaceParams, response: { 200: AddressPlaceResponse } } },
      async (request) => {
        const details = await placeDetails(services, request.log, request.params.placeId);
        if (!details) throw new ApiError(404, AddressErrorCode.PLACE_NOT_FOUND, 'We could not find that address. Please search again.');
        return { place: toPlace(details) };
      },
    );

    // A failure answers 503 and the app keeps the address as typed (section 7.6).
    app.post<{ Body: AddressVerifyRequest; Reply: AddressVerifyResponse }>(
      ApiPaths.addressVerify,
      { schema: { body: AddressVerifyRequest, response: { 200: AddressVerifyResponse } } },
      async (request) => ({ candidates: await verifiedCandidates(services, request.log, toAddress(addressDraftFrom(request.body))) }),
    );

    app.get<{ Reply: ProfileAddressResponse }>(
      ApiPaths.profileAddress,
      { schema: { response: { 200: ProfileAddressResponse } } },
      async (request) => {
        return { address: storedAddress(await requireUser(db, request.userId)) };
      },
    );

    // The profile's address change. The customer is told by email, so a change they did not make does not go unnoticed.
    app.put<{ Body: Address; Reply: ProfileAddressResponse }>(
      ApiPaths.profileAddress,
      { schema: { body: Address, response: { 200: ProfileAddressResponse } } },
      async (request) => {
        const user = await requireUser(db, request.userId);
        const address = profileAddressOf(request.body);
        await saveUserAddress(db, user.id, address);
        await providers.mailer.send({ userId: user.id, to: user.email, subject: 'Your address was changed', link: PROFILE_ADDRESS_LINK });
        return { address };
      },
    );
  };
}
