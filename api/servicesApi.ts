import { api } from './baseApi';
import { idTag, listTag, listTags, unlessRefused } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type {
  AcatDraft,
  AcatDraftResponse,
  AcatDraftsResponse,
  AcatFragment,
  AcatFragmentsResponse,
  AcatHintsResponse,
  AcatIntegrationStartResponse,
  AcatKind,
  AcatOfferOverviewResponse,
  AcatOfferResponse,
  BrokeragesResponse,
  FinalizeOfferRequest,
  InstrumentsResponse,
  OptionsRebateResponse,
  OptionsReferralsResponse,
  SearchResponse,
  Theme,
  ThemeResponse,
  ThemesResponse,
  UpdateWatchlistRequest,
  UserSettings,
  UserSettingsResponse,
  Watchlist,
  WatchlistResponse,
  WatchlistsResponse,
} from './contract';

/** Search text and filter; the page number is the infinite query's page parameter. */
export interface InstrumentSearchArg {
  query: string;
  includeCrypto?: boolean;
  pageSize?: number;
}

const qs = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  return search.toString();
};

/** The service wrappers of funding-methods.md 7.1 at the spec's paths: watchlists, themes, settings, ACAT, options rewards, search. */
export const servicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWatchlists: build.query<Watchlist[], void>({
      query: () => ApiPaths.watchlists,
      transformResponse: (response: WatchlistsResponse) => response.watchlists,
      providesTags: (result) =>
        listTags(
          'Watchlist',
          result?.map((item) => item.id),
        ),
    }),
    updateWatchlist: build.mutation<Watchlist, UpdateWatchlistRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: apiPath(ApiPaths.watchlist, { id }), method: 'PUT', body }),
      transformResponse: (response: WatchlistResponse) => response.watchlist,
      invalidatesTags: unlessRefused((_result, { id }) => [idTag('Watchlist', id)]),
    }),
    deleteWatchlist: build.mutation<void, string>({
      query: (id) => ({ url: apiPath(ApiPaths.watchlist, { id }), method: 'DELETE' }),
      invalidatesTags: unlessRefused((_result, id) => [idTag('Watchlist', id), listTag('Watchlist')]),
    }),
    getThemes: build.query<Theme[], void>({
      query: () => ApiPaths.themes,
      transformResponse: (response: ThemesResponse) => response.themes,
      providesTags: [listTag('Theme')],
    }),
    getTheme: build.query<Theme, string>({
      query: (id) => apiPath(ApiPaths.theme, { id }),
      transformResponse: (response: ThemeResponse) => response.theme,
      providesTags: (_result, _error, id) => [idTag('Theme', id)],
    }),
    getUserSettings: build.query<UserSettings, void>({
      query: () => ApiPaths.userSettings,
      transformResponse: (response: UserSettingsResponse) => response.settings,
      providesTags: [listTag('UserSettings')],
    }),
    setSuggestTipping: build.mutation<UserSettings, boolean>({
      query: (value) => ({ url: apiPath(ApiPaths.suggestTipping, { value: String(value) }), method: 'PUT' }),
      transformResponse: (response: UserSettingsResponse) => response.settings,
      invalidatesTags: unlessRefused([listTag('UserSettings')]),
    }),

    getAcatDrafts: build.query<AcatDraft[], void>({
      query: () => ApiPaths.acatDrafts,
      transformResponse: (response: AcatDraftsResponse) => response.drafts,
      providesTags: (result) =>
        listTags(
          'AcatDraft',
          result?.map((item) => item.id),
        ),
    }),
    getAcatDraft: build.query<AcatDraft, string>({
      query: (id) => apiPath(ApiPaths.acatDraft, { id }),
      transformResponse: (response: AcatDraftResponse) => response.draft,
      providesTags: (_result, _error, id) => [idTag('AcatDraft', id)],
    }),
    createAcatDraft: build.mutation<AcatDraft, { fragments: AcatFragment[]; kind?: AcatKind }>({
      query: (body) => ({ url: ApiPaths.acatDrafts, method: 'POST', body }),
      transformResponse: (response: AcatDraftResponse) => response.draft,
      invalidatesTags: unlessRefused([listTag('AcatDraft')]),
    }),
    deleteAcatDraft: build.mutation<void, string>({
      query: (id) => ({ url: apiPath(ApiPaths.acatDraft, { id }), method: 'DELETE' }),
      invalidatesTags: unlessRefused((_result, id) => [idTag('AcatDraft', id), listTag('AcatDraft')]),
    }),
    getAcatFragments: build.query<AcatFragment[], string>({
      query: (draftId) => apiPath(ApiPaths.acatDraftFragments, { draftId }),
      transformResponse: (response: AcatFragmentsResponse) => response.fragments,
      providesTags: (_result, _error, draftId) => [idTag('AcatDraft', draftId)],
    }),
    updateAcatFragments: build.mutation<AcatDraft, { draftId: string; fragments: AcatFragment[] }>({
      query: ({ draftId, fragments }) => ({ url: apiPath(ApiPaths.acatDraftFragments, { draftId }), method: 'PUT', body: { fragments } }),
      transformResponse: (response: AcatDraftResponse) => response.draft,
      invalidatesTags: unlessRefused((_result, { draftId }) => [idTag('AcatDraft', draftId)]),
    }),
    submitAcatDraft: build.mutation<AcatDraft, string>({
      query: (id) => ({ url: apiPath(ApiPaths.acatDraftSubmit, { id }), method: 'POST' }),
      transformResponse: (response: AcatDraftResponse) => response.draft,
      invalidatesTags: unlessRefused((_result, id) => [idTag('AcatDraft', id)]),
    }),
    getBrokerages: build.query<BrokeragesResponse['brokerages'], void>({
      query: () => ApiPaths.acatBrokerages,
      transformResponse: (response: BrokeragesResponse) => response.brokerages,
      // Reference data: kept for the session.
      keepUnusedDataFor: 3600,
    }),
    getAcatAccountNumberHints: build.query<AcatHintsResponse['acatHints'], string | void>({
      query: (brokerage) => (brokerage ? `${ApiPaths.acatAccountNumberHints}?${qs({ brokerage })}` : ApiPaths.acatAccountNumberHints),
      transformResponse: (response: AcatHintsResponse) => response.acatHints,
      keepUnusedDataFor: 3600,
    }),
    acceptAcatOffer: build.mutation<AcatOfferResponse['offer'], string>({
      query: (brokerage) => ({ url: `${ApiPaths.acatFinalizeOffer}?${qs({ brokerage })}`, method: 'PUT' }),
      transformResponse: (response: AcatOfferResponse) => response.offer,
    }),
    finalizeAcatOffer: build.mutation<AcatOfferOverviewResponse['overview'], FinalizeOfferRequest & { email: string; brokerage: string }>({
      query: ({ email, brokerage, ...body }) => ({
        url: `${ApiPaths.acatFinalizeOffer}?${qs({ email, brokerage })}`,
        method: 'POST',
        body,
      }),
      transformResponse: (response: AcatOfferOverviewResponse) => response.overview,
      invalidatesTags: unlessRefused((_result, { brokerage }) => [idTag('AcatDraft', `OFFER-${brokerage}`)]),
    }),
    getAcatFinalizedOverview: build.query<AcatOfferOverviewResponse['overview'], { email: string; brokerage: string }>({
      query: ({ email, brokerage }) => `${ApiPaths.acatFinalizedOverview}?${qs({ email, brokerage })}`,
      transformResponse: (response: AcatOfferOverviewResponse) => response.overview,
      providesTags: (_result, _error, { brokerage }) => [idTag('AcatDraft', `OFFER-${brokerage}`)],
    }),
    startAcatPartnerLink: build.query<AcatIntegrationStartResponse, string>({
      query: (id) => apiPath(ApiPaths.acatPlaidIntegration, { id }),
      // A link token is single use: never served from the cache.
      keepUnusedDataFor: 0,
    }),
    finishAcatPartnerLink: build.mutation<AcatDraft, { id: string; token: string }>({
      query: ({ id, token }) => ({ url: apiPath(ApiPaths.acatPlaidIntegration, { id }), method: 'POST', body: { token } }),
      transformResponse: (response: AcatDraftResponse) => response.draft,
      invalidatesTags: unlessRefused((_result, { id }) => [idTag('AcatDraft', id)]),
    }),

    getOptionsReferrals: build.query<OptionsReferralsResponse['referrals'], void>({
      query: () => ApiPaths.optionsReferrals,
      transformResponse: (response: OptionsReferralsResponse) => response.referrals,
      providesTags: [idTag('OptionsRewards', 'REFERRALS')],
    }),
    getOptionsRebate: build.query<OptionsRebateResponse['rebate'], void>({
      query: () => ApiPaths.optionsRebate,
      transformResponse: (response: OptionsRebateResponse) => response.rebate,
      providesTags: [idTag('OptionsRewards', 'REBATE')],
    }),

    /** Paged search: each page is one request (pageNumber from 0); 'Load more' fetches the next while hasMore. */
    searchInstruments: build.infiniteQuery<SearchResponse, InstrumentSearchArg, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.pageNumber + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) =>
        `${ApiPaths.search}?${qs({
          query: queryArg.query,
          includeCrypto: queryArg.includeCrypto ? 'true' : undefined,
          pageNumber: String(pageParam),
          pageSize: queryArg.pageSize === undefined ? undefined : String(queryArg.pageSize),
        })}`,
      keepUnusedDataFor: 30,
    }),
    getInstruments: build.query<InstrumentsResponse['instruments'], readonly string[]>({
      query: (symbols) => `${ApiPaths.searchInstruments}?${qs({ symbols: symbols.join(',') })}`,
      transformResponse: (response: InstrumentsResponse) => response.instruments,
    }),
  }),
});

export const {
  useGetWatchlistsQuery,
  useUpdateWatchlistMutation,
  useDeleteWatchlistMutation,
  useGetThemesQuery,
  useGetThemeQuery,
  useGetUserSettingsQuery,
  useSetSuggestTippingMutation,
  useGetAcatDraftsQuery,
  useGetAcatDraftQuery,
  useCreateAcatDraftMutation,
  useDeleteAcatDraftMutation,
  useGetAcatFragmentsQuery,
  useUpdateAcatFragmentsMutation,
  useSubmitAcatDraftMutation,
  useGetBrokeragesQuery,
  useGetAcatAccountNumberHintsQuery,
  useAcceptAcatOfferMutation,
  useFinalizeAcatOfferMutation,
  useGetAcatFinalizedOverviewQuery,
  useLazyStartAcatPartnerLinkQuery,
  useFinishAcatPartnerLinkMutation,
  useGetOptionsReferralsQuery,
  useGetOptionsRebateQuery,
  useSearchInstrumentsInfiniteQuery,
  useGetInstrumentsQuery,
} = servicesApi;
