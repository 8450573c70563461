import { accountsAdapter, accountsApi } from '../../api/accountsApi';
import { paymentMethodsAdapter, paymentMethodsApi } from '../../api/paymentMethodsApi';
import { depositsApi, recurringDepositsAdapter } from '../../api/depositsApi';
import { highYieldApi } from '../../api/highYieldApi';
import { treasuryApi } from '../../api/treasuryApi';
import { makeStore, type AppStore, type RootState } from '../../store/store';
import { sessionFixture, userFixture } from '../../test/fixtures';
import { brokerageAccount, depositLimitsFixture, highYieldAccount, highYieldAccountFixture } from '../../test/msw/depositHandlers';
import { toastDismissed, toastShown } from '../notifications/toastsSlice';
import { fundingFlowExited, fundingFlowOpened } from '../fundingMethods/fundingModalSlice';
import { analyticsEventRecorded, analyticsEventsSent } from '../analytics/analyticsSlice';
import { amountCommitted, depositFlowOpened, sourceChosen } from '../deposits/depositDraftSlice';
import { bankMethod, cardMethod } from '../deposits/depositTestUtils';
import { flowOpened, institutionSelected } from '../bankLink/bankLinkSlice';
import * as paymentMethodSelectors from './paymentMethodSelectors';
import * as depositSelectors from '../deposits/depositSelectors';
import * as bankLinkSelectors from '../bankLink/bankLinkSelectors';

// Components re-render when a selector hands back a new reference, so the derived views of the funding methods
// (usability flags, menus, addition rules, deposit sources and their default, bank-link fallbacks) must give the
// very same object back until their inputs change: an action about something else (a toast, a funding modal,
// an analytics event, another cache entry) must neither recompute them nor change what they return.

const NOW = '2026-06-15T12:00:00.000Z';
const AMOUNT_CENTS = 12_345;

interface Memoised {
  recomputations: () => number;
}
const recomputationsOf = (selector: unknown): number | null =>
  typeof (selector as Partial<Memoised>).recomputations === 'function' ? (selector as Memoised).recomputations() : null;

interface Probe {
  name: string;
  /** The name with the extra arguments it is read with. */
  label: string;
  selector: unknown;
  read: (state: RootState) => unknown;
}

/** A selector read with fixed extra arguments, as a component would call it render after render. */
function probe<Args extends unknown[]>(name: string, selector: (state: RootState, ...args: Args) => unknown, ...args: Args): Probe {
  const label = args.length ? `${name}(${args.map((arg) => JSON.stringify(arg)).join(', ')})` : name;
  return { name, label, selector, read: (state) => selector(state, ...args) };
}

const P = paymentMethodSelectors;
const D = depositSelectors;
const B = bankLinkSelectors;

const PROBES: Probe[] = [
  // payment methods: the list and each method's usability
  probe('selectPaymentMethodsList', P.selectPaymentMethodsList),
  probe('selectDefaultPaymentMethod', P.selectDefaultPaymentMethod),
  probe('selectVerifiableMicroDepositMethods', P.selectVerifiableMicroDepositMethods),
  probe('selectPaymentMethodAttention', P.selectPaymentMethodAttention),
  probe('selectPaymentMethodFlags', P.selectPaymentMethodFlags),
  probe('selectMethodMenuItems', P.selectMethodMenuItems),
  probe('selectAdditionRules', P.selectAdditionRules),
  probe('selectAdditionRefusals', P.selectAdditionRefusals),
  probe('selectMainAccountEligibleForDebitCard', P.selectMainAccountEligibleForDebitCard),
  probe('selectHasDebitCard', P.selectHasDebitCard),
  probe('selectFundingOptions', P.selectFundingOptions, 'funding'),
  probe('selectFundingOptions', P.selectFundingOptions, 'withdrawal'),
  probe('selectAddFundingMethodBlockedReason', P.selectAddFundingMethodBlockedReason),
  probe('selectRelinkBannerMethod', P.selectRelinkBannerMethod),
  probe('selectShowRelinkBanner', P.selectShowRelinkBanner),
  probe('selectUnverifiedBankMethods', P.selectUnverifiedBankMethods),
  // deposits: sources, their usability for this deposit, the default source and the Next state
  probe('selectDepositLimits', D.selectDepositLimits),
  probe('selectHighYieldAccount', D.selectHighYieldAccount),
  probe('selectDepositDestinations', D.selectDepositDestinations),
  probe('selectDepositDestination', D.selectDepositDestination),
  probe('selectIsHighYieldDestination', D.selectIsHighYieldDestination),
  probe('selectIsRecurringDraft', D.selectIsRecurringDraft),
  probe('selectIsFirstDeposit', D.selectIsFirstDeposit),
  probe('selectDebitCardCapCents', D.selectDebitCardCapCents),
  probe('selectMethodOptions', D.selectMethodOptions),
  probe('selectInternalOptions', D.selectInternalOptions),
  probe('selectDefaultDepositSource', D.selectDefaultDepositSource, NOW),
  probe('selectRelinkableDepositMethods', D.selectRelinkableDepositMethods),
  probe('selectSourceToPreselect', D.selectSourceToPreselect, NOW),
  probe('selectDepositGate', D.selectDepositGate),
  probe('selectRecurringDisabledReason', D.selectRecurringDisabledReason),
  probe('selectChosenSourceDisabledReason', D.selectChosenSourceDisabledReason),
  probe('selectDepositNextState', D.selectDepositNextState, AMOUNT_CENTS),
  probe('selectDepositNextState', D.selectDepositNextState, null),
  probe('selectDepositNextRunning', D.selectDepositNextRunning),
  probe('selectDepositConfirmRunning', D.selectDepositConfirmRunning),
  probe('selectSourceLimitRoom', D.selectSourceLimitRoom),
  // bank link: the fallback choices, narrowed by the addition rules
  probe('selectShowBackButton', B.selectShowBackButton),
  probe('selectFallbackOptions', B.selectFallbackOptions),
  probe('selectVisibleFallbackOptions', B.selectVisibleFallbackOptions),
];

/** A customer with linked methods of every kind, an open deposit draft and the bank-link flow on its fallbacks. */
async function customerStore() {
  const store = makeStore({
    session: {
      status: 'authenticated',
      accessToken: sessionFixture().accessToken,
      user: userFixture({ hasFunded: true }),
      endedReason: null,
    },
  });
  const methods = [
    bankMethod(),
    cardMethod(),
    bankMethod({
      id: 'pm-relink',
      type: 'PLAID_ACCOUNT',
      displayName: 'Plaid Checking',
      paymentMethodNumber: '0000',
      defaultPaymentMethod: false,
      plaidLoginRequired: true,
    }),
    bankMethod({
      id: 'pm-micro',
      type: 'MICRO_DEPOSIT',
      approvalMethod: 'MICRO_DEPOSIT',
      status: 'PENDING',
      paymentMethodNumber: '1111',
      defaultPaymentMethod: false,
    }),
  ];
  await store.dispatch(
    accountsApi.util.upsertQueryData(
      'getAccounts',
      undefined,
      accountsAdapter.setAll(accountsAdapter.getInitialState(), [brokerageAccount(), highYieldAccount()]),
    ),
  );
  await store.dispatch(
    paymentMethodsApi.util.upsertQueryData(
      'getPaymentMethods',
      undefined,
      paymentMethodsAdapter.setAll(paymentMethodsAdapter.getInitialState(), methods),
    ),
  );
  await store.dispatch(depositsApi.util.upsertQueryData('getDepositLimits', undefined, depositLimitsFixture()));
  await store.dispatch(
    highYieldApi.util.upsertQueryData('getHighYieldAccount', undefined, { highYieldAccount: highYieldAccountFixture() }),
  );
  store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
  store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
  store.dispatch(flowOpened({ presentation: 'modal' }));
  store.dispatch(
    institutionSelected({ id: 'ins_109508', name: 'First Platypus Bank', linkOptions: ['PLAID', 'VERIFICATION_SERVICE'], oauth: false }),
  );
  return store;
}

/** Actions about other parts of the app: none of them is an input of the selectors above. */
async function dispatchUnrelatedActions(store: AppStore) {
  const toast = store.dispatch(toastShown('Your nickname was saved', 'success'));
  store.dispatch(toastDismissed(toast.payload.id));
  store.dispatch(fundingFlowOpened({ modal: 'addMethod', withdrawalMode: true }));
  store.dispatch(fundingFlowExited());
  store.dispatch(analyticsEventRecorded('funding_methods_viewed', { count: 4 }, NOW));
  store.dispatch(analyticsEventsSent(1));
  // Other entries of the same API cache: a treasury query and a deposits query the selectors do not read.
  await store.dispatch(
    treasuryApi.util.upsertQueryData('getTreasuryQuickPicks', undefined, { highestYieldToWorst: null, quickPicks: [], asOf: NOW }),
  );
  await store.dispatch(
    depositsApi.util.upsertQueryData('getRecurringDeposits', 'uuid-brokerage', recurringDepositsAdapter.getInitialState()),
  );
}

interface Reading {
  probe: Probe;
  value: unknown;
  recomputations: number | null;
}

/**
 * Reads every probe, then counts. A selector read with two different arguments has one counter, so the
 * counters are taken once all the reads are done.
 */
function readAll(store: AppStore, probes: readonly Probe[]): Reading[] {
  const values = probes.map((entry) => entry.read(store.getState()));
  return probes.map((entry, index) => ({ probe: entry, value: values[index], recomputations: recomputationsOf(entry.selector) }));
}

/** What changed since `before`: a new reference, or a run of the result function. */
function changesSince(store: AppStore, before: readonly Reading[]) {
  const after = readAll(
    store,
    before.map(({ probe: entry }) => entry),
  );
  return before.flatMap(({ probe: entry, value, recomputations }, index) => {
    const problems: string[] = [];
    if (!Object.is(after[index].value, value)) problems.push(`${entry.label} returned a new reference`);
    const ran = after[index].recomputations;
    if (recomputations !== null && ran !== recomputations)
      problems.push(`${entry.label} recomputed ${Number(ran) - recomputations} time(s)`);
    return problems;
  });
}

describe('memoised funding-method and deposit selectors', () => {
  it('every exported selector of the three modules is covered here', () => {
    const exported = (module: object) =>
      Object.entries(module)
        .filter(([name, value]) => name.startsWith('select') && typeof value === 'function')
        .map(([name]) => name);
    const covered = new Set(PROBES.map(({ name }) => name));
    const missing = [...exported(paymentMethodSelectors), ...exported(depositSelectors), ...exported(bankLinkSelectors)].filter(
      (name) => !covered.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('the selectors that build objects or arrays are createSelector selectors', () => {
    const plain = PROBES.filter(({ selector }) => recomputationsOf(selector) === null).map(({ name }) => name);
    // Only selectors answering a boolean straight from the state may skip memoisation.
    expect(plain.sort()).toEqual([
      'selectDepositConfirmRunning',
      'selectDepositNextRunning',
      'selectIsFirstDeposit',
      'selectIsRecurringDraft',
    ]);
  });

  it('the state under test is not trivial: the selectors see methods, sources, a default and fallbacks', async () => {
    const state = (await customerStore()).getState();
    expect(P.selectPaymentMethodsList(state)).toHaveLength(4);
    expect(P.selectRelinkBannerMethod(state)?.id).toBe('pm-relink');
    expect(P.selectVerifiableMicroDepositMethods(state).map((method) => method.id)).toEqual(['pm-micro']);
    expect(D.selectMethodOptions(state).length).toBeGreaterThan(0);
    expect(D.selectInternalOptions(state).map((option) => option.account.accountUuid)).toEqual(['uuid-hy']);
    expect(D.selectDefaultDepositSource(state, NOW)?.id).toBe('pm-bank');
    expect(D.selectDepositLimits(state)).not.toBeNull();
    expect(D.selectHighYieldAccount(state)).not.toBeNull();
    expect(B.selectFallbackOptions(state)).toContain('PLAID');
    expect(B.selectVisibleFallbackOptions(state).length).toBeGreaterThan(0);
  });

  it('unrelated actions neither recompute them nor change the references they return', async () => {
    const store = await customerStore();
    const before = readAll(store, PROBES);
    // A second read of an unchanged state is free: reselect's own cache, before any action.
    expect(changesSince(store, before)).toEqual([]);
    const stateBefore = store.getState();
    await dispatchUnrelatedActions(store);
    // The actions did change the store, so the selectors were really asked about a new state.
    expect(store.getState()).not.toBe(stateBefore);
    expect(store.getState().api.queries).not.toBe(stateBefore.api.queries);
    expect(changesSince(store, before)).toEqual([]);
  });

  it('committing an amount to the draft leaves the source lists and the default source alone', async () => {
    const store = await customerStore();
    const lists = PROBES.filter(({ name }) =>
      [
        'selectMethodOptions',
        'selectInternalOptions',
        'selectDefaultDepositSource',
        'selectDepositDestinations',
        'selectDepositDestination',
        'selectChosenSourceDisabledReason',
      ].includes(name),
    );
    const before = readAll(store, lists);
    store.dispatch(amountCommitted(AMOUNT_CENTS));
    store.dispatch(amountCommitted(50_000));
    expect(changesSince(store, before)).toEqual([]);
  });

  it('a change the selectors do depend on still reaches them', async () => {
    // Guards the tests above: selectors stuck on their first answer would pass them too.
    const store = await customerStore();
    const before = readAll(store, PROBES);
    await store.dispatch(
      paymentMethodsApi.util.upsertQueryData(
        'getPaymentMethods',
        undefined,
        paymentMethodsAdapter.setAll(paymentMethodsAdapter.getInitialState(), [bankMethod()]),
      ),
    );
    const changed = new Set(
      changesSince(store, before)
        .filter((problem) => problem.endsWith('new reference'))
        .map((problem) => problem.split(' ')[0]),
    );
    for (const name of [
      'selectPaymentMethodsList',
      'selectPaymentMethodFlags',
      'selectMethodMenuItems',
      'selectAdditionRules',
      'selectMethodOptions',
      'selectVisibleFallbackOptions',
    ]) {
      expect(changed).toContain(name);
    }
    expect(D.selectMethodOptions(store.getState()).map((option) => option.method.id)).toEqual(['pm-bank']);
  });
});
