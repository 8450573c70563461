import type { Kysely } from 'kysely';
import { manualClock } from '../clock';
import type { Database } from '../db/schema';
import { PartnerError, providersFromEnvironment } from '../providers';
import { livePlaid } from './plaidLive';
import { liveStripe } from './stripeLive';
import { sandboxLoginError } from './plaidSandbox';
import { sandboxAccountVerification } from './verificationSandbox';

// The live vendors cannot be reached from here (no network): these tests check the requests they build and
// how they read answers, through an injected fetch.

interface Recorded {
  url: string;
  init: RequestInit;
}

function fakeFetch(answers: Array<{ status?: number; body: unknown }>) {
  const calls: Recorded[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift() ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const bodyOf = (call: Recorded) => JSON.parse(String(call.init.body)) as Record<string, unknown>;

describe('live Plaid', () => {
  it('creates a link token for a new link with auth, US, the redirect URI and the customer id', async () => {
    const { calls, fetchImpl } = fakeFetch([{ body: { link_token: 'link-production-abc', expiration: '2026-03-02T19:00:00Z' } }]);
    const plaid = livePlaid({ clientId: 'cid', secret: 'sec', environment: 'production', redirectUri: 'https://app.example/oauth', fetch: fetchImpl });
    const token = await plaid.createLinkToken({ userId: 'user-1' });
    expect(token).toEqual({ linkToken: 'link-production-abc', expiration: new Date('2026-03-02T19:00:00Z') });
    expect(calls[0].url).toBe('https://production.plaid.com/link/token/create');
    expect(calls[0].init.method).toBe('POST');
    expect(bodyOf(calls[0])).toEqual({
      client_id: 'cid',
      secret: 'sec',
      client_name: 'Fundflow',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'user-1' },
      products: ['auth'],
      redirect_uri: 'https://app.example/oauth',
    });
  });

  it('creates an update-mode token with the access token and no products', async () => {
    const { calls, fetchImpl } = fakeFetch([{ body: { link_token: 'link-sandbox-upd', expiration: '2026-03-02T15:30:00Z' } }]);
    const plaid = livePlaid({ clientId: 'cid', secret: 'sec', environment: 'sandbox', redirectUri: null, fetch: fetchImpl });
    await plaid.createLinkToken({ userId: 'user-1', update: { accessToken: 'access-sandbox-1' } });
    expect(calls[0].url).toBe('https://sandbox.plaid.com/link/token/create');
    const body = bodyOf(calls[0]);
    expect(body.access_token).toBe('access-sandbox-1');
    expect(body).not.toHaveProperty('products');
    expect(body).not.toHaveProperty('redirect_uri');
  });

  it('exchanges the public token, then reads the accounts (masks only) and the institution', async () => {
    const { calls, fetchImpl } = fakeFetch([
      { body: { access_token: 'access-1', item_id: 'item-1' } },
      {
        body: {
          accounts: [{ account_id: 'acc-1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' }],
          item: { institution_id: 'ins_109508' },
        },
      },
    ]);
    const plaid = livePlaid({ clientId: 'cid', secret: 'sec', environment: 'sandbox', redirectUri: null, fetch: fetchImpl });
    const item = await plaid.exchangePublicToken('public-sandbox-1', 'user-1');
    expect(calls.map((c) => c.url)).toEqual(['https://sandbox.plaid.com/item/public_token/exchange', 'https://sandbox.plaid.com/accounts/get']);
    expect(bodyOf(calls[0]).public_token).toBe('public-sandbox-1');
    expect(bodyOf(calls[1]).access_token).toBe('access-1');
    expect(item).toEqual({
      itemId: 'item-1',
      accessToken: 'access-1',
      partnerInstitutionId: 'ins_109508',
      institutionId: null,
      accounts: [{ id: 'acc-1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' }],
    });
  });

  it("turns Plaid's error body into a PartnerError with its code", async () => {
    const { fetchImpl } = fakeFetch([{ status: 400, body: { error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN', error_message: 'bad token' } }]);
    const plaid = livePlaid({ clientId: 'cid', secret: 'sec', environment: 'sandbox', redirectUri: null, fetch: fetchImpl });
    await expect(plaid.exchangePublicToken('x', 'u')).rejects.toEqual(new PartnerError('INVALID_PUBLIC_TOKEN', 'bad token'));
  });
});

describe('live Stripe', () => {
  it('creates a setup intent with a form body and the secret key as bearer', async () => {
    const { calls, fetchImpl } = fakeFetch([{ body: { id: 'seti_1', client_secret: 'seti_1_secret_x' } }]);
    const stripe = liveStripe({ secretKey: 'sk_test_1', publishableKey: 'pk_test_1', fetch: fetchImpl });
    expect(await stripe.createSetupIntent('user-1')).toEqual({ id: 'seti_1', clientSecret: 'seti_1_secret_x' });
    expect(calls[0].url).toBe('https://api.stripe.com/v1/setup_intents');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer sk_test_1');
    expect(new URLSearchParams(String(calls[0].init.body)).get('payment_method_types[]')).toBe('card');
    expect(stripe.publishableKey).toBe('pk_test_1');
  });

  it('reads a setup intent and a payment method; a 404 is null', async () => {
    const { calls, fetchImpl } = fakeFetch([
      { body: { id: 'seti_1', status: 'succeeded', payment_method: 'pm_1' } },
      { body: { card: { brand: 'visa', funding: 'debit', country: 'US', last4: '5556', exp_month: 4, exp_year: 2031, fingerprint: 'fp' } } },
      { status: 404, body: { error: { message: 'No such payment_method' } } },
    ]);
    const stripe = liveStripe({ secretKey: 'sk', publishableKey: 'pk', fetch: fetchImpl });
    expect(await stripe.retrieveSetupIntent('seti_1')).toEqual({ id: 'seti_1', status: 'succeeded', paymentMethodId: 'pm_1' });
    expect(await stripe.retrievePaymentMethod('pm_1')).toEqual({
      brand: 'visa',
      funding: 'debit',
      country: 'US',
      commercial: false,
      last4: '5556',
      expMonth: 4,
      expYear: 2031,
      fingerprint: 'fp',
    });
    expect(await stripe.retrievePaymentMethod('pm_missing')).toBeNull();
    expect(calls.map((c) => [c.init.method, c.url])).toEqual([
      ['GET', 'https://api.stripe.com/v1/setup_intents/seti_1'],
      ['GET', 'https://api.stripe.com/v1/payment_methods/pm_1'],
      ['GET', 'https://api.stripe.com/v1/payment_methods/pm_missing'],
    ]);
  });
});

describe('provider selection from the environment', () => {
  const context = { db: {} as Kysely<Database>, clock: manualClock('2026-03-02T15:00:00Z') };

  it('stays in the sandbox without keys', () => {
    const providers = providersFromEnvironment({}, context);
    expect([providers.kind, providers.partner.mode, providers.cards.mode]).toEqual(['sandbox', 'sandbox', 'sandbox']);
  });

  it('takes each vendor live when its keys are set', () => {
    const plaidOnly = providersFromEnvironment({ PLAID_CLIENT_ID: 'c', PLAID_SECRET: 's' }, context);
    expect([plaidOnly.kind, plaidOnly.partner.mode, plaidOnly.cards.mode]).toEqual(['live', 'live', 'sandbox']);
    const stripe = providersFromEnvironment({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' }, context);
    expect([stripe.partner.mode, stripe.cards.mode, stripe.cards.publishableKey]).toEqual(['sandbox', 'live', 'pk']);
  });
});

describe('sandbox rules', () => {
  it("Plaid's sandbox credentials", () => {
    expect(sandboxLoginError('user_good', 'pass_good')).toBeNull();
    expect(sandboxLoginError('user_good', 'error_ITEM_LOCKED')?.errorCode).toBe('ITEM_LOCKED');
    expect(sandboxLoginError('user_good', 'error_SOMETHING_NEW')?.errorCode).toBe('SOMETHING_NEW');
    expect(sandboxLoginError('user_bad', 'pass_good')?.errorCode).toBe('INVALID_CREDENTIALS');
  });

  it('the verification service: 0000 unable, 1111 failed, others verified', async () => {
    expect(await sandboxAccountVerification.verify('021000021', '12340000')).toBe('UNABLE_TO_VERIFY');
    expect(await sandboxAccountVerification.verify('021000021', '12341111')).toBe('VERIFICATION_FAILED');
    expect(await sandboxAccountVerification.verify('021000021', '12345678')).toBe('VERIFIED');
  });
});
