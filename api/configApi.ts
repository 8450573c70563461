import { createSelector } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { ApiPaths, DEFAULT_FLAGS } from './contract/values';
import type { FeatureFlags, UniversalConfig } from './contract';

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConfig: build.query<UniversalConfig, void>({
      query: () => ApiPaths.config,
      providesTags: ['Config'],
    }),
  }),
});

export const { useGetConfigQuery } = configApi;

const selectConfigResult = configApi.endpoints.getConfig.select();

/** Flags from the server once it has answered; the documented defaults until then. */
export const selectFlags = createSelector([selectConfigResult], (result): FeatureFlags => ({ ...DEFAULT_FLAGS, ...result.data?.flags }));
