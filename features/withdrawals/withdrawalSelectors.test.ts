import { accountsAdapter, accountsApi } from '../../api/accountsApi';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { withdrawalsApi } from '../../api/withdrawalsApi';
import { centsToMoney } from '../../api/contract/values';
import { makeStore } from '../../store/store';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import {
  selectAvailableCents,
  selectWithdrawalBanks,
  selectWithdrawalBanksAwaitingMicroDeposits,
  selectWithdrawalNextProblem,
  selectWithdrawalSources,
} from './withdrawalSelectors';
import { distributionReasonChosen, withdrawalOpened, withholdingChosen } from './withdrawalSlice';

const brokerage = accountFixture({ accountUuid: 'uuid-brokerage' });
const roth = accountFixture({ accountId: 'acc-3', accountUuid: 'uuid-roth', variant: 'ROTH_IRA' });
const chase = paymentMethodFixture({ id: 'pm-1' });
const card = paymentMethodFixture({ id: 'pm-card', type: 'DEBIT_CARD' });
const waitingNavy = paymentMethodFixture({
  id: 'pm-micro',
  type: 'MICRO_DEPOSIT',
  status: 'PENDING',
  readiness: 'VERIFICATION_NEEDED',
  approvalMethod: 'MICRO_DEPOSIT',
  paymentMethodNumber: '7312',
});
const verifiedByMicroDeposits = paymentMethodFixture({ id: 'pm-micro-done', type: 'MICRO_DEPOSIT', approvalMethod: 'MICRO_DEPOSIT' });

async function storeWith(variant: 'brokerage' | 'ira', accountUuid: string) {
  const store = makeStore();
  await store.dispatch(
    accountsApi.util.upsertQueryData(
      'getAccounts',
      undefined,
      accountsAdapter.setAll(accountsAdapter.getInitialState(), [brokerage, roth]),
    ),
  );
  await store.dispatch(
    paymentMethodsApi.util.upsertQueryData('getPaymentMethods', undefined, {
      ids: ['pm-1', 'pm-card'],
      entities: { 'pm-1': chase, 'pm-card': card },
    }),
  );
  await store.dispatch(
    withdrawalsApi.util.upsertQueryData('getAvailableToWithdraw', accountUuid, {
      accountUuid,
      availableToWithdraw: centsToMoney(50_000),
      balance: centsToMoney(60_000),
      depositsOnHold: centsToMoney(10_000),
      pendingWithdrawals: centsToMoney(0),
      holds: [],
      sendsOn: '2026-06-15',
      arrivesOn: '2026-06-17',
    }),
  );
  store.dispatch(withdrawalOpened({ variant, accountUuid, paymentMethodId: 'pm-1' }));
  return store;
}

describe('withdrawal selectors', () => {
  it('selectWithdrawalSources and selectWithdrawalBanks follow the page and the bank rule', async () => {
    const store = await storeWith('ira', 'uuid-roth');
    expect(selectWithdrawalSources(store.getState()).map((account) => account.accountUuid)).toEqual(['uuid-roth']);
    expect(selectWithdrawalBanks(store.getState()).map((method) => method.id)).toEqual(['pm-1']);
    expect(selectAvailableCents(store.getState())).toBe(50_000);
  });

  it('selectWithdrawalNextProblem: the amount first, then the IRA choices', async () => {
    const brokerageStore = await storeWith('brokerage', 'uuid-brokerage');
    expect(selectWithdrawalNextProblem(brokerageStore.getState(), 50_000)).toBeNull();
    expect(selectWithdrawalNextProblem(brokerageStore.getState(), 50_001)).toBe('overAvailable');

    const iraStore = await storeWith('ira', 'uuid-roth');
    expect(selectWithdrawalNextProblem(iraStore.getState(), 1_000)).toBe('iraChoices');
    iraStore.dispatch(distributionReasonChosen('EARLY'));
    expect(selectWithdrawalNextProblem(iraStore.getState(), 1_000)).toBe('iraChoices');
    iraStore.dispatch(withholdingChosen(0));
    expect(selectWithdrawalNextProblem(iraStore.getState(), 1_000)).toBeNull();
  });

  it('selectWithdrawalBanksAwaitingMicroDeposits: a bank waiting for its micro-deposits is offered to verify, never as a destination', async () => {
    const store = await storeWith('brokerage', 'uuid-brokerage');
    await store.dispatch(
      paymentMethodsApi.util.upsertQueryData('getPaymentMethods', undefined, {
        ids: ['pm-1', 'pm-card', 'pm-micro', 'pm-micro-done'],
        entities: { 'pm-1': chase, 'pm-card': card, 'pm-micro': waitingNavy, 'pm-micro-done': verifiedByMicroDeposits },
      }),
    );
    expect(selectWithdrawalBanksAwaitingMicroDeposits(store.getState()).map((method) => method.id)).toEqual(['pm-micro']);
    expect(selectWithdrawalBanks(store.getState()).map((method) => method.id)).not.toContain('pm-micro');
    expect(selectWithdrawalBanks(store.getState()).map((method) => method.id)).toContain('pm-micro-done');
  });
});
