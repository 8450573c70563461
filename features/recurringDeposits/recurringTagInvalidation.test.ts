import { waitFor } from '@testing-library/react';
import { api } from '../../api/baseApi';
import { apiPath, ApiPaths } from '../../api/contract/values';
import { depositsApi } from '../../api/depositsApi';
import { recurringDepositFixture, recurringDepositsBackend } from '../../test/msw/recurringHandlers';
import { mswServer } from '../../test/msw/server';
import { signedInStore } from '../fundingMethods/fundingTestUtils';
import { selectListedRecurringDeposits } from './recurringSelectors';

// The same calls without tags: the control that proves each refetch comes from the invalidation and nothing else.
const untaggedApi = api.injectEndpoints({
  endpoints: (build) => ({
    pauseWithoutTags: build.mutation<unknown, { accountUuid: string; recurringDepositId: string }>({
      query: ({ accountUuid, recurringDepositId }) => ({
        url: apiPath(ApiPaths.recurringDeposit, { accountUuid, recurringDepositId }),
        method: 'PATCH',
        body: { status: 'PAUSED' },
      }),
    }),
    skipWithoutTags: build.mutation<unknown, { accountUuid: string; recurringDepositId: string }>({
      query: ({ accountUuid, recurringDepositId }) => ({
        url: apiPath(ApiPaths.recurringDepositSkip, { accountUuid, recurringDepositId }),
        method: 'POST',
      }),
    }),
    cancelWithoutTags: build.mutation<unknown, { accountUuid: string; recurringDepositId: string }>({
      query: ({ accountUuid, recurringDepositId }) => ({
        url: apiPath(ApiPaths.recurringDeposit, { accountUuid, recurringDepositId }),
        method: 'DELETE',
      }),
    }),
  }),
});

const brokerageRef = { accountUuid: 'uuid-brokerage', recurringDepositId: 'rd-1' };

async function subscribedStore() {
  const backend = recurringDepositsBackend([
    recurringDepositFixture({ id: 'rd-1' }),
    recurringDepositFixture({ id: 'rd-2', accountUuid: 'uuid-roth', iraContributionYear: 2025 }),
  ]);
  mswServer.use(...backend.handlers);
  const store = signedInStore();
  // Two mounted lists, as the manage section has one per account.
  await store.dispatch(depositsApi.endpoints.getRecurringDeposits.initiate('uuid-brokerage')).unwrap();
  await store.dispatch(depositsApi.endpoints.getRecurringDeposits.initiate('uuid-roth')).unwrap();
  expect(backend.calls.list).toEqual({ 'uuid-brokerage': 1, 'uuid-roth': 1 });
  return { store, backend };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const statusOf = (store: Awaited<ReturnType<typeof subscribedStore>>['store']) =>
  selectListedRecurringDeposits(store.getState(), 'uuid-brokerage')[0]?.status;

describe('RecurringDeposit tags: the list refreshes after each action, without a reload', () => {
  it('pause refetches the list holding the schedule, and only that one', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(depositsApi.endpoints.updateRecurringDeposit.initiate({ ...brokerageRef, status: 'PAUSED' })).unwrap();
    await waitFor(() => expect(statusOf(store)).toBe('PAUSED'));
    await settle();
    expect(backend.calls.list).toEqual({ 'uuid-brokerage': 2, 'uuid-roth': 1 });
  });

  it('control: the same pause without tags leaves the list stale', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(untaggedApi.endpoints.pauseWithoutTags.initiate(brokerageRef)).unwrap();
    await settle();
    expect(backend.calls.list).toEqual({ 'uuid-brokerage': 1, 'uuid-roth': 1 });
    expect(statusOf(store)).toBe('ACTIVE');
  });

  it('skip next refetches the list, which shows the following date', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(depositsApi.endpoints.skipNextRecurringDeposit.initiate(brokerageRef)).unwrap();
    await waitFor(() => expect(selectListedRecurringDeposits(store.getState(), 'uuid-brokerage')[0].nextOccurrenceDate).toBe('2025-12-22'));
    expect(backend.calls.list['uuid-brokerage']).toBe(2);
  });

  it('control: skip without tags leaves the old date', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(untaggedApi.endpoints.skipWithoutTags.initiate(brokerageRef)).unwrap();
    await settle();
    expect(backend.calls.list['uuid-brokerage']).toBe(1);
    expect(selectListedRecurringDeposits(store.getState(), 'uuid-brokerage')[0].nextOccurrenceDate).toBe('2025-12-15');
  });

  it('cancel refetches and the schedule is gone', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(depositsApi.endpoints.cancelRecurringDeposit.initiate(brokerageRef)).unwrap();
    await waitFor(() => expect(selectListedRecurringDeposits(store.getState(), 'uuid-brokerage')).toEqual([]));
    expect(backend.calls.list['uuid-brokerage']).toBe(2);
  });

  it('control: cancel without tags keeps showing the schedule', async () => {
    const { store, backend } = await subscribedStore();
    await store.dispatch(untaggedApi.endpoints.cancelWithoutTags.initiate(brokerageRef)).unwrap();
    await settle();
    expect(backend.calls.list['uuid-brokerage']).toBe(1);
    expect(selectListedRecurringDeposits(store.getState(), 'uuid-brokerage')).toHaveLength(1);
  });
});
