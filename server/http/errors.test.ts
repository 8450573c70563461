import { ApiPaths, AppPagePaths, type ErrorBody } from '../../api/contract';
import { bearer, CSRF, signIn } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, logs } = useTestApp({
  config: { bodyLimit: 1024 },
  // A route that fails the way a bug would, to see what the client gets.
  beforeReady: (built) =>
    void built.get('/api/test/explode', async () => {
      throw new Error('column "secret_internal_detail" does not exist');
    }),
});

const postLogin = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: ApiPaths.login, headers: { ...CSRF, 'content-type': 'application/json', ...headers }, payload });

function expectError(
  response: { statusCode: number; json: <T>() => T; headers: Record<string, unknown> },
  status: number,
  errorCode: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json<ErrorBody>();
  expect(Object.keys(body).sort()).toEqual(['errorCode', 'message']);
  expect(body.errorCode).toBe(errorCode);
  expect(response.headers['cache-control']).toBe('no-store');
  return body.message;
}

describe('bad input', () => {
  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    expectError(await postLogin('{"email": "alex@fundflow.test", '), 400, 'MALFORMED_JSON');
  });

  it('refuses prototype-poisoning JSON as malformed', async () => {
    expectError(await postLogin('{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}'), 400, 'MALFORMED_JSON');
  });

  it('refuses an unknown field instead of dropping it, naming the field', async () => {
    const message = expectError(
      await postLogin(JSON.stringify({ email: 'alex@fundflow.test', password: 'fundflow-demo', isAdmin: true })),
      400,
      'VALIDATION_FAILED',
    );
    expect(message).toBe('Unknown field "isAdmin" in the request body.');
  });

  it('refuses a wrong type instead of coercing it, naming the field', async () => {
    const message = expectError(
      await postLogin(JSON.stringify({ email: 'alex@fundflow.test', password: 12345678 })),
      400,
      'VALIDATION_FAILED',
    );
    expect(message).toBe('"password" must be a string.');
  });

  it('names a missing field and a badly formatted one', async () => {
    expect(expectError(await postLogin(JSON.stringify({ email: 'alex@fundflow.test' })), 400, 'VALIDATION_FAILED')).toBe(
      '"password" is required in the request body.',
    );
    expect(expectError(await postLogin(JSON.stringify({ email: 'not-an-email', password: 'x' })), 400, 'VALIDATION_FAILED')).toBe(
      '"email" must be an email address.',
    );
    expect(expectError(await postLogin('[]'), 400, 'VALIDATION_FAILED')).toBe('The request body must be a JSON object.');
  });

  it('answers a body over the limit with 413 BODY_TOO_LARGE', async () => {
    const payload = JSON.stringify({ email: 'alex@fundflow.test', password: 'x'.repeat(2000) });
    expectError(await postLogin(payload), 413, 'BODY_TOO_LARGE');
  });

  it('answers a body that is not JSON with 415', async () => {
    expectError(
      await postLogin('email=alex@fundflow.test', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(await postLogin('hello', { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('unknown routes', () => {
  it.each(['/api/nothing-here', '/api/accounts/123/unknown', '/communityservice/nothing-here/v1', '/graphservice/nothing-here'])(
    'GET %s is a JSON 404',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/json' } });
      expectError(response, 404, 'NOT_FOUND');
    },
  );

  it('a wrong method on a known path is a JSON 404 too', async () => {
    expectError(await app.inject({ method: 'DELETE', url: ApiPaths.accounts, headers: CSRF }), 404, 'NOT_FOUND');
  });
});

describe('framing', () => {
  it('no page may be framed, except the support replay frame by a page of our own origin', async () => {
    const page = await app.inject({ method: 'GET', url: '/portfolio', headers: { accept: 'text/html' } });
    expect(page.headers['x-frame-options']).toBe('DENY');
    const api = await app.inject({ method: 'GET', url: ApiPaths.health });
    expect(api.headers['x-frame-options']).toBe('DENY');
    const frame = await app.inject({ method: 'GET', url: `${AppPagePaths.supportReplayFrame}?x=1`, headers: { accept: 'text/html' } });
    expect(frame.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The frame page's policy (the whole policy is tested in server/security/headers.test.ts) lets only our own
    // pages frame it; every other answer's policy lets no page frame it.
    const frameAncestors = (policy: unknown) =>
      String(policy)
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part.startsWith('frame-ancestors'));
    expect(frameAncestors(frame.headers['content-security-policy'])).toEqual(["frame-ancestors 'self'"]);
    expect(frameAncestors(page.headers['content-security-policy'])).toEqual(["frame-ancestors 'none'"]);
    expect(frameAncestors(api.headers['content-security-policy'])).toEqual(["frame-ancestors 'none'"]);
  });
});

describe('internal errors', () => {
  it('hide every detail from the client and log them instead', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/explode' });
    expectError(response, 500, 'INTERNAL_ERROR');
    expect(response.json()).toEqual({ errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' });
    expect(response.body).not.toMatch(/secret_internal_detail|at .*\.ts|stack/);
    const logged = logs.find((line) => line.includes('secret_internal_detail'));
    expect(logged).toBeDefined();
    expect((JSON.parse(logged ?? '{}') as { err: { stack: string } }).err.stack).toContain('errors.test.ts');
  });
});

describe('logging', () => {
  it('redacts credentials and tokens', async () => {
    const { accessToken } = await signIn(app, 'alex@fundflow.test');
    app.log.warn(
      {
        req: { headers: { authorization: `Bearer ${accessToken}`, cookie: 'ff_refresh=abc' } },
        body: { password: 'fundflow-demo' },
        x: { routingNumber: '021000021' },
      },
      'redaction probe',
    );
    const line = logs.find((l) => l.includes('redaction probe')) ?? '';
    expect(line).not.toContain(accessToken);
    expect(line).not.toContain('fundflow-demo');
    expect(line).not.toContain('ff_refresh=abc');
    expect(line).not.toContain('021000021');
    expect(line).toContain('[redacted]');
  });

  it('never carries the access token in responses other than the session', async () => {
    const { accessToken } = await signIn(app, 'alex@fundflow.test');
    const response = await app.inject({ method: 'GET', url: ApiPaths.me, headers: bearer(accessToken) });
    expect(response.body).not.toContain(accessToken);
  });
});
