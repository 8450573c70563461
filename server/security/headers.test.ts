import type { LightMyRequestResponse } from 'fastify';
import { ApiErrorCode, ApiPaths, AppPagePaths } from '../../api/contract';
import { isApiPath } from '../http/apiPaths';
import { contentSecurityPolicy } from '../http/securityHeaders';
import { bearer, CSRF, signIn, useAppWithFakeBuild } from '../testing/testApp';
import { fillPath, useTestAppWithRoutes } from './routeInventory';

const { app: getApp, db, routes } = useTestAppWithRoutes();

/** The policy parsed into directive → sources. */
function directives(policy: string | undefined): Map<string, string[]> {
  expect(typeof policy).toBe('string');
  return new Map(
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The headers every answer must carry, whatever produced it; `frameable` only for the support replay frame. */
function expectSecurityHeaders(response: LightMyRequestResponse, url: string, frameable = false) {
  const where = `${response.statusCode} ${url}`;
  const policy = directives(response.headers['content-security-policy'] as string);
  expect({ where, value: policy.get('default-src') }).toEqual({ where, value: ["'self'"] });
  expect({ where, value: policy.get('script-src') }).toEqual({ where, value: ["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com'] });
  expect({ where, value: policy.get('frame-src') }).toEqual({
    where,
    value: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://cdn.plaid.com'],
  });
  expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.stripe.com']));
  expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect({ where, value: policy.get('frame-ancestors') }).toEqual({ where, value: [frameable ? "'self'" : "'none'"] });
  // Nothing in the policy may let an inline or evaluated script run.
  for (const sources of policy.values()) {
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources).not.toContain("'unsafe-eval'");
    expect(sources).not.toContain('*');
  }
  expect({ where, value: response.headers['x-frame-options'] }).toEqual({ where, value: frameable ? 'SAMEORIGIN' : 'DENY' });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  if (isApiPath(url)) expect({ where, value: response.headers['cache-control'] }).toEqual({ where, value: 'no-store' });
}

describe('security headers on API answers', () => {
  let accessToken = '';
  beforeAll(async () => {
    accessToken = (await signIn(getApp(), 'full@fundflow.test')).accessToken;
  });

  it('every registered GET route answers them, signed in and signed out (401s included)', async () => {
    const app = getApp();
    const gets = routes.filter((route) => route.method === 'GET');
    // The walk must really cover the app: the table is far bigger than a handful of routes.
    expect(gets.length).toBeGreaterThan(40);
    for (const route of gets) {
      const url = fillPath(route.url, () => 'not-a-real-id');
      const signedIn = await app.inject({ method: 'GET', url, headers: bearer(accessToken) });
      expectSecurityHeaders(signedIn, url);
      const signedOut = await app.inject({ method: 'GET', url });
      expectSecurityHeaders(signedOut, url);
    }
    // Spot check that signed-out answers of protected routes are the 401s the no-store rule must cover.
    const me = await app.inject({ method: 'GET', url: ApiPaths.me });
    expect(me.statusCode).toBe(401);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('answers that carry customer data (200s) carry them too', async () => {
    const app = getApp();
    const response = await app.inject({ method: 'GET', url: ApiPaths.accounts, headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, ApiPaths.accounts);
    const paymentMethods = await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers: bearer(accessToken) });
    expect(paymentMethods.statusCode).toBe(200);
    expectSecurityHeaders(paymentMethods, ApiPaths.paymentMethods);
  });

  it('errors of state-changing calls answer them: refused CSRF, bad credentials, validation, 415', async () => {
    const app = getApp();
    const noCsrf = await app.inject({ method: 'POST', url: ApiPaths.login, payload: { email: 'a@b.c', password: 'x' } });
    expect(noCsrf.statusCode).toBe(403);
    expectSecurityHeaders(noCsrf, ApiPaths.login);
    const wrongPassword = await app.inject({ method: 'POST', url: ApiPaths.login, headers: CSRF, payload: { email: 'alex@fundflow.test', password: 'nope-nope' } });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ errorCode: ApiErrorCode.INVALID_CREDENTIALS });
    expectSecurityHeaders(wrongPassword, ApiPaths.login);
    const invalid = await app.inject({ method: 'POST', url: ApiPaths.depositIntents, headers: { ...CSRF, ...bearer(accessToken) }, payload: { nonsense: true } });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid, ApiPaths.depositIntents);
    const form = await app.inject({
      method: 'POST',
      url: ApiPaths.login,
      headers: { ...CSRF, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a&password=b',
    });
    expect(form.statusCode).toBe(415);
    expectSecurityHeaders(form, ApiPaths.login);
  });

  it('unknown paths answer them, as JSON 404s and as HTML navigations', async () => {
    const app = getApp();
    for (const url of ['/api/no-such-thing', '/communityservice/nothing', '/no-such-file.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expectSecurityHeaders(response, url);
    }
    const page = await app.inject({ method: 'GET', url: '/some/app/page', headers: { accept: 'text/html' } });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(page, '/some/app/page');
  });
});

describe('security headers on the built app', () => {
  const built = useAppWithFakeBuild(db);

  it('the app shell, its deep links and its assets carry the policy that forbids framing', async () => {
    for (const url of ['/', '/index.html', '/deposits', AppPagePaths.supportReplay, '/assets/main.js']) {
      const response = await built.app().inject({ method: 'GET', url, headers: { accept: url.endsWith('.js') ? '*/*' : 'text/html' } });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expectSecurityHeaders(response, url);
    }
  });

  it('the support replay frame page may be framed by our own pages only', async () => {
    for (const url of [AppPagePaths.supportReplayFrame, `${AppPagePaths.supportReplayFrame}?session=1`]) {
      const response = await built.app().inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Fundflow</title>');
      expectSecurityHeaders(response, url, true);
    }
    // The page that frames it allows same-origin frames.
    expect(directives(contentSecurityPolicy('none')).get('frame-src')).toContain("'self'");
  });
});
