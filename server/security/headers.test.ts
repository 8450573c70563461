import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ApiErrorCode, ApiPaths, AppPagePaths } from '../../api/contract';
import { isApiPath } from '../http/apiPaths';
import { contentSecurityPolicy } from '../http/securityHeaders';
import { bearer, buildTestApp, CSRF, signIn, useAppWithFakeBuild } from '../testing/testApp';
import { fillPath, type RegisteredRoute, useTestAppWithRoutes } from './routeInventory';

const { app, db, routes } = useTestAppWithRoutes();

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
  const policy = directives(response.headers['content-security-policy']);
  expect({ where, value: policy.get('default-src') }).toEqual({ where, value: ["'self'"] });
  expect({ where, value: policy.get('script-src') }).toEqual({
    where,
    value: ["'self'", 'https://js.stripe.com', 'https://cdn.plaid.com'],
  });
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
  expectLibraryHeaders(response, where);
}

/**
 * The headers a well-kept library (helmet) sets, beside our CSP and framing rule. The opener policy lets popups the
 * page opens keep their opener (Plaid Link's OAuth window reports back through it) while severing any cross-origin
 * page that opens ours.
 */
const LIBRARY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function expectLibraryHeaders(response: LightMyRequestResponse, where: string) {
  const seen = Object.fromEntries(Object.keys(LIBRARY_HEADERS).map((name) => [name, response.headers[name]]));
  expect({ where, headers: seen }).toEqual({ where, headers: LIBRARY_HEADERS });
  expect({ where, poweredBy: response.headers['x-powered-by'] }).toEqual({ where, poweredBy: undefined });
  // Each header once: two writers (the library and our hook) must not both send one.
  for (const name of [...Object.keys(LIBRARY_HEADERS), 'content-security-policy', 'x-frame-options']) {
    expect({ where, name, single: typeof response.headers[name] === 'string' }).toEqual({ where, name, single: true });
  }
}

const HSTS = 'max-age=31536000; includeSubDomains';

describe('security headers on API answers', () => {
  let accessToken = '';
  beforeAll(async () => {
    accessToken = (await signIn(app, 'full@fundflow.test')).accessToken;
  });

  it('every registered GET route answers them, signed in and signed out (401s included)', async () => {
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
    const response = await app.inject({ method: 'GET', url: ApiPaths.accounts, headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response, ApiPaths.accounts);
    const paymentMethods = await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers: bearer(accessToken) });
    expect(paymentMethods.statusCode).toBe(200);
    expectSecurityHeaders(paymentMethods, ApiPaths.paymentMethods);
  });

  it('errors of state-changing calls answer them: refused CSRF, bad credentials, validation, 415', async () => {
    const noCsrf = await app.inject({ method: 'POST', url: ApiPaths.login, payload: { email: 'a@b.c', password: 'x' } });
    expect(noCsrf.statusCode).toBe(403);
    expectSecurityHeaders(noCsrf, ApiPaths.login);
    const wrongPassword = await app.inject({
      method: 'POST',
      url: ApiPaths.login,
      headers: CSRF,
      payload: { email: 'alex@fundflow.test', password: 'nope-nope' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ errorCode: ApiErrorCode.INVALID_CREDENTIALS });
    expectSecurityHeaders(wrongPassword, ApiPaths.login);
    const invalid = await app.inject({
      method: 'POST',
      url: ApiPaths.depositIntents,
      headers: { ...CSRF, ...bearer(accessToken) },
      payload: { nonsense: true },
    });
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
  const built = useAppWithFakeBuild(() => db);

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

/** A request the generators make: any registered route (ids filled with anything), signed in or not, or a hostile path. */
function requestArbitrary(routes: RegisteredRoute[], accessToken: () => string) {
  const id = fc.oneof(fc.uuid(), fc.string({ maxLength: 12 }), fc.constantFrom('not-a-real-id', '..', '%', '0'));
  const fromInventory = fc
    .record({
      route: fc.constantFrom(...routes.filter((route) => !route.websocket)),
      ids: fc.array(id, { minLength: 4, maxLength: 4 }),
      signedIn: fc.boolean(),
      csrf: fc.boolean(),
      query: fc.constantFrom('', '?x=1', '?token=abc&email=a%40b.c'),
    })
    .map(({ route, ids, signedIn, csrf, query }) => {
      let index = 0;
      const url = fillPath(route.url, () => ids[index++ % ids.length]) + query;
      return { method: route.method as 'GET', url, headers: { ...(signedIn ? bearer(accessToken()) : {}), ...(csrf ? CSRF : {}) } };
    });
  // Paths no route has, and paths the router cannot even parse.
  const hostile = fc
    .oneof(
      fc.webPath(),
      fc.constantFrom(
        '/%zz',
        '/api/%E0%A4%A',
        '/api/accounts/%00',
        '//api//accounts',
        '/api/../etc/passwd',
        '/assets/%2e%2e/index.html',
        `/${'a'.repeat(5000)}`,
      ),
    )
    .chain((url) =>
      fc.record({
        method: fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
        url: fc.constant(url || '/'),
        headers: fc.constant({}),
      }),
    );
  const accept = fc.constantFrom(undefined, 'text/html', 'application/json', '*/*');
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: fromInventory }, { weight: 1, arbitrary: hostile }), accept)
    .map(([request, acceptHeader]) => ({
      ...request,
      headers: { ...request.headers, ...(acceptHeader ? { accept: acceptHeader } : {}) },
    }));
}

describe('the library headers and HSTS, over every route and any request (generated)', () => {
  let accessToken = '';
  let trusting: FastifyInstance | undefined;
  beforeAll(async () => {
    accessToken = (await signIn(app, 'full@fundflow.test')).accessToken;
    // The same app as deployed behind a load balancer: TRUST_PROXY=true.
    trusting = buildTestApp(db, { config: { trustProxy: true } }).app;
    await trusting.ready();
  });
  afterAll(async () => {
    await trusting?.close();
  });

  it('every answer carries them, whatever answered (route, validation, CSRF, 401, 404, a path the router refuses)', async () => {
    await fc.assert(
      fc.asyncProperty(
        requestArbitrary(routes, () => accessToken),
        async (request) => {
          const response = await app.inject(request);
          const where = `${request.method} ${request.url.slice(0, 80)} → ${response.statusCode}`;
          expectLibraryHeaders(response, where);
          // Today's policy, exactly: the library does not replace or add to it.
          expect({ where, csp: response.headers['content-security-policy'] }).toEqual({ where, csp: contentSecurityPolicy('none') });
          // Served over plain HTTP (no trusted proxy said otherwise): never HSTS.
          expect({ where, hsts: response.headers['strict-transport-security'] }).toEqual({ where, hsts: undefined });
        },
      ),
      { numRuns: 150 },
    );
  });

  // X-Forwarded-Proto as proxies write it: one value, or a list with the nearest proxy's value last.
  const hop = fc.constantFrom('http', 'https', 'HTTPS', ' https', 'https ', 'wss', 'ws', 'ftp', '', 'https;', 'http s');
  const forwardedProto = fc.option(
    fc
      .tuple(fc.array(hop, { minLength: 1, maxLength: 3 }), fc.constantFrom(',', ', '))
      .map(([hops, separator]) => ({ hops, header: hops.join(separator) })),
    { nil: undefined },
  );

  it('HSTS is sent if and only if the request came over HTTPS behind a trusted proxy (X-Forwarded-Proto: https)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        forwardedProto,
        requestArbitrary(routes, () => accessToken),
        async (trustProxy, proto, request) => {
          const target = trustProxy ? trusting! : app;
          const headers = { ...request.headers, ...(proto ? { 'x-forwarded-proto': proto.header } : {}) };
          const response = await target.inject({ ...request, headers });
          const lastHop = proto ? proto.hops[proto.hops.length - 1].trim().toLowerCase() : undefined;
          const https = trustProxy && lastHop === 'https';
          const where = `trust=${trustProxy} proto=${JSON.stringify(proto?.header)} ${request.method} ${request.url.slice(0, 60)} → ${response.statusCode}`;
          expect({ where, hsts: response.headers['strict-transport-security'] }).toEqual({ where, hsts: https ? HSTS : undefined });
          expectLibraryHeaders(response, where);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an untrusted X-Forwarded-Proto: https is ignored (anyone can send it), a trusted one is not', async () => {
    const plain = await app.inject({ method: 'GET', url: ApiPaths.health, headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await trusting!.inject({ method: 'GET', url: ApiPaths.health, headers: { 'x-forwarded-proto': 'https' } });
    expect(behindProxy.headers['strict-transport-security']).toBe(HSTS);
    const proxiedHttp = await trusting!.inject({ method: 'GET', url: ApiPaths.health, headers: { 'x-forwarded-proto': 'http' } });
    expect(proxiedHttp.headers['strict-transport-security']).toBeUndefined();
    // A URL the router refuses is answered without the app's hooks: the same rule holds there.
    const refused = await trusting!.inject({ method: 'GET', url: '/%zz', headers: { 'x-forwarded-proto': 'https' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['strict-transport-security']).toBe(HSTS);
    const refusedPlain = await app.inject({ method: 'GET', url: '/%zz', headers: { 'x-forwarded-proto': 'https' } });
    expect(refusedPlain.headers['strict-transport-security']).toBeUndefined();
  });
});
