import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { CSRF_HEADER } from '../../api/contract';
import { REFRESH_COOKIE } from '../domain/refreshTokens';
import { isApiPath } from '../http/apiPaths';
import { EMAIL_PLACEHOLDER, LOG_SERIALIZERS, loggableUrl, withoutEmails } from '../observability/logPrivacy';
import { signIn } from '../testing/testApp';
import { fillPath, routeKey, STATE_CHANGING_METHODS, useTestAppWithRoutes, type RegisteredRoute } from './routeInventory';

// Issue 19's log privacy class: no customer email, token, password or live-events subscription id reaches any
// log line, whatever the request carries them in. Over every API route the app registers (the route
// inventory, not a hand list), generated secrets go into the query string (the route's own parameters, such
// as the account-transfer calls' `email` and the events socket's `eventsSubscriptionId`, unknown ones and bare
// keys), the JSON body (the route's own fields and credential-looking ones) and headers (Authorization, the
// refresh cookie, Accept-Version, custom ones). The log is written at trace, its most talkative level, and
// every line the request wrote is searched for each secret as sent, lower-cased, percent-encoded and
// JSON-escaped. Secrets in path segments are left out: no route takes one there.

const { app, logs, routes } = useTestAppWithRoutes({ config: { logLevel: 'trace' } });

/** Cases per route; every route gets its own, so each one is walked. */
const RUNS_PER_ROUTE = 6;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CUSTOMER = 'alex@fundflow.test';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let accessToken = '';
beforeAll(async () => {
  accessToken = (await signIn(app, CUSTOMER)).accessToken;
});

const base64url = (minLength: number) =>
  fc.uint8Array({ minLength, maxLength: minLength + 16 }).map((bytes) => Buffer.from(bytes).toString('base64url'));

/** The shapes of what must stay out of logs. */
const secretsArbitrary = fc.record({
  // Generated addresses of every legal shape, and the signed-in customer's own (which the transfer calls accept).
  email: fc.oneof({ weight: 3, arbitrary: fc.emailAddress().filter((email) => email.length >= 6) }, fc.constant(CUSTOMER)),
  // Opaque tokens as ours are made (refresh tokens, link tokens), and JWT-shaped ones.
  token: fc.oneof(
    base64url(24),
    fc.tuple(base64url(12), base64url(24), base64url(24)).map(([head, body, signature]) => `eyJ${head}.${body}.${signature}`),
  ),
  subscription: base64url(24).map((id) => `evs_${id}`),
  password: fc.string({ unit: 'grapheme-ascii', minLength: 12, maxLength: 30 }).map((text) => `Pw1!${text}`),
});
type Secrets = { email: string; token: string; subscription: string; password: string };

const HEADER_PLACES = ['authorization', 'cookie', 'accept-version', 'user-agent', 'referer', 'x-api-key', 'x-customer-email'] as const;

/** The forms a secret can take in a log line: as sent, lower-cased, percent-encoded (both ways), JSON-escaped. */
function formsOf(secret: string): string[] {
  const encoded = [secret, secret.toLowerCase(), encodeURIComponent(secret), new URLSearchParams({ x: secret }).toString().slice(2)];
  return [...new Set([...encoded, ...encoded.map((form) => JSON.stringify(form).slice(1, -1))])];
}

/** The secret a parameter or field of this name would carry. */
function secretFor(name: string, secrets: Secrets, pick: number): string {
  if (/email/i.test(name)) return secrets.email;
  if (/subscription/i.test(name)) return secrets.subscription;
  if (/password/i.test(name)) return secrets.password;
  return [secrets.token, secrets.email, secrets.subscription][pick % 3];
}

function caseFor(route: RegisteredRoute) {
  return fc
    .record({
      secrets: secretsArbitrary,
      query: fc.constantFrom('declared', 'declaredAndUnknown', 'bareKey', 'none'),
      body: fc.constantFrom('fields', 'credentials', 'none'),
      headers: fc.subarray([...HEADER_PLACES]),
      signedIn: fc.boolean(),
      pick: fc.nat(),
    })
    .map(({ secrets, query, body, headers: headerPlaces, signedIn, pick }) => {
      const search = new URLSearchParams();
      if (query === 'declared' || query === 'declaredAndUnknown')
        route.queryFields.forEach((name, i) => search.append(name, secretFor(name, secrets, pick + i)));
      if (query === 'declaredAndUnknown') {
        search.append('email', secrets.email);
        search.append('access_token', secrets.token);
      }
      let url = fillPath(route.url, () => SOME_ID);
      const queryText = query === 'bareKey' ? encodeURIComponent(secrets.token) : search.toString();
      if (queryText !== '') url += `?${queryText}`;

      const headers: Record<string, string> = { [CSRF_HEADER]: 'web', authorization: `Bearer ${signedIn ? accessToken : secrets.token}` };
      for (const place of headerPlaces) {
        if (place === 'authorization') headers.authorization = `Bearer ${secrets.token}`;
        else if (place === 'cookie') headers.cookie = `${REFRESH_COOKIE}=${secrets.token}`;
        else if (place === 'referer') headers.referer = `https://fundflow.test/transfer?email=${encodeURIComponent(secrets.email)}`;
        else if (place === 'x-customer-email') headers[place] = secrets.email;
        else headers[place] = secrets.token;
      }

      let payload: string | undefined;
      if (STATE_CHANGING_METHODS.has(route.method) && body !== 'none') {
        const fields =
          body === 'fields'
            ? Object.fromEntries(route.bodyFields.map((name, i) => [name, secretFor(name, secrets, pick + i)]))
            : {
                email: secrets.email,
                password: secrets.password,
                token: secrets.token,
                refreshToken: secrets.token,
                eventsSubscriptionId: secrets.subscription,
              };
        payload = JSON.stringify(fields);
        headers['content-type'] = 'application/json';
      }
      const request: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
      };
      return { secrets, request };
    });
}

/** Pino's clock and Fastify's response time: numbers that are no one's secret. */
function withoutTimes(line: string): string {
  try {
    const { time: _time, responseTime: _responseTime, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return line;
  }
}

function leaksIn(lines: string[], secrets: Record<string, string>): string[] {
  const found: string[] = [];
  for (const line of lines.map(withoutTimes)) {
    for (const [what, secret] of Object.entries(secrets)) {
      const form = formsOf(secret).find((candidate) => line.includes(candidate));
      if (form !== undefined) found.push(`the ${what} (${JSON.stringify(form)}) in ${line.slice(0, 300)}`);
    }
  }
  return found;
}

describe('no customer email, token, password or events subscription id in any log line', () => {
  it('holds over every API route, for secrets in query strings, bodies and headers', async () => {
    const apiRoutes = routes.filter((route) => isApiPath(route.url));
    expect(apiRoutes.length).toBeGreaterThan(50);
    expect(apiRoutes.some((route) => route.queryFields.includes('email'))).toBe(true);
    expect(apiRoutes.some((route) => route.queryFields.includes('eventsSubscriptionId'))).toBe(true);
    for (const route of apiRoutes) {
      await fc.assert(
        fc.asyncProperty(caseFor(route), async ({ secrets, request }) => {
          const from = logs.length;
          await app.inject(request);
          const lines = logs.slice(from);
          expect(lines.length).toBeGreaterThan(0);
          expect({ route: routeKey(route), leaks: leaksIn(lines, { ...secrets, 'access token': accessToken }) }).toEqual({
            route: routeKey(route),
            leaks: [],
          });
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED + apiRoutes.indexOf(route) },
      );
    }
  }, 120_000);

  it("keeps the names of a route's own query parameters and nothing of their values", () => {
    const declared = new Set(['brokerage', 'email']);
    expect(loggableUrl('/communityservice/acat/drafts/finalize-offer?brokerage=vanguard&email=alex%40fundflow.test', declared)).toBe(
      '/communityservice/acat/drafts/finalize-offer?brokerage=[redacted]&email=[redacted]',
    );
    expect(loggableUrl('/api/events?eventsSubscriptionId=evs_abc&token=xyz', new Set(['eventsSubscriptionId']))).toBe(
      '/api/events?eventsSubscriptionId=[redacted]&[undeclared]=[redacted]',
    );
    expect(loggableUrl('/api/x?c2VjcmV0LXRva2Vu')).toBe('/api/x?[undeclared]=[redacted]');
    expect(loggableUrl('/api/payment-methods/alex%40fundflow.test/default')).toBe(`/api/payment-methods/${EMAIL_PLACEHOLDER}/default`);
    expect(loggableUrl('/api/health')).toBe('/api/health');
  });

  it("drops a database error's detail and the email addresses in an error's message", () => {
    const error = Object.assign(new Error('insert failed for someone@example.com'), {
      detail: 'Key (email)=(someone@example.com) already exists.',
      code: '23505',
    });
    const logged = LOG_SERIALIZERS.err(error);
    expect(JSON.stringify(logged)).not.toContain('someone@example.com');
    expect(logged).toMatchObject({ message: `insert failed for ${EMAIL_PLACEHOLDER}`, code: '23505' });
    expect(logged).not.toHaveProperty('detail');
    // A stack's scoped package path is not an address.
    expect(withoutEmails('at x (/app/node_modules/@fastify/websocket/index.js:1:1)')).toBe(
      'at x (/app/node_modules/@fastify/websocket/index.js:1:1)',
    );
  });
});
