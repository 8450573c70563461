import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { ApiPaths } from './contract/values';
import type { Account, AccountsResponse } from './contract';

export const accountsAdapter = createEntityAdapter<Account, string>({ selectId: (account) => account.accountUuid });
const initialAccounts = accountsAdapter.getInitialState();

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccounts: build.query<EntityState<Account, string>, void>({
      query: () => ApiPaths.accounts,
      transformResponse: (response: AccountsResponse) => accountsAdapter.setAll(initialAccounts, response.accounts),
      providesTags: (result) => [
        { type: 'Account', id: 'LIST' },
        ...(result?.ids ?? []).map((id) => ({ type: 'Account' as const, id })),
      ],
    }),
  }),
});

export const { useGetAccountsQuery } = accountsApi;

const selectAccountsResult = accountsApi.endpoints.getAccounts.select();
const selectAccountsData = createSelector([selectAccountsResult], (result) => result.data ?? initialAccounts);
export const { selectAll: selectAllAccounts, selectById: selectAccountByUuid } = accountsAdapter.getSelectors(selectAccountsData);
