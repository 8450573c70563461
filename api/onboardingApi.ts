import { api } from './baseApi';
import { listTag } from './tags';
import { ApiPaths } from './contract/values';
import type { ApplicationResponse, SubmitApplicationRequest } from './contract';

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplication: build.query<ApplicationResponse, void>({
      query: () => ApiPaths.onboardingApplication,
      providesTags: ['OnboardingApplication'],
    }),
    /** Sends the missing steps for review; the customer (Session) and their accounts change status with it. */
    submitApplication: build.mutation<ApplicationResponse, SubmitApplicationRequest>({
      query: (body) => ({ url: ApiPaths.onboardingApplicationSubmit, method: 'POST', body }),
      // A failed submit may still have been taken (its answer lost on the way back, or a retry refused with
      // APPLICATION_NOT_OPEN because the first one went through): the application is then fetched again, so the
      // page shows the review in progress instead of an error about an application that is already sent.
      invalidatesTags: (_result, error) =>
        error ? ['Session', listTag('Account'), 'OnboardingApplication'] : ['Session', listTag('Account')],
      // The answer is the application as it now stands (PENDING): no second request for it.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(onboardingApi.util.upsertQueryData('getApplication', undefined, data));
        } catch {
          // A refusal leaves the cached application as it was.
        }
      },
    }),
  }),
});

export const { useGetApplicationQuery, useSubmitApplicationMutation } = onboardingApi;
