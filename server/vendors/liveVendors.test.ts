import type { Kysely } from 'kysely';
import { manualClock } from '../clock';
import type { Database } from '../db/schema';
import { PartnerError, providersFromEnvironment } from '../providers';
import type { AxiosAdapter } from 'axios';
import Stripe from 'stripe';
import { livePlaid, PLAID_API_VERSION, PLAID_TIMEOUT_MS, type LivePlaidOptions } from './plaidLive';
import { liveStripe, setupIntentIdempotencyKey, STRIPE_API_VERSION, STRIPE_MAX_NETWORK_RETRIES, STRIPE_TIMEOUT_MS } from './stripeLive';
import { sandboxLoginError } from './plaidSandbox';
import { sandboxAccountVerification } from './verificationSandbox';

// The live vendors cannot be reached from here (no network): these tests check the requests the official SDKs
// build and how their answers are read, through each SDK's own test hook: Stripe's HttpClient (a subclass that
// records every request and answers canned responses) and Plaid's axios adapter (given in baseOptions).

interface StripeRequest {
  method: string;
  host: string;
  path: string;
  headers: Record<string, string>;
  form: URLSearchParams;
  timeout: number;
}

interface Canned {
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

class CannedStripeResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    headers: Record<string, string>,
    private readonly body: unknown,
  ) {
    super(status, headers);
  }
  getRawResponse() {
    return this.body;
  }
  toStream(done: () => void) {
    done();
    return null;
  }
  toJSON() {
    return Promise.resolve(this.body);
  }
}

class RecordingStripeClient extends Stripe.HttpClient {
  readonly requests: StripeRequest[] = [];
  constructor(private readonly answers: Canned[]) {
    super();
  }
  getClientName() {
    return 'fundflow-recording';
  }
  makeRequest(
    host: string,
    _port: string,
    path: string,
    method: string,
    headers: Record<string, unknown>,
    requestData: string,
    _protocol: string,
    timeout: number,
  ) {
    const lowered = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    this.requests.push({ method, host, path, headers: lowered, form: new URLSearchParams(requestData ?? ''), timeout });
    const answer = this.answers.shift() ?? { status: 500, body: { error: { message: 'no canned answer left' } } };
    return Promise.resolve(new CannedStripeResponse(answer.status ?? 200, { 'request-id': 'req_test', ...answer.headers }, answer.body));
  }
}

function recordingStripe(answers: Canned[], keys = { secretKey: 'sk_test_1', publishableKey: 'pk_test_1' }) {
  const httpClient = new RecordingStripeClient(answers);
  return { stripe: liveStripe({ ...keys, httpClient }), requests: httpClient.requests };
}

interface PlaidRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  timeout: number;
}

/** Plaid's SDK runs on axios; an adapter answers in place of the network (non-2xx rejects, as axios's own do). */
function recordingPlaid(answers: Canned[], options: Partial<LivePlaidOptions> = {}) {
  const requests: PlaidRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const headers = Object.fromEntries(
      Object.entries(config.headers.toJSON() as Record<string, unknown>).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    requests.push({
      url: config.url ?? '',
      method: config.method ?? '',
      headers,
      body: JSON.parse(String(config.data)) as Record<string, unknown>,
      timeout: config.timeout ?? 0,
    });
    const answer = answers.shift() ?? { status: 500, body: {} };
    const response = { data: answer.body, status: answer.status ?? 200, statusText: '', headers: {}, config };
    if (response.status >= 300) throw Object.assign(new Error(`Request failed with status code ${response.status}`), { response });
    return response;
  };
  const plaid = livePlaid({
    clientId: 'cid',
    secret: 'sec',
    environment: 'sandbox',
    redirectUri: null,
    adapter,
    retryDelayMs: 0,
    ...options,
  });
  return { plaid, requests };
}

describe('live Plaid (official SDK)', () => {
  it('creates a link token for a new link with auth, US, the redirect URI and the customer id; keys and the pinned version in headers', async () => {
    const { plaid, requests } = recordingPlaid([{ body: { link_token: 'link-production-abc', expiration: '2026-03-02T19:00:00Z' } }], {
      environment: 'production',
      redirectUri: 'https://app.example/oauth',
    });
    const token = await plaid.createLinkToken({ userId: 'user-1' });
    expect(token).toEqual({ linkToken: 'link-production-abc', expiration: new Date('2026-03-02T19:00:00Z') });
    expect([requests[0].method, requests[0].url]).toEqual(['post', 'https://production.plaid.com/link/token/create']);
    expect(requests[0].headers).toMatchObject({ 'plaid-client-id': 'cid', 'plaid-secret': 'sec', 'plaid-version': PLAID_API_VERSION });
    expect(requests[0].timeout).toBe(PLAID_TIMEOUT_MS);
    expect(requests[0].body).toEqual({
      client_name: 'Fundflow',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'user-1' },
      products: ['auth'],
      redirect_uri: 'https://app.example/oauth',
    });
  });

  it('creates an update-mode token with the access token and no products', async () => {
    const { plaid, requests } = recordingPlaid([{ body: { link_token: 'link-sandbox-upd', expiration: '2026-03-02T15:30:00Z' } }]);
    await plaid.createLinkToken({ userId: 'user-1', update: { accessToken: 'access-sandbox-1' } });
    expect(requests[0].url).toBe('https://sandbox.plaid.com/link/token/create');
    expect(requests[0].body.access_token).toBe('access-sandbox-1');
    expect(requests[0].body).not.toHaveProperty('products');
    expect(requests[0].body).not.toHaveProperty('redirect_uri');
  });

  it('exchanges the public token, then reads the accounts (masks only) and the institution', async () => {
    const { plaid, requests } = recordingPlaid([
      { body: { access_token: 'access-1', item_id: 'item-1' } },
      {
        body: {
          accounts: [{ account_id: 'acc-1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' }],
          item: { institution_id: 'ins_109508' },
        },
      },
    ]);
    const item = await plaid.exchangePublicToken('public-sandbox-1', 'user-1');
    expect(requests.map((r) => r.url)).toEqual([
      'https://sandbox.plaid.com/item/public_token/exchange',
      'https://sandbox.plaid.com/accounts/get',
    ]);
    expect(requests[0].body).toEqual({ public_token: 'public-sandbox-1' });
    expect(requests[1].body).toEqual({ access_token: 'access-1' });
    expect(item).toEqual({
      itemId: 'item-1',
      accessToken: 'access-1',
      partnerInstitutionId: 'ins_109508',
      institutionId: null,
      accounts: [{ id: 'acc-1', name: 'Plaid Checking', mask: '0000', subtype: 'checking' }],
    });
  });

  it("turns Plaid's error body into a PartnerError with its code", async () => {
    const { plaid } = recordingPlaid([
      { status: 400, body: { error_type: 'INVALID_INPUT', error_code: 'INVALID_PUBLIC_TOKEN', error_message: 'bad token' } },
    ]);
    await expect(plaid.exchangePublicToken('x', 'u')).rejects.toEqual(new PartnerError('INVALID_PUBLIC_TOKEN', 'bad token'));
  });

  it('retries a link token after a 5xx, but never the single-use public-token exchange', async () => {
    const retried = recordingPlaid([
      { status: 500, body: { error_code: 'INTERNAL_SERVER_ERROR' } },
      { body: { link_token: 'link-2', expiration: '2026-03-02T19:00:00Z' } },
    ]);
    expect((await retried.plaid.createLinkToken({ userId: 'user-1' })).linkToken).toBe('link-2');
    expect(retried.requests).toHaveLength(2);
    expect(retried.requests[1].body).toEqual(retried.requests[0].body);

    const once = recordingPlaid([{ status: 500, body: { error_code: 'INTERNAL_SERVER_ERROR', error_message: 'try later' } }, { body: {} }]);
    await expect(once.plaid.exchangePublicToken('public-1', 'user-1')).rejects.toEqual(
      new PartnerError('INTERNAL_SERVER_ERROR', 'try later'),
    );
    expect(once.requests).toHaveLength(1);
  });
});

describe('live Stripe (official SDK)', () => {
  it('creates a setup intent: form body, secret key as bearer, pinned API version, idempotency key from our attempt id', async () => {
    const { stripe, requests } = recordingStripe([{ body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' } }]);
    expect(await stripe.createSetupIntent('user-1', 'attempt-1')).toEqual({ id: 'seti_1', clientSecret: 'seti_1_secret_x' });
    const [request] = requests;
    expect([request.method, request.host, request.path]).toEqual(['POST', 'api.stripe.com', '/v1/setup_intents']);
    expect(request.headers.authorization).toBe('Bearer sk_test_1');
    expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(request.headers['idempotency-key']).toBe(setupIntentIdempotencyKey('attempt-1'));
    expect(request.timeout).toBe(STRIPE_TIMEOUT_MS);
    expect(request.form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(request.form.get('usage')).toBe('off_session');
    expect(request.form.get('metadata[fundflow_user_id]')).toBe('user-1');
    expect(stripe.publishableKey).toBe('pk_test_1');
  });

  it("retries a failed creation with the same idempotency key (Stripe's retry), and each attempt has its own key", async () => {
    const { stripe, requests } = recordingStripe([
      { status: 500, body: { error: { type: 'api_error', message: 'try again' } } },
      { status: 409, body: { error: { type: 'idempotency_error', message: 'in progress' } } },
      { body: { id: 'seti_1', object: 'setup_intent', client_secret: 'seti_1_secret_x' } },
      { body: { id: 'seti_2', object: 'setup_intent', client_secret: 'seti_2_secret_y' } },
    ]);
    expect((await stripe.createSetupIntent('user-1', 'attempt-1')).id).toBe('seti_1');
    expect(requests).toHaveLength(1 + STRIPE_MAX_NETWORK_RETRIES);
    const keys = requests.map((request) => request.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([setupIntentIdempotencyKey('attempt-1')]));
    expect(requests.map((request) => request.form.toString())).toEqual(Array(3).fill(requests[0].form.toString()));

    expect((await stripe.createSetupIntent('user-1', 'attempt-2')).id).toBe('seti_2');
    expect(requests[3].headers['idempotency-key']).toBe(setupIntentIdempotencyKey('attempt-2'));
  }, 20_000);

  it('reads a setup intent and a payment method; a 404 is null; reads carry the pinned version and no idempotency key', async () => {
    const { stripe, requests } = recordingStripe([
      { body: { id: 'seti_1', object: 'setup_intent', status: 'succeeded', payment_method: 'pm_1' } },
      {
        body: {
          id: 'pm_1',
          object: 'payment_method',
          card: { brand: 'visa', funding: 'debit', country: 'US', last4: '5556', exp_month: 4, exp_year: 2031, fingerprint: 'fp' },
        },
      },
      { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_method' } } },
    ]);
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
    expect(requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/v1/setup_intents/seti_1'],
      ['GET', '/v1/payment_methods/pm_1'],
      ['GET', '/v1/payment_methods/pm_missing'],
    ]);
    for (const request of requests) {
      expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
      expect(request.headers).not.toHaveProperty('idempotency-key');
    }
  });

  it('throws what is not a 404', async () => {
    const { stripe } = recordingStripe([
      { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } },
    ]);
    await expect(stripe.retrieveSetupIntent('seti_1')).rejects.toThrow('Invalid API Key provided');
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
