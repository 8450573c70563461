import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ApiPaths } from '../../api/contract';
import { DEMO_PASSWORD } from '../db/seed';
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, REFRESH_TOKEN_TTL_SECONDS } from '../domain/refreshTokens';
import { buildTestApp, CSRF, refreshCookieOf } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// The refresh token is the long-lived credential: only the auth endpoints may ever see it, no script may read
// it, no other site may make the browser send it, and outside plain-HTTP local development it never travels
// unencrypted. Every place that sets it (login, refresh) or clears it (refresh refused, logout) is checked.

const { app, db } = useTestApp();

// Sign-ins hash passwords, slow on a busy machine.
jest.setTimeout(60_000);

const login = (target: FastifyInstance, host?: string) =>
  target.inject({
    method: 'POST',
    url: ApiPaths.login,
    headers: { ...CSRF, ...(host ? { host } : {}) },
    payload: { email: 'alex@fundflow.test', password: DEMO_PASSWORD },
  });
const refresh = (target: FastifyInstance, token: string, host?: string) =>
  target.inject({
    method: 'POST',
    url: ApiPaths.refresh,
    headers: { ...CSRF, ...(host ? { host } : {}) },
    cookies: { [REFRESH_COOKIE]: token },
  });
const logout = (target: FastifyInstance, token: string, host?: string) =>
  target.inject({
    method: 'POST',
    url: ApiPaths.logout,
    headers: { ...CSRF, ...(host ? { host } : {}) },
    cookies: { [REFRESH_COOKIE]: token },
  });

/** Every Set-Cookie line of an answer, raw, so no attribute can hide behind a parser. */
function setCookieLines(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [String(header)];
}

/** The one Set-Cookie line of the answer (the refresh cookie; no other cookie is ever set). */
function theRefreshCookieLine(response: LightMyRequestResponse): string {
  const lines = setCookieLines(response);
  expect(lines).toHaveLength(1);
  expect(lines[0].startsWith(`${REFRESH_COOKIE}=`)).toBe(true);
  return lines[0];
}

function expectLockedDown(line: string, secure: boolean) {
  const attributes = line.split(';').map((part) => part.trim().toLowerCase());
  expect(attributes).toContain('httponly');
  expect(attributes).toContain('samesite=strict');
  expect(attributes).toContain(`path=${REFRESH_COOKIE_PATH}`);
  // The cookie is scoped to the auth endpoints only: not sent with ordinary API calls or page loads.
  expect(REFRESH_COOKIE_PATH).toBe('/api/auth');
  expect(attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
  expect(attributes.includes('secure')).toBe(secure);
}

describe('the refresh cookie on a loopback host (local development)', () => {
  it('login sets it HttpOnly, SameSite=Strict, Path=/api/auth for 30 days, without Secure', async () => {
    const response = await login(app);
    expect(response.statusCode).toBe(200);
    const line = theRefreshCookieLine(response);
    expectLockedDown(line, false);
    expect(line.toLowerCase()).toContain(`max-age=${REFRESH_TOKEN_TTL_SECONDS}`);
  });

  it.each(['localhost', 'localhost:3000', '127.0.0.1:3001', '[::1]:3000'])('treats %s as local development', async (host) => {
    expectLockedDown(theRefreshCookieLine(await login(app, host)), false);
  });

  it('refresh sets the rotated one with the same attributes, and a refused refresh clears it', async () => {
    const token = refreshCookieOf(await login(app))!.value;
    const rotated = await refresh(app, token);
    expect(rotated.statusCode).toBe(200);
    expectLockedDown(theRefreshCookieLine(rotated), false);

    const refused = await refresh(app, 'not-a-token');
    expect(refused.statusCode).toBe(401);
    const cleared = theRefreshCookieLine(refused);
    expectLockedDown(cleared, false);
    expect(refreshCookieOf(refused)?.value).toBe('');
    expect(cleared.toLowerCase()).toMatch(/expires=thu, 01 jan 1970|max-age=0/);
  });

  it('logout clears it on the same path (a clear on another path would leave the real cookie behind)', async () => {
    const token = refreshCookieOf(await login(app))!.value;
    const response = await logout(app, token);
    expect(response.statusCode).toBe(204);
    const cleared = theRefreshCookieLine(response);
    expectLockedDown(cleared, false);
    expect(refreshCookieOf(response)?.value).toBe('');
    expect(cleared.toLowerCase()).toMatch(/expires=thu, 01 jan 1970|max-age=0/);
  });

  it('no other route sets a cookie', async () => {
    const token = refreshCookieOf(await login(app))!.value;
    const session = (await refresh(app, token)).json<{ accessToken: string }>();
    for (const url of [ApiPaths.me, ApiPaths.accounts, ApiPaths.paymentMethods, ApiPaths.config, ApiPaths.health]) {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${session.accessToken}` } });
      expect({ url, cookies: setCookieLines(response) }).toEqual({ url, cookies: [] });
    }
  });
});

describe('the refresh cookie anywhere else (not local development)', () => {
  const host = 'app.fundflow.example';

  it('login, refresh and logout all mark it Secure', async () => {
    const signedIn = await login(app, host);
    expectLockedDown(theRefreshCookieLine(signedIn), true);
    const rotated = await refresh(app, refreshCookieOf(signedIn)!.value, host);
    expectLockedDown(theRefreshCookieLine(rotated), true);
    expectLockedDown(theRefreshCookieLine(await refresh(app, 'stale', host)), true);
    expectLockedDown(theRefreshCookieLine(await logout(app, refreshCookieOf(rotated)!.value, host)), true);
  });

  it('behind a trusted load balancer the public host decides, not the internal address', async () => {
    const { app: proxied } = buildTestApp(db, { config: { trustProxy: true } });
    await proxied.ready();
    try {
      const response = await proxied.inject({
        method: 'POST',
        url: ApiPaths.login,
        headers: { ...CSRF, host: '127.0.0.1:3001', 'x-forwarded-host': host, 'x-forwarded-proto': 'https' },
        payload: { email: 'alex@fundflow.test', password: DEMO_PASSWORD },
      });
      expectLockedDown(theRefreshCookieLine(response), true);
    } finally {
      await proxied.close();
    }
  }, 30_000);

  it('cookieSecure: true forces Secure even on localhost; false turns it off (plain-HTTP demos only)', async () => {
    const forced = buildTestApp(db, { config: { cookieSecure: true } }).app;
    const off = buildTestApp(db, { config: { cookieSecure: false } }).app;
    try {
      expectLockedDown(theRefreshCookieLine(await login(forced)), true);
      expectLockedDown(theRefreshCookieLine(await login(off, host)), false);
    } finally {
      await forced.close();
      await off.close();
    }
  }, 30_000);
});
