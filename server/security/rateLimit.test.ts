import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ApiErrorCode,
  ApiPaths,
  apiPath,
  FundingErrorCode,
  type PaymentMethodsResponse,
  type SandboxMicroDepositsResponse,
} from '../../api/contract';
import { DEMO_PASSWORD } from '../db/seed';
import { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_EMAIL, MICRO_DEPOSIT_VERIFICATIONS_PER_METHOD } from '../domain/rateLimits';
import { bearer, buildTestApp, CSRF, signIn, TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Limits are counted in the database: the tests move the app's clock to watch a window end, and one test
// splits the attempts over two app instances on the same database.

const { app, db, clock } = useTestApp({ clockAt: TEST_NOW });

// Every sign-in hashes a password: slow on a busy machine, and these tests make dozens.
jest.setTimeout(120_000);

const login = (target: FastifyInstance, email: string, password: string, remoteAddress = '198.51.100.1') =>
  target.inject({ method: 'POST', url: ApiPaths.login, headers: CSRF, payload: { email, password }, remoteAddress });

function expectRateLimited(response: LightMyRequestResponse, maxWaitSeconds: number) {
  expect(response.statusCode).toBe(429);
  const body = response.json<{ errorCode: string; message: string }>();
  expect(body.errorCode).toBe(ApiErrorCode.RATE_LIMITED);
  expect(body.message).toMatch(/Please wait \d+ (minutes?|seconds?) and try again\.$/);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
}

describe('sign-in attempts per email', () => {
  const email = 'alex@fundflow.test';
  const windowSeconds = LOGIN_FAILURES_PER_EMAIL.windowSeconds;

  it('allows the limit of wrong passwords, then refuses even the right one until the window ends', async () => {
    for (let attempt = 1; attempt <= LOGIN_FAILURES_PER_EMAIL.max; attempt += 1) {
      const response = await login(app, email, `wrong-${attempt}`, `203.0.113.${attempt}`);
      expect(response.json()).toMatchObject({ errorCode: ApiErrorCode.INVALID_CREDENTIALS });
    }
    clock.advance(60_000);
    const refused = await login(app, email, DEMO_PASSWORD, '203.0.113.99');
    expectRateLimited(refused, windowSeconds - 60);
    expect(Number(refused.headers['retry-after'])).toBe(windowSeconds - 60);
    expect(refused.json<{ message: string }>().message).toBe(
      'Too many failed sign-in attempts for this email. Please wait 14 minutes and try again.',
    );
    // The email in another letter case is the same account.
    expectRateLimited(await login(app, 'ALEX@fundflow.test', DEMO_PASSWORD, '203.0.113.98'), windowSeconds);

    clock.advance((windowSeconds - 60) * 1000);
    expect((await login(app, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('successful sign-ins do not count, and other accounts are not affected', async () => {
    const other = 'card@fundflow.test';
    for (let i = 0; i < LOGIN_FAILURES_PER_EMAIL.max + 3; i += 1) expect((await login(app, other, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt < LOGIN_FAILURES_PER_EMAIL.max; attempt += 1)
      expect((await login(app, other, 'wrong')).statusCode).toBe(401);
    // Still under the limit: the right password goes through.
    expect((await login(app, other, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await login(app, other, 'wrong')).statusCode).toBe(401);
    expectRateLimited(await login(app, other, 'wrong'), LOGIN_FAILURES_PER_EMAIL.windowSeconds);
    expect((await login(app, 'micro@fundflow.test', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('counts attempts made through every instance of the server together', async () => {
    const second = buildTestApp(db, { now: TEST_NOW });
    await second.app.ready();
    try {
      const email = 'joint@fundflow.test';
      for (let attempt = 1; attempt <= LOGIN_FAILURES_PER_EMAIL.max; attempt += 1) {
        const instance = attempt % 2 === 0 ? app : second.app;
        expect((await login(instance, email, 'wrong')).statusCode).toBe(401);
      }
      expectRateLimited(await login(app, email, DEMO_PASSWORD), LOGIN_FAILURES_PER_EMAIL.windowSeconds);
      expectRateLimited(await login(second.app, email, DEMO_PASSWORD), LOGIN_FAILURES_PER_EMAIL.windowSeconds);
    } finally {
      await second.app.close();
    }
  }, 30_000);

  it('parallel wrong guesses cannot slip past the limit together', async () => {
    const email = 'entity@fundflow.test';
    const answers = await Promise.all(Array.from({ length: LOGIN_FAILURES_PER_EMAIL.max + 4 }, (_, i) => login(app, email, `guess-${i}`)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_PER_EMAIL.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  }, 30_000);
});

describe('sign-in attempts per client address', () => {
  it('refuses an address that tried too many wrong credentials, whatever the email; other addresses go on', async () => {
    const address = '192.0.2.44';
    for (let attempt = 1; attempt <= LOGIN_FAILURES_PER_ADDRESS.max; attempt += 1) {
      expect((await login(app, `nobody-${attempt}@example.com`, 'wrong', address)).statusCode).toBe(401);
    }
    const refused = await login(app, 'full@fundflow.test', DEMO_PASSWORD, address);
    expectRateLimited(refused, LOGIN_FAILURES_PER_ADDRESS.windowSeconds);
    expect(refused.json<{ message: string }>().message).toMatch(/^Too many failed sign-in attempts from this network\./);
    expect((await login(app, 'full@fundflow.test', DEMO_PASSWORD, '192.0.2.45')).statusCode).toBe(200);

    clock.advance(LOGIN_FAILURES_PER_ADDRESS.windowSeconds * 1000);
    expect((await login(app, 'full@fundflow.test', DEMO_PASSWORD, address)).statusCode).toBe(200);
  }, 60_000);
});

describe('micro-deposit verification per payment method', () => {
  const limit = MICRO_DEPOSIT_VERIFICATIONS_PER_METHOD;

  async function pendingMicroDepositMethod(accessToken: string): Promise<string> {
    const response = await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers: bearer(accessToken) });
    const method = response
      .json<PaymentMethodsResponse>()
      .paymentMethods.find((candidate) => candidate.approvalMethod === 'MICRO_DEPOSIT' && candidate.status === 'PENDING');
    if (!method) throw new Error('the micro-deposit demo customer has no pending micro-deposit method');
    return method.id;
  }

  const verify = (accessToken: string, paymentMethodId: string, amount1: string, amount2: string) =>
    app.inject({
      method: 'POST',
      url: ApiPaths.microDepositVerify,
      headers: { ...CSRF, ...bearer(accessToken) },
      payload: { paymentMethodId, amount1, amount2 },
    });

  it('refuses calls past the limit, counts each method on its own, and lets calls through once the window ends', async () => {
    const { accessToken } = await signIn(app, 'micro@fundflow.test');
    const paymentMethodId = await pendingMicroDepositMethod(accessToken);
    // Calls that name no usable method (a typo, a stale id) count too, each under its own key.
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    for (let call = 1; call <= limit.max; call += 1) {
      expect((await verify(accessToken, unknown, '0.10', '0.20')).json()).toMatchObject({
        errorCode: FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND,
      });
    }
    expectRateLimited(await verify(accessToken, unknown, '0.10', '0.20'), limit.windowSeconds);
    expect((await verify(accessToken, unknown, '0.10', '0.20')).statusCode).toBe(429);

    // The real method has its own count: the right amounts still verify it.
    const amounts = (
      await app.inject({ method: 'GET', url: apiPath(ApiPaths.sandboxMicroDeposits, { paymentMethodId }), headers: bearer(accessToken) })
    ).json<SandboxMicroDepositsResponse>();
    expect((await verify(accessToken, paymentMethodId, amounts.amount1, amounts.amount2)).statusCode).toBe(200);

    clock.advance(limit.windowSeconds * 1000);
    // (An hour on, the old access token has expired: sign in again.)
    const later = await signIn(app, 'micro@fundflow.test');
    expect((await verify(later.accessToken, unknown, '0.10', '0.20')).statusCode).toBe(404);
  }, 60_000);

  it('the limit leaves room for every wrong entry the spec allows before it cancels the method', async () => {
    const { MICRO_DEPOSIT_MAX_ATTEMPTS, MICRO_DEPOSIT_MAX_REISSUES } = await import('../../api/contract');
    expect(limit.max).toBeGreaterThan(MICRO_DEPOSIT_MAX_ATTEMPTS * (MICRO_DEPOSIT_MAX_REISSUES + 1));
  });

  it('another customer’s calls naming the same id do not use up the owner’s limit', async () => {
    const owner = await signIn(app, 'micro@fundflow.test');
    const stranger = await signIn(app, 'alex@fundflow.test');
    const id = '00000000-0000-4000-8000-00000000beef';
    for (let call = 0; call <= limit.max; call += 1) await verify(stranger.accessToken, id, '0.10', '0.20');
    expect((await verify(stranger.accessToken, id, '0.10', '0.20')).statusCode).toBe(429);
    expect((await verify(owner.accessToken, id, '0.10', '0.20')).statusCode).toBe(404);
  }, 60_000);
});
