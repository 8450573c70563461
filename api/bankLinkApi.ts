import { api } from './baseApi';
import { always, idTag, listTag, unlessRefused } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type {
  Institution,
  InstitutionsResponse,
  LinkedPaymentMethodResponse,
  LinkTokenResponse,
  MicroDepositLinkRequest,
  MicroDepositVerifyRequest,
  NumberLinkRequest,
  PartnerLinkRequest,
  PaymentMethodResponse,
  ProvidersResponse,
  SandboxMicroDepositsResponse,
  SandboxPlaidLoginRequest,
  SandboxPlaidLoginResponse,
} from './contract';

const LIST = listTag('PaymentMethod');

/** Bank linking calls (funding-methods.md 7.2): search, lookup, the partner, number link and micro-deposits. */
export const bankLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProviders: build.query<ProvidersResponse, void>({
      query: () => ApiPaths.providers,
      // The modes never change while the server runs.
      keepUnusedDataFor: 3600,
    }),
    searchInstitutions: build.query<Institution[], string>({
      query: (query) => ({ url: ApiPaths.institutions, params: { query } }),
      transformResponse: (response: InstitutionsResponse) => response.institutions,
    }),
    /** The popular banks the search opens on (the directory does not change while the server runs). */
    getPopularInstitutions: build.query<Institution[], void>({
      query: () => ApiPaths.popularInstitutions,
      transformResponse: (response: InstitutionsResponse) => response.institutions,
      keepUnusedDataFor: 3600,
    }),
    getBankByRoutingNumber: build.query<Institution[], string>({
      query: (routingNumber) => apiPath(ApiPaths.institutionsByRoutingNumber, { routingNumber }),
      transformResponse: (response: InstitutionsResponse) => response.institutions,
    }),
    createLinkToken: build.mutation<LinkTokenResponse, { institutionId: string }>({
      query: (body) => ({ url: ApiPaths.linkToken, method: 'POST', body }),
    }),
    createRelinkToken: build.mutation<LinkTokenResponse, string>({
      query: (paymentMethodId) => ({ url: apiPath(ApiPaths.relinkToken, { paymentMethodId }), method: 'POST' }),
    }),
    linkWithPartner: build.mutation<LinkedPaymentMethodResponse, PartnerLinkRequest>({
      query: (body) => ({ url: ApiPaths.partnerLink, method: 'POST', body }),
      invalidatesTags: unlessRefused([LIST]),
    }),
    relinkWithPartner: build.mutation<LinkedPaymentMethodResponse, { paymentMethodId: string; publicToken: string }>({
      query: ({ paymentMethodId, publicToken }) => ({
        url: apiPath(ApiPaths.partnerRelink, { paymentMethodId }),
        method: 'POST',
        body: { publicToken },
      }),
      invalidatesTags: unlessRefused((_result, { paymentMethodId }) => [idTag('PaymentMethod', paymentMethodId), LIST]),
    }),
    linkByNumber: build.mutation<LinkedPaymentMethodResponse, NumberLinkRequest>({
      query: (body) => ({ url: ApiPaths.numberLink, method: 'POST', body }),
      invalidatesTags: unlessRefused([LIST]),
    }),
    linkMicroDeposits: build.mutation<LinkedPaymentMethodResponse, MicroDepositLinkRequest>({
      query: (body) => ({ url: ApiPaths.microDepositLink, method: 'POST', body }),
      invalidatesTags: unlessRefused([LIST]),
    }),
    verifyMicroDeposits: build.mutation<PaymentMethodResponse, MicroDepositVerifyRequest>({
      query: (body) => ({ url: ApiPaths.microDepositVerify, method: 'POST', body }),
      // A failed attempt can change the method too (reissued or canceled), so both outcomes refresh it.
      invalidatesTags: always((_result, { paymentMethodId }) => [idTag('PaymentMethod', paymentMethodId), LIST]),
    }),
    sandboxPlaidLogin: build.mutation<SandboxPlaidLoginResponse, SandboxPlaidLoginRequest>({
      query: (body) => ({ url: ApiPaths.sandboxPlaidLogin, method: 'POST', body }),
    }),
    getSandboxMicroDeposits: build.query<SandboxMicroDepositsResponse, string>({
      query: (paymentMethodId) => apiPath(ApiPaths.sandboxMicroDeposits, { paymentMethodId }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetProvidersQuery,
  useSearchInstitutionsQuery,
  useGetPopularInstitutionsQuery,
  useGetBankByRoutingNumberQuery,
  useLazyGetBankByRoutingNumberQuery,
  useCreateLinkTokenMutation,
  useCreateRelinkTokenMutation,
  useLinkWithPartnerMutation,
  useRelinkWithPartnerMutation,
  useLinkByNumberMutation,
  useLinkMicroDepositsMutation,
  useVerifyMicroDepositsMutation,
  useSandboxPlaidLoginMutation,
  useLazyGetSandboxMicroDepositsQuery,
} = bankLinkApi;
