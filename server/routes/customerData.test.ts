import {
  ApiPaths,
  DEFAULT_FLAGS,
  type AccountsResponse,
  type MeResponse,
  type PaymentMethodsResponse,
  type UniversalConfig,
} from '../../api/contract';
import { writeAppConfig } from '../repositories/appConfig';
import { bearer, CSRF, signIn } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db, logs } = useTestApp();

async function get<T>(email: string, url: string): Promise<T> {
  const { accessToken } = await signIn(app, email);
  const response = await app.inject({ method: 'GET', url, headers: bearer(accessToken) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<T>();
}

describe('GET /api/accounts', () => {
  it("lists the customer's own accounts with balances converted from cents to decimal strings", async () => {
    const { accounts } = await get<AccountsResponse>('alex@fundflow.test', ApiPaths.accounts);
    expect(accounts.map((a) => a.variant)).toEqual(['US', 'TRADITIONAL_IRA', 'ROTH_IRA', 'HIGH_YIELD']);
    const [brokerage, ira] = accounts;
    expect(brokerage).toMatchObject({
      accountId: '5001001',
      account: '482139075',
      displayName: 'Brokerage',
      status: 'OPEN',
      parentAccountId: null,
      balance: { amount: '12480.55', currency: 'USD' },
      type: 'margin',
      userType: 'INDIVIDUAL',
      dateJoined: '2023-03-14',
      hasFunded: true,
      actions: [],
    });
    expect(ira.parentAccountId).toBe('5001001');
  });

  it('converts whatever cents the database holds exactly, including large and zero balances', async () => {
    await db.updateTable('accounts').set({ balance_cents: 123_456_789_012 }).where('account_id', '=', '5004001').execute();
    const { accounts } = await get<AccountsResponse>('entity@fundflow.test', ApiPaths.accounts);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ variant: 'ENTITY', userType: 'ENTITY', balance: { amount: '1234567890.12', currency: 'USD' } });
    const fresh = await get<AccountsResponse>('new@fundflow.test', ApiPaths.accounts);
    expect(fresh.accounts[0].balance).toEqual({ amount: '0.00', currency: 'USD' });
  });

  it("never shows another customer's accounts", async () => {
    const alex = await get<AccountsResponse>('alex@fundflow.test', ApiPaths.accounts);
    const jordan = await get<AccountsResponse>('new@fundflow.test', ApiPaths.accounts);
    expect(jordan.accounts.map((a) => a.accountId)).toEqual(['5002001']);
    const alexIds = new Set(alex.accounts.map((a) => a.accountUuid));
    expect(jordan.accounts.some((a) => alexIds.has(a.accountUuid))).toBe(false);
  });

  it('shows a pending application as a pending account', async () => {
    const { accounts } = await get<AccountsResponse>('pending@fundflow.test', ApiPaths.accounts);
    expect(accounts.map((a) => a.status)).toEqual(['PENDING']);
  });
});

describe('GET /api/payment-methods', () => {
  it('lists own methods, default first, with only the last 4 digits and money as decimal strings', async () => {
    const { paymentMethods } = await get<PaymentMethodsResponse>('alex@fundflow.test', ApiPaths.paymentMethods);
    expect(paymentMethods.map((m) => m.type)).toEqual(['ACH', 'DEBIT_CARD']);
    const [bank, card] = paymentMethods;
    expect(bank).toMatchObject({
      displayName: 'Chase Total Checking',
      paymentMethodNumber: '6789',
      defaultPaymentMethod: true,
      status: 'APPROVED',
      readiness: 'READY',
      verificationStatus: 'VERIFIED',
      bankAccountType: 'CHECKING',
      amountDeposited: { amount: '15000.00', currency: 'USD' },
      depositLimit: { amount: '50000.00', currency: 'USD' },
      approvalAmount: null,
    });
    expect(card).toMatchObject({ type: 'DEBIT_CARD', paymentMethodNumber: '4242', defaultPaymentMethod: false, updatable: true });
    expect(new Date(bank.createdAt).toISOString()).toBe('2023-03-15T10:02:00.000Z');
    for (const method of paymentMethods) expect(method.paymentMethodNumber).toMatch(/^\d{1,4}$/);
  });

  it("never shows another customer's methods", async () => {
    const alex = await get<PaymentMethodsResponse>('alex@fundflow.test', ApiPaths.paymentMethods);
    const jordan = await get<PaymentMethodsResponse>('new@fundflow.test', ApiPaths.paymentMethods);
    expect(jordan.paymentMethods.map((m) => m.displayName)).toEqual(['Wells Fargo Everyday Checking']);
    const alexIds = new Set(alex.paymentMethods.map((m) => m.id));
    expect(jordan.paymentMethods.some((m) => alexIds.has(m.id))).toBe(false);
    const pending = await get<PaymentMethodsResponse>('pending@fundflow.test', ApiPaths.paymentMethods);
    expect(pending.paymentMethods).toEqual([]);
  });
});

describe('me and terms', () => {
  it('answers the signed-in user', async () => {
    const { user } = await get<MeResponse>('joint@fundflow.test', ApiPaths.me);
    expect(user).toMatchObject({ email: 'joint@fundflow.test', userType: 'JOINT', status: 'ACTIVE', mustAcceptTerms: false });
  });

  it('accepting the terms clears mustAcceptTerms and the ACCEPT_TERMS account action', async () => {
    const { accessToken, session } = await signIn(app, 'terms@fundflow.test');
    expect(session.user.mustAcceptTerms).toBe(true);
    const before = await app.inject({ method: 'GET', url: ApiPaths.accounts, headers: bearer(accessToken) });
    expect(before.json<AccountsResponse>().accounts[0].actions).toEqual(['ACCEPT_TERMS']);

    const response = await app.inject({ method: 'POST', url: ApiPaths.acceptTerms, headers: { ...bearer(accessToken), ...CSRF } });
    expect(response.statusCode).toBe(200);
    expect(response.json<MeResponse>().user.mustAcceptTerms).toBe(false);

    const after = await app.inject({ method: 'GET', url: ApiPaths.accounts, headers: bearer(accessToken) });
    expect(after.json<AccountsResponse>().accounts[0].actions).toEqual([]);
  });
});

describe('GET /api/config', () => {
  afterEach(async () => {
    await db.deleteFrom('app_config').execute();
  });

  it('answers the default flags and no market restrictions when nothing is stored', async () => {
    const config = await get<UniversalConfig>('alex@fundflow.test', ApiPaths.config);
    expect(config.flags).toEqual(DEFAULT_FLAGS);
    expect(Object.values(config.marketRestrictions).every((restricted) => restricted === false)).toBe(true);
    expect(config.marketRestrictions).toHaveProperty('crypto', false);
  });

  it('takes stored values over the defaults on the next request, and ignores malformed rows', async () => {
    const now = new Date('2026-03-02T15:00:00Z');
    await writeAppConfig(db, 'flags.highYield', true, now);
    await writeAppConfig(db, 'flags.dcfLimit', 5000, now);
    await writeAppConfig(db, 'flags.recurringDeposits', 'yes', now);
    await writeAppConfig(db, 'flags.noSuchFlag', true, now);
    await writeAppConfig(db, 'marketRestrictions.crypto', true, now);

    const config = await get<UniversalConfig>('alex@fundflow.test', ApiPaths.config);
    expect(config.flags).toEqual({ ...DEFAULT_FLAGS, highYield: true, dcfLimit: 5000 });
    expect(config.marketRestrictions.crypto).toBe(true);
    expect(config).not.toHaveProperty('flags.noSuchFlag');
    expect(logs.some((line) => line.includes('configuration entries ignored') && line.includes('flags.recurringDeposits'))).toBe(true);
  });

  it('needs a signed-in customer', async () => {
    expect((await app.inject({ method: 'GET', url: ApiPaths.config })).statusCode).toBe(401);
  });
});
