import type { LightMyRequestResponse } from 'fastify';
import { ApiErrorCode, ApiPaths, CSRF_HEADER } from '../../api/contract';
import { REFRESH_COOKIE } from '../domain/refreshTokens';
import { bearer, signIn } from '../testing/testApp';
import { fillPath, routeKey, STATE_CHANGING_METHODS, useTestAppWithRoutes } from './routeInventory';

// A cross-site page can make the browser send our cookies (a form post, a fetch with no-cors), but it cannot add
// a custom header without a CORS grant. Every state-changing route must therefore refuse a request without
// CSRF_HEADER, before it reads the body or looks at the session, and no route may grant CORS.

const { app, routes } = useTestAppWithRoutes();

const stateChanging = () => routes.filter((route) => STATE_CHANGING_METHODS.has(route.method));
const someId = () => '00000000-0000-4000-8000-000000000000';

function expectRefusedForCsrf(response: LightMyRequestResponse, what: string) {
  expect({ what, status: response.statusCode, errorCode: response.json<{ errorCode?: string }>().errorCode }).toEqual({
    what,
    status: 403,
    errorCode: ApiErrorCode.FORBIDDEN,
  });
  expect(response.json<{ message: string }>().message).toContain(CSRF_HEADER);
}

let session: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  session = await signIn(app, 'full@fundflow.test');
});

describe('every state-changing route needs the CSRF header', () => {
  it('the route walk finds them all (login, deposits, the spec paths) and nothing is exempt', () => {
    const keys = stateChanging().map(routeKey);
    expect(keys.length).toBeGreaterThan(30);
    expect(keys).toEqual(
      expect.arrayContaining([
        `POST ${ApiPaths.login}`,
        `POST ${ApiPaths.refresh}`,
        `POST ${ApiPaths.logout}`,
        `POST ${ApiPaths.depositConfirm}`,
        `POST ${ApiPaths.recurringDeposits}`,
      ]),
    );
  });

  it('refuses a JSON call with a valid access token but no header', async () => {
    for (const route of stateChanging()) {
      const url = fillPath(route.url, someId);
      const response = await app.inject({
        method: route.method as 'POST',
        url,
        headers: { ...bearer(session.accessToken), 'content-type': 'application/json' },
        payload: '{}',
      });
      expectRefusedForCsrf(response, routeKey(route));
    }
  });

  it('refuses a cross-site form post (urlencoded or text/plain) that carries only the cookie', async () => {
    for (const route of stateChanging()) {
      const url = fillPath(route.url, someId);
      for (const [contentType, body] of [
        ['application/x-www-form-urlencoded', 'amount=100&paymentMethodId=x'],
        ['text/plain', '{"amount":"100.00"}'],
      ]) {
        const response = await app.inject({
          method: route.method as 'POST',
          url,
          headers: { 'content-type': contentType, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          cookies: { [REFRESH_COOKIE]: session.refreshToken },
          payload: body,
        });
        expectRefusedForCsrf(response, `${routeKey(route)} as ${contentType}`);
      }
    }
  });

  it('an empty header value counts as missing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: ApiPaths.logout,
      headers: { [CSRF_HEADER]: '  ' },
      cookies: { [REFRESH_COOKIE]: session.refreshToken },
    });
    expectRefusedForCsrf(response, 'blank header');
  });

  it('the refused refresh did not use the cookie: it still refreshes with the header', async () => {
    const response = await app.inject({
      method: 'POST',
      url: ApiPaths.refresh,
      headers: { [CSRF_HEADER]: 'web' },
      cookies: { [REFRESH_COOKIE]: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('no route grants CORS', () => {
  const corsHeaders = (response: LightMyRequestResponse) =>
    Object.keys(response.headers).filter((name) => name.toLowerCase().startsWith('access-control-allow'));

  it('a preflight from another origin gets no Access-Control-Allow-* header on any route', async () => {
    const seen = new Set<string>();
    for (const route of routes) {
      if (seen.has(route.url)) continue;
      seen.add(route.url);
      const response = await app.inject({
        method: 'OPTIONS',
        url: fillPath(route.url, someId),
        headers: {
          origin: 'https://evil.example',
          'access-control-request-method': route.method === 'GET' ? 'POST' : route.method,
          'access-control-request-headers': `${CSRF_HEADER}, content-type, authorization`,
        },
      });
      expect({ route: route.url, cors: corsHeaders(response) }).toEqual({ route: route.url, cors: [] });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it('an ordinary cross-origin request gets no Access-Control-Allow-* header either', async () => {
    for (const url of [ApiPaths.me, ApiPaths.accounts, ApiPaths.health]) {
      const response = await app.inject({
        method: 'GET',
        url,
        headers: { origin: 'https://evil.example', ...bearer(session.accessToken) },
      });
      expect({ url, cors: corsHeaders(response) }).toEqual({ url, cors: [] });
    }
  });
});
