import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiPaths, CSRF_HEADER, type SessionResponse } from '../../api/contract';
import { buildApp } from '../app';
import { manualClock } from '../clock';
import type { ServerConfig } from '../config';
import { migrateToLatest } from '../db/migrate';
import { createPgliteDatabase } from '../db/openDatabase';
import type { Database } from '../db/schema';
import { DEMO_PASSWORD, seedDemoDataIfEmpty } from '../db/seed';
import { REFRESH_COOKIE } from '../domain/refreshTokens';

// Helpers for server tests. An in-memory PGlite takes seconds to create, so each test file makes one in
// beforeAll and its tests stay independent by not relying on each other's writes.

export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';
export const CSRF = { [CSRF_HEADER]: 'web' } as const;

/** The moment test apps start at, unless a test says otherwise: Monday 2 March 2026, 10:00 in New York. */
export const TEST_NOW = '2026-03-02T15:00:00Z';

/** Demo data is dated relative to `now` (deposit history, recurring dates), so it matches the test clock. */
export async function createSeededTestDatabase(now: string = TEST_NOW): Promise<Kysely<Database>> {
  const db = await createPgliteDatabase();
  await migrateToLatest(db);
  await seedDemoDataIfEmpty(db, new Date(now));
  return db;
}

/** An app on the given database with a settable clock; its log lines (warn and up) are collected, not printed. */
export function buildTestApp(db: Kysely<Database>, options: { config?: Partial<ServerConfig>; now?: string } = {}) {
  const clock = manualClock(options.now ?? TEST_NOW);
  const logs: string[] = [];
  const app = buildApp({
    db,
    clock,
    config: {
      mode: 'sandbox',
      authSecret: TEST_AUTH_SECRET,
      distDir: null,
      logLevel: 'warn',
      logStream: { write: (line) => void logs.push(line) },
      ...options.config,
    },
  });
  return { app, clock, logs };
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string;
  session: SessionResponse;
  response: LightMyRequestResponse;
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<SignedIn> {
  const response = await app.inject({ method: 'POST', url: ApiPaths.login, headers: CSRF, payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const session = response.json<SessionResponse>();
  return { accessToken: session.accessToken, refreshToken: refreshCookieOf(response)?.value ?? '', session, response };
}

export function refreshCookieOf(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === REFRESH_COOKIE);
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
