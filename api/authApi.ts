import { isAnyOf } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { listTag, unlessRefused } from './tags';
import { ApiPaths } from './contract/values';
import type { LoginRequest, MeResponse, SessionResponse } from './contract';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionResponse, LoginRequest>({
      query: (body) => ({ url: ApiPaths.login, method: 'POST', body }),
    }),
    /** Restores the session from the refresh cookie, e.g. after a reload (the access token is memory-only). */
    refreshSession: build.mutation<SessionResponse, void>({
      query: () => ({ url: ApiPaths.refresh, method: 'POST' }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: ApiPaths.logout, method: 'POST' }),
    }),
    getMe: build.query<MeResponse, void>({
      query: () => ApiPaths.me,
      providesTags: ['Session'],
    }),
    /** Answers with the updated customer, so no second call is needed. */
    acceptTerms: build.mutation<MeResponse, void>({
      query: () => ({ url: ApiPaths.acceptTerms, method: 'POST' }),
      invalidatesTags: unlessRefused(['Session', listTag('Account')]),
    }),
  }),
});

export const { useLoginMutation, useRefreshSessionMutation, useLogoutMutation, useGetMeQuery, useAcceptTermsMutation } = authApi;

/**
 * The customer signed out on this device (answered or not: the page leaves either way). Slices that are persisted
 * return to their initial state on it, so the browser's storage keeps nothing of the customer.
 */
export const signedOut = isAnyOf(authApi.endpoints.logout.matchFulfilled, authApi.endpoints.logout.matchRejected);
