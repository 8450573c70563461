import { api } from './baseApi';
import { ApiPaths } from './contract/values';
import type { EventsSubscriptionResponse } from './contract';

export const liveEventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A short-lived, single-use id to open the events socket with (a socket cannot carry the bearer token). */
    createEventsSubscription: build.mutation<EventsSubscriptionResponse, void>({
      query: () => ({ url: ApiPaths.eventsSubscriptions, method: 'POST' }),
    }),
  }),
});
