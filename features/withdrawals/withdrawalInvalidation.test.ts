import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { accountsApi } from '../../api/accountsApi';
import { ApiPaths, centsToMoney } from '../../api/contract/values';
import { depositsApi } from '../../api/depositsApi';
import { withdrawalsApi } from '../../api/withdrawalsApi';
import { accountFixture } from '../../test/fixtures';
import { API_ORIGIN } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { withdrawalsBackend } from '../../test/msw/withdrawalHandlers';
import { signedInStore } from '../fundingMethods/fundingTestUtils';

/** The screens' subscriptions: accounts, deposits, withdrawals and what is available; counts each list's fetches. */
async function subscribedStore() {
  const backend = withdrawalsBackend();
  const counts = { accounts: 0, deposits: 0 };
  mswServer.use(
    ...backend.handlers,
    http.get(`${API_ORIGIN}${ApiPaths.accounts}`, () => {
      counts.accounts += 1;
      return HttpResponse.json({ accounts: [accountFixture()] });
    }),
    http.get(`${API_ORIGIN}${ApiPaths.deposits}`, () => {
      counts.deposits += 1;
      return HttpResponse.json({ deposits: [] });
    }),
  );
  const store = signedInStore();
  void store.dispatch(accountsApi.endpoints.getAccounts.initiate());
  void store.dispatch(depositsApi.endpoints.getDeposits.initiate());
  void store.dispatch(withdrawalsApi.endpoints.getWithdrawals.initiate());
  void store.dispatch(withdrawalsApi.endpoints.getAvailableToWithdraw.initiate('uuid-brokerage'));
  await waitFor(() => expect([counts.accounts, counts.deposits, backend.calls.list, backend.calls.available.length]).toEqual([1, 1, 1, 1]));
  return { store, backend, counts };
}

describe('after a withdrawal the balances, lists and available amount refresh (tags)', () => {
  it('createWithdrawal invalidates Account, Deposit and Withdrawal lists and the available amount', async () => {
    const { store, backend, counts } = await subscribedStore();
    await store
      .dispatch(
        withdrawalsApi.endpoints.createWithdrawal.initiate({
          accountUuid: 'uuid-brokerage',
          paymentMethodId: 'pm-1',
          amount: centsToMoney(5_000),
          idempotencyKey: 'key-1',
        }),
      )
      .unwrap();
    await waitFor(() =>
      expect([counts.accounts, counts.deposits, backend.calls.list, backend.calls.available.length]).toEqual([2, 2, 2, 2]),
    );
    const listed = withdrawalsApi.endpoints.getWithdrawals.select()(store.getState()).data;
    expect(listed?.ids).toEqual(['wd-1']);
  });

  it('a deposit moving on (settled or returned: the live ORDER_UPDATED tags) refreshes what is available, since holds end then', async () => {
    const { store, backend } = await subscribedStore();
    store.dispatch(withdrawalsApi.util.invalidateTags(['Deposit', 'Account']));
    await waitFor(() => expect(backend.calls.available.length).toBe(2));
  });
});
