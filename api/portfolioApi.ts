import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { idTag, listTag } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type { PortfolioResponse, Position } from './contract';

export const positionsAdapter = createEntityAdapter<Position, string>({ selectId: (position) => position.id });

/** The portfolio as the cache holds it: the answer with its positions normalised. */
export type PortfolioData = Omit<PortfolioResponse, 'positions'> & { positions: EntityState<Position, string> };

/**
 * Positions and balances per account. The Treasury quick picks and the bond account's yield (funding-methods.md 3.5,
 * 7.5) are the treasury pages' (treasuryApi.ts, injected when their chunk loads).
 */
export const portfolioApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPortfolio: build.query<PortfolioData, string>({
      query: (accountUuid) => apiPath(ApiPaths.portfolio, { accountUuid }),
      transformResponse: (response: PortfolioResponse) => ({
        ...response,
        positions: positionsAdapter.setAll(positionsAdapter.getInitialState(), response.positions),
      }),
      // The balance moves with deposits, transfers and withdrawals: whatever refreshes accounts refreshes this too.
      providesTags: (_result, _error, accountUuid) => [
        idTag('Portfolio', accountUuid),
        listTag('Account'),
        listTag('Deposit'),
        listTag('Withdrawal'),
      ],
    }),
  }),
});

export const { useGetPortfolioQuery } = portfolioApi;
