import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { Client, type ClientConfig } from 'pg';
import WebSocket from 'ws';
import { ApiPaths, type EventsSubscriptionResponse, type LiveEvent } from '../../api/contract';
import { migrateToLatest } from '../db/migrate';
import { createPostgresDatabase } from '../db/openDatabase';
import type { Database } from '../db/schema';
import { seedDemoDataIfEmpty } from '../db/seed';
import { freshCustomer, methodPath } from '../testing/fundingKit';
import { buildTestApp, TEST_NOW } from '../testing/testApp';
import { LIVE_EVENTS_CHANNEL, type LiveEventMessage } from './liveEventChannel';
import { pgNotifier } from './pgNotifier';

const quietLog = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** Stands in for node-postgres' Client: records queries and lets the test send notifications or fail it. */
class FakeClient extends EventEmitter {
  static made: FakeClient[] = [];
  queries: string[] = [];
  ended = false;
  failConnect = false;
  constructor() {
    super();
    FakeClient.made.push(this);
  }
  async connect() {
    if (this.failConnect || FakeClient.refuse) throw new Error('connection refused');
  }
  async query(text: string) {
    this.queries.push(text);
  }
  async end() {
    if (this.ended) return;
    this.ended = true;
    this.emit('end');
  }
  notify(payload: string, channel = LIVE_EVENTS_CHANNEL) {
    this.emit('notification', { channel, payload, processId: 1 });
  }
  static refuse = false;
}

const message = (userId: string): LiveEventMessage => ({ userId, event: { type: 'RELOAD_PAYMENT_METHODS', occurredAt: TEST_NOW } });

function fakeNotifier() {
  const received: LiveEventMessage[] = [];
  let interruptions = 0;
  const notifier = pgNotifier({}, quietLog, { createClient: () => new FakeClient() as unknown as Client });
  const listener = { onMessage: (m: LiveEventMessage) => received.push(m), onInterrupted: () => (interruptions += 1) };
  return { notifier, listener, received, interruptions: () => interruptions };
}

describe('the node-postgres notifier', () => {
  beforeEach(() => {
    FakeClient.made = [];
    FakeClient.refuse = false;
  });
  afterEach(() => jest.useRealTimers());

  it('listens on a dedicated connection and passes on our messages only', async () => {
    const { notifier, listener, received } = fakeNotifier();
    await notifier.listen(listener);
    const [client] = FakeClient.made;
    expect(client.queries).toEqual([`LISTEN ${LIVE_EVENTS_CHANNEL}`]);

    client.notify(JSON.stringify(message('user-1')));
    client.notify('not json');
    client.notify(JSON.stringify({ userId: 'user-1', event: { type: 'DROP_TABLES', occurredAt: TEST_NOW } }));
    client.notify(JSON.stringify(message('user-2')), 'another_channel');
    expect(received).toEqual([message('user-1')]);
    await notifier.close();
    expect(client.ended).toBe(true);
  });

  it('when the connection drops: tells the listener, then listens again after 1, 3, 7 ... seconds', async () => {
    jest.useFakeTimers();
    const { notifier, listener, received, interruptions } = fakeNotifier();
    await notifier.listen(listener);
    FakeClient.refuse = true;
    FakeClient.made[0].emit('error', new Error('terminating connection due to administrator command'));
    expect(interruptions()).toBe(1);

    await jest.advanceTimersByTimeAsync(1000);
    expect(FakeClient.made).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(2999);
    expect(FakeClient.made).toHaveLength(2);
    FakeClient.refuse = false;
    await jest.advanceTimersByTimeAsync(1);
    expect(FakeClient.made).toHaveLength(3);
    const again = FakeClient.made[2];
    expect(again.queries).toEqual([`LISTEN ${LIVE_EVENTS_CHANNEL}`]);
    again.notify(JSON.stringify(message('user-1')));
    expect(received).toHaveLength(1);
    expect(interruptions()).toBe(1);
    await notifier.close();
  });

  it('close stops for good: no reconnect after it', async () => {
    jest.useFakeTimers();
    const { notifier, listener, interruptions } = fakeNotifier();
    await notifier.listen(listener);
    await notifier.close();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(FakeClient.made).toHaveLength(1);
    expect(interruptions()).toBe(0);
  });
});

// Against a real PostgreSQL when FUNDFLOW_TEST_DATABASE_URL names one (e.g. postgres://postgres@127.0.0.1:5432/postgres):
// two instances with their own pools and their own listening connections, as in production. A throw-away
// database is created for the run and dropped after it.
const serverUrl = process.env.FUNDFLOW_TEST_DATABASE_URL;
const onPostgres = serverUrl ? describe : describe.skip;

onPostgres('live events on PostgreSQL (FUNDFLOW_TEST_DATABASE_URL)', () => {
  const name = `fundflow_events_${process.pid}_${Date.now()}`;
  let config: ClientConfig;
  let dbA: Kysely<Database>;
  let dbB: Kysely<Database>;
  let a: ReturnType<typeof buildTestApp>;
  let b: ReturnType<typeof buildTestApp>;

  const admin = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    config = { connectionString: url.toString() };
    dbA = createPostgresDatabase(config);
    dbB = createPostgresDatabase(config);
    await migrateToLatest(dbA);
    await seedDemoDataIfEmpty(dbA, new Date(TEST_NOW));
    a = buildTestApp(dbA);
    b = buildTestApp(dbB);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await dbA?.destroy();
    await dbB?.destroy();
    await admin(`drop database if exists ${name}`);
  });

  it('a change made through instance A reaches the socket on instance B, and only its customer', async () => {
    const customer = await freshCustomer(a.app, 'card@fundflow.test');
    const other = await freshCustomer(a.app, 'card@fundflow.test');
    const open = async (who: typeof customer) => {
      const { eventsSubscriptionId } = (await who.send('POST', ApiPaths.eventsSubscriptions)).json<EventsSubscriptionResponse>();
      const port = (b.app.server.address() as AddressInfo).port;
      const socket = new WebSocket(`ws://127.0.0.1:${port}${ApiPaths.events}?eventsSubscriptionId=${eventsSubscriptionId}`);
      const received: LiveEvent[] = [];
      socket.on('message', (data) => received.push(JSON.parse((data as Buffer).toString()) as LiveEvent));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return { socket, received };
    };
    const mine = await open(customer);
    const theirs = await open(other);
    const [bank] = await customer.methods();

    await customer.send('POST', methodPath(ApiPaths.sandboxResetLogin, bank.id));

    const deadline = Date.now() + 5000;
    while (mine.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mine.received).toEqual([{ type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: bank.id, occurredAt: a.clock.now().toISOString() }]);
    expect(theirs.received).toEqual([]);
    mine.socket.terminate();
    theirs.socket.terminate();
  });
});
