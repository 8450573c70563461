import { api } from './baseApi';
import { ApiPaths } from './contract/routes';
import type { MarketClock } from './contract';

/** The server's clock (GET /api/clock): the app's "today" is the server's New York day, never the browser's. */
export const clockApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMarketClock: build.query<MarketClock, void>({
      query: () => ApiPaths.clock,
    }),
  }),
});

export const { useGetMarketClockQuery } = clockApi;
