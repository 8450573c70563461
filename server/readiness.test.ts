import { connect, createServer, type Socket } from 'node:net';
import { Kysely, PostgresDialect } from 'kysely';
import { Pool } from 'pg';
import WebSocket from 'ws';
import { ApiPaths, CSRF_HEADER, LiveEventsCloseCode, type EventsSubscriptionResponse, type SessionResponse } from '../api/contract';
import { openDatabase } from './db/openDatabase';
import { pendingMigrations } from './db/migrate';
import { prepareDatabase } from './db/prepare';
import type { Database } from './db/schema';
import { startServer, type RunningServer } from './main';
import { buildTestApp, createSeededTestDatabase, emptyServerDatabase, testDatabaseServerUrl } from './testing/testApp';

// Liveness, readiness and the drain of a stopping instance (issue 19), through real servers over HTTP.

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const get = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('GET /api/health and GET /api/ready', () => {
  it('health says alive without the database; ready answers 503 DATABASE_UNAVAILABLE when the database does not answer', async () => {
    // A pool aimed at a port nobody listens on: every query fails at once.
    const deadDb = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new Pool({ host: '127.0.0.1', port: await freePort(), connectionTimeoutMillis: 2000 }) }),
    });
    const { app } = buildTestApp(deadDb);
    try {
      const health = await app.inject({ method: 'GET', url: ApiPaths.health });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', mode: 'sandbox' });
      const ready = await app.inject({ method: 'GET', url: ApiPaths.ready });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ errorCode: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
    } finally {
      await app.close();
      await deadDb.destroy();
    }
  }, 60_000);

  it('ready is 200 on a current schema, and stays 200 when a newer version has run an extra (expand) migration', async () => {
    const db = await createSeededTestDatabase();
    const { app } = buildTestApp(db);
    try {
      const ready = await app.inject({ method: 'GET', url: ApiPaths.ready });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', mode: 'sandbox' });
      // The next version's migrate step ran before this instance was replaced: its schema is still there.
      await db
        .insertInto('kysely_migration' as never)
        .values({ name: '9999_from_a_newer_version', timestamp: new Date().toISOString() })
        .execute();
      expect(await pendingMigrations(db)).toEqual([]);
      expect((await app.inject({ method: 'GET', url: ApiPaths.ready })).statusCode).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
    }
  }, 120_000);
});

describe('instances never migrate on their own', () => {
  it('an instance on an unmigrated database is alive, answers ready 503 MIGRATIONS_PENDING (and other paths 503), and serves once the migrate step has run', async () => {
    const database = await emptyServerDatabase();
    const port = await freePort();
    const controller = new AbortController();
    const starting = startServer({
      ...database.options,
      port,
      host: '127.0.0.1',
      distDir: '',
      logLevel: 'silent',
      migrationsPollMs: 100,
      signal: controller.signal,
    });
    starting.catch(() => undefined);
    const url = `http://127.0.0.1:${port}`;
    let server: RunningServer | undefined;
    try {
      const health = await waitFor('the waiting instance to answer', () => get(`${url}${ApiPaths.health}`));
      expect(health).toEqual({ status: 200, body: { status: 'ok', mode: 'sandbox' } });
      const ready = await get(`${url}${ApiPaths.ready}`);
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ errorCode: 'MIGRATIONS_PENDING', message: expect.stringContaining('npm run migrate') });
      expect((await fetch(`${url}${ApiPaths.accounts}`)).status).toBe(503);

      if (!testDatabaseServerUrl()) {
        // PGlite in memory is this process's alone: nobody else can migrate it. A stop while waiting ends the start.
        controller.abort();
        await expect(starting).rejects.toMatchObject({ name: 'AbortError' });
        await expect(fetch(`${url}${ApiPaths.health}`)).rejects.toThrow();
        return;
      }
      // PostgreSQL: the migrate step runs from elsewhere, as `npm run migrate` does in a deploy.
      const other = await openDatabase(database.options);
      try {
        await prepareDatabase(other.db, { mode: 'sandbox', now: new Date() });
      } finally {
        await other.db.destroy();
      }
      server = await starting;
      expect(server.port).toBe(port);
      expect(await get(`${url}${ApiPaths.ready}`)).toEqual({ status: 200, body: { status: 'ready', mode: 'sandbox' } });
      expect((await fetch(`${url}${ApiPaths.accounts}`)).status).toBe(401);
    } finally {
      controller.abort();
      await server?.close();
      await database.drop();
    }
  }, 120_000);
});

/** Sends a request's head and half its body: the server has begun it and waits for the rest. */
function halfSentLogin(port: number): Promise<{ socket: Socket; finish: (extra?: string) => Promise<string> }> {
  const body = JSON.stringify({ email: 'alex@fundflow.test', password: 'fundflow-demo' });
  const head = [
    `POST ${ApiPaths.login} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Content-Type: application/json',
    `${CSRF_HEADER}: web`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const ended = new Promise<string>((done) => socket.once('close', () => done(received)));
      socket.write(head + body.slice(0, 10), () =>
        resolve({ socket, finish: (extra = '') => (socket.write(body.slice(10) + extra), ended) }),
      );
    });
    socket.once('error', reject);
  });
}

describe('draining (SIGTERM)', () => {
  it('a drain answers ready 503 DRAINING at once, then takes no new connection, finishes the request in flight, and closes event sockets with 1001 going away', async () => {
    const database = await emptyServerDatabase();
    // A drain delay, so the not-ready answer can be seen over a new connection before the listener closes.
    const server = await startServer({
      ...database.options,
      migrate: true,
      port: 0,
      host: '127.0.0.1',
      distDir: '',
      logLevel: 'silent',
      depositJobsIntervalMs: 0,
      drainDelayMs: 1500,
    });
    let drained: Promise<void> | undefined;
    try {
      expect((await get(`${server.url}${ApiPaths.ready}`)).status).toBe(200);
      // A customer's open page: its live-events socket.
      const login = await fetch(`${server.url}${ApiPaths.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
        body: JSON.stringify({ email: 'alex@fundflow.test', password: 'fundflow-demo' }),
      });
      const { accessToken } = (await login.json()) as SessionResponse;
      const subscription = await fetch(`${server.url}${ApiPaths.eventsSubscriptions}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, [CSRF_HEADER]: 'web' },
      });
      const { eventsSubscriptionId } = (await subscription.json()) as EventsSubscriptionResponse;
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}${ApiPaths.events}?eventsSubscriptionId=${eventsSubscriptionId}`);
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

      const inFlight = await halfSentLogin(server.port);
      drained = server.close();

      const ready = await get(`${server.url}${ApiPaths.ready}`);
      expect(ready).toEqual({ status: 503, body: { errorCode: 'DRAINING', message: expect.any(String) } });
      expect(await socketClosed).toBe(LiveEventsCloseCode.GOING_AWAY);
      // The listener closes: a new connection is refused (the balancer retries it on another instance).
      await waitFor('the listener to close', () =>
        fetch(`${server.url}${ApiPaths.health}`).then(
          () => undefined,
          () => true,
        ),
      );
      // The request begun before the drain gets its whole answer; its connection is closed after it (finish()
      // resolves when the socket closes), not kept for the keep-alive time-out.
      const answer = await inFlight.finish();
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain('"accessToken"');
      await drained;
    } finally {
      await (drained ?? server.close());
      await database.drop();
    }
  }, 120_000);
});
