import { api } from './baseApi';
import { idTag, unlessRefused } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type {
  Address,
  AddressAutocompleteResponse,
  AddressPlace,
  AddressPlaceResponse,
  AddressSuggestion,
  AddressVerifyResponse,
  ProfileAddressResponse,
} from './contract';

const OWN_ADDRESS = idTag('Address', 'ME');

/**
 * Address capture (funding-methods.md 2.11, 4.8, 7.6): our server calls the places and verification
 * services, so the browser holds no vendor key. Plus the customer's address on file (profile page).
 */
export const addressApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A query (cached per text typed) sent as a POST: what people type stays out of URLs.
    getAddressSuggestions: build.query<AddressSuggestion[], string>({
      query: (query) => ({ url: ApiPaths.addressAutocomplete, method: 'POST', body: { query } }),
      transformResponse: (response: AddressAutocompleteResponse) => response.suggestions,
      keepUnusedDataFor: 120,
    }),
    getAddressPlace: build.query<AddressPlace, string>({
      query: (placeId) => apiPath(ApiPaths.addressPlace, { placeId }),
      transformResponse: (response: AddressPlaceResponse) => response.place,
    }),
    // A mutation: each verification is asked afresh, never answered from a cache.
    verifyAddress: build.mutation<AddressVerifyResponse, Address>({
      query: (body) => ({ url: ApiPaths.addressVerify, method: 'POST', body }),
    }),
    getProfileAddress: build.query<Address | null, void>({
      query: () => ApiPaths.profileAddress,
      transformResponse: (response: ProfileAddressResponse) => response.address,
      providesTags: [OWN_ADDRESS],
    }),
    updateProfileAddress: build.mutation<Address | null, Address>({
      query: (body) => ({ url: ApiPaths.profileAddress, method: 'PUT', body }),
      transformResponse: (response: ProfileAddressResponse) => response.address,
      invalidatesTags: unlessRefused([OWN_ADDRESS]),
    }),
  }),
});

export const {
  useGetAddressSuggestionsQuery,
  useLazyGetAddressPlaceQuery,
  useVerifyAddressMutation,
  useGetProfileAddressQuery,
  useUpdateProfileAddressMutation,
} = addressApi;
