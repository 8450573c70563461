import { configApi } from '../../api/configApi';
import { depositsApi } from '../../api/depositsApi';
import { accountsApi } from '../../api/accountsApi';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { makeStore } from '../../store/store';
import { mswServer } from '../../test/msw/server';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract/values';
import { accountsHandler, API_ORIGIN, paymentMethodsHandler } from '../../test/msw/handlers';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import { iraConfigHandler, refusal, userPropertiesBackend } from '../../test/msw/iraHandlers';
import { depositFlowOpened, sourceChosen } from '../deposits/depositDraftSlice';
import {
  matchCents,
  selectIraChosenSource,
  selectIraDefaultSource,
  selectIraSourceOptions,
  selectShowIraMatchWelcome,
} from './iraDepositSelectors';

async function storeWith({
  properties,
  matchPercent = 1,
  config = true,
}: {
  properties?: Record<string, boolean> | 'fails';
  matchPercent?: number;
  config?: boolean;
}) {
  const backend =
    properties === 'fails'
      ? userPropertiesBackend({}, { failGet: refusal(500, 'INTERNAL_ERROR', 'down') })
      : userPropertiesBackend(properties ?? {});
  mswServer.use(iraConfigHandler({ iraMatchPercent: matchPercent }), ...backend.handlers);
  const store = makeStore();
  if (config) await store.dispatch(configApi.endpoints.getConfig.initiate());
  if (properties !== undefined) await store.dispatch(depositsApi.endpoints.getUserProperties.initiate());
  return store;
}

describe('selectShowIraMatchWelcome', () => {
  it('shows the welcome when the match is on and iraMatchWelcomeSeen is not true', async () => {
    expect(selectShowIraMatchWelcome((await storeWith({ properties: {} })).getState())).toBe(true);
  });

  it('not once the customer has seen it', async () => {
    expect(selectShowIraMatchWelcome((await storeWith({ properties: { iraMatchWelcomeSeen: true } })).getState())).toBe(false);
  });

  it('not when the match is off (iraMatchPercent 0)', async () => {
    expect(selectShowIraMatchWelcome((await storeWith({ properties: {}, matchPercent: 0 })).getState())).toBe(false);
  });

  it('not before the configuration and the properties have answered (no flash)', async () => {
    expect(selectShowIraMatchWelcome((await storeWith({ config: false, properties: {} })).getState())).toBe(false);
    expect(selectShowIraMatchWelcome((await storeWith({})).getState())).toBe(false);
  });

  it('not when the properties cannot be read (the deposit is not held up)', async () => {
    expect(selectShowIraMatchWelcome((await storeWith({ properties: 'fails' })).getState())).toBe(false);
  });

  it('with the default flags (the match on) when the configuration fails', async () => {
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.config}`, () =>
        HttpResponse.json({ errorCode: 'INTERNAL_ERROR', message: 'down' }, { status: 500 }),
      ),
    );
    mswServer.use(...userPropertiesBackend({}).handlers);
    const store = makeStore();
    await store.dispatch(depositsApi.endpoints.getUserProperties.initiate());
    expect(selectShowIraMatchWelcome(store.getState())).toBe(false);
    await store.dispatch(configApi.endpoints.getConfig.initiate());
    expect(selectShowIraMatchWelcome(store.getState())).toBe(true);
  });
});

describe('matchCents', () => {
  it('is the match percent of the amount, rounded down, in whole cents', () => {
    expect(matchCents(700_000, 1)).toBe(7_000);
    expect(matchCents(12_345, 1)).toBe(123);
    expect(matchCents(10_000, 1.5)).toBe(150);
    expect(matchCents(99, 1)).toBe(0);
  });
});

describe('IRA sources', () => {
  const brokerage = accountFixture({ accountUuid: 'uuid-brokerage', variant: 'US' });
  const roth = accountFixture({ accountUuid: 'uuid-roth', variant: 'ROTH_IRA', account: '482139077' });
  const traditional = accountFixture({ accountUuid: 'uuid-trad', variant: 'TRADITIONAL_IRA', account: '482139076' });

  async function irasStore(
    methods = [
      paymentMethodFixture({ id: 'pm-bank', defaultPaymentMethod: true }),
      paymentMethodFixture({ id: 'pm-card', type: 'DEBIT_CARD' }),
    ],
  ) {
    mswServer.use(accountsHandler([brokerage, roth, traditional]), paymentMethodsHandler(methods));
    const store = makeStore();
    await store.dispatch(accountsApi.endpoints.getAccounts.initiate());
    await store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-roth' }));
    return store;
  }

  it('lists methods (a debit card disabled for a retirement account) and the cash accounts, never another IRA', async () => {
    const store = await irasStore();
    const options = selectIraSourceOptions(store.getState());
    expect(options.map((option) => option.key).sort()).toEqual(['account:uuid-brokerage', 'pm:pm-bank', 'pm:pm-card']);
    expect(options.find((option) => option.key === 'pm:pm-card')?.disabledReason).toEqual(expect.any(String));
    expect(options.find((option) => option.key === 'pm:pm-bank')?.disabledReason).toBeNull();
  });

  it('preselects the deposit flow’s default method, else an account with a balance', async () => {
    const store = await irasStore();
    expect(selectIraDefaultSource(store.getState(), '2026-03-01T12:00:00.000Z')).toEqual({
      kind: 'paymentMethod',
      id: 'pm-bank',
      fundingSourceType: 'ACH',
    });
    const cardOnly = await irasStore([paymentMethodFixture({ id: 'pm-card', type: 'DEBIT_CARD' })]);
    expect(selectIraDefaultSource(cardOnly.getState(), '2026-03-01T12:00:00.000Z')).toEqual({
      kind: 'internalAccount',
      id: 'uuid-brokerage',
      fundingSourceType: 'BUYING_POWER',
    });
  });

  it('treats a chosen debit card as no source at all', async () => {
    const store = await irasStore();
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-card', fundingSourceType: 'DEBIT_CARD' }));
    expect(selectIraChosenSource(store.getState())).toBeNull();
    store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' }));
    expect(selectIraChosenSource(store.getState())?.key).toBe('pm:pm-bank');
  });
});
