import { api } from './baseApi';
import { listTag, unlessRefused } from './tags';
import { ApiPaths } from './contract/values';
import type { HighYieldAccountResponse, OpenHighYieldAccountResponse } from './contract';

/**
 * The high-yield cash account (deposits-and-transfers.md 7). Kept apart from depositsApi because the
 * portfolio, part of the first page's script, needs only this: the deposit flows' endpoints are injected
 * when their chunks load, so the first page does not pay for building them.
 */
export const highYieldApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHighYieldAccount: build.query<HighYieldAccountResponse, void>({
      query: () => ApiPaths.highYieldAccount,
      providesTags: [listTag('HighYieldAccount')],
    }),
    openHighYieldAccount: build.mutation<OpenHighYieldAccountResponse, void>({
      query: () => ({ url: ApiPaths.highYieldAccount, method: 'POST', body: { agreementAccepted: true } }),
      invalidatesTags: unlessRefused([listTag('HighYieldAccount'), listTag('Account')]),
    }),
  }),
});

export const { useGetHighYieldAccountQuery, useOpenHighYieldAccountMutation } = highYieldApi;
