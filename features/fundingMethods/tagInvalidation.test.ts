import { waitFor } from '@testing-library/react';
import { api } from '../../api/baseApi';
import { apiPath, ApiPaths } from '../../api/contract/values';
import { paymentMethodChangesApi } from '../../api/paymentMethodChangesApi';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { paymentMethodFixture } from '../../test/fixtures';
import { fundingMethodsBackend } from '../../test/msw/fundingHandlers';
import { mswServer } from '../../test/msw/server';
import { selectDefaultPaymentMethod, selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import { signedInStore } from './fundingTestUtils';

// The same calls without tags: the control that proves the refetch comes from the invalidation and nothing else.
const untaggedApi = api.injectEndpoints({
  endpoints: (build) => ({
    setDefaultWithoutTags: build.mutation<unknown, string>({
      query: (paymentMethodId) => ({ url: apiPath(ApiPaths.setDefaultPaymentMethod, { paymentMethodId }), method: 'PUT' }),
    }),
    removeWithoutTags: build.mutation<unknown, string>({
      query: (paymentMethodId) => ({ url: apiPath(ApiPaths.paymentMethod, { paymentMethodId }), method: 'DELETE' }),
    }),
    nicknameWithoutTags: build.mutation<unknown, { paymentMethodId: string; nickname: string | null }>({
      query: (body) => ({ url: ApiPaths.paymentMethodNickname, method: 'PUT', body }),
    }),
  }),
});

const methods = () => [
  paymentMethodFixture({ id: 'a', displayName: 'Chase', defaultPaymentMethod: true, createdAt: '2026-01-01T00:00:00.000Z' }),
  paymentMethodFixture({ id: 'b', displayName: 'Ally', createdAt: '2026-02-01T00:00:00.000Z' }),
];

async function subscribedStore() {
  const backend = fundingMethodsBackend(methods());
  mswServer.use(...backend.handlers);
  const store = signedInStore();
  // A mounted screen's subscription: the list stays in the cache and refetches when invalidated.
  const subscription = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
  await subscription.unwrap();
  expect(backend.calls.list).toBe(1);
  return { store, backend, subscription };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('PaymentMethod tags: the list refreshes after a change, without a reload', () => {
  it('after set default', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(paymentMethodChangesApi.endpoints.setDefaultPaymentMethod.initiate('b')).unwrap();
    await waitFor(() => expect(backend.calls.list).toBe(2));
    await waitFor(() => expect(selectDefaultPaymentMethod(store.getState())?.id).toBe('b'));
  });

  it('control: the same call without tags leaves the list stale', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(untaggedApi.endpoints.setDefaultWithoutTags.initiate('b')).unwrap();
    await settle();
    expect(backend.calls.list).toBe(1);
    expect(selectDefaultPaymentMethod(store.getState())?.id).toBe('a');
  });

  it('after remove', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(paymentMethodChangesApi.endpoints.removePaymentMethod.initiate('b')).unwrap();
    await waitFor(() => expect(selectPaymentMethodsList(store.getState()).map((m) => m.id)).toEqual(['a']));
    expect(backend.calls.list).toBe(2);
  });

  it('control: remove without tags leaves the list stale', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(untaggedApi.endpoints.removeWithoutTags.initiate('b')).unwrap();
    await settle();
    expect(backend.calls.list).toBe(1);
    expect(selectPaymentMethodsList(store.getState())).toHaveLength(2);
  });

  it('after a nickname change', async () => {
    const { store, backend } = await subscribedStore();
    await store
      .dispatch(paymentMethodChangesApi.endpoints.updateNickname.initiate({ paymentMethodId: 'b', nickname: 'Rainy day' }))
      .unwrap();
    await waitFor(() => expect(selectPaymentMethodsList(store.getState()).find((m) => m.id === 'b')?.displayName).toBe('Rainy day'));
    expect(backend.calls.list).toBe(2);
  });

  it('control: a nickname change without tags leaves the list stale', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(untaggedApi.endpoints.nicknameWithoutTags.initiate({ paymentMethodId: 'b', nickname: 'Rainy day' })).unwrap();
    await settle();
    expect(backend.calls.list).toBe(1);
    expect(selectPaymentMethodsList(store.getState()).find((m) => m.id === 'b')?.displayName).toBe('Ally');
  });
});
