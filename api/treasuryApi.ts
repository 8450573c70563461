import { api } from './baseApi';
import { idTag } from './tags';
import { ApiPaths } from './contract/values';
import type { BondAccountYieldResponse, TreasuryQuickPicksResponse } from './contract';

/**
 * The Treasury quick picks and the bond account's yield (funding-methods.md 3.5, 7.5). Injected when the treasury
 * pages' chunk loads, so the first page (the portfolio) does not carry them.
 */
export const treasuryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTreasuryQuickPicks: build.query<TreasuryQuickPicksResponse, void>({
      query: () => ApiPaths.treasuryQuickPicks,
      providesTags: [idTag('Treasury', 'QUICK_PICKS')],
    }),
    getBondAccountYield: build.query<BondAccountYieldResponse, void>({
      query: () => ApiPaths.bondAccountYield,
      providesTags: [idTag('Treasury', 'BOND_ACCOUNT_YIELD')],
    }),
  }),
});

export const { useGetTreasuryQuickPicksQuery, useGetBondAccountYieldQuery } = treasuryApi;
