import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { ApiPaths, CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../api/contract';
import { compareWithBareStack, depositTotals, describeComparison, describePostgresKind } from './benchReport';
import { ensureServerBuilt, SERVER_BUILD_DIR } from '../serverBuild';
import { freePort } from '../../test/postgres/throwawayPostgres';

// The server half of `npm run bench` (issues 7 and 20): loads the funding API with autocannon on loopback, checks
// that the database holds exactly the deposits whose confirms succeeded, reads the server's resident memory and
// times a start on an existing database. Each confirm run is followed by the same load on the bare stack
// (bareStack.ts: Fastify and the same database, one transaction per confirm), so every confirm figure has a
// reference measured minutes apart on the same machine and database kind.
//
// Databases: the embedded one (PGlite in a folder), then PostgreSQL: the cluster DATABASE_URL names (its fsync,
// synchronous_commit and full_page_writes are read and reported), or else a throw-away cluster of our own with
// production's durable settings, started by test/postgres/withPostgres.ts (WITH_POSTGRES_DURABLE=1), which
// runs this file's PostgreSQL half as its command (--postgres-half).
//
// The orchestrator (scripts/bench/index.ts) calls runApiBench; for a trial on its own:
// `npx tsx scripts/bench/apiBench.ts --seconds 10` prints the report as JSON; `--embedded-only` leaves out the
// PostgreSQL half (for comparing two builds of the embedded database's path).

/** Which server a figure is of: Fundflow, or the bare-stack reference (bareStack.ts). */
export type ServerKind = 'Fundflow' | 'bare stack';

export interface LoadRow {
  endpoint: 'confirm deposit' | 'GET payment methods';
  server: ServerKind;
  database: 'embedded' | 'postgres';
  connections: number;
  durationSeconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  /**
   * CPU time the server process spent per request during the run, in ms (user + system, from /proc; null where
   * /proc is not there). Unlike requests/s it hardly moves when other work shares the machine, so it is the
   * figure to compare two builds by on a busy machine. The database's own processes are not in it.
   */
  serverCpuMsPerRequest: number | null;
}
export interface TotalsCheck {
  database: 'embedded' | 'postgres';
  server: ServerKind;
  /** Idempotency keys whose confirm answered 2xx. */
  confirmedOk: number;
  /** Distinct deposit ids in those answers (a key's repeats answer its one deposit). */
  answeredDeposits: number;
  /** New deposits the database holds for the bench's customers (bare stack: all of its deposits). */
  depositsInDatabase: number;
  /** The deposits held are exactly the ones the 2xx answers named. */
  sameDeposits: boolean;
  duplicateKeyChecks: number;
  /** Every 2xx confirm is in the database once: the counts equal, the same deposits, and same-key pairs agreed. */
  match: boolean;
}
export interface MemoryFigure {
  database: 'embedded' | 'postgres';
  rssMiB: number;
  boundMiB: number;
  within: boolean;
}
export interface StartupFigure {
  database: 'embedded' | 'postgres';
  ms: number;
  goalMs: number;
  within: boolean;
}
/** What kind of PostgreSQL was measured: read from the cluster itself (SHOW), not assumed. */
export interface PostgresKind {
  /** 'own durable cluster': started by the bench with durable settings; 'DATABASE_URL': the one given. */
  source: 'own durable cluster' | 'DATABASE_URL';
  version: string;
  fsync: string;
  synchronousCommit: string;
  fullPageWrites: string;
  /** fsync and full-page writes on, and commits wait for their WAL to be flushed (synchronous_commit not off). */
  durable: boolean;
}
export interface ApiBenchReport {
  /** Fundflow's rows and the bare stack's confirm rows (see `server`). */
  rows: LoadRow[];
  totals: TotalsCheck[];
  memory: MemoryFigure[];
  startup: StartupFigure[];
  /** The PostgreSQL measured, or null when its half did not run. */
  postgres: PostgresKind | null;
}

type DatabaseKind = LoadRow['database'];

/** The goals of issue 7 (2 cores, embedded database), for the orchestrator's report. */
export const API_GOALS = {
  confirmAt10: { connections: 10, minRequestsPerSecond: 300, maxP99Ms: 100 },
  confirmAt50: { connections: 50, maxP99Ms: 250 },
  /** Server resident set after the load: measured about 0.5 GiB idle (PGlite's WebAssembly heap) and below 1 GiB loaded. */
  rssBoundMiB: 1024,
  startupGoalMs: 5000,
} as const;

export const LOAD_CONNECTIONS = [10, 50] as const;
const DEFAULT_DURATION_SECONDS = 30;
/** Every bench customer is a fresh copy of this demo customer: funded, a verified default bank, a brokerage account. */
const TEMPLATE_CUSTOMER = 'alex@fundflow.test';
/**
 * $1.00 per deposit: the smallest a funded customer may deposit, and cents that the sandbox rails accept (.02,
 * .04, .06 and .09 choose refusals). A customer gets at most a few thousand of them per run, far inside the
 * $50,000 daily bank limit and the copied bank's remaining $35,000 of its deposit limit.
 */
const DEPOSIT_AMOUNT = { amount: '1.00', currency: 'USD' } as const;
const DUPLICATE_KEY_PAIRS = 5;
const ROOT = path.resolve(__dirname, '..', '..');
/** The production bundle (`npm run build`), run on plain node as `npm start` and the Dockerfile run it. */
const SERVER_BUNDLE = path.join(SERVER_BUILD_DIR, 'index.js');
const BARE_STACK_ENTRY = path.join(__dirname, 'bareStack.ts');
const WITH_POSTGRES = path.join(ROOT, 'test', 'postgres', 'withPostgres.ts');
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

/** Servers started here, so they are stopped whatever happens (see the exit hook below). */
const liveServers = new Set<ChildProcess>();
/** Temporary data directories, removed at the end of a run or, failing that, when this process exits. */
const tempDirs = new Set<string>();
process.on('exit', () => {
  for (const child of liveServers) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------------
// The server process

interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  /** Milliseconds from spawning until it could take traffic (Fundflow: GET /api/ready 200; the bare stack: /api/health). */
  readyMs: number;
  output: () => string;
}

interface ServerSetup {
  server: ServerKind;
  database: DatabaseKind;
  dataDir: string | null;
  databaseUrl: string | null;
}

/** One GET /api/health; resolves its status, or 0 when nothing answers yet. */
function answerStatus(baseUrl: string, path: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(`${baseUrl}${path}`, { agent: false, timeout: 2000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}

/**
 * Spawns the server and waits until it can take traffic. Fundflow runs as production runs it: the built bundle on
 * plain node (built first if stale), ready when GET /api/ready answers 200 (database open, migrations done). The bare
 * stack runs from source as `node --import tsx` (the child's pid is the server itself; the tsx CLI would start a
 * second process) and has only /api/health.
 */
async function startServerProcess(setup: ServerSetup): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    FUNDFLOW_MODE: 'sandbox',
    FUNDFLOW_MIGRATE_ON_START: 'true',
  };
  const fundflow = setup.server === 'Fundflow';
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  if (setup.databaseUrl) env.DATABASE_URL = setup.databaseUrl;
  else env.DATA_DIR = setup.dataDir!;

  const started = performance.now();
  // BENCH_SERVER_NODE_ARGS adds Node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it under the load.
  const nodeArgs = fundflow ? (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) : [];
  const args = fundflow ? [...nodeArgs, SERVER_BUNDLE] : ['--import', 'tsx', BARE_STACK_ENTRY];
  const readyPath = fundflow ? ApiPaths.ready : ApiPaths.health;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  liveServers.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit: { reason: string | null } = { reason: null };
  child.once('exit', (code, signal) => {
    exit.reason = `exited (${signal ?? code})`;
    liveServers.delete(child);
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exit.reason) throw new Error(`the ${setup.server} server ${exit.reason} before it was ready:\n${output}`);
    if ((await answerStatus(baseUrl, readyPath)) === 200) break;
    if (performance.now() - started > HEALTH_TIMEOUT_MS) {
      await stopServerProcess(child);
      throw new Error(`the server did not answer ${readyPath} within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(20);
  }
  return { child, pid: child.pid!, baseUrl, readyMs: Math.round(performance.now() - started), output: () => output };
}

/** SIGTERM (the server closes its database cleanly), SIGKILL if it takes too long. */
async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
  liveServers.delete(child);
}

/** CPU time (user + system) the process has used so far, in ms; null where /proc is not there. */
function cpuMsOf(pid: number): number | null {
  try {
    // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** A row with the server's CPU time per request between two readings of cpuMsOf. */
function withCpu(row: LoadRow, before: number | null, after: number | null): LoadRow {
  const perRequest =
    before === null || after === null || row.requests === 0 ? null : Math.round(((after - before) / row.requests) * 100) / 100;
  return { ...row, serverCpuMsPerRequest: perRequest };
}

/** VmRSS of the process in MiB (Linux /proc), NaN where /proc is not there. */
function residentMiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The API as a customer uses it

interface Answer {
  status: number;
  body: unknown;
}

async function api(
  baseUrl: string,
  method: 'GET' | 'POST',
  apiPath: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (method === 'POST') {
    headers[CSRF_HEADER] = 'bench';
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${baseUrl}${apiPath}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text for the error message
  }
  return { status: response.status, body };
}

/** The answer's body, typed as the caller expects it (the bench trusts the contract it measures). */
async function expectStatus<Body = unknown>(answer: Promise<Answer>, status: number, what: string): Promise<Body> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: expected ${status}, got ${got} ${JSON.stringify(body).slice(0, 300)}`);
  return body as Body;
}

interface BenchCustomer {
  email: string;
  password: string;
  token: string;
  accountUuid: string;
  paymentMethodId: string;
  /** Deposits the copy started with (the template's history). */
  depositIdsBefore: Set<string>;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const session = await expectStatus<{ accessToken: string }>(
    api(baseUrl, 'POST', ApiPaths.login, { body: { email, password } }),
    200,
    `signing in ${email}`,
  );
  return session.accessToken;
}

async function depositIds(baseUrl: string, token: string): Promise<string[]> {
  const answer = await expectStatus<{ deposits: { id: string }[] }>(
    api(baseUrl, 'GET', ApiPaths.deposits, { token }),
    200,
    'listing deposits',
  );
  return answer.deposits.map((deposit) => deposit.id);
}

/** A fresh copy of the template customer, signed in, with its brokerage account and default bank. */
async function freshCustomer(baseUrl: string): Promise<BenchCustomer> {
  const copy = await expectStatus<{ email: string; password: string }>(
    api(baseUrl, 'POST', ApiPaths.sandboxCustomers, { body: { template: TEMPLATE_CUSTOMER } }),
    201,
    'copying a demo customer',
  );
  const token = await signIn(baseUrl, copy.email, copy.password);
  const { accounts } = await expectStatus<{ accounts: { accountUuid: string; variant: string; status: string }[] }>(
    api(baseUrl, 'GET', ApiPaths.accounts, { token }),
    200,
    'listing accounts',
  );
  const brokerage = accounts.find((a) => a.variant === 'US' && a.status === 'OPEN');
  const { paymentMethods } = await expectStatus<{
    paymentMethods: { id: string; type: string; status: string; readiness: string; plaidLoginRequired: boolean }[];
  }>(api(baseUrl, 'GET', ApiPaths.paymentMethods, { token }), 200, 'listing payment methods');
  const bank = paymentMethods.find((m) => m.type === 'ACH' && m.status === 'APPROVED' && m.readiness === 'READY' && !m.plaidLoginRequired);
  if (!brokerage || !bank) throw new Error(`${copy.email} has no open brokerage account or no usable bank`);
  return {
    email: copy.email,
    password: copy.password,
    token,
    accountUuid: brokerage.accountUuid,
    paymentMethodId: bank.id,
    depositIdsBefore: new Set(await depositIds(baseUrl, token)),
  };
}

async function freshCustomers(baseUrl: string, count: number): Promise<BenchCustomer[]> {
  const customers: BenchCustomer[] = [];
  await inParallel(count, 4, async () => {
    customers.push(await freshCustomer(baseUrl));
  });
  return customers;
}

interface Intent {
  id: string;
  customer: BenchCustomer;
}

async function createIntent(baseUrl: string, customer: BenchCustomer): Promise<Intent> {
  const intent = await expectStatus<{ id: string }>(
    api(baseUrl, 'POST', ApiPaths.depositIntents, {
      token: customer.token,
      body: { paymentMethodId: customer.paymentMethodId, accountUuid: customer.accountUuid, amount: DEPOSIT_AMOUNT },
    }),
    201,
    'creating a deposit intent',
  );
  return { id: intent.id, customer };
}

const confirmBody = (intent: Intent) => JSON.stringify({ id: intent.id, accountUuid: intent.customer.accountUuid });
const confirmHeaders = (intent: Intent, key: string): Record<string, string> => ({
  authorization: `Bearer ${intent.customer.token}`,
  'content-type': 'application/json',
  [CSRF_HEADER]: 'bench',
  [IDEMPOTENCY_HEADER]: key,
});

function confirmOnce(baseUrl: string, intent: Intent, key: string): Promise<Answer> {
  return api(baseUrl, 'POST', ApiPaths.depositConfirm, {
    token: intent.customer.token,
    body: { id: intent.id, accountUuid: intent.customer.accountUuid },
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Load runs

function rowOf(
  endpoint: LoadRow['endpoint'],
  server: ServerKind,
  database: DatabaseKind,
  connections: number,
  result: autocannon.Result,
): LoadRow {
  const requests = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    endpoint,
    server,
    database,
    connections,
    durationSeconds: result.duration,
    requests,
    requestsPerSecond: Math.round((requests / result.duration) * 10) / 10,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    serverCpuMsPerRequest: null,
  };
}

async function loadPaymentMethods(
  baseUrl: string,
  database: DatabaseKind,
  connections: number,
  durationSeconds: number,
  customers: BenchCustomer[],
): Promise<LoadRow> {
  let lane = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    requests: [{ method: 'GET', path: ApiPaths.paymentMethods }],
    // Each connection is one of the customers, as in real traffic.
    setupClient: (client) => {
      const customer = customers[lane++ % customers.length];
      client.setRequests([{ method: 'GET', path: ApiPaths.paymentMethods, headers: { authorization: `Bearer ${customer.token}` } }]);
    },
  });
  return rowOf('GET payment methods', 'Fundflow', database, connections, result);
}

interface ConfirmTally {
  /** Idempotency keys (one per intent) whose confirm answered 2xx, each with the deposit id it answered. */
  okKeys: Map<string, string | undefined>;
  /** Refusals by status and error code, for the log. */
  refusals: Map<string, number>;
}

const newTally = (): ConfirmTally => ({ okKeys: new Map(), refusals: new Map() });

/** Records a 2xx answer (a parsed body): its key and the deposit it names. */
function recordOk(tally: ConfirmTally, key: string, body: unknown): void {
  const id = (body as { id?: unknown } | null)?.id;
  tally.okKeys.set(key, typeof id === 'string' ? id : undefined);
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null; // no JSON body
  }
}

/** Counts one confirm's answer: its key and deposit when 2xx, else its status and error code. */
function tallyAnswer(tally: ConfirmTally, key: string, status: number, body: string): void {
  if (status >= 200 && status < 300) {
    recordOk(tally, key, parsed(body));
    return;
  }
  const code = (parsed(body) as { errorCode?: string } | null)?.errorCode ?? '';
  const label = `${status} ${code}`.trim();
  tally.refusals.set(label, (tally.refusals.get(label) ?? 0) + 1);
}

/**
 * Prepares intents for every connection's customer, then confirms them under load for `durationSeconds`
 * (or until the prepared intents run out: the row then shows the shorter duration). Each confirm has a
 * fresh Idempotency-Key. Confirms left unanswered when autocannon stops (it drops connections in flight) are
 * sent again with their own key afterwards, as a client would retry, so every deposit is accounted for.
 */
async function loadConfirms(
  server: ServerProcess,
  database: DatabaseKind,
  connections: number,
  durationSeconds: number,
  customers: BenchCustomer[],
  expectedRate: number,
  tally: ConfirmTally,
  log: (line: string) => void,
): Promise<LoadRow> {
  const { baseUrl } = server;
  // Enough intents for the expected rate with room to spare; each connection confirms its own customer's.
  const perLane = Math.ceil((expectedRate * durationSeconds * 1.4) / connections) + 10;
  const prepStarted = performance.now();
  const pools: Intent[][] = customers.map(() => []);
  await inParallel(perLane * connections, 10, async (index) => {
    const lane = index % connections;
    pools[lane].push(await createIntent(baseUrl, customers[lane]));
  });
  log(`  prepared ${perLane * connections} intents in ${((performance.now() - prepStarted) / 1000).toFixed(1)} s`);

  const unanswered = new Map<string, Intent>();
  let replays = 0;
  let lane = 0;
  const cpuBefore = cpuMsOf(server.pid);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    maxConnectionRequests: perLane,
    requests: [{ method: 'GET', path: ApiPaths.health }], // replaced per connection below before anything is sent
    setupClient: (client) => {
      const pool = pools[lane++ % pools.length];
      let last: { intent: Intent; key: string } | null = null;
      client.setRequests([
        {
          method: 'POST',
          path: ApiPaths.depositConfirm,
          setupRequest: (request, context) => {
            const intent = pool.pop();
            // Only if autocannon asks for more than the per-connection maximum (it should not): repeat the last
            // confirm with its own key, an idempotent retry that makes no new deposit.
            if (!intent) replays += 1;
            const next = intent ? { intent, key: randomUUID() } : last!;
            last = next;
            context.key = next.key;
            unanswered.set(next.key, next.intent);
            return { ...request, headers: confirmHeaders(next.intent, next.key), body: confirmBody(next.intent) };
          },
          onResponse: (status, body, context) => {
            const key = context.key as string;
            unanswered.delete(key);
            tallyAnswer(tally, key, status, body);
          },
        },
      ]);
    },
  });
  const cpuAfter = cpuMsOf(server.pid);
  if (replays > 0) log(`  ${replays} confirms were idempotent repeats (the prepared intents ran out)`);

  // Confirms in flight when autocannon stopped: ask again with the same key (the stored answer, or the work now).
  let retried = 0;
  for (const [key, intent] of unanswered) {
    const answer = await confirmOnce(baseUrl, intent, key);
    retried += 1;
    if (answer.status >= 200 && answer.status < 300) recordOk(tally, key, answer.body);
  }
  if (retried > 0) log(`  ${retried} confirms unanswered when the run stopped were retried with their keys`);
  if (result.duration < durationSeconds - 1)
    log(`  the run ended after ${result.duration} s: its ${perLane * connections} prepared intents ran out`);
  return withCpu(rowOf('confirm deposit', 'Fundflow', database, connections, result), cpuBefore, cpuAfter);
}

/**
 * Confirms a few intents twice with the same key (at once, and one after the other): both answers must be
 * 2xx with the same deposit. Answers how many pairs were sent and whether all agreed.
 */
async function duplicateKeyPairs(
  baseUrl: string,
  customer: BenchCustomer,
  tally: ConfirmTally,
  newIntent: () => Promise<Intent> = () => createIntent(baseUrl, customer),
): Promise<{ pairs: number; agreed: boolean }> {
  let agreed = true;
  for (let pair = 0; pair < DUPLICATE_KEY_PAIRS; pair++) {
    const intent = await newIntent();
    const key = randomUUID();
    const [first, second] =
      pair % 2 === 0
        ? await Promise.all([confirmOnce(baseUrl, intent, key), confirmOnce(baseUrl, intent, key)])
        : [await confirmOnce(baseUrl, intent, key), await confirmOnce(baseUrl, intent, key)];
    const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300;
    const idOf = (answer: Answer) => (answer.body as { id?: string } | null)?.id;
    if (!ok(first) || !ok(second) || !idOf(first) || idOf(first) !== idOf(second)) agreed = false;
    if (ok(first) || ok(second)) recordOk(tally, key, ok(first) ? first.body : second.body);
  }
  return { pairs: DUPLICATE_KEY_PAIRS, agreed };
}

// ---------------------------------------------------------------------------------------------------------
// The bare stack: the same load on the reference server

/**
 * The confirm load of loadConfirms on the bare stack: the same connections, duration and requests (method,
 * path, the same headers with a customer's real bearer token and a fresh Idempotency-Key, a body with an
 * intent id and the account), each connection on an account of its own. The bare stack needs no intents, so
 * none are prepared and the run never ends early. Unanswered confirms are retried with their keys afterwards.
 */
async function loadBareConfirms(
  server: ServerProcess,
  database: DatabaseKind,
  connections: number,
  durationSeconds: number,
  customers: BenchCustomer[],
  tally: ConfirmTally,
  log: (line: string) => void,
): Promise<LoadRow> {
  const { baseUrl } = server;
  const accountUuids = Array.from({ length: connections }, () => randomUUID());
  await expectStatus(api(baseUrl, 'POST', '/bench/accounts', { body: { accountUuids } }), 201, 'making the bare stack its accounts');
  const unanswered = new Map<string, Intent>();
  let lane = 0;
  const cpuBefore = cpuMsOf(server.pid);
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    requests: [{ method: 'GET', path: ApiPaths.health }], // replaced per connection below before anything is sent
    setupClient: (client) => {
      const at = lane++;
      // The same shape as a Fundflow intent: the customer (for the bearer token) and the account confirmed into.
      const customer = { ...customers[at % customers.length], accountUuid: accountUuids[at % connections] };
      client.setRequests([
        {
          method: 'POST',
          path: ApiPaths.depositConfirm,
          setupRequest: (request, context) => {
            const intent: Intent = { id: randomUUID(), customer };
            const key = randomUUID();
            context.key = key;
            unanswered.set(key, intent);
            return { ...request, headers: confirmHeaders(intent, key), body: confirmBody(intent) };
          },
          onResponse: (status, body, context) => {
            const key = context.key as string;
            unanswered.delete(key);
            tallyAnswer(tally, key, status, body);
          },
        },
      ]);
    },
  });
  const cpuAfter = cpuMsOf(server.pid);
  for (const [key, intent] of unanswered) {
    const answer = await confirmOnce(baseUrl, intent, key);
    if (answer.status >= 200 && answer.status < 300) recordOk(tally, key, answer.body);
  }
  if (unanswered.size > 0) log(`  ${unanswered.size} bare-stack confirms unanswered when the run stopped were retried with their keys`);
  return withCpu(rowOf('confirm deposit', 'bare stack', database, connections, result), cpuBefore, cpuAfter);
}

/** The same-key pairs of duplicateKeyPairs, on the bare stack (an intent there is only an id). */
async function bareDuplicateKeyPairs(
  baseUrl: string,
  customer: BenchCustomer,
  tally: ConfirmTally,
): Promise<{ pairs: number; agreed: boolean }> {
  const accountUuid = randomUUID();
  await expectStatus(
    api(baseUrl, 'POST', '/bench/accounts', { body: { accountUuids: [accountUuid] } }),
    201,
    'making the bare stack an account',
  );
  return duplicateKeyPairs(baseUrl, { ...customer, accountUuid }, tally, async () => ({
    id: randomUUID(),
    customer: { ...customer, accountUuid },
  }));
}

async function bareDepositIds(baseUrl: string): Promise<string[]> {
  const answer = await expectStatus<{ ids: string[] }>(api(baseUrl, 'GET', '/bench/deposits'), 200, 'listing the bare stack deposits');
  return answer.ids;
}

/** The totals of one server (depositTotals), logged. */
function checkTotals(
  database: DatabaseKind,
  server: ServerKind,
  tally: ConfirmTally,
  heldIds: string[],
  duplicates: { pairs: number; agreed: boolean },
  log: (line: string) => void,
): TotalsCheck {
  const totals = depositTotals(database, server, [...tally.okKeys.values()], heldIds, duplicates);
  log(
    `[${database}] ${server} totals: ${totals.confirmedOk} confirms answered 2xx naming ${totals.answeredDeposits} deposits, ${totals.depositsInDatabase} new deposits held, ` +
      `${totals.sameDeposits ? 'the same ones' : 'NOT the same ones'}; ${duplicates.pairs} same-key pairs ${duplicates.agreed ? 'each made one deposit' : 'DISAGREED'} -> ${totals.match ? 'match' : 'MISMATCH'}`,
  );
  return totals;
}

// ---------------------------------------------------------------------------------------------------------
// One database: load, totals, memory, start-up

/**
 * Fundflow on one database (setup), and the bare stack on the same kind (bareSetup): each confirm run of Fundflow
 * is followed by the same run on the bare stack, which is started before the first and stopped at the end.
 */
async function benchDatabase(
  setup: ServerSetup,
  bareSetup: ServerSetup,
  durationSeconds: number,
  log: (line: string) => void,
): Promise<ApiBenchReport> {
  const { database } = setup;
  const report: ApiBenchReport = { rows: [], totals: [], memory: [], startup: [], postgres: null };
  let server: ServerProcess | null = await startServerProcess(setup);
  let bare: ServerProcess | null = null;
  try {
    log(`[${database}] server pid ${server.pid} ready in ${server.readyMs} ms (first start: migrations and demo data)`);
    const tally = newTally();
    const allCustomers: BenchCustomer[] = [];

    // GET payment methods: a handful of customers is enough (reads only).
    const readers = await freshCustomers(server.baseUrl, 10);
    allCustomers.push(...readers);
    for (const connections of LOAD_CONNECTIONS) {
      log(`[${database}] GET payment methods, ${connections} connections, ${durationSeconds} s`);
      const cpuBefore = cpuMsOf(server.pid);
      const row = withCpu(
        await loadPaymentMethods(server.baseUrl, database, connections, durationSeconds, readers),
        cpuBefore,
        cpuMsOf(server.pid),
      );
      report.rows.push(row);
      log(`  ${describeRow(row)}`);
    }

    bare = await startServerProcess(bareSetup);
    log(`[${database}] bare stack pid ${bare.pid} ready in ${bare.readyMs} ms`);
    const bareTally = newTally();

    // Confirms: one fresh customer per connection and run, so runs never share a customer or its limits.
    let expectedRate = 0;
    for (const connections of LOAD_CONNECTIONS) {
      const customers = await freshCustomers(server.baseUrl, connections);
      allCustomers.push(...customers);
      if (expectedRate === 0) expectedRate = await measureIntentRate(server.baseUrl, customers, tally);
      log(
        `[${database}] confirm deposit, ${connections} connections, ${durationSeconds} s (expecting about ${Math.round(expectedRate)}/s)`,
      );
      const row = await loadConfirms(server, database, connections, durationSeconds, customers, expectedRate, tally, log);
      report.rows.push(row);
      log(`  ${describeRow(row)}`);
      expectedRate = Math.max(expectedRate, row.requestsPerSecond);

      log(`[${database}] bare stack: confirm deposit, ${connections} connections, ${durationSeconds} s`);
      const bareRow = await loadBareConfirms(bare, database, connections, durationSeconds, customers, bareTally, log);
      report.rows.push(bareRow);
      log(`  ${describeRow(bareRow)}`);
      for (const comparison of compareWithBareStack([row, bareRow])) log(`  ${describeComparison(comparison)}`);
    }
    if (tally.refusals.size > 0) log(`  refusals: ${[...tally.refusals].map(([label, count]) => `${label} x${count}`).join(', ')}`);
    if (bareTally.refusals.size > 0)
      log(`  bare-stack refusals: ${[...bareTally.refusals].map(([label, count]) => `${label} x${count}`).join(', ')}`);

    // The bare stack's totals: its deposits against its 2xx confirms, and its same-key pairs.
    const bareDuplicates = await bareDuplicateKeyPairs(bare.baseUrl, allCustomers[allCustomers.length - 1], bareTally);
    const bareTotals = checkTotals(database, 'bare stack', bareTally, await bareDepositIds(bare.baseUrl), bareDuplicates, log);
    await stopServerProcess(bare.child);
    bare = null;

    const duplicates = await duplicateKeyPairs(server.baseUrl, allCustomers[allCustomers.length - 1], tally);

    // Memory right after the load, before the totals are read (reading thousands of deposits is not load).
    const rssMiB = residentMiB(server.pid);
    report.memory.push({ database, rssMiB, boundMiB: API_GOALS.rssBoundMiB, within: rssMiB <= API_GOALS.rssBoundMiB });
    log(`[${database}] server resident set after the load: ${rssMiB} MiB (bound ${API_GOALS.rssBoundMiB} MiB)`);

    // Totals: the deposits the server holds for the bench customers against the confirms that succeeded.
    const heldIds: string[] = [];
    for (const customer of allCustomers) {
      const token = await signIn(server.baseUrl, customer.email, customer.password); // the first token may be near its 15 minutes
      heldIds.push(...(await depositIds(server.baseUrl, token)).filter((id) => !customer.depositIdsBefore.has(id)));
    }
    report.totals.push(checkTotals(database, 'Fundflow', tally, heldIds, duplicates, log), bareTotals);

    // Start-up on the existing database (the one just used).
    await stopServerProcess(server.child);
    server = null;
    server = await startServerProcess(setup);
    report.startup.push({
      database,
      ms: server.readyMs,
      goalMs: API_GOALS.startupGoalMs,
      within: server.readyMs <= API_GOALS.startupGoalMs,
    });
    log(
      `[${database}] start on the existing database: ready (200 from /api/ready) after ${server.readyMs} ms (goal ${API_GOALS.startupGoalMs} ms)`,
    );
  } finally {
    if (bare) await stopServerProcess(bare.child);
    if (server) await stopServerProcess(server.child);
  }
  return report;
}

/** Intents per second at 10 at once: the first guess of the confirm rate, to size the intents to prepare. */
async function measureIntentRate(baseUrl: string, customers: BenchCustomer[], tally: ConfirmTally): Promise<number> {
  const count = 200;
  const started = performance.now();
  const made: Intent[] = [];
  await inParallel(count, 10, async (index) => {
    made.push(await createIntent(baseUrl, customers[index % customers.length]));
  });
  const rate = count / ((performance.now() - started) / 1000);
  // Confirm a few of them (outside any timed window) so the first run starts on a warm confirm path.
  await inParallel(20, 10, async (index) => {
    const key = randomUUID();
    const answer = await confirmOnce(baseUrl, made[index], key);
    if (answer.status >= 200 && answer.status < 300) recordOk(tally, key, answer.body);
  });
  return rate;
}

// ---------------------------------------------------------------------------------------------------------

export async function runApiBench(options: {
  durationSeconds?: number;
  log?: (line: string) => void;
  embeddedOnly?: boolean;
}): Promise<ApiBenchReport> {
  const durationSeconds = options.durationSeconds ?? DEFAULT_DURATION_SECONDS;
  const log = options.log ?? ((line: string) => console.error(line));
  const { ensureAppBuilt } = await import('../appBuild');
  await ensureAppBuilt(log);
  // The PostgreSQL half (a child process) runs the same bundle: built here, once, before either half starts.
  await ensureServerBuilt(log);

  const report: ApiBenchReport = { rows: [], totals: [], memory: [], startup: [], postgres: null };
  const merge = (part: ApiBenchReport) => {
    report.rows.push(...part.rows);
    report.totals.push(...part.totals);
    report.memory.push(...part.memory);
    report.startup.push(...part.startup);
    report.postgres = part.postgres ?? report.postgres;
  };

  // Embedded: PGlite in a folder each, Fundflow's and the bare stack's.
  const dataDir = temporaryDir('fundflow-bench-');
  const bareDir = temporaryDir('fundflow-bench-bare-');
  try {
    merge(
      await benchDatabase(
        { server: 'Fundflow', database: 'embedded', dataDir, databaseUrl: null },
        { server: 'bare stack', database: 'embedded', dataDir: bareDir, databaseUrl: null },
        durationSeconds,
        log,
      ),
    );
  } finally {
    removeTemporaryDir(dataDir);
    removeTemporaryDir(bareDir);
  }

  if (options.embeddedOnly) return report;
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) merge(await benchPostgres(databaseUrl, 'DATABASE_URL', durationSeconds, log));
  else {
    const part = await benchOnOwnDurableCluster(durationSeconds, log);
    if (part) merge(part);
  }
  return report;
}

function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

function removeTemporaryDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Reads from the cluster itself the settings that decide whether a commit is durable. */
export async function readPostgresKind(databaseUrl: string, source: PostgresKind['source']): Promise<PostgresKind> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const show = async (setting: string) => String((await client.query<Record<string, unknown>>(`SHOW ${setting}`)).rows[0][setting]);
    const kind = {
      source,
      version: await show('server_version'),
      fsync: await show('fsync'),
      synchronousCommit: await show('synchronous_commit'),
      fullPageWrites: await show('full_page_writes'),
    };
    return { ...kind, durable: kind.fsync === 'on' && kind.synchronousCommit !== 'off' && kind.fullPageWrites === 'on' };
  } finally {
    await client.end();
  }
}

/** Fundflow and the bare stack (in its own schema of the same database) on one PostgreSQL. */
async function benchPostgres(
  databaseUrl: string,
  source: PostgresKind['source'],
  durationSeconds: number,
  log: (line: string) => void,
): Promise<ApiBenchReport> {
  const kind = await readPostgresKind(databaseUrl, source);
  log(`[postgres] ${describePostgresKind(kind)}`);
  if (!kind.durable) log('[postgres] NOTE: this cluster does not commit durably, unlike production: its figures flatter both servers.');
  const part = await benchDatabase(
    { server: 'Fundflow', database: 'postgres', dataDir: null, databaseUrl },
    { server: 'bare stack', database: 'postgres', dataDir: null, databaseUrl },
    durationSeconds,
    log,
  );
  return { ...part, postgres: kind };
}

/** Wrapper processes (withPostgres.ts) started here: SIGTERM on exit, so each stops and removes its cluster. */
const liveClusters = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of liveClusters) child.kill('SIGTERM');
});

/**
 * The PostgreSQL half on a throw-away cluster with production's durable settings: withPostgres.ts starts it
 * (WITH_POSTGRES_DURABLE=1) and runs this file with --postgres-half, which writes its part of the report to a
 * file read here; its log lines come through `log`. Null when withPostgres found no PostgreSQL to start.
 */
async function benchOnOwnDurableCluster(durationSeconds: number, log: (line: string) => void): Promise<ApiBenchReport | null> {
  const outDir = temporaryDir('fundflow-bench-pg-');
  const outFile = path.join(outDir, 'postgres-half.json');
  try {
    log('[postgres] DATABASE_URL is not set: starting a throw-away durable cluster (fsync, synchronous_commit and full_page_writes on)');
    const half = [process.execPath, '--import', 'tsx', __filename, '--postgres-half', outFile, '--seconds', String(durationSeconds)];
    const child = spawn(process.execPath, ['--import', 'tsx', WITH_POSTGRES, ...half], {
      cwd: ROOT,
      env: { ...process.env, WITH_POSTGRES_DURABLE: '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    liveClusters.add(child);
    readline.createInterface({ input: child.stdout }).on('line', (line) => log(line));
    const code = await new Promise<number>((resolve) => child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1))));
    liveClusters.delete(child);
    if (code !== 0) throw new Error(`the PostgreSQL half failed (exit ${code}): see its lines above`);
    if (!existsSync(outFile)) {
      log('[postgres] not measured: withPostgres found no PostgreSQL server binaries (its line above says why)');
      return null;
    }
    return JSON.parse(readFileSync(outFile, 'utf8')) as ApiBenchReport;
  } finally {
    removeTemporaryDir(outDir);
  }
}

/** One line per goal of issue 7, met or not, from a report. */
export function describeGoals(report: ApiBenchReport): string[] {
  const lines: string[] = [];
  const mark = (met: boolean) => (met ? 'met' : 'NOT met');
  for (const row of report.rows.filter((r) => r.endpoint === 'confirm deposit' && r.server === 'Fundflow' && r.database === 'embedded')) {
    const clean = row.errors === 0 && row.non2xx === 0;
    if (row.connections === API_GOALS.confirmAt10.connections) {
      const met =
        row.requestsPerSecond >= API_GOALS.confirmAt10.minRequestsPerSecond && row.latencyP99Ms <= API_GOALS.confirmAt10.maxP99Ms && clean;
      lines.push(
        `confirm at 10 connections: ${row.requestsPerSecond}/s (goal >= 300), p99 ${row.latencyP99Ms} ms (goal <= 100), ${row.errors} errors, ${row.non2xx} non-2xx: ${mark(met)}`,
      );
    } else if (row.connections === API_GOALS.confirmAt50.connections) {
      const met = row.latencyP99Ms <= API_GOALS.confirmAt50.maxP99Ms && clean;
      lines.push(
        `confirm at 50 connections: p99 ${row.latencyP99Ms} ms (goal <= 250), ${row.errors} errors, ${row.non2xx} non-2xx: ${mark(met)}`,
      );
    }
  }
  for (const row of report.rows.filter((r) => r.endpoint === 'GET payment methods' && r.database === 'embedded')) {
    lines.push(
      `GET payment methods at ${row.connections} connections: ${row.errors} errors, ${row.non2xx} non-2xx: ${mark(row.errors === 0 && row.non2xx === 0)}`,
    );
  }
  for (const comparison of compareWithBareStack(report.rows)) lines.push(describeComparison(comparison));
  for (const totals of report.totals)
    lines.push(
      `totals (${totals.database}, ${totals.server}): ${totals.confirmedOk} confirmed, ${totals.depositsInDatabase} held: ${mark(totals.match)}`,
    );
  for (const memory of report.memory)
    lines.push(`memory (${memory.database}): ${memory.rssMiB} MiB of ${memory.boundMiB}: ${mark(memory.within)}`);
  for (const startup of report.startup)
    lines.push(`start-up (${startup.database}): ${startup.ms} ms of ${startup.goalMs}: ${mark(startup.within)}`);
  return lines;
}

function describeRow(row: LoadRow): string {
  const cpu = row.serverCpuMsPerRequest === null ? '' : `, server CPU ${row.serverCpuMsPerRequest} ms a request`;
  return `${row.requests} requests in ${row.durationSeconds} s = ${row.requestsPerSecond}/s, p50 ${row.latencyP50Ms} ms, p99 ${row.latencyP99Ms} ms, ${row.errors} errors, ${row.non2xx} non-2xx${cpu}`;
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs task(0..count-1) with at most `width` at once; the first failure rejects (after the others settle). */
async function inParallel(count: number, width: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    while (failures.length === 0 && next < count) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        if (failures.length === 0) failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
  if (failures.length > 0) throw failures[0];
}

if (require.main === module) {
  const argument = (name: string) => {
    const at = process.argv.indexOf(name);
    return at >= 0 ? process.argv[at + 1] : undefined;
  };
  const seconds = Number(argument('--seconds') ?? DEFAULT_DURATION_SECONDS);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    console.error('usage: npx tsx scripts/bench/apiBench.ts [--seconds N]');
    process.exit(2);
  }
  const stopNow = () => process.exit(130); // the exit hook stops the servers
  process.once('SIGINT', stopNow);
  process.once('SIGTERM', stopNow);
  const postgresHalf = argument('--postgres-half');
  if (postgresHalf) {
    // Run by benchOnOwnDurableCluster under withPostgres.ts: its cluster is FUNDFLOW_TEST_DATABASE_URL.
    const url = process.env.FUNDFLOW_TEST_DATABASE_URL;
    if (!url) {
      console.error('--postgres-half runs under test/postgres/withPostgres.ts (FUNDFLOW_TEST_DATABASE_URL is not set)');
      process.exit(2);
    }
    benchPostgres(url, 'own durable cluster', seconds, (line) => console.log(line)).then(
      (part) => writeFileSync(postgresHalf, JSON.stringify(part)),
      (error: unknown) => {
        console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
        process.exitCode = 1;
      },
    );
  } else
    runApiBench({ durationSeconds: seconds, embeddedOnly: process.argv.includes('--embedded-only') }).then(
      (report) => {
        for (const line of describeGoals(report)) console.error(line);
        console.log(JSON.stringify(report, null, 2));
      },
      (error: unknown) => {
        console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
        process.exitCode = 1;
      },
    );
}
