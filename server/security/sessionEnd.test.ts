import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  ApiErrorCode,
  ApiPaths,
  IDEMPOTENCY_HEADER,
  type AccountsResponse,
  type ErrorBody,
  type PaymentMethodsResponse,
} from '../../api/contract';
import { REFRESH_COOKIE } from '../domain/refreshTokens';
import { SESSION_CHECK_CACHE_MS } from '../http/sessionCheck';
import { useTwoInstances } from '../races/raceKit';
import { bearer, buildTestApp, CSRF, refreshCookieOf, signIn, type SignedIn } from '../testing/testApp';

// Rule: signing out, a refresh-token reuse (which revokes every session of the customer) and live mode refusing
// a demo customer end that customer's access tokens within seconds (SESSION_CHECK_CACHE_MS), not at their
// 15-minute expiry, on every instance. Generated: how the session ends and what the bearer then tries.

const instances = useTwoInstances();
const CUSTOMER = 'alex@fundflow.test';

type Ending = 'logout' | 'refreshReuse' | 'liveRefusal';
type Attempt = 'depositIntent' | 'me' | 'accounts' | 'eventsSubscription' | 'userProperties' | 'paymentMethods';

let target: { accountUuid: string; paymentMethodId: string };

beforeAll(async () => {
  const { accessToken } = await signIn(instances.a.app, CUSTOMER);
  const accounts = (
    await instances.a.app.inject({ method: 'GET', url: ApiPaths.accounts, headers: bearer(accessToken) })
  ).json<AccountsResponse>();
  const methods = (
    await instances.a.app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers: bearer(accessToken) })
  ).json<PaymentMethodsResponse>();
  const bank = methods.paymentMethods.find((method) => method.type === 'ACH' && method.status === 'APPROVED') ?? methods.paymentMethods[0];
  target = { accountUuid: accounts.accounts[0].accountUuid, paymentMethodId: bank.id };
});

function attempt(kind: Attempt, accessToken: string): InjectOptions {
  const headers = { ...bearer(accessToken), ...CSRF };
  switch (kind) {
    case 'depositIntent':
      return {
        method: 'POST',
        url: ApiPaths.depositIntents,
        headers: { ...headers, [IDEMPOTENCY_HEADER]: `k-${Math.random()}` },
        payload: { ...target, amount: { amount: '25.00', currency: 'USD' } },
      };
    case 'userProperties':
      return { method: 'PATCH', url: ApiPaths.userProperties, headers, payload: { properties: { seen: 'yes' } } };
    case 'eventsSubscription':
      return { method: 'POST', url: ApiPaths.eventsSubscriptions, headers };
    case 'me':
      return { method: 'GET', url: ApiPaths.me, headers };
    case 'accounts':
      return { method: 'GET', url: ApiPaths.accounts, headers };
    case 'paymentMethods':
      return { method: 'GET', url: ApiPaths.paymentMethods, headers };
  }
}

/** Ends the session `signedIn` belongs to, through `app`; live refusal answers on a live-mode app instead. */
async function end(how: Ending, app: FastifyInstance, signedIn: SignedIn): Promise<void> {
  if (how === 'logout') {
    const response = await app.inject({
      method: 'POST',
      url: ApiPaths.logout,
      headers: CSRF,
      cookies: { [REFRESH_COOKIE]: signedIn.refreshToken },
    });
    expect(response.statusCode).toBe(204);
  } else if (how === 'refreshReuse') {
    const rotated = await app.inject({
      method: 'POST',
      url: ApiPaths.refresh,
      headers: CSRF,
      cookies: { [REFRESH_COOKIE]: signedIn.refreshToken },
    });
    expect(rotated.statusCode).toBe(200);
    expect(refreshCookieOf(rotated)?.value).toBeTruthy();
    const reused = await app.inject({
      method: 'POST',
      url: ApiPaths.refresh,
      headers: CSRF,
      cookies: { [REFRESH_COOKIE]: signedIn.refreshToken },
    });
    expect(reused.statusCode).toBe(401);
  }
}

const accepted = (status: number) => status < 400 || (status !== 401 && status !== 403);

describe('ending a session ends its access tokens', () => {
  let live: FastifyInstance;
  beforeAll(async () => {
    ({ app: live } = buildTestApp(instances.db, { config: { mode: 'live' } }));
    await live.ready();
  });
  afterAll(() => live.close());

  it('signing out, a refresh-token reuse and live mode refusing the customer end the bearer at once on the instance that ended it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Ending>('logout', 'refreshReuse', 'liveRefusal'),
        fc.constantFrom<Attempt>('depositIntent', 'me', 'accounts', 'eventsSubscription', 'userProperties', 'paymentMethods'),
        async (how, kind) => {
          const { app } = instances.a;
          const session = await signIn(app, CUSTOMER);
          // Another session of the same customer (another device): ended only by a reuse or a live refusal.
          const other = await signIn(app, CUSTOMER);
          const before = await app.inject(attempt(kind, session.accessToken));
          expect([kind, accepted(before.statusCode)]).toEqual([kind, true]);

          await end(how, app, session);
          const after = await (how === 'liveRefusal' ? live : app).inject(attempt(kind, session.accessToken));
          expect([how, kind, after.statusCode]).toEqual([how, kind, 401]);
          expect(after.json<ErrorBody>().errorCode).toBe(ApiErrorCode.UNAUTHENTICATED);

          const otherAfter = await (how === 'liveRefusal' ? live : app).inject(attempt('me', other.accessToken));
          expect([how, 'other session', otherAfter.statusCode]).toEqual([how, 'other session', how === 'logout' ? 200 : 401]);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('a session ended on instance A is refused on instance B within SESSION_CHECK_CACHE_MS', async () => {
    const { a, b } = instances;
    for (const how of ['logout', 'refreshReuse'] as const) {
      const session = await signIn(a.app, CUSTOMER);
      // B has seen the token (and may remember that its session stands).
      expect((await b.app.inject(attempt('me', session.accessToken))).statusCode).toBe(200);
      await end(how, a.app, session);
      const endedAt = performance.now();
      let status = 200;
      while (status !== 401 && performance.now() - endedAt < SESSION_CHECK_CACHE_MS + 1_500) {
        status = (await b.app.inject(attempt('depositIntent', session.accessToken))).statusCode;
        if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect([how, status]).toEqual([how, 401]);
      expect(performance.now() - endedAt).toBeLessThan(SESSION_CHECK_CACHE_MS + 1_500);
    }
  }, 30_000);
});
