import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { Page, WebSocket as PageSocket } from 'playwright-core';
import {
  ApiPaths,
  apiPath,
  CSRF_HEADER,
  type PaymentMethodsResponse,
  type SandboxCustomerResponse,
  type SessionResponse,
} from '../../api/contract';
import {
  findPostgresBin,
  freePort,
  missingPostgresReason,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../postgres/throwawayPostgres';
import { HAPROXY, haproxyConfig, haproxyMissing, serverStats } from './clusterKit';
import { amountField, openDeposit, toReview } from './depositSteps';
import { DESKTOP, freshCustomer, openPage, signIn, useBrowser, withFailureScreenshot } from './harness';

// The production topology without Docker (issue 19): a throw-away PostgreSQL, the migrate command run once, two
// instances, and Debian's HAProxy in front (round robin, health checks on /api/ready). Through the balancer a
// customer signs in, links a bank and deposits; the instance holding the page's live-events socket is killed
// with SIGKILL between the review and the confirm; the confirm and the live events go through the other one. A
// recurring occurrence falls due on both instances' clocks during the test and runs once; the database holds
// each confirmed deposit once.

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../..');

// The demo data is dated from Tuesday 1 December 2026 (the migrate step seeds it): Alex's monthly deposit on the
// 15th is next due on Tuesday 15 December. The instances' clocks start 8 seconds before New York's midnight of
// the 14th, so the occurrence falls due while both run, and their deposit jobs (every 500 ms) race for it.
const SEEDED_AT = '2026-12-01T15:00:00Z';
const INSTANCES_START_AT = '2026-12-15T04:59:52Z';
const OCCURRENCE_DATE = '2026-12-15';

const pgBin = findPostgresBin();
const missing = [pgBin ? null : missingPostgresReason(), haproxyMissing()].filter((reason): reason is string => reason !== null);

/** The built server, as production runs it (the suite's globalSetup builds what is stale); `node` itself is the process (SIGKILL reaches it). */
function nodeCommand(built: string): string[] {
  const builtPath = path.join(ROOT, built);
  if (!existsSync(builtPath)) throw new Error(`${built} is missing: the browser suite's globalSetup builds it (npm run build)`);
  return [builtPath];
}

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
}

function baseEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, FUNDFLOW_MODE: 'sandbox', LOG_LEVEL: 'warn' };
  for (const name of ['DATA_DIR', 'FUNDFLOW_E2E_URL', 'FUNDFLOW_MIGRATE_ON_START', 'AUTH_SECRET', 'NODE_ENV', 'PORT']) delete env[name];
  return env;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000, exited?: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const why = exited?.();
    if (why) throw new Error(`${what}: ${why}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const answers =
  (url: string, status = 200) =>
  async () =>
    (await fetch(url)).status === status;

async function startInstance(name: string, databaseUrl: string, configDir: string): Promise<Instance> {
  const port = await freePort();
  const env = {
    ...baseEnvironment(databaseUrl),
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    DIST_DIR: path.join(ROOT, 'dist'),
    FUNDFLOW_CONFIG_FILE: path.join(configDir, 'none.json'),
    FUNDFLOW_SANDBOX_NOW: INSTANCES_START_AT,
    DEPOSIT_JOBS_INTERVAL_MS: '500',
  };
  const child = spawn(process.execPath, nodeCommand('build/server/index.js'), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { name, port, child, output: () => output };
}

const exitedEarly = (instance: Instance) => () =>
  instance.child.exitCode !== null || instance.child.signalCode !== null
    ? `instance ${instance.name} exited (${instance.child.signalCode ?? instance.child.exitCode}):\n${instance.output()}`
    : null;

async function partnerLogin(page: Page) {
  const partner = page.getByRole('dialog', { name: 'Log in to Chase' });
  await partner.getByLabel('Username').fill('user_good');
  await partner.getByLabel('Password').fill('pass_good');
  await partner.getByRole('button', { name: 'Submit' }).click();
}

if (missing.length > 0) {
  // Never skipped: a missing binary is a failure that says what to install (.ci/run installs both).
  it('runs the cluster behind HAProxy', () => {
    throw new Error(`the cluster test needs PostgreSQL and HAProxy: ${missing.join('; ')}`);
  });
} else {
  describe('two instances on PostgreSQL behind HAProxy', () => {
    const browser = useBrowser();
    let postgres: ThrowawayPostgres | undefined;
    let haproxy: ChildProcess | undefined;
    let haproxyOutput = '';
    let workDir = '';
    const instances: Instance[] = [];
    let balancerUrl = '';
    let statsUrl = '';
    let databaseUrl = '';
    let previousBaseUrl: string | undefined;
    const startedAt = Date.now();

    beforeAll(async () => {
      workDir = mkdtempSync(path.join(tmpdir(), 'fundflow-cluster-'));
      postgres = await startThrowawayPostgres(pgBin!, { maxConnections: 60 });
      databaseUrl = postgres.url;
      // The deploy's one-shot migrate job, before any instance starts.
      const migrated = await run(nodeCommand('build/server/migrate.js'), {
        ...baseEnvironment(databaseUrl),
        FUNDFLOW_SANDBOX_NOW: SEEDED_AT,
      });
      expect(migrated).toMatch(/is current: ran \d+ migration/);

      instances.push(await startInstance('a', databaseUrl, workDir), await startInstance('b', databaseUrl, workDir));
      const [ports, front, stats] = [instances.map((instance) => instance.port), await freePort(), await freePort()];
      const configFile = path.join(workDir, 'haproxy.cfg');
      writeFileSync(configFile, haproxyConfig({ front, stats, a: ports[0], b: ports[1] }));
      haproxy = spawn(HAPROXY, ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
      haproxy.stdout!.on('data', (chunk) => (haproxyOutput += chunk));
      haproxy.stderr!.on('data', (chunk) => (haproxyOutput += chunk));
      balancerUrl = `http://127.0.0.1:${front}`;
      statsUrl = `http://127.0.0.1:${stats}/stats`;

      for (const instance of instances) {
        await waitUntil(
          `instance ${instance.name} to be ready`,
          answers(`http://127.0.0.1:${instance.port}${ApiPaths.ready}`),
          90_000,
          exitedEarly(instance),
        );
      }
      await waitUntil(
        'HAProxy to see both instances up',
        async () => Object.values(await serverStats(statsUrl)).filter((stat) => stat.status === 'UP').length === 2,
        20_000,
        () => (haproxy!.exitCode !== null ? `haproxy exited ${haproxy!.exitCode}:\n${haproxyOutput}` : null),
      );
      previousBaseUrl = process.env.FUNDFLOW_E2E_URL;
      process.env.FUNDFLOW_E2E_URL = balancerUrl;
      console.log(`[cluster test] PostgreSQL, migrate, two instances and HAProxy up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    }, 150_000);

    afterAll(async () => {
      if (previousBaseUrl === undefined) delete process.env.FUNDFLOW_E2E_URL;
      else process.env.FUNDFLOW_E2E_URL = previousBaseUrl;
      haproxy?.kill('SIGTERM');
      const stopped = instances.map(
        (instance) =>
          new Promise<void>((resolve) => {
            if (instance.child.exitCode !== null || instance.child.signalCode !== null) return resolve();
            instance.child.once('exit', () => resolve());
            instance.child.kill('SIGTERM');
            setTimeout(() => instance.child.kill('SIGKILL'), 15_000).unref();
          }),
      );
      await Promise.all(stopped);
      postgres?.stop();
      if (workDir) rmSync(workDir, { recursive: true, force: true });
      console.log(`[cluster test] whole file: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
    }, 60_000);

    it('a customer links a bank and deposits through the balancer while an instance is killed; live events reconnect; a recurring occurrence runs once; each deposit is stored once', async () => {
      const flowStarted = Date.now();
      const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
      await withFailureScreenshot(page, 'cluster', async () => {
        const customer = await freshCustomer('new@fundflow.test');
        const eventSockets: PageSocket[] = [];
        page.on('websocket', (socket) => {
          if (socket.url().includes(ApiPaths.events)) eventSockets.push(socket);
        });
        await signIn(page, customer.email, customer.password, '/settings/funding-methods?bankLink=enabled');
        const flow = page.getByRole('dialog', { name: 'Select your bank' });
        await flow.waitFor();
        await page.getByLabel('Search for your bank').fill('Chase');
        await page.getByRole('button', { name: 'Chase', exact: true }).click();
        await page.getByRole('button', { name: /Log in to your bank/ }).click();
        await partnerLogin(page);
        await page.getByRole('button', { name: 'Continue' }).click();
        const success = page.getByRole('dialog', { name: 'Bank account linked' });
        await success.getByRole('button', { name: 'Done' }).click();
        await success.waitFor({ state: 'detached' });

        await openDeposit(page);
        await toReview(page, '25');
        // The page's live-events socket is its one long-lived connection: the instance holding it is the one to kill.
        const holder = await waitForSocketHolder(statsUrl);
        const victim = instances.find((instance) => instance.name === holder)!;
        const survivor = instances.find((instance) => instance !== victim)!;
        const socketsBeforeKill = eventSockets.length;

        victim.child.kill('SIGKILL');
        // Mid-flow: the confirm goes through the balancer at once, before any health check has marked it down.
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('heading', { name: /Deposit on its way|Your money is ready to invest/ }).waitFor({ timeout: 30_000 });
        expect(await page.getByRole('heading', { name: /Deposit failed|Deposit error|Deposit unknown/ }).count()).toBe(0);

        // The page reconnected its socket through the balancer (to the survivor), and events reach it.
        await waitUntil('the page to open a new events socket', async () => eventSockets.length > socketsBeforeKill, 30_000);
        const socket = eventSockets[eventSockets.length - 1];
        await expectEventReaches(socket, customer, 'RELOAD_PAYMENT_METHODS');
        await waitUntil(
          'HAProxy to mark the killed instance down',
          async () => (await serverStats(statsUrl))[victim.name]?.status.startsWith('DOWN') ?? false,
          10_000,
        );
        expect((await serverStats(statsUrl))[survivor.name].status).toBe('UP');
        // The customer goes on: the deposit form opens again through the survivor alone.
        await openDeposit(page);
        expect(await amountField(page).isVisible()).toBe(true);

        await expectEveryDepositOnce(databaseUrl, customer);
      });
      expect(pageErrors).toEqual([]);
      await context.close();
      console.log(`[cluster test] the flow took ${((Date.now() - flowStarted) / 1000).toFixed(1)} s`);
    });
  });
}

/** Which instance holds the page's only long-lived connection (the events socket), from HAProxy's open sessions. */
async function waitForSocketHolder(statsUrl: string): Promise<string> {
  let holder: string | null = null;
  await waitUntil(
    'one instance to hold the events socket',
    async () => {
      const open = Object.entries(await serverStats(statsUrl)).filter(([, stat]) => stat.currentSessions > 0);
      holder = open.length === 1 && open[0][1].currentSessions === 1 ? open[0][0] : null;
      return holder !== null;
    },
    15_000,
  );
  return holder!;
}

/** The back office resets the bank's login (through the balancer) until the page's socket hears about it. */
async function expectEventReaches(socket: PageSocket, customer: SandboxCustomerResponse, type: string): Promise<void> {
  const base = process.env.FUNDFLOW_E2E_URL!;
  const login = await fetch(`${base}${ApiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const headers = { authorization: `Bearer ${((await login.json()) as SessionResponse).accessToken}`, [CSRF_HEADER]: 'web' };
  const { paymentMethods } = (await (await fetch(`${base}${ApiPaths.paymentMethods}`, { headers })).json()) as PaymentMethodsResponse;
  const bank = paymentMethods.find((method) => method.type !== 'DEBIT_CARD')!;
  let heard = false;
  const arrived = socket
    .waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes(type), timeout: 15_000 })
    .then(() => (heard = true));
  // The new socket may still be opening when the first change is published: change again until it is heard.
  for (let attempt = 0; attempt < 10 && !heard; attempt += 1) {
    const reset = await fetch(`${base}${apiPath(ApiPaths.sandboxResetLogin, { paymentMethodId: bank.id })}`, { method: 'POST', headers });
    expect(reset.ok).toBe(true);
    await Promise.race([arrived, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
  await arrived;
}

/** Straight from PostgreSQL: the customer's one deposit, the recurring occurrence run once, no intent deposited twice. */
async function expectEveryDepositOnce(databaseUrl: string, customer: SandboxCustomerResponse): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const own = await client.query<{ amount_cents: number; status: string }>(
      'select d.amount_cents, d.status from deposits d join users u on u.id = d.user_id where u.email = $1',
      [customer.email],
    );
    expect(own.rows.map((row) => Number(row.amount_cents))).toEqual([2500]);
    const twice = await client.query('select intent_id from deposits where intent_id is not null group by intent_id having count(*) > 1');
    expect(twice.rows).toEqual([]);

    // Alex's monthly deposit fell due at New York's midnight on both instances' clocks: one run, one deposit.
    let runs: Array<{ outcome: string; deposit_id: string | null; recurring_deposit_id: string }> = [];
    await waitUntil(
      `the ${OCCURRENCE_DATE} occurrence to run`,
      async () => {
        runs = (
          await client.query(
            `select r.outcome, r.deposit_id, r.recurring_deposit_id from recurring_deposit_runs r
               join recurring_deposits s on s.id = r.recurring_deposit_id join users u on u.id = s.user_id
              where u.email = 'alex@fundflow.test' and r.occurrence_date = $1`,
            [OCCURRENCE_DATE],
          )
        ).rows;
        return runs.length > 0;
      },
      30_000,
    );
    expect(runs).toHaveLength(1);
    expect(runs[0].outcome).toBe('DEPOSITED');
    const made = await client.query('select id from deposits where recurring_deposit_id = $1 and created_at >= $2', [
      runs[0].recurring_deposit_id,
      '2026-12-15T05:00:00Z',
    ]);
    expect(made.rows.map((row: { id: string }) => row.id)).toEqual([runs[0].deposit_id]);
  } finally {
    await client.end();
  }
}
