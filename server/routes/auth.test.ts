import type { FastifyInstance } from 'fastify';
import { ApiPaths, CSRF_HEADER, type ErrorBody, type MeResponse, type SessionResponse } from '../../api/contract';
import { REFRESH_COOKIE } from '../domain/refreshTokens';
import { bearer, buildTestApp, CSRF, refreshCookieOf, signIn, TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db, clock, logs } = useTestApp({ clockAt: TEST_NOW });

const login = (payload: unknown, headers: Record<string, string> = CSRF) =>
  app.inject({ method: 'POST', url: ApiPaths.login, headers, payload: payload as object });
const refresh = (token: string | undefined) =>
  app.inject({ method: 'POST', url: ApiPaths.refresh, headers: CSRF, cookies: token ? { [REFRESH_COOKIE]: token } : {} });

describe('login', () => {
  it('answers a session with a 15-minute access token and the user, and sets the refresh cookie', async () => {
    const response = await login({ email: 'alex@fundflow.test', password: 'fundflow-demo' });
    expect(response.statusCode).toBe(200);
    const body = response.json<SessionResponse>();
    expect(body.expiresIn).toBe(900);
    expect(body.user).toMatchObject({ email: 'alex@fundflow.test', firstName: 'Alex', userType: 'INDIVIDUAL', hasFunded: true });
    expect(body.user).not.toHaveProperty('passwordHash');

    const cookie = refreshCookieOf(response);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth', maxAge: 30 * 24 * 3600 });
    // inject talks to "localhost": plain HTTP development, so no Secure attribute.
    expect(cookie?.secure).toBeUndefined();
  });

  it('marks the refresh cookie Secure when the request is not addressed to a loopback host', async () => {
    const response = await app.inject({
      method: 'POST',
      url: ApiPaths.login,
      headers: { ...CSRF, host: 'app.fundflow.example' },
      payload: { email: 'alex@fundflow.test', password: 'fundflow-demo' },
    });
    expect(refreshCookieOf(response)?.secure).toBe(true);
  });

  it('accepts the email in any letter case', async () => {
    const response = await login({ email: 'Alex@FundFlow.TEST', password: 'fundflow-demo' });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same generic answer', async () => {
    const wrongPassword = await login({ email: 'alex@fundflow.test', password: 'not-it' });
    const unknownEmail = await login({ email: 'nobody@fundflow.test', password: 'fundflow-demo' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ errorCode: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect.' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(refreshCookieOf(wrongPassword)).toBeUndefined();
  });

  it('lets a closed customer sign in (the app routes them to their documents)', async () => {
    const { session } = await signIn(app, 'closed@fundflow.test');
    expect(session.user.status).toBe('CLOSED');
  });

  it('refuses a login without the CSRF header', async () => {
    const response = await login({ email: 'alex@fundflow.test', password: 'fundflow-demo' }, {});
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().errorCode).toBe('FORBIDDEN');
    expect(response.json<ErrorBody>().message).toContain(CSRF_HEADER);
  });
});

describe('live mode', () => {
  let live: FastifyInstance;
  beforeAll(async () => {
    ({ app: live } = buildTestApp(db, { config: { mode: 'live' } }));
    await live.ready();
  });
  afterAll(() => live.close());

  it('refuses demo logins with DEMO_LOGIN_DISABLED', async () => {
    const response = await live.inject({
      method: 'POST',
      url: ApiPaths.login,
      headers: CSRF,
      payload: { email: 'alex@fundflow.test', password: 'fundflow-demo' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<ErrorBody>().errorCode).toBe('DEMO_LOGIN_DISABLED');
    expect(refreshCookieOf(response)).toBeUndefined();
  });

  it('refuses to refresh a demo session made before the switch to live mode', async () => {
    const { refreshToken } = await signIn(app, 'alex@fundflow.test');
    const response = await live.inject({
      method: 'POST',
      url: ApiPaths.refresh,
      headers: CSRF,
      cookies: { [REFRESH_COOKIE]: refreshToken },
    });
    expect(response.json<ErrorBody>().errorCode).toBe('DEMO_LOGIN_DISABLED');
  });
});

describe('refresh', () => {
  it('rotates the refresh token and answers a new session', async () => {
    const first = await signIn(app, 'new@fundflow.test');
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    const next = refreshCookieOf(response);
    expect(next?.value).toBeTruthy();
    expect(next?.value).not.toBe(first.refreshToken);
    expect(response.json<SessionResponse>().user.email).toBe('new@fundflow.test');
    expect((await refresh(next?.value)).statusCode).toBe(200);
  });

  it('refuses a rotated token when it comes back, and then revokes the whole session family', async () => {
    const first = await signIn(app, 'joint@fundflow.test');
    const rotated = await refresh(first.refreshToken);
    const current = refreshCookieOf(rotated)?.value;

    const replay = await refresh(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(logs.some((line) => line.includes('rotated refresh token presented again'))).toBe(true);
    expect(replay.json()).toEqual({ errorCode: 'REFRESH_INVALID', message: 'Your session has ended. Please sign in again.' });
    // The replay means the token leaked; the legitimate holder's newer token is revoked too.
    expect((await refresh(current)).statusCode).toBe(401);
  });

  it('refuses a missing, unknown or expired refresh token and clears the cookie', async () => {
    const missing = await refresh(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json<ErrorBody>().errorCode).toBe('REFRESH_INVALID');
    expect(refreshCookieOf(missing)?.value).toBe('');

    expect((await refresh('made-up-token')).statusCode).toBe(401);

    const { refreshToken } = await signIn(app, 'entity@fundflow.test');
    clock.advance(30 * 24 * 3600 * 1000 + 1000);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the refresh token and clears the cookie', async () => {
    const { refreshToken } = await signIn(app, 'terms@fundflow.test');
    const response = await app.inject({ method: 'POST', url: ApiPaths.logout, headers: CSRF, cookies: { [REFRESH_COOKIE]: refreshToken } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = refreshCookieOf(response);
    expect(cleared).toMatchObject({ value: '', path: '/api/auth' });
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('accepts a body-less logout sent with a JSON content type', async () => {
    const response = await app.inject({ method: 'POST', url: ApiPaths.logout, headers: { ...CSRF, 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(204);
  });

  it('needs the CSRF header', async () => {
    const response = await app.inject({ method: 'POST', url: ApiPaths.logout });
    expect(response.statusCode).toBe(403);
  });
});

describe('access tokens', () => {
  it('are required on API routes', async () => {
    const response = await app.inject({ method: 'GET', url: ApiPaths.me });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorCode: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
  });

  it('are refused when malformed, tampered with or signed with another secret', async () => {
    const { accessToken } = await signIn(app, 'alex@fundflow.test');
    const [version, payload, signature] = accessToken.split('.');
    const otherUser = Buffer.from(JSON.stringify({ sub: 'someone-else', iat: 0, exp: 9_999_999_999 })).toString('base64url');
    const { app: otherSecretApp } = buildTestApp(db, { config: { authSecret: 'a-different-secret-that-is-also-long-enough' } });
    for (const headers of [
      { authorization: accessToken },
      { authorization: 'Basic abc' },
      bearer(`${version}.${otherUser}.${signature}`),
      bearer(`${version}.${payload}.${signature.slice(0, -2)}xx`),
    ]) {
      const response = await app.inject({ method: 'GET', url: ApiPaths.me, headers });
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorBody>().errorCode).toBe('UNAUTHENTICATED');
    }
    expect((await otherSecretApp.inject({ method: 'GET', url: ApiPaths.me, headers: bearer(accessToken) })).statusCode).toBe(401);
    await otherSecretApp.close();
  });

  it('expire after 15 minutes with TOKEN_EXPIRED', async () => {
    const { accessToken } = await signIn(app, 'alex@fundflow.test');
    clock.advance(14 * 60 * 1000);
    expect((await app.inject({ method: 'GET', url: ApiPaths.me, headers: bearer(accessToken) })).statusCode).toBe(200);
    clock.advance(60 * 1000);
    const expired = await app.inject({ method: 'GET', url: ApiPaths.me, headers: bearer(accessToken) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json<ErrorBody>().errorCode).toBe('TOKEN_EXPIRED');
  });

  it('identify the signed-in customer', async () => {
    const { accessToken } = await signIn(app, 'pending@fundflow.test');
    const response = await app.inject({ method: 'GET', url: ApiPaths.me, headers: bearer(accessToken) });
    expect(response.json<MeResponse>().user).toMatchObject({ email: 'pending@fundflow.test', applicationStatus: 'PENDING' });
  });

  it('do not exempt authenticated state-changing calls from the CSRF header', async () => {
    const { accessToken } = await signIn(app, 'terms@fundflow.test');
    const response = await app.inject({ method: 'POST', url: ApiPaths.acceptTerms, headers: bearer(accessToken) });
    expect(response.statusCode).toBe(403);
  });
});
