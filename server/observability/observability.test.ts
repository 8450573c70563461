import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { ApiPaths, type DepositIntent, type EventsSubscriptionResponse } from '../../api/contract';
import { accountOf, bankOf, call, confirm, initiate, withKey } from '../testing/depositKit';
import { freshCustomer } from '../testing/fundingKit';
import { buildTestApp, CSRF, testDatabaseServerUrl } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';
import { METRICS_PATH, metricsFromEnvironment } from './observability';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from './requestIds';

// Issue 19, "Observe it": Prometheus metrics at /metrics (never public by default), and request ids on every
// answer and every log line of their request.

const TOKEN = 'metrics-token-for-tests-0123456789';
// With both a token and a port of its own (the other cases build their own apps below).
const { app, db, logs } = useTestApp({ config: { logLevel: 'info', metrics: { token: TOKEN, port: 0 } } });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function scrape(target: FastifyInstance = app): Promise<string> {
  const response = await target.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series, by its name and exact labels as Prometheus writes them; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on the main port', () => {
  it('is refused without the metrics token, or with another one', async () => {
    const none = await app.inject({ method: 'GET', url: METRICS_PATH });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ errorCode: 'UNAUTHENTICATED', message: expect.stringContaining('METRICS_TOKEN') });
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('fundflow_');
    const wrong = await app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const basic = await app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it("answers the token's bearer with the Prometheus text format, never cached", async () => {
    const response = await app.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('# TYPE fundflow_http_requests_total counter');
    expect(response.body).toContain('# TYPE fundflow_http_request_duration_seconds histogram');
    // A served registry carries the process's own metrics too.
    expect(response.body).toContain('process_resident_memory_bytes');
  });
});

describe('deposit metrics', () => {
  it('count a confirmed deposit once and a refusal by its error code, not their replays', async () => {
    const before = await scrape();
    const confirmedBefore = valueOf(before, 'fundflow_deposits_confirmed_total{origin="confirm"}') ?? 0;

    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const account = await accountOf(customer, 'US');
    const bank = await bankOf(customer);
    const intent = (
      await initiate(app, customer, { accountUuid: account.accountUuid, paymentMethodId: bank.id, amount: '25.00' })
    ).json<DepositIntent>();
    const key = randomUUID();
    expect((await confirm(app, customer, intent, key)).statusCode).toBe(200);
    expect((await confirm(app, customer, intent, key)).statusCode).toBe(200);
    // The same intent under another key answers its deposit again: still one deposit.
    expect((await confirm(app, customer, intent)).statusCode).toBe(200);

    const refusedKey = randomUUID();
    const unknownIntent = { id: randomUUID(), accountUuid: account.accountUuid };
    const refusal = await call(app, customer, 'POST', ApiPaths.depositConfirm, unknownIntent, withKey(refusedKey));
    expect(refusal.statusCode).toBe(404);
    const { errorCode } = refusal.json<{ errorCode: string }>();
    const series = `fundflow_deposits_refused_total{origin="confirm",error_code="${errorCode}"}`;
    const refusedBefore = valueOf(before, series) ?? 0;
    // Its replay answers the stored refusal: not a second one.
    expect((await call(app, customer, 'POST', ApiPaths.depositConfirm, unknownIntent, withKey(refusedKey))).statusCode).toBe(404);

    const after = await scrape();
    expect(valueOf(after, 'fundflow_deposits_confirmed_total{origin="confirm"}')).toBe(confirmedBefore + 1);
    expect(valueOf(after, series)).toBe(refusedBefore + 1);
    // The requests themselves, under the route's pattern and their status.
    expect(
      valueOf(after, `fundflow_http_requests_total{method="POST",route="${ApiPaths.depositConfirm}",status="200"}`),
    ).toBeGreaterThanOrEqual(3);
    expect(
      valueOf(after, `fundflow_http_requests_total{method="POST",route="${ApiPaths.depositConfirm}",status="404"}`),
    ).toBeGreaterThanOrEqual(2);
    expect(
      valueOf(after, `fundflow_http_request_duration_seconds_count{method="POST",route="${ApiPaths.depositConfirm}",status="200"}`),
    ).toBeGreaterThanOrEqual(3);
  });

  it('count settlement runs and recurring runs as the jobs report them', async () => {
    const before = await scrape();
    const summary = await app.depositJobs.runOnce();
    const after = await scrape();
    const grew = (series: string) => (valueOf(after, series) ?? 0) - (valueOf(before, series) ?? 0);
    expect(grew('fundflow_settlement_runs_total{outcome="completed"}')).toBe(1);
    expect(grew('fundflow_settlement_runs_total{outcome="failed"}')).toBe(0);
    expect(grew('fundflow_settlement_deposits_settled_total')).toBe(summary.settled);
    expect(grew('fundflow_recurring_runs_total{outcome="made"}')).toBe(summary.deposited);
    expect(grew('fundflow_recurring_runs_total{outcome="paused"}')).toBe(summary.paused);
    expect(grew('fundflow_recurring_runs_total{outcome="failed"}')).toBe(summary.failed);
    expect(grew('fundflow_deposits_confirmed_total{origin="recurring"}')).toBe(summary.deposited);
    // Every series exists from the start, so a rate over it works before the first event.
    expect(valueOf(after, 'fundflow_recurring_runs_total{outcome="skipped"}')).toBeDefined();
  });
});

describe('request metrics', () => {
  it("label a request with its route's pattern, never its raw URL, and a miss as unmatched", async () => {
    const id = randomUUID();
    await app.inject({ method: 'GET', url: `/api/accounts/${id}/portfolio?secret=1` });
    await app.inject({ method: 'GET', url: `/api/no-such-thing/${id}` });
    const text = await scrape();
    expect(
      valueOf(text, 'fundflow_http_requests_total{method="GET",route="/api/accounts/:accountUuid/portfolio",status="401"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'fundflow_http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('secret');
  });

  it('report the database pool (PGlite: its one connection)', async () => {
    const text = await scrape();
    if (testDatabaseServerUrl()) {
      expect(valueOf(text, 'fundflow_db_pool_connections{engine="postgresql"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'fundflow_db_pool_idle_connections{engine="postgresql"}')).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'fundflow_db_pool_waiting_clients{engine="postgresql"}')).toBe(0);
      expect(valueOf(text, 'fundflow_db_pool_max_connections{engine="postgresql"}')).toBeGreaterThanOrEqual(1);
    } else {
      expect(valueOf(text, 'fundflow_db_pool_connections{engine="pglite"}')).toBe(1);
      expect(text).not.toMatch(/^fundflow_db_pool_idle_connections\{/m);
    }
  });

  it('count the live-event sockets open on this instance', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const { eventsSubscriptionId } = (await customer.send('POST', ApiPaths.eventsSubscriptions)).json<EventsSubscriptionResponse>();
    const { port } = app.server.address() as AddressInfo;
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}${ApiPaths.events}?eventsSubscriptionId=${encodeURIComponent(eventsSubscriptionId)}`,
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    expect(valueOf(await scrape(), 'fundflow_live_event_sockets')).toBe(1);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.close();
    await closed;
    // The server sees the close a moment after the client.
    for (let tries = 0; tries < 50 && valueOf(await scrape(), 'fundflow_live_event_sockets') !== 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(valueOf(await scrape(), 'fundflow_live_event_sockets')).toBe(0);
  });
});

describe('where /metrics is served', () => {
  const started: FastifyInstance[] = [];
  afterAll(async () => {
    for (const other of started) await other.close();
  });
  const another = async (metrics: { token?: string; port?: number }) => {
    const built = buildTestApp(db, { config: { metrics } }).app;
    started.push(built);
    await built.ready();
    return built;
  };
  const fetchMetrics = (other: FastifyInstance, path = METRICS_PATH, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${other.metricsAddress()!.port}${path}`, { headers });

  it('is not served at all without METRICS_TOKEN or METRICS_PORT (404, like any unknown path)', async () => {
    const bare = await another({});
    const response = await bare.inject({ method: 'GET', url: METRICS_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect(bare.metricsAddress()).toBeNull();
  });

  it('is served on METRICS_PORT, and then not on the main port unless a token is set', async () => {
    const portOnly = await another({ port: 0 });
    expect((await portOnly.inject({ method: 'GET', url: METRICS_PATH })).statusCode).toBe(404);
    const scraped = await fetchMetrics(portOnly);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('fundflow_http_requests_total');
    expect((await fetchMetrics(portOnly, '/api/health')).status).toBe(404);
  });

  it('asks for the token on METRICS_PORT too when both are set', async () => {
    expect((await fetchMetrics(app)).status).toBe(401);
    expect((await fetchMetrics(app, METRICS_PATH, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('refuses a short METRICS_TOKEN or a bad METRICS_PORT at start', () => {
    expect(() => metricsFromEnvironment({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => metricsFromEnvironment({ METRICS_PORT: 'abc' })).toThrow(/METRICS_PORT/);
    expect(() => buildTestApp(db, { config: { metrics: { token: 'short' } } })).toThrow(/token/);
    expect(metricsFromEnvironment({ METRICS_TOKEN: '', METRICS_PORT: '' })).toEqual({ token: null, port: null });
    expect(metricsFromEnvironment({ METRICS_TOKEN: TOKEN, METRICS_PORT: '9464' })).toEqual({ token: TOKEN, port: 9464 });
  });
});

describe('request ids', () => {
  /** The log lines of one request: everything written while it ran (nothing else runs meanwhile). */
  async function linesOf(run: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
    const from = logs.length;
    await run();
    return logs.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it('takes a safe X-Request-Id, returns it and puts it on every log line of the request', async () => {
    let response: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    const lines = await linesOf(async () => {
      response = await app.inject({
        method: 'POST',
        url: ApiPaths.login,
        headers: { ...CSRF, [REQUEST_ID_HEADER]: 'lb-7f3a9c.01:retry-2' },
        payload: { email: 'alex@fundflow.test', password: 'wrong-password-1' },
      });
    });
    expect(response!.statusCode).toBe(401);
    expect(response!.headers[REQUEST_ID_HEADER]).toBe('lb-7f3a9c.01:retry-2');
    // incoming request, request refused, request completed
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.map((line) => line.reqId)).toEqual(lines.map(() => 'lb-7f3a9c.01:retry-2'));
  });

  it('makes one (a UUID) when none is sent or the one sent is unsafe, and never logs the unsafe one', async () => {
    const absent = await app.inject({ method: 'GET', url: ApiPaths.health });
    expect(absent.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    for (const unsafe of [
      'a'.repeat(129),
      'id with spaces',
      'x"}{"admin":true',
      'a\u202eb',
      '<script>',
      'alex@fundflow.test',
      '../../etc',
    ]) {
      let response: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
      const lines = await linesOf(async () => {
        response = await app.inject({ method: 'GET', url: ApiPaths.health, headers: { [REQUEST_ID_HEADER]: unsafe } });
      });
      const made = response!.headers[REQUEST_ID_HEADER] as string;
      expect(made).toMatch(UUID);
      expect(lines.every((line) => line.reqId === made)).toBe(true);
      expect(lines.some((line) => JSON.stringify(line).includes(unsafe))).toBe(false);
    }
  });

  it('is returned on every answer, errors included', async () => {
    const answers = [
      await app.inject({ method: 'GET', url: ApiPaths.accounts }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'GET', url: '/api/%zz' }),
      await app.inject({ method: 'POST', url: ApiPaths.login, headers: { ...CSRF, 'content-type': 'text/plain' }, payload: 'x' }),
      await app.inject({ method: 'POST', url: ApiPaths.login, payload: {} }),
      await app.inject({ method: 'GET', url: METRICS_PATH }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 404, 400, 415, 403, 401]);
    for (const answer of answers) expect(answer.headers[REQUEST_ID_HEADER]).toMatch(UUID);
  });

  it('is the id sent exactly when it is safe (any header value)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.stringMatching(/^[A-Za-z0-9._:-]{1,140}$/), fc.string({ unit: 'grapheme-ascii', maxLength: 140 }), fc.uuid()),
        async (sent) => {
          const response = await app.inject({ method: 'GET', url: ApiPaths.health, headers: { [REQUEST_ID_HEADER]: sent } });
          const answered = response.headers[REQUEST_ID_HEADER] as string;
          expect(answered).toMatch(REQUEST_ID_PATTERN);
          expect(answered === sent).toBe(REQUEST_ID_PATTERN.test(sent));
        },
      ),
      { numRuns: 100 },
    );
  });
});
