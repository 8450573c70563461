import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import { freshCustomer, signedInCustomer, type Customer } from './fundingKit';
import { buildTestApp, createSeededTestDatabase, signIn, STAND_IN_TARGET, type SignedIn } from './testApp';

// The one way into a server test file, after fastify/demo's test/helper.ts: a file calls useTestApp() at its top
// and gets its app on a seeded database of its own (a copy of the worker's snapshot: server/testing/testApp.ts),
// the app's clock and log lines, and sign-in helpers bound to that app, with the hooks that make and close them.
//
//   const { app, db, clock, signIn, freshCustomer } = useTestApp({ clockAt: TEST_NOW });
//
// One app and one database per file, not per test: tests stay independent by working on customers of their own
// (freshCustomer copies a demo customer) rather than by a new database each.

export interface TestAppOptions {
  /** Configuration over the test defaults; a function is called in beforeAll (for a file it makes there first). */
  config?: Partial<ServerConfig> | (() => Partial<ServerConfig>);
  /** The moment the demo data is dated from and the clock starts at (TEST_NOW unless given). */
  now?: string;
  /** Sets the clock back to this moment before each test. */
  clockAt?: string;
  /** Runs on the seeded database before the app is built on it (data the app reads at start). */
  prepare?: (db: Kysely<Database>) => Promise<void>;
  /** Runs on the built app before it is ready: hooks that must see every route (onRoute), decorations. */
  beforeReady?: (app: FastifyInstance) => void;
}

type BuiltTestApp = ReturnType<typeof buildTestApp> & { db: Kysely<Database> };

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  clock: BuiltTestApp['clock'];
  /** The app's log lines (warn and up unless the config says otherwise), collected rather than printed. */
  logs: string[];
  /** Signs a customer in on this app (the demo password unless given). */
  signIn: (email: string, password?: string) => Promise<SignedIn>;
  /** A signed-in customer with bound calls (get, send, methods): a demo customer, or one given a password. */
  signedInCustomer: (email: string, password?: string) => Promise<Customer>;
  /** A copy of a demo customer, signed in: its own data, so the test shares nothing with the file's others. */
  freshCustomer: (template: string) => Promise<Customer>;
}

/**
 * One seeded database and one app for a test file: made in beforeAll, closed in afterAll, the clock set back
 * before each test when `clockAt` is given. The parts can be taken apart at the top of the file; each stands for
 * the real one (a proxy), which exists once beforeAll has run; using it earlier throws.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let built: BuiltTestApp | null = null;
  beforeAll(async () => {
    const config = typeof options.config === 'function' ? options.config() : options.config;
    const db = await createSeededTestDatabase(options.now);
    await options.prepare?.(db);
    const parts = buildTestApp(db, { config, now: options.now });
    options.beforeReady?.(parts.app);
    await parts.app.ready();
    built = { ...parts, db };
    // The first file on a worker builds the worker's seeded snapshot (initdb, migrations, seed: about 12 s of CPU);
    // on busy shared cores that has taken over 60 s of wall time, so the set-up gets more than a test does.
  }, 300_000);
  afterAll(async () => {
    if (!built) return;
    await built.app.close();
    await built.db.destroy();
  });
  if (options.clockAt) beforeEach(() => built?.clock.set(options.clockAt!));
  const part = <K extends keyof BuiltTestApp>(key: K): BuiltTestApp[K] => {
    if (!built) throw new Error(`the test app's ${key} exists once beforeAll has run`);
    return built[key];
  };
  return {
    app: standIn(() => part('app')),
    db: standIn(() => part('db')),
    clock: standIn(() => part('clock')),
    logs: standIn(() => part('logs')),
    signIn: (email, password) => signIn(part('app'), email, password),
    signedInCustomer: (email, password) => signedInCustomer(part('app'), email, password),
    freshCustomer: (template) => freshCustomer(part('app'), template),
  };
}

/** An object that forwards every use to `real()`, with methods bound to it (their private fields work). */
function standIn<T extends object>(real: () => T): T {
  return new Proxy({} as T, {
    get(_target, key) {
      if (key === STAND_IN_TARGET) return real();
      const target = real();
      const value = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      // A function can carry functions of its own (Kysely's db.fn.countAll): the bound copy keeps them.
      const method = value as (...args: unknown[]) => unknown;
      const bound = method.bind(target);
      return Object.keys(method).length > 0 ? Object.assign(bound, method) : bound;
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
