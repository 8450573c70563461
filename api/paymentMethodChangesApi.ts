import { api } from './baseApi';
import { idTag, listTag, unlessRefused } from './tags';
import { apiPath, ApiPaths } from './contract/values';
import type { NicknameRequest, PaymentMethodsResponse } from './contract';

/**
 * Changing a funding method: the default, a removal, a nickname. Injected when the funding methods pages' chunks
 * load, so the first page does not carry them; each invalidates the list paymentMethodsApi.ts provides, through
 * the shared 'PaymentMethod' tags.
 */
export const paymentMethodChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    setDefaultPaymentMethod: build.mutation<PaymentMethodsResponse, string>({
      query: (paymentMethodId) => ({ url: apiPath(ApiPaths.setDefaultPaymentMethod, { paymentMethodId }), method: 'PUT' }),
      // Two methods change (the old default and the new one), so the whole list refreshes.
      invalidatesTags: unlessRefused([listTag('PaymentMethod')]),
    }),
    removePaymentMethod: build.mutation<void, string>({
      query: (paymentMethodId) => ({ url: apiPath(ApiPaths.paymentMethod, { paymentMethodId }), method: 'DELETE' }),
      invalidatesTags: unlessRefused((_result, paymentMethodId) => [idTag('PaymentMethod', paymentMethodId), listTag('PaymentMethod')]),
    }),
    updateNickname: build.mutation<PaymentMethodsResponse, NicknameRequest>({
      query: (body) => ({ url: ApiPaths.paymentMethodNickname, method: 'PUT', body }),
      invalidatesTags: unlessRefused((_result, { paymentMethodId }) => [idTag('PaymentMethod', paymentMethodId)]),
    }),
  }),
});

export const { useSetDefaultPaymentMethodMutation, useRemovePaymentMethodMutation, useUpdateNicknameMutation } = paymentMethodChangesApi;
