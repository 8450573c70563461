import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_QUERY_SCHEMAS, ApiErrorCode, ApiPaths, type AccountsResponse, type ErrorBody } from '../../api/contract';
import { NoQuery, Obj } from '../../api/contract/common';
import { Type } from '@sinclair/typebox';
import { encodeCursor } from '../domain/documents';
import { isApiPath } from '../http/apiPaths';
import { closeQueryStrings } from '../http/hostileInput';
import { validValue, type JsonSchema } from '../fuzz/requestArbitraries';
import { bearer, CSRF, signIn, useAppWithFakeBuild } from '../testing/testApp';
import { routeKey, useTestAppWithRoutes, type RegisteredRoute } from './routeInventory';

// Issue 8: unknown fields are refused, in the query string as in the body. The walk goes over every API route
// the app registers (not a hand list): each one refuses a parameter it does not declare with 400
// VALIDATION_FAILED naming it, and a route that declares parameters still takes them. The request is right in
// every other way (signed in, CSRF header, valid path and body), so the unknown parameter is the only reason to
// refuse it. The web app's own pages keep their query strings.

const { app, db, routes } = useTestAppWithRoutes();

const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false, strict: false });
addFormats(ajv);

const apiRoutes = () => routes.filter((route) => isApiPath(route.url));

let headers: Record<string, string>;
/** Realistic values for the parameters the routes declare (checked against each route's schema before use). */
let realistic: Record<string, string>;

beforeAll(async () => {
  const session = await signIn(app, 'alex@fundflow.test');
  headers = { ...bearer(session.accessToken), ...CSRF };
  const { accounts } = (await app.inject({ method: 'GET', url: ApiPaths.accounts, headers })).json<AccountsResponse>();
  realistic = {
    query: 'chase',
    accountUuid: accounts[0].accountUuid,
    email: 'alex@fundflow.test',
    brokerage: 'vanguard',
    symbols: 'AAPL,MSFT',
    includeCrypto: 'false',
    pageNumber: '0',
    pageSize: '20',
    year: '2025',
    limit: '10',
    // A page cursor as the documents list gives them out (the row need not exist: the next page is then empty).
    cursor: encodeCursor({ issued_at: new Date('2026-01-31T21:00:00Z'), id: '00000000-0000-4000-8000-000000000000' }),
    eventsSubscriptionId: 'evs_not_issued',
  };
});

const compiled = new Map<unknown, ValidateFunction>();
const validatorOf = (schema: unknown): ValidateFunction => {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema as JsonSchema);
    compiled.set(schema, validate);
  }
  return validate;
};
const propertiesOf = (schema: unknown) => (schema as { properties?: Record<string, JsonSchema> } | undefined)?.properties ?? {};

/** A value the schema accepts: the first candidate that fits, else one generated from the schema. */
function fitting(schema: JsonSchema, candidates: unknown[], seed: number): unknown {
  const validate = validatorOf(schema);
  const found = candidates.find((candidate) => candidate !== undefined && validate(candidate));
  if (found !== undefined) return found;
  return fc.sample(validValue(schema), { numRuns: 300, seed }).find((value) => validate(value));
}

const ID_CANDIDATES = ['00000000-0000-4000-8000-000000000000', 'true', 'pm_0000000000', '026009593', 'abc'];

/** A generator seed from a route's key ("GET /api/..."), the same every run. */
const seedOf = (key: string) => [...key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);

/** A request to the route that its params, body and declared query parameters all accept (or why not). */
function validRequest(route: RegisteredRoute, seed: number): { request: InjectOptions; query: Record<string, string> } | string {
  let url = route.url;
  const paramSchemas = propertiesOf(route.schemas.params);
  const params: Record<string, string> = {};
  for (const [, name] of route.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
    const schema = paramSchemas[name];
    const value = schema ? fitting(schema, ID_CANDIDATES, seed) : ID_CANDIDATES[0];
    if (typeof value !== 'string') return `no valid value for the path parameter ${name}`;
    params[name] = value;
    url = url.replace(`:${name}`, encodeURIComponent(value));
  }
  if (route.schemas.params && !validatorOf(route.schemas.params)(params)) return 'the path parameters do not validate together';

  const query: Record<string, string> = {};
  for (const [name, schema] of Object.entries(propertiesOf(route.schemas.querystring))) {
    const value = fitting(schema, [realistic[name]], seed);
    if (typeof value !== 'string') return `no valid value for the query parameter ${name}`;
    query[name] = value;
  }
  if (route.schemas.querystring && !validatorOf(route.schemas.querystring)(query))
    return 'the declared query parameters do not validate together';

  let payload: string | undefined;
  if (route.schemas.body !== undefined) {
    const validate = validatorOf(route.schemas.body);
    if (!validate(undefined) && !validate(null)) {
      const body = fitting(route.schemas.body as JsonSchema, [{}], seed);
      if (body === undefined) return 'no valid body';
      payload = JSON.stringify(body);
    }
  }
  return {
    request: {
      method: route.method as InjectOptions['method'],
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload }),
    },
    query,
  };
}

const withQuery = (request: InjectOptions, query: Record<string, string>): InjectOptions => {
  const search = new URLSearchParams(query).toString();
  return { ...request, url: search ? `${request.url as string}?${search}` : request.url };
};

const answer = (response: LightMyRequestResponse) => {
  let body: Partial<ErrorBody> = {};
  try {
    body = response.json<ErrorBody>();
  } catch {
    // not JSON: the status says enough
  }
  return { status: response.statusCode, errorCode: body.errorCode, message: body.message };
};

/** Names a route must not take: made up, prototype keys, the web app's own page parameters, case twins. */
function unknownNames(route: RegisteredRoute): string[] {
  const declared = new Set(route.queryFields);
  const twins = route.queryFields.flatMap((name) => [name.toUpperCase(), `${name}[]`, ` ${name}`]);
  return ['unexpectedParam', '__proto__', 'constructor', 'redirect', 'm', '_', ...twins].filter((name) => !declared.has(name));
}

describe('query strings of the API', () => {
  it('the walk finds every API route, those with declared parameters among them', () => {
    const keys = apiRoutes().map(routeKey);
    expect(keys.length).toBeGreaterThan(80);
    expect(keys).toEqual(
      expect.arrayContaining([
        `GET ${ApiPaths.institutions}`,
        `GET ${ApiPaths.withdrawalsAvailable}`,
        `GET ${ApiPaths.search}`,
        `GET ${ApiPaths.me}`,
        `POST ${ApiPaths.login}`,
      ]),
    );
    // Every API route has a closed query schema: declared by the route, or the empty one given by default.
    const open = apiRoutes().filter(
      (route) => (route.schemas.querystring as { additionalProperties?: unknown } | undefined)?.additionalProperties !== false,
    );
    expect(open.map(routeKey)).toEqual([]);
  });

  it("the routes take exactly the parameters of the contract's table (the one the web app's requests are held to)", () => {
    const mismatched = apiRoutes()
      .filter((route) => route.schemas.querystring !== (API_QUERY_SCHEMAS[routeKey(route)] ?? NoQuery))
      .map(
        (route) =>
          `${routeKey(route)} takes ${JSON.stringify(route.queryFields)}, the table says ${JSON.stringify(Object.keys(API_QUERY_SCHEMAS[routeKey(route)]?.properties ?? {}))}`,
      );
    expect(mismatched).toEqual([]);
    const registered = new Set(apiRoutes().map(routeKey));
    expect(Object.keys(API_QUERY_SCHEMAS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('every API route refuses a parameter it does not declare, naming it, and still takes the ones it declares', async () => {
    const problems: string[] = [];
    let refusals = 0;
    let declaredChecks = 0;
    for (const route of apiRoutes()) {
      const key = routeKey(route);
      // Seeded by the route itself, not its place in the list: adding a route elsewhere changes no other route's values.
      const valid = validRequest(route, seedOf(key));
      if (typeof valid === 'string') {
        problems.push(`${key}: ${valid}`);
        continue;
      }
      if (route.queryFields.length > 0 && !route.websocket) {
        // Only routes that read their query string run here: the others' handlers are never reached below.
        const taken = answer(await app.inject(withQuery(valid.request, valid.query)));
        declaredChecks += 1;
        if (taken.status >= 500 || (taken.status === 400 && taken.errorCode === ApiErrorCode.VALIDATION)) {
          problems.push(`${key} refused its declared parameters ${JSON.stringify(valid.query)}: ${JSON.stringify(taken)}`);
        }
      }
      for (const name of unknownNames(route)) {
        const refused = answer(await app.inject(withQuery(valid.request, { ...valid.query, [name]: '1' })));
        refusals += 1;
        const expected = { status: 400, errorCode: ApiErrorCode.VALIDATION, message: `Unknown query parameter "${name}".` };
        if (JSON.stringify(refused) !== JSON.stringify(expected)) problems.push(`${key} with ?${name}=1: ${JSON.stringify(refused)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(declaredChecks).toBeGreaterThanOrEqual(10);
    expect(refusals).toBeGreaterThan(apiRoutes().length * 6);
  }, 120_000);

  it('an API route with no parameters answers as before without a query string, and refuses an empty-named one', async () => {
    expect((await app.inject({ method: 'GET', url: ApiPaths.me, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${ApiPaths.me}?`, headers })).statusCode).toBe(200);
    expect(answer(await app.inject({ method: 'GET', url: `${ApiPaths.me}?=1`, headers }))).toEqual({
      status: 400,
      errorCode: ApiErrorCode.VALIDATION,
      message: 'Unknown query parameter "".',
    });
    // The refusal comes after authentication: without a token it is the usual 401.
    expect((await app.inject({ method: 'GET', url: `${ApiPaths.me}?unexpectedParam=1` })).statusCode).toBe(401);
  });

  it('a very long unknown name is cut in the message', async () => {
    const name = 'x'.repeat(5_000);
    const refused = answer(await app.inject({ method: 'GET', url: `${ApiPaths.accounts}?${name}=1`, headers }));
    expect(refused.status).toBe(400);
    expect(refused.message?.length).toBeLessThan(120);
  });

  it('an API route that declares an open query schema is a mistake the app refuses to start with', () => {
    const route = { method: 'GET', url: '/api/example', handler: async () => ({}) };
    expect(() => closeQueryStrings({ ...route, schema: { querystring: Type.Object({ a: Type.String() }) } })).toThrow(/closed object/);
    expect(() => closeQueryStrings({ ...route, schema: { querystring: Obj({ a: Type.String() }) } })).not.toThrow();
    const page = { method: 'GET' as const, url: '/login', handler: async () => ({}) };
    closeQueryStrings(page);
    expect((page as { schema?: unknown }).schema).toBeUndefined();
  });
});

describe("the web app's pages keep their query strings", () => {
  const built = useAppWithFakeBuild(() => db);

  it('deep links with the parameters the app reads, and files with a cache-busting one, are served', async () => {
    const pages = [
      '/login?redirect=%2Fportfolio',
      '/?m=debit&auv=abc',
      '/settings/v2/transfers?origin=/portfolio',
      '/deposits?destination=ira&frequency=MONTHLY',
      '/index.html?x=1',
    ];
    for (const url of pages) {
      const response = await built.app().inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect({ url, status: response.statusCode, html: response.body.includes('<title>Fundflow</title>') }).toEqual({
        url,
        status: 200,
        html: true,
      });
    }
    const asset = await built.app().inject({ method: 'GET', url: '/assets/main.js?v=123', headers: { accept: '*/*' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
  });
});
