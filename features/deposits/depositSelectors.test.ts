import { accountsAdapter, accountsApi } from '../../api/accountsApi';
import { paymentMethodsAdapter, paymentMethodsApi } from '../../api/paymentMethodsApi';
import { depositsApi } from '../../api/depositsApi';
import { highYieldApi } from '../../api/highYieldApi';
import { centsToMoney } from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import { makeStore } from '../../store/store';
import { sessionEstablished } from '../../api/authEvents';
import { sessionFixture, userFixture } from '../../test/fixtures';
import { brokerageAccount, depositLimitsFixture, highYieldAccount, highYieldAccountFixture } from '../../test/msw/depositHandlers';
import { depositFlowOpened, scheduleChosen, sourceChosen } from './depositDraftSlice';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract/values';
import { mswServer } from '../../test/msw/server';
import {
  DEPOSIT_REQUEST_KEYS,
  DepositGateWords,
  selectDepositGate,
  selectChosenSourceDisabledReason,
  selectDepositConfirmRunning,
  selectDepositNextRunning,
  selectDebitCardCapCents,
  selectDefaultDepositSource,
  selectDepositDestinations,
  selectDepositNextState,
  selectInternalOptions,
  selectMethodOptions,
  selectRecurringDisabledReason,
  selectRelinkableDepositMethods,
  selectSourceToPreselect,
  SOURCE_UNAVAILABLE,
} from './depositSelectors';
import { RecurringDisabledReasons, SourceDisabledReasons } from './depositRules';
import { bankMethod, cardMethod } from './depositTestUtils';

const NOW = '2026-06-15T12:00:00.000Z';

async function storeWith({
  accounts = [brokerageAccount(), highYieldAccount()],
  methods = [bankMethod(), cardMethod()],
}: { accounts?: Account[]; methods?: PaymentMethod[] } = {}) {
  const store = makeStore();
  // upsertQueryData runs through the query thunk: it is in the cache once its promise settles.
  await store.dispatch(
    accountsApi.util.upsertQueryData('getAccounts', undefined, accountsAdapter.setAll(accountsAdapter.getInitialState(), accounts)),
  );
  await store.dispatch(
    paymentMethodsApi.util.upsertQueryData(
      'getPaymentMethods',
      undefined,
      paymentMethodsAdapter.setAll(paymentMethodsAdapter.getInitialState(), methods),
    ),
  );
  return store;
}

describe('deposit selectors', () => {
  it('selectDepositDestinations: open brokerage and high-yield accounts, not IRAs or pending accounts', async () => {
    const store = await storeWith({
      accounts: [
        brokerageAccount(),
        highYieldAccount(),
        brokerageAccount({ accountUuid: 'uuid-ira', variant: 'ROTH_IRA' }),
        highYieldAccount({ accountUuid: 'uuid-hy2', status: 'PENDING' }),
      ],
    });
    expect(selectDepositDestinations(store.getState()).map((account) => account.accountUuid)).toEqual(['uuid-brokerage', 'uuid-hy']);
  });

  it('selectDepositDestinations: while the application is under review, its pending brokerage account too', async () => {
    const store = await storeWith({
      accounts: [brokerageAccount({ status: 'PENDING' }), brokerageAccount({ accountUuid: 'uuid-action', status: 'ACTION_REQUIRED' })],
    });
    expect(selectDepositDestinations(store.getState())).toEqual([]);
    store.dispatch(sessionEstablished(sessionFixture({ user: userFixture({ applicationStatus: 'PENDING' }) })));
    expect(selectDepositDestinations(store.getState()).map((account) => account.accountUuid)).toEqual(['uuid-brokerage']);
  });

  it('selectMethodOptions gives each method its disabled reason for this destination', async () => {
    const store = await storeWith();
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-hy' }));
    expect(selectMethodOptions(store.getState()).map((option) => [option.method.id, option.disabledReason])).toEqual([
      ['pm-card', SourceDisabledReasons.achOnly],
      ['pm-bank', null],
    ]);
  });

  it('selectInternalOptions lists own accounts other than the destination', async () => {
    const store = await storeWith();
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    expect(selectInternalOptions(store.getState()).map((option) => option.account.accountUuid)).toEqual(['uuid-hy']);
  });

  it('selectDefaultDepositSource skips methods that cannot fund this deposit', async () => {
    const store = await storeWith({
      methods: [
        bankMethod({ defaultPaymentMethod: false }),
        cardMethod({ defaultPaymentMethod: true, createdAt: '2026-06-01T00:00:00.000Z' }),
      ],
    });
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    expect(selectDefaultDepositSource(store.getState(), NOW)?.id).toBe('pm-card');
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-hy' }));
    expect(selectDefaultDepositSource(store.getState(), NOW)?.id).toBe('pm-bank');
  });

  describe('the preselect rule: a bank that needs relinking (or awaits micro-deposits, or was removed) is never preselected', () => {
    const relinkBank = bankMethod({
      id: 'pm-relink',
      type: 'PLAID_ACCOUNT',
      paymentMethodNumber: '0000',
      defaultPaymentMethod: true,
      plaidLoginRequired: true,
      createdAt: '2026-06-10T00:00:00.000Z',
    });
    const microBank = bankMethod({
      id: 'pm-micro',
      type: 'MICRO_DEPOSIT',
      approvalMethod: 'MICRO_DEPOSIT',
      status: 'PENDING',
      readiness: 'VERIFICATION_NEEDED',
      defaultPaymentMethod: false,
      createdAt: '2026-06-12T00:00:00.000Z',
    });
    const otherBank = bankMethod({ id: 'pm-other', defaultPaymentMethod: false });

    it('the default (and the newest) bank needing a relink is passed over for a usable one', async () => {
      const store = await storeWith({ methods: [relinkBank, microBank, otherBank] });
      store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
      expect(selectDefaultDepositSource(store.getState(), NOW)?.id).toBe('pm-other');
      expect(selectSourceToPreselect(store.getState(), NOW)).toEqual({ kind: 'paymentMethod', id: 'pm-other', fundingSourceType: 'ACH' });
    });

    it('with only a bank that needs relinking, nothing is preselected and the deposit offers to relink it', async () => {
      const store = await storeWith({ methods: [relinkBank] });
      store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
      expect(selectDefaultDepositSource(store.getState(), NOW)).toBeNull();
      expect(selectSourceToPreselect(store.getState(), NOW)).toBeNull();
      expect(selectRelinkableDepositMethods(store.getState()).map((method) => method.id)).toEqual(['pm-relink']);
    });

    it("a draft's source that now needs relinking, or was removed, is replaced; a usable one is kept", async () => {
      const store = await storeWith({ methods: [relinkBank, otherBank] });
      store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
      store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-relink', fundingSourceType: 'ACH' }));
      expect(selectSourceToPreselect(store.getState(), NOW)?.id).toBe('pm-other');
      store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-removed', fundingSourceType: 'ACH' }));
      expect(selectSourceToPreselect(store.getState(), NOW)?.id).toBe('pm-other');
      store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-other', fundingSourceType: 'ACH' }));
      expect(selectSourceToPreselect(store.getState(), NOW)).toBeNull();
    });

    it('a removed bank is never offered under From', async () => {
      const store = await storeWith({ methods: [bankMethod({ id: 'pm-gone', status: 'CANCELED' }), otherBank] });
      store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
      expect(selectMethodOptions(store.getState()).map((option) => option.method.id)).toEqual(['pm-other']);
      expect(selectSourceToPreselect(store.getState(), NOW)?.id).toBe('pm-other');
    });
  });

  describe('the standing gate: an application is told what it can do before a form is filled', () => {
    const signedInAs = async (user: Parameters<typeof userFixture>[0]) => {
      const store = await storeWith();
      store.dispatch(sessionEstablished(sessionFixture({ user: userFixture(user) })));
      store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
      store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
      return store;
    };

    it('an application not yet complete gets no form: finish the application first', async () => {
      for (const applicationStatus of ['NOT_STARTED', 'INCOMPLETE', 'ACTION_REQUIRED'] as const) {
        expect(selectDepositGate((await signedInAs({ applicationStatus })).getState())).toBe('finishApplication');
      }
    });

    it('an application under review (PENDING) may make one-time deposits only: recurring is disabled with the reason', async () => {
      const store = await signedInAs({ applicationStatus: 'PENDING' });
      expect(selectDepositGate(store.getState())).toBe('oneTimeUntilApproved');
      expect(selectRecurringDisabledReason(store.getState())).toBe(DepositGateWords.recurring);
    });

    it('an approved application gets the whole form, and a closed customer is not gated here (no money actions at all)', async () => {
      const store = await signedInAs({ applicationStatus: 'COMPLETE' });
      expect(selectDepositGate(store.getState())).toBeNull();
      expect(selectRecurringDisabledReason(store.getState())).toBeNull();
      expect(selectDepositGate((await signedInAs({ applicationStatus: 'COMPLETE', status: 'CLOSED' })).getState())).toBeNull();
    });

    it('the review-state words never promise money available now', () => {
      expect(DepositGateWords.reviewBody).not.toMatch(/right away|available to invest now|instant/i);
      expect(DepositGateWords.reviewFootnote).not.toMatch(/right away|available to invest now|instant/i);
    });
  });

  it('selectRecurringDisabledReason reads the high-yield status from the cache', async () => {
    const store = await storeWith();
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-hy' }));
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
    expect(selectRecurringDisabledReason(store.getState())).toBe(RecurringDisabledReasons.highYieldStatus);
    await store.dispatch(
      highYieldApi.util.upsertQueryData('getHighYieldAccount', undefined, {
        highYieldAccount: highYieldAccountFixture({ status: 'OPEN' }),
      }),
    );
    expect(selectRecurringDisabledReason(store.getState())).toBeNull();
  });

  it('selectChosenSourceDisabledReason: a source that is no longer listed cannot fund', async () => {
    const store = await storeWith();
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-removed', fundingSourceType: 'ACH' }));
    expect(selectChosenSourceDisabledReason(store.getState())).toBe(SOURCE_UNAVAILABLE);
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
    expect(selectChosenSourceDisabledReason(store.getState())).toBeNull();
  });

  it('selectDebitCardCapCents: the server limit when known, else the remote dcfLimit', async () => {
    const store = await storeWith();
    expect(selectDebitCardCapCents(store.getState())).toBe(250_000);
    await store.dispatch(
      depositsApi.util.upsertQueryData(
        'getDepositLimits',
        undefined,
        depositLimitsFixture({ debitCardLifetimeLimit: centsToMoney(100_000) }),
      ),
    );
    expect(selectDebitCardCapCents(store.getState())).toBe(100_000);
  });

  it('selectDepositNextState: a recurring schedule with a weekend day is not valid', async () => {
    const store = await storeWith();
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
    store.dispatch(scheduleChosen({ frequency: 'WEEKLY', dayOfWeek: 'SATURDAY' }));
    expect(selectDepositNextState(store.getState(), 10_000).problem).toBe('scheduleInvalid');
    store.dispatch(scheduleChosen({ frequency: 'WEEKLY', dayOfWeek: 'FRIDAY' }));
    expect(selectDepositNextState(store.getState(), 10_000).problem).toBeNull();
  });

  it("selectDepositNextState: the split rule; over today's bank room, one-time and within the bank's own limit, today's room now and the rest later", async () => {
    const store = await storeWith({ methods: [bankMethod({ depositLimit: centsToMoney(5_000_000), amountDeposited: centsToMoney(0) })] });
    await store.dispatch(
      depositsApi.util.upsertQueryData('getDepositLimits', undefined, depositLimitsFixture({ dailyBankRemaining: centsToMoney(10_000) })),
    );
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
    const over = selectDepositNextState(store.getState(), 30_000);
    expect(over.problem).toBe('overBankRoom');
    expect(over.split).toEqual({ nowCents: 10_000, laterCents: 20_000 });
    // Within the room: nothing to split.
    expect(selectDepositNextState(store.getState(), 10_000).split).toBeNull();
    // A schedule is never split.
    store.dispatch(scheduleChosen({ frequency: 'WEEKLY', dayOfWeek: 'FRIDAY' }));
    expect(selectDepositNextState(store.getState(), 30_000).split).toBeNull();
  });

  it("selectDepositNextState: no split when the rest would pass the bank's own deposit limit", async () => {
    const store = await storeWith({ methods: [bankMethod({ depositLimit: centsToMoney(25_000), amountDeposited: centsToMoney(0) })] });
    await store.dispatch(
      depositsApi.util.upsertQueryData('getDepositLimits', undefined, depositLimitsFixture({ dailyBankRemaining: centsToMoney(10_000) })),
    );
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
    expect(selectDepositNextState(store.getState(), 30_000).problem).toBe('overBankRoom');
    expect(selectDepositNextState(store.getState(), 30_000).split).toBeNull();
  });

  it('selectDepositNextRunning and selectDepositConfirmRunning read the flow requests from the store', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    mswServer.use(
      http.post(`*${ApiPaths.depositIntents}`, async () => {
        await answered;
        return HttpResponse.json({ errorCode: 'INVALID_AMOUNT', message: 'No.' }, { status: 400 });
      }),
    );
    const store = await storeWith();
    store.dispatch(sessionEstablished(sessionFixture()));
    const request = store.dispatch(
      depositsApi.endpoints.initiateDeposit.initiate(
        { paymentMethodId: 'pm-bank', accountUuid: 'uuid-brokerage', amount: centsToMoney(1000), iraContributionYear: null },
        { fixedCacheKey: DEPOSIT_REQUEST_KEYS.next },
      ),
    );
    expect(selectDepositNextRunning(store.getState())).toBe(true);
    expect(selectDepositConfirmRunning(store.getState())).toBe(false);
    answer();
    await request.unwrap().catch(() => undefined);
    expect(selectDepositNextRunning(store.getState())).toBe(false);
  });
});
