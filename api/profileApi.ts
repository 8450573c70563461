import { api } from './baseApi';
import { idTag, listTag, unlessRefused } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type {
  AccountInfoResponse,
  BeneficiariesResponse,
  BeneficiariesUpdateRequest,
  BeneficiaryAccount,
  InvestingProfile,
  InvestingProfileResponse,
  MembershipPlan,
  MembershipResponse,
  TrustedContact,
  TrustedContactRequest,
  TrustedContactResponse,
} from './contract';

// One tag type for the profile pages, one id per resource: each save refreshes its own page only.
const INVESTING = idTag('Profile', 'INVESTING_PROFILE');
const TRUSTED_CONTACT = idTag('Profile', 'TRUSTED_CONTACT');
const BENEFICIARIES = idTag('Profile', 'BENEFICIARIES');
const ACCOUNT_INFO = idTag('Profile', 'ACCOUNT_INFO');
const MEMBERSHIP = idTag('Profile', 'MEMBERSHIP');

/** Profile settings: investing profile, trusted contact, IRA beneficiaries, account info, membership. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvestingProfile: build.query<InvestingProfileResponse, void>({
      query: () => ApiPaths.profileInvestingProfile,
      providesTags: [INVESTING],
    }),
    updateInvestingProfile: build.mutation<InvestingProfileResponse, InvestingProfile>({
      query: (body) => ({ url: ApiPaths.profileInvestingProfile, method: 'PUT', body }),
      invalidatesTags: unlessRefused([INVESTING]),
    }),
    getTrustedContact: build.query<TrustedContact | null, void>({
      query: () => ApiPaths.profileTrustedContact,
      transformResponse: (response: TrustedContactResponse) => response.trustedContact,
      providesTags: [TRUSTED_CONTACT],
    }),
    saveTrustedContact: build.mutation<TrustedContact | null, TrustedContactRequest>({
      query: (body) => ({ url: ApiPaths.profileTrustedContact, method: 'PUT', body }),
      transformResponse: (response: TrustedContactResponse) => response.trustedContact,
      invalidatesTags: unlessRefused([TRUSTED_CONTACT]),
    }),
    removeTrustedContact: build.mutation<void, void>({
      query: () => ({ url: ApiPaths.profileTrustedContact, method: 'DELETE' }),
      invalidatesTags: unlessRefused([TRUSTED_CONTACT]),
    }),
    getBeneficiaries: build.query<BeneficiariesResponse, void>({
      query: () => ApiPaths.profileBeneficiaries,
      providesTags: [BENEFICIARIES],
    }),
    saveBeneficiaries: build.mutation<BeneficiaryAccount, { accountUuid: string } & BeneficiariesUpdateRequest>({
      query: ({ accountUuid, beneficiaries }) => ({
        url: apiPath(ApiPaths.profileAccountBeneficiaries, { accountUuid }),
        method: 'PUT',
        body: { beneficiaries },
      }),
      invalidatesTags: unlessRefused([BENEFICIARIES]),
    }),
    getAccountInfo: build.query<AccountInfoResponse, void>({
      query: () => ApiPaths.profileAccountInfo,
      // Account status and owners change with the accounts themselves.
      providesTags: [ACCOUNT_INFO, listTag('Account')],
    }),
    getMembership: build.query<MembershipResponse, void>({
      query: () => ApiPaths.profileMembership,
      providesTags: [MEMBERSHIP],
    }),
    changeMembership: build.mutation<MembershipResponse, MembershipPlan>({
      query: (plan) => ({ url: ApiPaths.profileMembership, method: 'PUT', body: { plan } }),
      invalidatesTags: unlessRefused([MEMBERSHIP]),
    }),
  }),
});

export const {
  useGetInvestingProfileQuery,
  useUpdateInvestingProfileMutation,
  useGetTrustedContactQuery,
  useSaveTrustedContactMutation,
  useRemoveTrustedContactMutation,
  useGetBeneficiariesQuery,
  useSaveBeneficiariesMutation,
  useGetAccountInfoQuery,
  useGetMembershipQuery,
  useChangeMembershipMutation,
} = profileApi;
