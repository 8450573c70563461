import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiErrorCode, ApiPaths, CSRF_HEADER, MAX_PAYMENT_METHODS, type PaymentMethodsResponse } from '../../api/contract';
import type { Database } from '../db/schema';
import { isApiPath } from '../http/apiPaths';
import { buildTestApp, createSeededTestDatabase, signIn } from '../testing/testApp';
import {
  authorizationFor,
  contentType,
  extraHeaders,
  oddValue,
  pathParameter,
  prototypeBody,
  queryString,
  rawBody,
  smallValue,
  unknownFieldName,
  validValue,
  type JsonSchema,
} from './requestArbitraries';

// Every API route of the real app, found through Fastify's onRoute hook (not a hand list), gets CASES generated
// requests as a signed-in demo customer (the routes are split between two test files, so jest runs the halves
// on two workers): bodies shaped like its schema with one field wrong, unknown fields,
// prototype keys, broken or huge JSON, odd content types, query strings, path parameters and headers. Whatever
// comes in, the answer is below 500, carries no stack trace or server internals, and a 4xx is { errorCode,
// message }. A body that only adds an unknown top-level field to a valid body is refused as invalid.

const CASES = 1_000;
/** Requests in flight per route: the handlers wait on one embedded database, so more buys nothing. */
const CONCURRENCY = 8;
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CUSTOMER = 'alex@fundflow.test';

/** Text that would mean internals leaked: stack frames, source paths, raw error names, Fastify's own codes. */
const INTERNALS = /^\s+at \S|\n\s+at \S|\/server\/|node_modules|\.tsx?:\d+|\b[A-Z][a-zA-Z]*Error: |FST_ERR|ERR_[A-Z_]{4,}/;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface FuzzRoute {
  method: HTTPMethods;
  url: string;
  body?: JsonSchema;
  params?: JsonSchema;
  querystring?: JsonSchema;
  /** The route's own schemas compiled as Fastify compiles them: which generated parts are valid. */
  valid: { body?: ValidateFunction; params?: ValidateFunction; querystring?: ValidateFunction };
}

type CaseKind = 'shapedWrong' | 'unknownField' | 'valid' | 'prototype' | 'raw' | 'json' | 'none';

interface FuzzCase {
  kind: CaseKind;
  request: InjectOptions;
  /** A body valid by the route's schema plus one unknown top-level field: must be refused as invalid. */
  onlyUnknownField: boolean;
}

const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false, strict: false });
addFormats(ajv);

/** The route's body arbitraries by kind; routes without a body schema get generic objects. */
function bodyCase(route: FuzzRoute): fc.Arbitrary<{ kind: CaseKind; payload?: string; onlyUnknownField: boolean }> {
  const schema = route.body;
  const takesBody = BODY_METHODS.has(route.method);
  const shaped = schema ? validValue(schema) : fc.constant({});
  const objectShaped = shaped.map((value) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}));
  const text = (value: unknown) => JSON.stringify(value) ?? 'null';
  const closedObject = schema === undefined || (schema.type === 'object' && schema.properties !== undefined);

  const shapedWrong = fc
    .tuple(objectShaped, fc.nat(), oddValue)
    .map(([value, pick, odd]) => {
      const keys = Object.keys(value);
      const target = keys.length === 0 ? 'value' : keys[pick % keys.length];
      return { kind: 'shapedWrong' as const, payload: text({ ...value, [target]: odd }), onlyUnknownField: false };
    });
  const unknownField = fc.tuple(objectShaped, unknownFieldName, smallValue).map(([value, name, small]) => {
    const valid = route.valid.body ? route.valid.body(value) : true;
    return { kind: 'unknownField' as const, payload: text({ ...value, [name]: small }), onlyUnknownField: takesBody && closedObject && valid };
  });
  const valid = shaped.map((value) => ({ kind: 'valid' as const, payload: text(value), onlyUnknownField: false }));
  const prototype = prototypeBody.map((payload) => ({ kind: 'prototype' as const, payload, onlyUnknownField: false }));
  const raw = rawBody.map((payload) => ({ kind: 'raw' as const, payload, onlyUnknownField: false }));
  const json = fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, payload: text(value), onlyUnknownField: false }));
  const none = fc.constant({ kind: 'none' as const, onlyUnknownField: false });

  return fc.oneof(
    { weight: 30, arbitrary: shapedWrong },
    { weight: takesBody ? 15 : 3, arbitrary: unknownField },
    { weight: 4, arbitrary: valid },
    { weight: 10, arbitrary: prototype },
    { weight: 15, arbitrary: raw },
    { weight: 15, arbitrary: json },
    { weight: 5, arbitrary: none },
  );
}

function caseFor(route: FuzzRoute, accessToken: string): fc.Arbitrary<FuzzCase> {
  const parameters = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  return fc
    .record({
      body: bodyCase(route),
      path: fc.array(pathParameter, { minLength: parameters.length, maxLength: parameters.length }),
      validPath: route.params ? validValue(route.params) : fc.constant({}),
      query: queryString,
      validQuery: route.querystring ? validValue(route.querystring) : fc.constant({}),
      authorization: authorizationFor(accessToken),
      csrf: fc.oneof({ weight: 9, arbitrary: fc.constant('web') }, fc.constantFrom('', ' ', 'x'.repeat(10_000))),
      type: contentType,
      extra: extraHeaders,
    })
    .map(({ body, path, validPath, query, validQuery, authorization, csrf, type, extra }) => {
      // The unknown-field law needs a request that is right in every other way: signed in, CSRF, JSON, a
      // path and a query string its schemas accept.
      const params = validPath as Record<string, unknown>;
      const search = validQuery as Record<string, unknown>;
      const strict =
        body.onlyUnknownField &&
        // '.' and '..' are path segments the URL parser folds away, not parameter values.
        parameters.every((name) => typeof params[name] === 'string' && !/^\.{0,2}$/.test(params[name] as string)) &&
        (route.valid.params?.(params) ?? true) &&
        (route.valid.querystring?.(search) ?? true);
      let url = route.url;
      parameters.forEach((name, i) => (url = url.replace(`:${name}`, encodeURIComponent(strict ? String(params[name]) : path[i]))));
      if (strict && Object.keys(search).length > 0) url += `?${new URLSearchParams(search as Record<string, string>).toString()}`;
      const headers: Record<string, string> = strict
        ? { authorization: `Bearer ${accessToken}`, [CSRF_HEADER]: 'web', 'content-type': 'application/json' }
        : { ...extra, authorization, [CSRF_HEADER]: csrf, ...(type === '' ? {} : { 'content-type': type }) };
      const request: InjectOptions = {
        method: route.method as InjectOptions['method'],
        url: strict || query === '' ? url : `${url}?${query}`,
        headers,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      };
      return { kind: body.kind, request, onlyUnknownField: strict };
    });
}

/** What is wrong with an answer, or null. */
function answerProblem(fuzzCase: FuzzCase, response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (INTERNALS.test(response.body)) return 'the body shows server internals';
  if (response.statusCode >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return 'a 4xx body that is not JSON';
    }
    const { errorCode, message } = (body ?? {}) as { errorCode?: unknown; message?: unknown };
    if (typeof errorCode !== 'string' || typeof message !== 'string' || message === '') return 'a 4xx body without errorCode and message';
  }
  if (fuzzCase.onlyUnknownField) {
    if (response.statusCode !== 400) return `a valid body with an unknown field was answered ${response.statusCode}`;
    const { errorCode, message } = response.json<{ errorCode: string; message: string }>();
    if (errorCode !== ApiErrorCode.VALIDATION || !message.startsWith('Unknown field')) return `an unknown field was refused for another reason: ${errorCode} ${message}`;
  }
  return null;
}

async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: size }, worker));
}

const shorten = (text: string | undefined, max = 300) => (text === undefined ? '' : text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text);

/**
 * The fuzz suite over one part of the routes (every `parts`-th route in registration order, from `part`): each
 * test file that calls it builds its own database and app, so jest can run the parts on separate workers.
 */
export function describeRouteFuzz(part: number, parts: number): void {
  let db: Kysely<Database>;
  let app: FastifyInstance;
  let accessToken: string;
  const routes: FuzzRoute[] = [];

  beforeAll(async () => {
    db = await createSeededTestDatabase();
    ({ app } = buildTestApp(db, { config: { logLevel: 'error' } }));
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!isApiPath(route.url) || (route as { websocket?: boolean }).websocket) return;
      const { body, params, querystring } = (route.schema ?? {}) as { body?: JsonSchema; params?: JsonSchema; querystring?: JsonSchema };
      const compile = (schema?: JsonSchema) => (schema ? ajv.compile(schema) : undefined);
      const valid = { body: compile(body), params: compile(params), querystring: compile(querystring) };
      for (const method of ([] as HTTPMethods[]).concat(route.method)) {
        // HEAD routes are Fastify's automatic copies of the GET routes fuzzed here.
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, body, params, querystring, valid });
      }
    });
    await app.ready();
    accessToken = (await signIn(app, CUSTOMER)).accessToken;
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  /** This part's routes. */
  const mine = () => routes.filter((_, i) => i % parts === part);

  describe(`route fuzz, part ${part + 1} of ${parts} (seed ${SEED}; replay with FUZZ_SEED=${SEED})`, () => {
    it('finds every API path of the contract among the app\'s routes', () => {
      const found = new Set(routes.map((route) => route.url));
      const missing = Object.values(ApiPaths).filter((path) => isApiPath(path) && !found.has(path) && path !== ApiPaths.events);
      expect(missing).toEqual([]);
      expect(routes.length).toBeGreaterThan(80);
    });

    it(`answers ${CASES} hostile requests per route below 500, without internals, 4xx as { errorCode, message }`, async () => {
      const failures: string[] = [];
      const counts: Record<CaseKind, number> = { shapedWrong: 0, unknownField: 0, valid: 0, prototype: 0, raw: 0, json: 0, none: 0 };
      let unknownFieldChecks = 0;
      const statuses = new Map<number, number>();
      const started = Date.now();
      for (const [index, route] of mine().entries()) {
        const cases = fc.sample(caseFor(route, accessToken), { numRuns: CASES, seed: SEED + index * parts + part });
        let failed = false;
        await inPool(cases, CONCURRENCY, async (fuzzCase) => {
          counts[fuzzCase.kind] += 1;
          if (fuzzCase.onlyUnknownField) unknownFieldChecks += 1;
          const response = await app.inject(fuzzCase.request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = answerProblem(fuzzCase, response);
          if (problem && !failed) {
            failed = true;
            const { method, url, headers, payload } = fuzzCase.request;
            failures.push(`${route.method} ${route.url}: ${problem}\n  request: ${method} ${shorten(String(url))} ${shorten(JSON.stringify(headers))}\n  body: ${shorten(payload as string | undefined)}\n  answer: ${response.statusCode} ${shorten(response.body)}`);
          }
        });
      }
      const seconds = (Date.now() - started) / 1000;
      // The run's shape, for whoever reads the log: how many of each kind, which statuses came back.
      console.info(
        `route fuzz, part ${part + 1} of ${parts}: ${mine().length} routes x ${CASES} cases in ${seconds.toFixed(1)} s; kinds ${JSON.stringify(counts)}; ` +
          `unknown-field checks ${unknownFieldChecks}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      expect(failures).toEqual([]);
      // The law on unknown fields was really exercised, not skipped for want of valid bodies.
      expect(unknownFieldChecks).toBeGreaterThan(mine().filter((route) => BODY_METHODS.has(route.method)).length * CASES * 0.05);
    }, 600_000);

    it('leaves the database consistent: the customer\'s data still reads back and the method limit holds', async () => {
      const headers = { authorization: `Bearer ${accessToken}` };
      for (const path of [ApiPaths.me, ApiPaths.accounts, ApiPaths.paymentMethods, ApiPaths.deposits, ApiPaths.config]) {
        const response = await app.inject({ method: 'GET', url: path, headers });
        expect([path, response.statusCode]).toEqual([path, 200]);
      }
      const { paymentMethods } = (await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers })).json<PaymentMethodsResponse>();
      expect(paymentMethods.filter((method) => method.status !== 'CANCELED').length).toBeLessThanOrEqual(MAX_PAYMENT_METHODS);
      // No prototype was polluted along the way.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });
  });
}
