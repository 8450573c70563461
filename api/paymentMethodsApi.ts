import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { idTag, listTag, listTags, unlessRefused } from './tags';
import { apiPath, ApiPaths, compareCodeUnits } from './contract/values';
import type { NicknameRequest, PaymentMethod, PaymentMethodsResponse } from './contract';

export const paymentMethodsAdapter = createEntityAdapter<PaymentMethod, string>({
  selectId: (method) => method.id,
  // Newest first: the spec's default-source rules prefer recently created methods.
  sortComparer: (a, b) => compareCodeUnits(b.createdAt, a.createdAt),
});
const initialPaymentMethods = paymentMethodsAdapter.getInitialState();

export const paymentMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentMethods: build.query<EntityState<PaymentMethod, string>, void>({
      query: () => ApiPaths.paymentMethods,
      transformResponse: (response: PaymentMethodsResponse) => paymentMethodsAdapter.setAll(initialPaymentMethods, response.paymentMethods),
      providesTags: (result) => listTags('PaymentMethod', result?.ids),
    }),
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

export const { useGetPaymentMethodsQuery, useSetDefaultPaymentMethodMutation, useRemovePaymentMethodMutation, useUpdateNicknameMutation } =
  paymentMethodsApi;

const selectPaymentMethodsResult = paymentMethodsApi.endpoints.getPaymentMethods.select();
const selectPaymentMethodsData = createSelector([selectPaymentMethodsResult], (result) => result.data ?? initialPaymentMethods);
export const { selectAll: selectAllPaymentMethods, selectById: selectPaymentMethodById } =
  paymentMethodsAdapter.getSelectors(selectPaymentMethodsData);
