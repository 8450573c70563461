import type { LightMyRequestResponse } from 'fastify';
import { ApiPaths, apiPath, IDEMPOTENCY_HEADER, type SandboxMicroDepositsResponse } from '../../api/contract';
import { encodeSandboxPaymentMethod, findCardLikeNumbers, passesLuhn } from '../../api/contract/sandboxCards';
import { DEMO_PASSWORD } from '../db/seed';
import { REFRESH_COOKIE } from '../domain/refreshTokens';
import { freshCustomer, type Customer } from '../testing/fundingKit';
import { CSRF, refreshCookieOf } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// The server's log at its most talkative level while customers do what they do every day: sign in, refresh,
// link banks by number and by micro-deposits, add a debit card, deposit, change their address. Every line is
// then searched for what must never be written down: passwords, tokens, cookie values, bank account numbers
// (alone or next to their routing number), card numbers and the card provider's client secrets.

const { app, logs } = useTestApp({ config: { logLevel: 'trace' } });

/**
 * A log line without pino's clock and Fastify's response time: epoch milliseconds (13 digits) and the fraction of
 * a float can pass Luhn by chance.
 */
function scannable(line: string): string {
  try {
    const { time: _time, responseTime: _responseTime, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line;
  }
}

const secrets = new Map<string, string>();
const remember = (what: string, value: string | undefined) => {
  if (value) secrets.set(value, what);
};
const expectOk = (response: LightMyRequestResponse, what: string) => {
  if (response.statusCode >= 300) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  return response;
};

const BANK_NUMBER = { routingNumber: '021000021', bankAccount: '000123456789' };
const MICRO_BANK = { routingNumber: '021000021', bankAccount: '55512345678' };
const WRONG_PASSWORD = 'Not-The-Password-42!';
const CARD_NUMBER = '4000056655665556';

beforeAll(async () => {
  logs.splice(0);
  remember('the demo password', DEMO_PASSWORD);
  remember('a mistyped password', WRONG_PASSWORD);
  remember('a bank account number', BANK_NUMBER.bankAccount);
  remember('a routing and account number pair', `${BANK_NUMBER.routingNumber}${BANK_NUMBER.bankAccount}`);
  remember('a micro-deposit bank account number', MICRO_BANK.bankAccount);
  remember('a routing and account number pair', `${MICRO_BANK.routingNumber}${MICRO_BANK.bankAccount}`);
  remember('a card number', CARD_NUMBER);

  // Sign-in, a wrong password, refresh and logout.
  const wrong = await app.inject({
    method: 'POST',
    url: ApiPaths.login,
    headers: CSRF,
    payload: { email: 'alex@fundflow.test', password: WRONG_PASSWORD },
  });
  expect(wrong.statusCode).toBe(401);
  const login = expectOk(
    await app.inject({
      method: 'POST',
      url: ApiPaths.login,
      headers: CSRF,
      payload: { email: 'alex@fundflow.test', password: DEMO_PASSWORD },
    }),
    'login',
  );
  remember('an access token', login.json<{ accessToken: string }>().accessToken);
  remember('a refresh cookie', refreshCookieOf(login)?.value);
  const refreshed = expectOk(
    await app.inject({
      method: 'POST',
      url: ApiPaths.refresh,
      headers: CSRF,
      cookies: { [REFRESH_COOKIE]: refreshCookieOf(login)!.value },
    }),
    'refresh',
  );
  remember('an access token', refreshed.json<{ accessToken: string }>().accessToken);
  remember('a refresh cookie', refreshCookieOf(refreshed)?.value);
  // A stale cookie presented again (reuse detection logs a warning).
  await app.inject({ method: 'POST', url: ApiPaths.refresh, headers: CSRF, cookies: { [REFRESH_COOKIE]: refreshCookieOf(login)!.value } });
  // That reuse ended every session of the customer (their access tokens too): signed in again for the flows below.
  const again = expectOk(
    await app.inject({
      method: 'POST',
      url: ApiPaths.login,
      headers: CSRF,
      payload: { email: 'alex@fundflow.test', password: DEMO_PASSWORD },
    }),
    'login again',
  );
  remember('an access token', again.json<{ accessToken: string }>().accessToken);
  remember('a refresh cookie', refreshCookieOf(again)?.value);

  const customers: Customer[] = [];
  const customer = async (template: string) => {
    const made = await freshCustomer(app, template);
    remember('an access token', made.accessToken);
    customers.push(made);
    return made;
  };

  // A bank linked by routing and account number.
  const byNumber = await customer('new@fundflow.test');
  expectOk(await byNumber.send('POST', ApiPaths.numberLink, BANK_NUMBER), 'number link');
  // The same numbers again: refused as a duplicate, an error path that must not write them down either.
  await byNumber.send('POST', ApiPaths.numberLink, BANK_NUMBER);

  // A bank linked by micro-deposits, a wrong entry, then the right amounts.
  const micro = await customer('new@fundflow.test');
  const linked = expectOk(
    await micro.send('POST', ApiPaths.microDepositLink, { ...MICRO_BANK, bankAccountType: 'CHECKING' }),
    'micro-deposit link',
  );
  const methodId = linked.json<{ linkedPaymentMethod: { id: string } }>().linkedPaymentMethod.id;
  const amounts = (
    await micro.get(apiPath(ApiPaths.sandboxMicroDeposits, { paymentMethodId: methodId }))
  ).json<SandboxMicroDepositsResponse>();
  await micro.send('POST', ApiPaths.microDepositVerify, { paymentMethodId: methodId, amount1: '0.01', amount2: '0.02' });
  expectOk(await micro.send('POST', ApiPaths.microDepositVerify, { paymentMethodId: methodId, ...amounts }), 'micro-deposit verify');

  // A debit card in the sandbox: the setup intent's client secret and the card's provider id stay out of logs.
  const cardholder = await customer('unverified@fundflow.test');
  expectOk(
    await cardholder.send('PUT', ApiPaths.profileAddress, {
      address1: '1427 S Walnut St',
      address2: null,
      city: 'Springfield',
      state: 'IL',
      zipcode: '62704',
      country: 'USA',
    }),
    'address change',
  );
  const intent = expectOk(await cardholder.send('POST', ApiPaths.debitCardSetupIntent), 'setup intent').json<{ clientSecret: string }>();
  remember('a card setup client secret', intent.clientSecret);
  const providerId = encodeSandboxPaymentMethod({
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    commercial: false,
    last4: CARD_NUMBER.slice(-4),
    expMonth: 12,
    expYear: 2030,
    fingerprint: 'fp-logs-test',
  });
  expectOk(
    await cardholder.send('POST', ApiPaths.debitCardLink, { token: intent.clientSecret.split('_secret_')[0], paymentMethodId: providerId }),
    'debit card',
  );
  // A client that wrongly sends a whole card number where an id belongs: refused, and not logged.
  await cardholder.send('POST', ApiPaths.debitCardLink, { token: intent.clientSecret.split('_secret_')[0], paymentMethodId: CARD_NUMBER });

  // A deposit from the bank linked by number.
  const accounts = (await byNumber.get(ApiPaths.accounts)).json<{ accounts: Array<{ accountUuid: string }> }>().accounts;
  const bank = (await byNumber.methods()).find((method) => method.type === 'ACH');
  if (accounts[0] && bank) {
    const made = await byNumber.send('POST', ApiPaths.depositIntents, {
      paymentMethodId: bank.id,
      accountUuid: accounts[0].accountUuid,
      amount: { amount: '25.00', currency: 'USD' },
    });
    if (made.statusCode === 200) {
      const intentId = made.json<{ intent?: { id: string }; id?: string }>();
      const id = intentId.intent?.id ?? intentId.id;
      await app.inject({
        method: 'POST',
        url: ApiPaths.depositConfirm,
        headers: { ...CSRF, authorization: `Bearer ${byNumber.accessToken}`, [IDEMPOTENCY_HEADER]: 'logs-test-deposit' },
        payload: { id, accountUuid: accounts[0].accountUuid },
      });
    }
  }
  // A deposit by a funded demo customer, whose history the statements read.
  const alex = { authorization: `Bearer ${again.json<{ accessToken: string }>().accessToken}` };
  const alexMethods = (await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers: alex })).json<{
    paymentMethods: Array<{ id: string; type: string; status: string }>;
  }>();
  const alexAccounts = (await app.inject({ method: 'GET', url: ApiPaths.accounts, headers: alex })).json<{
    accounts: Array<{ accountUuid: string; variant: string; account: string }>;
  }>();
  for (const account of alexAccounts.accounts) remember('a brokerage account number', account.account);
  const alexBank = alexMethods.paymentMethods.find((method) => method.type === 'ACH' && method.status === 'APPROVED')!;
  const brokerage = alexAccounts.accounts.find((account) => account.variant === 'US')!;
  const depositIntent = expectOk(
    await app.inject({
      method: 'POST',
      url: ApiPaths.depositIntents,
      headers: { ...CSRF, ...alex },
      payload: { paymentMethodId: alexBank.id, accountUuid: brokerage.accountUuid, amount: { amount: '40.00', currency: 'USD' } },
    }),
    'deposit intent',
  ).json<{ intent?: { id: string }; id?: string }>();
  expectOk(
    await app.inject({
      method: 'POST',
      url: ApiPaths.depositConfirm,
      headers: { ...CSRF, ...alex, [IDEMPOTENCY_HEADER]: 'logs-test-alex' },
      payload: { id: depositIntent.intent?.id ?? depositIntent.id, accountUuid: brokerage.accountUuid },
    }),
    'deposit confirm',
  );
  await app.inject({ method: 'POST', url: ApiPaths.logout, headers: CSRF, cookies: { [REFRESH_COOKIE]: refreshCookieOf(again)!.value } });
}, 120_000);

describe('the log of everyday flows', () => {
  it('was written at the lowest level, request by request', () => {
    // The flows above made dozens of requests; each has its incoming and completed lines at least.
    expect(logs.length).toBeGreaterThan(50);
    expect(logs.some((line) => line.includes('"msg":"incoming request"'))).toBe(true);
  });

  it('holds no password, token, cookie, bank account number or client secret', () => {
    const found: string[] = [];
    for (const line of logs) {
      const text = scannable(line);
      for (const [secret, what] of secrets) if (text.includes(secret)) found.push(`${what} in ${text.slice(0, 200)}`);
    }
    expect(found).toEqual([]);
  });

  it('holds no card-number-like digit run (13 to 19 digits passing Luhn)', () => {
    expect(passesLuhn(CARD_NUMBER)).toBe(true);
    expect(findCardLikeNumbers(`x ${CARD_NUMBER} y`)).toEqual([CARD_NUMBER]);
    const found = logs.flatMap((line) => findCardLikeNumbers(scannable(line)).map((run) => `${run} in ${scannable(line).slice(0, 200)}`));
    expect(found).toEqual([]);
  });

  it('holds no Authorization header or cookie header value, even redacted ones in another shape', () => {
    const headerLeaks = logs.filter(
      (line) =>
        /"authorization":"(?!\[redacted\])/i.test(line) || /"cookie":"(?!\[redacted\])/i.test(line) || /Bearer [A-Za-z0-9]/.test(line),
    );
    expect(headerLeaks).toEqual([]);
  });
});
