import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { listTags } from './tags';
import { ApiPaths } from './contract/values';
import type { Account, AccountsResponse } from './contract';

export const accountsAdapter = createEntityAdapter<Account, string>({ selectId: (account) => account.accountUuid });
const initialAccounts = accountsAdapter.getInitialState();

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccounts: build.query<EntityState<Account, string>, void>({
      query: () => ApiPaths.accounts,
      transformResponse: (response: AccountsResponse) => accountsAdapter.setAll(initialAccounts, response.accounts),
      providesTags: (result) => listTags('Account', result?.ids),
    }),
  }),
});

export const { useGetAccountsQuery } = accountsApi;

const selectAccountsResult = accountsApi.endpoints.getAccounts.select();
const selectAccountsData = createSelector([selectAccountsResult], (result) => result.data ?? initialAccounts);
export const { selectAll: selectAllAccounts, selectById: selectAccountByUuid } = accountsAdapter.getSelectors(selectAccountsData);
