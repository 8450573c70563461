import { api } from './baseApi';
import { idTag, listTag, unlessRefused } from './tags';
import { ApiPaths } from './contract/values';
import type {
  AnalyticsEventsRequest,
  PaymentMethodResponse,
  SubmitVerificationRequest,
  UploadFileRequest,
  UploadFileResponse,
  WireInstructions,
} from './contract';

/** Statement upload (funding-methods.md 7.4), wire instructions and the analytics event log. */
export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadStatementFile: build.mutation<UploadFileResponse, UploadFileRequest>({
      query: (body) => ({ url: ApiPaths.verificationFiles, method: 'POST', body }),
    }),
    submitVerification: build.mutation<PaymentMethodResponse, SubmitVerificationRequest>({
      query: (body) => ({ url: ApiPaths.verificationSubmit, method: 'POST', body }),
      invalidatesTags: unlessRefused((_result, { paymentMethodId }) => [idTag('PaymentMethod', paymentMethodId), listTag('PaymentMethod')]),
    }),
    getWireInstructions: build.query<WireInstructions, void>({
      query: () => ApiPaths.wireInstructions,
    }),
    recordAnalyticsEvents: build.mutation<void, AnalyticsEventsRequest>({
      query: (body) => ({ url: ApiPaths.analyticsEvents, method: 'POST', body }),
    }),
  }),
});

export const {
  useUploadStatementFileMutation,
  useSubmitVerificationMutation,
  useGetWireInstructionsQuery,
  useRecordAnalyticsEventsMutation,
} = verificationApi;
