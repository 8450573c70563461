import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ApiErrorCode,
  ApiPaths,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  MAX_PAYMENT_METHODS,
  type PaymentMethodsResponse,
} from '../../api/contract';
import type { Database } from '../db/schema';
import { isApiPath } from '../http/apiPaths';
import { addApiFormats } from '../http/apiFormats';
import { buildTestApp, createSeededTestDatabase, signIn } from '../testing/testApp';
import {
  authorizationFor,
  contentType,
  extraHeaders,
  oddValue,
  pathParameter,
  prototypeBody,
  queryString,
  queryValue,
  rawBody,
  smallValue,
  unknownFieldName,
  unknownQueryName,
  validValue,
  withUnstorableLeaf,
  type JsonSchema,
  type UnstorableClass,
} from './requestArbitraries';

// Every API route of the real app, found through Fastify's onRoute hook (not a hand list), gets CASES generated
// requests as a signed-in demo customer (the routes are split between two test files, so jest runs the halves
// on two workers): bodies shaped like its schema with one field wrong, unknown fields,
// prototype keys, broken or huge JSON, odd content types, query strings, path parameters and headers. Whatever
// comes in, the answer is below 500, carries no stack trace or server internals, and a 4xx is { errorCode,
// message }. A body that only adds an unknown top-level field to a valid body is refused as invalid. A query
// string with a parameter the route does not declare is always refused (4xx, never an answer); when the rest
// of the request is valid, it is refused as that unknown parameter (400 VALIDATION_FAILED naming it).

const CASES = Number(process.env.FUZZ_CASES ?? 1_000);
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

type CaseKind = 'shapedWrong' | 'unknownField' | 'valid' | 'unstorable' | 'prototype' | 'raw' | 'json' | 'none';

/** How the case's query string is made. */
type QueryMode = 'declared' | 'hostile' | 'unknownKey';

interface FuzzCase {
  kind: CaseKind;
  queryMode: QueryMode;
  request: InjectOptions;
  /** A body valid by the route's schema plus one unknown top-level field: must be refused as invalid. */
  onlyUnknownField: boolean;
  /**
   * A query parameter the route does not declare: the request must be refused (4xx). `strict`: everything else
   * is valid (signed in, CSRF, path, body, declared parameters), so the refusal must name that parameter.
   */
  unknownQuery: { name: string; strict: boolean } | null;
  /**
   * A body valid by the route's schema but for one leaf the database cannot store (issue 19): never a 500.
   * `strict`: everything else is valid, so a lone surrogate, a NUL or a date out of range is refused as
   * invalid input (400 VALIDATION_FAILED); a huge number may be any 4xx or a success, never a 500.
   */
  unstorable: { kind: UnstorableClass; strict: boolean } | null;
}

const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, useDefaults: false, allErrors: false, strict: false });
addFormats(ajv);
// The app's own formats (bounded dates, shown-back text), as its validator has them.
addApiFormats(ajv);

/** The route's body arbitraries by kind; routes without a body schema get generic objects. */
type BodyCase = { kind: CaseKind; payload?: string; onlyUnknownField: boolean; unstorable?: UnstorableClass };

function bodyCase(route: FuzzRoute): fc.Arbitrary<BodyCase> {
  const schema = route.body;
  const takesBody = BODY_METHODS.has(route.method);
  const shaped = schema ? validValue(schema) : fc.constant({});
  const objectShaped = shaped.map((value) =>
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {},
  );
  const text = (value: unknown) => JSON.stringify(value) ?? 'null';
  const closedObject = schema === undefined || (schema.type === 'object' && schema.properties !== undefined);

  const shapedWrong = fc.tuple(objectShaped, fc.nat(), oddValue).map(([value, pick, odd]) => {
    const keys = Object.keys(value);
    const target = keys.length === 0 ? 'value' : keys[pick % keys.length];
    return { kind: 'shapedWrong' as const, payload: text({ ...value, [target]: odd }), onlyUnknownField: false };
  });
  const unknownField = fc.tuple(objectShaped, unknownFieldName, smallValue).map(([value, name, small]) => {
    const valid = route.valid.body ? route.valid.body(value) : true;
    return {
      kind: 'unknownField' as const,
      payload: text({ ...value, [name]: small }),
      onlyUnknownField: takesBody && closedObject && valid,
    };
  });
  const valid = shaped.map((value) => ({ kind: 'valid' as const, payload: text(value), onlyUnknownField: false }));
  const prototype = prototypeBody.map((payload) => ({ kind: 'prototype' as const, payload, onlyUnknownField: false }));
  const raw = rawBody.map((payload) => ({ kind: 'raw' as const, payload, onlyUnknownField: false }));
  const json = fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, payload: text(value), onlyUnknownField: false }));
  const none = fc.constant({ kind: 'none' as const, onlyUnknownField: false });
  // Valid but for one leaf: only sent as such when the rest of the body is valid by the schema.
  const unstorable = schema
    ? shaped.chain((value) =>
        withUnstorableLeaf(schema, route.valid.body?.(value) ? value : undefined).map((made): BodyCase =>
          made === null
            ? { kind: 'valid', payload: text(value), onlyUnknownField: false }
            : { kind: 'unstorable', payload: text(made.value), onlyUnknownField: false, unstorable: made.kind },
        ),
      )
    : valid;

  return fc.oneof(
    { weight: 30, arbitrary: shapedWrong },
    { weight: takesBody ? 15 : 3, arbitrary: unknownField },
    { weight: 4, arbitrary: valid },
    { weight: takesBody ? 12 : 0, arbitrary: unstorable },
    { weight: 10, arbitrary: prototype },
    { weight: 15, arbitrary: raw },
    { weight: 15, arbitrary: json },
    { weight: 5, arbitrary: none },
  );
}

/** Query parameter names the route does not declare: generic ones, and near twins of its declared ones. */
function unknownQueryNameFor(route: FuzzRoute): fc.Arbitrary<string> {
  const declared = Object.keys(route.querystring?.properties ?? {});
  const twins =
    declared.length === 0
      ? []
      : [
          fc
            .tuple(fc.constantFrom(...declared), fc.constantFrom('upper', 'brackets', 'dotted', 'spaced'))
            .map(([name, how]) => twinOf(name, how)),
        ];
  return fc.oneof(unknownQueryName, ...twins).filter((name) => !declared.includes(name));
}

function twinOf(name: string, how: 'upper' | 'brackets' | 'dotted' | 'spaced'): string {
  if (how === 'upper') return name.toUpperCase();
  if (how === 'brackets') return `${name}[]`;
  if (how === 'dotted') return `${name}.value`;
  return ` ${name}`;
}

const queryText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
const hasNul = (values: Record<string, unknown>) =>
  Object.entries(values).some(([key, value]) => `${key}${queryText(value)}`.includes('\u0000'));

function caseFor(route: FuzzRoute, accessToken: string): fc.Arbitrary<FuzzCase> {
  const parameters = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]);
  return fc
    .record({
      body: bodyCase(route),
      path: fc.array(pathParameter, { minLength: parameters.length, maxLength: parameters.length }),
      validPath: route.params ? validValue(route.params) : fc.constant({}),
      somePath: fc.array(fc.uuid(), { minLength: parameters.length, maxLength: parameters.length }),
      query: queryString,
      validQuery: route.querystring ? validValue(route.querystring) : fc.constant({}),
      // Most cases send the declared parameters (so handlers are reached), some a hostile query string, and
      // some the declared ones plus a parameter the route does not know.
      queryMode: fc.oneof(
        { weight: 5, arbitrary: fc.constant<QueryMode>('declared') },
        { weight: 3, arbitrary: fc.constant<QueryMode>('hostile') },
        { weight: 2, arbitrary: fc.constant<QueryMode>('unknownKey') },
      ),
      unknownKey: fc.record({ name: unknownQueryNameFor(route), value: queryValue, strictAttempt: fc.boolean() }),
      validBody: route.body ? validValue(route.body) : fc.constant(undefined),
      authorization: authorizationFor(accessToken),
      csrf: fc.oneof({ weight: 9, arbitrary: fc.constant('web') }, fc.constantFrom('', ' ', 'x'.repeat(10_000))),
      type: contentType,
      extra: extraHeaders,
      // Calls that move money want one; the others ignore it.
      idempotencyKey: fc.uuid(),
    })
    .map(
      ({
        idempotencyKey,
        body,
        path,
        validPath,
        somePath,
        query,
        validQuery,
        queryMode: drawnMode,
        unknownKey,
        validBody,
        authorization,
        csrf,
        type,
        extra,
      }) => {
        // The laws on unknown fields and parameters need a request that is right in every other way: signed in,
        // CSRF, JSON, a path and a query string its schemas accept (and, for parameters, a valid body).
        const generated = validPath as Record<string, unknown>;
        // '.' and '..' are path segments the URL parser folds away, not parameter values. A route with no params
        // schema takes any segment: a UUID stands in.
        const params: Record<string, string> = Object.fromEntries(
          parameters.map((name, i) => [
            name,
            typeof generated[name] === 'string' && !/^\.{0,2}$/.test(generated[name]) ? generated[name] : route.params ? '' : somePath[i],
          ]),
        );
        const pathValid = parameters.every((name) => params[name] !== '') && (route.valid.params?.(params) ?? true);
        const search = validQuery as Record<string, unknown>;
        const searchValid = (route.valid.querystring?.(search) ?? true) && !hasNul(search);

        // A case that can check the unknown-field law sends the declared parameters only, so the body is the one
        // thing wrong with it.
        const strictBody = body.onlyUnknownField && pathValid && searchValid;
        const strictUnstorable = body.unstorable !== undefined && pathValid && searchValid;
        const queryMode: QueryMode = strictBody || strictUnstorable ? 'declared' : drawnMode;
        const bodyValid = route.valid.body ? route.valid.body(validBody) : true;
        const strictQuery =
          queryMode === 'unknownKey' &&
          unknownKey.strictAttempt &&
          pathValid &&
          searchValid &&
          bodyValid &&
          !hasNul({ [unknownKey.name]: unknownKey.value });
        const wellFormed = strictBody || strictQuery || strictUnstorable;

        let url = route.url;
        parameters.forEach((name, i) => (url = url.replace(`:${name}`, encodeURIComponent(wellFormed ? params[name] : path[i]))));
        const declaredQuery = new URLSearchParams(Object.entries(search).map(([key, value]) => [key, queryText(value)])).toString();
        const unknownPair = `${encodeURIComponent(unknownKey.name)}=${encodeURIComponent(queryText(unknownKey.value))}`;
        const queryPart =
          queryMode === 'declared'
            ? declaredQuery
            : queryMode === 'hostile'
              ? query
              : declaredQuery === ''
                ? unknownPair
                : `${declaredQuery}&${unknownPair}`;
        if (queryPart !== '') url += `?${queryPart}`;

        const payload = strictQuery ? (route.body ? JSON.stringify(validBody) : undefined) : body.payload;
        const headers: Record<string, string> = wellFormed
          ? {
              authorization: `Bearer ${accessToken}`,
              [CSRF_HEADER]: 'web',
              [IDEMPOTENCY_HEADER]: idempotencyKey,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            }
          : { ...extra, authorization, [CSRF_HEADER]: csrf, ...(type === '' ? {} : { 'content-type': type }) };
        const request: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers,
          ...(payload === undefined ? {} : { payload }),
        };
        return {
          kind: body.kind,
          queryMode,
          request,
          onlyUnknownField: strictBody,
          unknownQuery: queryMode === 'unknownKey' ? { name: unknownKey.name, strict: strictQuery } : null,
          unstorable: body.unstorable ? { kind: body.unstorable, strict: strictUnstorable } : null,
        };
      },
    );
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
    if (errorCode !== ApiErrorCode.VALIDATION || !message.startsWith('Unknown field'))
      return `an unknown field was refused for another reason: ${errorCode} ${message}`;
  }
  if (fuzzCase.unknownQuery) {
    const { name, strict } = fuzzCase.unknownQuery;
    if (response.statusCode < 400) return `a query string with the unknown parameter "${name}" was answered ${response.statusCode}`;
    if (strict) {
      if (response.statusCode !== 400)
        return `a valid request with the unknown query parameter "${name}" was answered ${response.statusCode}`;
      const { errorCode, message } = response.json<{ errorCode: string; message: string }>();
      if (errorCode !== ApiErrorCode.VALIDATION || message !== `Unknown query parameter "${name}".`)
        return `the unknown query parameter "${name}" was refused for another reason: ${errorCode} ${message}`;
    }
  }
  if (fuzzCase.unstorable?.strict) {
    const { kind } = fuzzCase.unstorable;
    if (kind === 'loneSurrogate' || kind === 'nul' || kind === 'hiddenCharacter') {
      // Refused before any handler: whatever else the request would have met (a missing account, a wrong token).
      if (response.statusCode !== 400) return `a valid body but for one ${kind} was answered ${response.statusCode}`;
      const { errorCode } = response.json<{ errorCode: string }>();
      if (errorCode !== ApiErrorCode.VALIDATION) return `a ${kind} was refused as ${errorCode}, not as invalid input`;
    }
    // A date out of range is refused (400 by the schema, or a route's own clearer 4xx such as a date of birth's).
    if (kind === 'farDate' && response.statusCode < 400)
      return `a valid body but for a date out of range was answered ${response.statusCode}`;
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

const shorten = (text: string | undefined, max = 300) =>
  text === undefined ? '' : text.length > max ? `${text.slice(0, max)}... (${text.length} characters)` : text;

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
    it("finds every API path of the contract among the app's routes", () => {
      const found = new Set(routes.map((route) => route.url));
      const missing = Object.values(ApiPaths).filter((path) => isApiPath(path) && !found.has(path) && path !== ApiPaths.events);
      expect(missing).toEqual([]);
      expect(routes.length).toBeGreaterThan(80);
    });

    it(`answers ${CASES} hostile requests per route below 500, without internals, 4xx as { errorCode, message }`, async () => {
      const failures: string[] = [];
      const counts: Record<CaseKind, number> = {
        shapedWrong: 0,
        unknownField: 0,
        valid: 0,
        unstorable: 0,
        prototype: 0,
        raw: 0,
        json: 0,
        none: 0,
      };
      const unstorableChecks: Record<UnstorableClass, number> = { loneSurrogate: 0, nul: 0, farDate: 0, hugeNumber: 0, hiddenCharacter: 0 };
      const queryModes: Record<QueryMode, number> = { declared: 0, hostile: 0, unknownKey: 0 };
      let unknownFieldChecks = 0;
      let unknownQueryChecks = 0;
      /** Routes whose cases never made a strict unknown-parameter check (no valid request was generated). */
      const withoutStrictQueryCheck: string[] = [];
      const statuses = new Map<number, number>();
      const started = Date.now();
      for (const [index, route] of mine().entries()) {
        const cases = fc.sample(caseFor(route, accessToken), { numRuns: CASES, seed: SEED + index * parts + part });
        let failed = false;
        if (!cases.some((fuzzCase) => fuzzCase.unknownQuery?.strict)) withoutStrictQueryCheck.push(`${route.method} ${route.url}`);
        await inPool(cases, CONCURRENCY, async (fuzzCase) => {
          counts[fuzzCase.kind] += 1;
          queryModes[fuzzCase.queryMode] += 1;
          if (fuzzCase.onlyUnknownField) unknownFieldChecks += 1;
          if (fuzzCase.unknownQuery?.strict) unknownQueryChecks += 1;
          if (fuzzCase.unstorable?.strict) unstorableChecks[fuzzCase.unstorable.kind] += 1;
          const response = await app.inject(fuzzCase.request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const problem = answerProblem(fuzzCase, response);
          if (problem && !failed) {
            failed = true;
            const { method, url, headers, payload } = fuzzCase.request;
            failures.push(
              `${route.method} ${route.url}: ${problem}\n  request: ${method} ${shorten(typeof url === 'string' ? url : JSON.stringify(url))} ${shorten(JSON.stringify(headers))}\n  body: ${shorten(payload as string | undefined)}\n  answer: ${response.statusCode} ${shorten(response.body)}`,
            );
          }
        });
      }
      const seconds = (Date.now() - started) / 1000;
      // The run's shape, for whoever reads the log: how many of each kind, which statuses came back.
      console.info(
        `route fuzz, part ${part + 1} of ${parts}: ${mine().length} routes x ${CASES} cases in ${seconds.toFixed(1)} s; kinds ${JSON.stringify(counts)}; ` +
          `query strings ${JSON.stringify(queryModes)}; unknown-field checks ${unknownFieldChecks}; strict unknown-parameter checks ${unknownQueryChecks}; strict unstorable checks ${JSON.stringify(unstorableChecks)}; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      expect(failures).toEqual([]);
      // The law on unknown fields was really exercised, not skipped for want of valid bodies.
      expect(unknownFieldChecks).toBeGreaterThan(mine().filter((route) => BODY_METHODS.has(route.method)).length * CASES * 0.05);
      // So was the law on unknown query parameters, on every route: each got requests valid but for one.
      expect(withoutStrictQueryCheck).toEqual([]);
      expect(unknownQueryChecks).toBeGreaterThan(mine().length * CASES * 0.03);
      // And the classes the database cannot store reached valid bodies (dates and numbers only where routes take them).
      expect(unstorableChecks.loneSurrogate).toBeGreaterThan(CASES * 0.05);
      expect(unstorableChecks.nul).toBeGreaterThan(CASES * 0.01);
    }, 600_000);

    it("leaves the database consistent: the customer's data still reads back and the method limit holds", async () => {
      const headers = { authorization: `Bearer ${accessToken}` };
      for (const path of [ApiPaths.me, ApiPaths.accounts, ApiPaths.paymentMethods, ApiPaths.deposits, ApiPaths.config]) {
        const response = await app.inject({ method: 'GET', url: path, headers });
        expect([path, response.statusCode]).toEqual([path, 200]);
      }
      const { paymentMethods } = (
        await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers })
      ).json<PaymentMethodsResponse>();
      expect(paymentMethods.filter((method) => method.status !== 'CANCELED').length).toBeLessThanOrEqual(MAX_PAYMENT_METHODS);
      // No prototype was polluted along the way.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    });
  });
}
