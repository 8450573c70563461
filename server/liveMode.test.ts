import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { Client } from 'pg';
import { ApiPaths } from '../api/contract';
import { buildApp } from './app';
import { manualClock } from './clock';
import type { Database } from './db/schema';
import {
  liveModeRefusals,
  LiveModeRefusedError,
  liveProviders,
  providersForMode,
  seamModes,
  type LiveModeSettings,
  type SuppliedLiveProviders,
} from './liveMode';
import { startServer } from './main';
import type { AccountVerificationProvider, Mailer, MoneyMovementProvider, ProviderEnvironment } from './providers';
import { accountOf, bankOf, deposit } from './testing/depositKit';
import { freshCustomer, signedInCustomer } from './testing/fundingKit';
import { COMPLETE, completeSupplied, LIVE_ENV, liveVerification, recordingMailer, recordingRails } from './testing/liveModeKit';
import { buildTestApp, createSeededTestDatabase, TEST_AUTH_SECRET, TEST_NOW, testDatabaseServerUrl } from './testing/testApp';
import { applicationReviewerFor } from './vendors/applicationReviewer';
import { sandboxMoneyMovement } from './vendors/moneyMovementSandbox';
import { sandboxAccountVerification } from './vendors/verificationSandbox';

// Live mode is honest: it starts only when every external service is live, and a live app never reaches a
// sandbox implementation.

// ---- the generator: each setting is absent, wrong in one of the ways an operator gets it wrong, or right ----

type Choice<T> = { ok: boolean; value: T };
const good = <T>(value: T): Choice<T> => ({ ok: true, value });
const bad = <T>(value: T): Choice<T> => ({ ok: false, value });
const oneOf = <T>(...choices: Array<Choice<T>>) => fc.constantFrom(...choices);

const settingChoices = {
  databaseUrl: oneOf(
    bad(undefined),
    bad(''),
    bad('./.data'),
    bad('memory'),
    bad('mysql://db/fundflow'),
    good('postgres://u@db/fundflow'),
    good('postgresql://u:p@db:5432/fundflow'),
  ),
  authSecret: oneOf(
    bad(undefined),
    bad(''),
    bad('short-secret'),
    bad('x'.repeat(31)),
    good('x'.repeat(32)),
    good('a-long-enough-signing-secret-0123456789'),
  ),
  PLAID_CLIENT_ID: oneOf(bad(undefined), bad(''), good('plaid-client')),
  PLAID_SECRET: oneOf(bad(undefined), bad(''), good('plaid-secret')),
  PLAID_ENV: oneOf(bad(undefined), bad('sandbox'), bad('development'), good('production')),
  STRIPE_SECRET_KEY: oneOf(bad(undefined), bad('sk_test_123'), bad('pk_live_123'), good('sk_live_123'), good('rk_live_123')),
  STRIPE_PUBLISHABLE_KEY: oneOf(bad(undefined), bad('pk_test_123'), bad('sk_live_123'), good('pk_live_123')),
  SMARTY_AUTH_ID: oneOf(bad(undefined), good('smarty-id')),
  SMARTY_AUTH_TOKEN: oneOf(bad(undefined), good('smarty-token')),
  GOOGLE_PLACES_API_KEY: oneOf(bad(undefined), good('places-key')),
  CRYPTO_CUSTODY_URL: oneOf(bad(undefined), bad('http://custody.example'), good('https://custody.example')),
  CRYPTO_CUSTODY_API_KEY: oneOf(bad(undefined), good('custody-key')),
  moneyMovement: oneOf<MoneyMovementProvider | undefined>(bad(undefined), bad(sandboxMoneyMovement), good(recordingRails())),
  accountVerification: oneOf<AccountVerificationProvider | undefined>(
    bad(undefined),
    bad(sandboxAccountVerification),
    good(liveVerification),
  ),
  mailer: oneOf<Mailer | undefined>(bad(undefined), bad({ ...recordingMailer(), mode: 'sandbox' }), good(recordingMailer())),
};

type Drawn = { [K in keyof typeof settingChoices]: Choice<unknown> };
const settingsArbitrary = fc.record(settingChoices) as unknown as fc.Arbitrary<Drawn>;

function settingsOf(drawn: Drawn): LiveModeSettings {
  const value = <K extends keyof Drawn>(key: K) => drawn[key].value as never;
  const env: ProviderEnvironment = {};
  for (const key of Object.keys(LIVE_ENV) as Array<keyof typeof LIVE_ENV>) if (drawn[key].value !== undefined) env[key] = value(key);
  return {
    databaseUrl: value('databaseUrl'),
    authSecret: value('authSecret'),
    env,
    supplied: { moneyMovement: value('moneyMovement'), accountVerification: value('accountVerification'), mailer: value('mailer') },
  };
}

const isComplete = (drawn: Drawn) => Object.values(drawn).every((choice) => choice.ok);

/** Half the runs have every setting right but at most one, so both sides of the rule are drawn often. */
const mostlyCompleteArbitrary = fc.oneof(
  settingsArbitrary,
  fc.constantFrom(...(Object.keys(settingChoices) as Array<keyof Drawn>)).chain((broken) =>
    settingsArbitrary.map((drawn) => {
      const fixed = { ...drawn };
      for (const key of Object.keys(fixed) as Array<keyof Drawn>) if (key !== broken && !fixed[key].ok) fixed[key] = completeChoiceOf(key);
      return fixed;
    }),
  ),
);

function completeChoiceOf(key: keyof Drawn): Choice<unknown> {
  const settings = COMPLETE as LiveModeSettings & { supplied: SuppliedLiveProviders };
  if (key === 'databaseUrl') return good(settings.databaseUrl);
  if (key === 'authSecret') return good(settings.authSecret);
  if (key === 'moneyMovement' || key === 'accountVerification' || key === 'mailer') return good(settings.supplied[key]);
  return good(LIVE_ENV[key]);
}

describe('live mode refuses to start unless every seam is live', () => {
  it('exactly the complete settings start: every other combination is refused, on one line naming each missing piece', () => {
    let completeSeen = 0;
    fc.assert(
      fc.property(mostlyCompleteArbitrary, (drawn) => {
        const refusals = liveModeRefusals(settingsOf(drawn));
        if (isComplete(drawn)) completeSeen += 1;
        expect(refusals.length === 0).toBe(isComplete(drawn));
        if (refusals.length > 0) {
          const message = new LiveModeRefusedError(refusals).message;
          expect(message).not.toMatch(/[\r\n]/);
          // Each wrong setting is named by its variable (or, for the supplied seams, by what is missing).
          const names: Record<keyof Drawn, string> = {
            databaseUrl: 'DATABASE_URL',
            authSecret: 'AUTH_SECRET',
            moneyMovement: 'money-movement provider is not configured',
            accountVerification: 'account-verification service is not configured',
            mailer: 'mail delivery is not configured',
            ...(Object.fromEntries(Object.keys(LIVE_ENV).map((key) => [key, key])) as Record<keyof typeof LIVE_ENV, string>),
          };
          for (const [key, choice] of Object.entries(drawn) as Array<[keyof Drawn, Choice<unknown>]>)
            if (!choice.ok) expect(message).toContain(names[key]);
        }
      }),
      { numRuns: 400 },
    );
    expect(completeSeen).toBeGreaterThan(10);
  });

  it('the money-movement provider comes first: a live deposit is never sent through the sandbox rails', () => {
    expect(liveModeRefusals({ ...COMPLETE, supplied: { ...COMPLETE.supplied, moneyMovement: undefined } })).toEqual([
      'the money-movement provider is not configured (no live ACH or card-charge vendor is built in; deposits would run on the sandbox rails)',
    ]);
    expect(liveModeRefusals({ databaseUrl: undefined, env: {} })[0]).toMatch(/^the money-movement provider is not configured/);
  });

  it('startServer refuses incomplete settings before it opens the database or listens', async () => {
    const workDir = mkdtempSync(join(tmpdir(), 'fundflow-live-refusal-'));
    try {
      const samples = fc.sample(
        settingsArbitrary.filter((drawn) => !isComplete(drawn)),
        { numRuns: 8, seed: 19 },
      );
      for (const [index, drawn] of samples.entries()) {
        const settings = settingsOf(drawn);
        const dataDir = join(workDir, `data-${index}`);
        await expect(
          startServer({
            live: true,
            port: 0,
            dataDir,
            databaseUrl: settings.databaseUrl,
            authSecret: settings.authSecret,
            providerEnvironment: settings.env,
            liveProviders: settings.supplied,
            distDir: '',
          }),
        ).rejects.toBeInstanceOf(LiveModeRefusedError);
        // A PGlite directory would have been made had the database been opened.
        expect(existsSync(dataDir)).toBe(false);
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('FUNDFLOW_MODE=live through the server entry: one line on stderr, exit code 1, nothing listening', () => {
    const workDir = mkdtempSync(join(tmpdir(), 'fundflow-live-entry-'));
    try {
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        FUNDFLOW_MODE: 'live',
        PORT: '0',
        DATA_DIR: join(workDir, 'data'),
        DIST_DIR: '',
      };
      const run = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'index.ts')], { env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Fundflow could not start: FUNDFLOW_MODE=live cannot start: the money-movement provider is not configured .*; DATABASE_URL must name a PostgreSQL database .*; AUTH_SECRET must be set/,
      );
      expect(run.stdout).not.toContain('running at');
      expect(existsSync(join(workDir, 'data'))).toBe(false);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('complete settings make every seam live (no sandbox anywhere), the application reviewer included', () => {
    const context = { db: {} as Kysely<Database>, clock: manualClock(TEST_NOW) };
    const providers = providersForMode('live', COMPLETE, context);
    expect(providers.kind).toBe('live');
    const modes = seamModes(providers);
    expect(Object.keys(modes).sort()).toEqual([
      'accountVerification',
      'addressPlaces',
      'addressVerification',
      'cards',
      'custody',
      'mailer',
      'moneyMovement',
      'partner',
    ]);
    expect(Object.entries(modes).filter(([, mode]) => mode !== 'live')).toEqual([]);
    expect(applicationReviewerFor('live', {}).mode).toBe('live');
    // A sandbox implementation handed in as "live" is refused too.
    expect(() => liveProviders({ ...COMPLETE, supplied: { ...COMPLETE.supplied, moneyMovement: sandboxMoneyMovement } })).toThrow(
      LiveModeRefusedError,
    );
  });

  const onPostgres = testDatabaseServerUrl() ? it : it.skip;
  onPostgres(
    'complete settings start on PostgreSQL, in live mode',
    async () => {
      const serverUrl = new URL(testDatabaseServerUrl()!);
      const name = `fundflow_live_${process.pid}_${Date.now()}`;
      const admin = new Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      try {
        const databaseUrl = Object.assign(new URL(serverUrl.toString()), { pathname: `/${name}` }).toString();
        // An instance migrates only when told (the migrate step's work); a fresh database needs it.
        const server = await startServer({
          migrate: true,
          live: true,
          port: 0,
          databaseUrl,
          authSecret: COMPLETE.authSecret,
          providerEnvironment: LIVE_ENV,
          liveProviders: completeSupplied(),
          distDir: '',
          depositJobsIntervalMs: 0,
        });
        try {
          expect(await (await fetch(`${server.url}${ApiPaths.health}`)).json()).toMatchObject({ mode: 'live' });
          expect((await fetch(`${server.url}${ApiPaths.ready}`)).status).toBe(200);
        } finally {
          await server.close();
        }
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});

describe('a live-mode app never reaches a sandbox implementation', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createSeededTestDatabase();
  }, 60_000);
  afterAll(() => db.destroy());

  it('collects a $100.04 bank deposit through the live rails, settles it through them, and writes nothing to the sandbox outbox', async () => {
    const sandboxCalls = [
      jest.spyOn(sandboxMoneyMovement, 'collect'),
      jest.spyOn(sandboxMoneyMovement, 'achReturnOf'),
      jest.spyOn(sandboxAccountVerification, 'verify'),
    ];
    const rails = recordingRails();
    const mailer = recordingMailer();
    const providers = liveProviders({ ...COMPLETE, supplied: { moneyMovement: rails, accountVerification: liveVerification, mailer } });

    // A customer of our own (demo customers cannot sign in in live mode), copied through a sandbox app (same password).
    const sandbox = buildTestApp(db);
    const template = await freshCustomer(sandbox.app, 'alex@fundflow.test');
    await db.updateTable('users').set({ is_demo: false }).where('email', '=', template.email).execute();
    await sandbox.app.close();

    const clock = manualClock(TEST_NOW);
    const live = buildApp({
      db,
      clock,
      providers,
      config: { mode: 'live', authSecret: TEST_AUTH_SECRET, distDir: null, logLevel: 'warn' },
    });
    try {
      const customer = await signedInCustomer(live, template.email);
      const account = await accountOf(customer, 'US');
      const bank = await bankOf(customer);
      const confirmed = await deposit(live, customer, { accountUuid: account.accountUuid, paymentMethodId: bank.id, amount: '100.04' });
      expect(confirmed.statusCode).toBe(200);
      expect(rails.collections).toEqual([expect.objectContaining({ sourceType: 'BANK', amountCents: 10004, paymentMethodId: bank.id })]);

      // A week on, the deposit is due to settle: reading the accounts settles it, through the live rails.
      clock.set('2026-03-09T15:00:00Z');
      const again = await signedInCustomer(live, template.email);
      for (const path of [ApiPaths.accounts, ApiPaths.deposits]) expect((await again.get(path)).statusCode).toBe(200);
      expect(rails.returnsAsked).toBeGreaterThan(0);
      for (const spy of sandboxCalls) expect([spy.getMockName(), spy.mock.calls.length]).toEqual([spy.getMockName(), 0]);
      const outbox = await db.selectFrom('outbox_messages').select('subject').where('user_id', '=', customer.userId).execute();
      expect(outbox).toEqual([]);
    } finally {
      await live.close();
      for (const spy of sandboxCalls) spy.mockRestore();
    }
  }, 60_000);
});

describe('the vendor SDKs stay on the server', () => {
  it('nothing the browser bundles imports the Stripe or Plaid Node SDKs or their live providers', () => {
    const root = join(__dirname, '..');
    const sourcesUnder = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? sourcesUnder(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
      );
    const files = ['src', 'api', 'features', 'store', 'ui']
      .filter((dir) => existsSync(join(root, dir)))
      .flatMap((dir) => sourcesUnder(join(root, dir)));
    expect(files.length).toBeGreaterThan(100);
    const serverOnly = /from ['"](stripe|plaid|axios)['"]|require\(['"](stripe|plaid|axios)['"]\)|server\/(vendors|liveMode|providers)/;
    expect(files.filter((file) => serverOnly.test(readFileSync(file, 'utf8'))).map((file) => relative(root, file))).toEqual([]);
  });
});
