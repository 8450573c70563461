import { createEntityAdapter, createSelector, type EntityState } from '@reduxjs/toolkit';
import { api } from './baseApi';
import { ApiPaths } from './contract/values';
import type { PaymentMethod, PaymentMethodsResponse } from './contract';

export const paymentMethodsAdapter = createEntityAdapter<PaymentMethod, string>({
  selectId: (method) => method.id,
  // Newest first: the spec's default-source rules prefer recently created methods.
  sortComparer: (a, b) => b.createdAt.localeCompare(a.createdAt),
});
const initialPaymentMethods = paymentMethodsAdapter.getInitialState();

export const paymentMethodsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentMethods: build.query<EntityState<PaymentMethod, string>, void>({
      query: () => ApiPaths.paymentMethods,
      transformResponse: (response: PaymentMethodsResponse) => paymentMethodsAdapter.setAll(initialPaymentMethods, response.paymentMethods),
      providesTags: (result) => [
        { type: 'PaymentMethod', id: 'LIST' },
        ...(result?.ids ?? []).map((id) => ({ type: 'PaymentMethod' as const, id })),
      ],
    }),
  }),
});

export const { useGetPaymentMethodsQuery } = paymentMethodsApi;

const selectPaymentMethodsResult = paymentMethodsApi.endpoints.getPaymentMethods.select();
const selectPaymentMethodsData = createSelector([selectPaymentMethodsResult], (result) => result.data ?? initialPaymentMethods);
export const { selectAll: selectAllPaymentMethods, selectById: selectPaymentMethodById } =
  paymentMethodsAdapter.getSelectors(selectPaymentMethodsData);
