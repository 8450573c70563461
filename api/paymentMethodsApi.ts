import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { listTags } from './tags';
import { ApiPaths, compareCodeUnits } from './contract/values';
import type { PaymentMethod, PaymentMethodsResponse } from './contract';

export const paymentMethodsAdapter = createEntityAdapter<PaymentMethod, string>({
  selectId: (method) => method.id,
  // Newest first: the spec's default-source rules prefer recently created methods.
  sortComparer: (a, b) => compareCodeUnits(b.createdAt, a.createdAt),
});
const initialPaymentMethods = paymentMethodsAdapter.getInitialState();

// The list here (the portfolio shows it); changing a method (default, removal, nickname) is the funding methods
// pages' (paymentMethodChangesApi.ts, injected when their chunks load).
export const paymentMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentMethods: build.query<EntityState<PaymentMethod, string>, void>({
      query: () => ApiPaths.paymentMethods,
      transformResponse: (response: PaymentMethodsResponse) => paymentMethodsAdapter.setAll(initialPaymentMethods, response.paymentMethods),
      providesTags: (result) => listTags('PaymentMethod', result?.ids),
    }),
  }),
});

export const { useGetPaymentMethodsQuery } = paymentMethodsApi;

const selectPaymentMethodsResult = paymentMethodsApi.endpoints.getPaymentMethods.select();
const selectPaymentMethodsData = createSelector([selectPaymentMethodsResult], (result) => result.data ?? initialPaymentMethods);
export const { selectAll: selectAllPaymentMethods, selectById: selectPaymentMethodById } =
  paymentMethodsAdapter.getSelectors(selectPaymentMethodsData);
