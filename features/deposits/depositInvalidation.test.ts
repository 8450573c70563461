import { waitFor } from '@testing-library/react';
import { accountsApi } from '../../api/accountsApi';
import { api } from '../../api/baseApi';
import { ApiPaths, centsToMoney, IDEMPOTENCY_HEADER } from '../../api/contract/values';
import { depositsApi } from '../../api/depositsApi';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { depositsBackend } from '../../test/msw/depositHandlers';
import { fundingMethodsBackend } from '../../test/msw/fundingHandlers';
import { mswServer } from '../../test/msw/server';
import { signedInStore } from '../fundingMethods/fundingTestUtils';
import { bankMethod } from './depositTestUtils';

// The same confirmation without tags: the control that proves the refetch comes from the invalidation alone.
const untaggedApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmWithoutTags: build.mutation<unknown, { id: string; accountUuid: string; idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({
        url: ApiPaths.depositConfirm,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
    }),
  }),
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A store with the accounts and payment methods subscribed (as the screens do) and an intent ready to confirm. */
async function storeWithIntent() {
  const funding = fundingMethodsBackend([bankMethod()]);
  const deposits = depositsBackend();
  mswServer.use(...funding.handlers, ...deposits.handlers);
  const store = signedInStore();
  void store.dispatch(accountsApi.endpoints.getAccounts.initiate());
  void store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
  await waitFor(() => expect(deposits.calls.accounts).toBe(1));
  await waitFor(() => expect(funding.calls.list).toBe(1));
  const intent = await store
    .dispatch(
      depositsApi.endpoints.initiateDeposit.initiate({
        paymentMethodId: 'pm-bank',
        accountUuid: 'uuid-brokerage',
        amount: centsToMoney(50_000),
      }),
    )
    .unwrap();
  return { store, funding, deposits, intent };
}

describe('after a confirmed deposit the accounts and payment methods refresh (tags)', () => {
  it('confirmDeposit invalidates Account and PaymentMethod: both lists refetch', async () => {
    const { store, funding, deposits, intent } = await storeWithIntent();
    await store
      .dispatch(depositsApi.endpoints.confirmDeposit.initiate({ id: intent.id, accountUuid: 'uuid-brokerage', idempotencyKey: 'key-1' }))
      .unwrap();
    await waitFor(() => expect(deposits.calls.accounts).toBe(2));
    await waitFor(() => expect(funding.calls.list).toBe(2));
  });

  it('control: the same confirmation without tags refetches neither', async () => {
    const { store, funding, deposits, intent } = await storeWithIntent();
    await store
      .dispatch(
        untaggedApi.endpoints.confirmWithoutTags.initiate({ id: intent.id, accountUuid: 'uuid-brokerage', idempotencyKey: 'key-1' }),
      )
      .unwrap();
    await settle();
    expect(deposits.calls.accounts).toBe(1);
    expect(funding.calls.list).toBe(1);
  });

  it('the deposit limits refresh too, so the limit dialog offers what is really left', async () => {
    const { store, deposits, intent } = await storeWithIntent();
    void store.dispatch(depositsApi.endpoints.getDepositLimits.initiate());
    await waitFor(() => expect(deposits.calls.limits).toBe(1));
    await store
      .dispatch(depositsApi.endpoints.confirmDeposit.initiate({ id: intent.id, accountUuid: 'uuid-brokerage', idempotencyKey: 'key-2' }))
      .unwrap();
    await waitFor(() => expect(deposits.calls.limits).toBe(2));
  });
});
