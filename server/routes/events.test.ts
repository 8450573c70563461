import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import WebSocket from 'ws';
import {
  ApiPaths,
  EVENTS_SUBSCRIPTION_TTL_SECONDS,
  type ErrorBody,
  type EventsSubscriptionResponse,
  type LiveEvent,
  type LinkedPaymentMethodResponse,
  type PaymentMethodResponse,
  type SetupIntentResponse,
} from '../../api/contract';
import type { Database } from '../db/schema';
import { publishLiveEvent } from '../events/liveEventChannel';
import { MAX_SOCKETS_PER_CUSTOMER } from '../events/liveEventHub';
import { encodeSandboxPaymentMethod } from '../../api/contract/sandboxCards';
import { freshCustomer, methodPath, type Customer } from '../testing/fundingKit';
import { buildTestApp, createSeededTestDatabase } from '../testing/testApp';

// Two app instances on one database, as two servers behind a load balancer share one PostgreSQL: a change
// made through instance A must reach a socket held by instance B (LISTEN/NOTIFY), and only its customer's.

let db: Kysely<Database>;
let a: ReturnType<typeof buildTestApp>;
let b: ReturnType<typeof buildTestApp>;
let urlOfA: string;
let urlOfB: string;
const sockets: WebSocket[] = [];

const listen = async (app: FastifyInstance) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  db = await createSeededTestDatabase();
  a = buildTestApp(db);
  b = buildTestApp(db);
  urlOfA = await listen(a.app);
  urlOfB = await listen(b.app);
}, 60_000);
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});
afterAll(async () => {
  await a.app.close();
  await b.app.close();
  await db.destroy();
});

async function subscriptionId(customer: Customer): Promise<string> {
  const response = await customer.send('POST', ApiPaths.eventsSubscriptions);
  expect(response.statusCode).toBe(201);
  return response.json<EventsSubscriptionResponse>().eventsSubscriptionId;
}

const socketUrl = (baseUrl: string, id: string) => `${baseUrl}${ApiPaths.events}?eventsSubscriptionId=${encodeURIComponent(id)}`;

interface EventSocket {
  socket: WebSocket;
  received: LiveEvent[];
  /** The next event not yet taken, waiting for it up to `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<LiveEvent>;
  closed: Promise<number>;
}

function openSocket(baseUrl: string, id: string): Promise<EventSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(baseUrl, id));
    sockets.push(socket);
    const received: LiveEvent[] = [];
    let taken = 0;
    let wake: (() => void) | null = null;
    socket.on('message', (data) => {
      received.push(JSON.parse((data as Buffer).toString('utf8')) as LiveEvent);
      wake?.();
    });
    const closed = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    const next = async (timeoutMs = 3000): Promise<LiveEvent> => {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no event arrived');
        await new Promise<void>((done) => {
          const timer = setTimeout(done, left);
          wake = () => {
            clearTimeout(timer);
            done();
          };
        });
      }
      return received[taken++];
    };
    socket.once('open', () => resolve({ socket, received, next, closed }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

/** Opens a socket that the server must refuse before the upgrade: its HTTP status and error body. */
function refusal(baseUrl: string, id: string): Promise<{ status: number; body: ErrorBody }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(baseUrl, id));
    socket.once('open', () => {
      socket.terminate();
      reject(new Error('the socket was accepted'));
    });
    socket.once('unexpected-response', (request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as ErrorBody });
      });
    });
    socket.on('error', () => undefined);
  });
}

describe('events subscription ids', () => {
  it('are issued only to a signed-in customer', async () => {
    const response = await a.app.inject({ method: 'POST', url: ApiPaths.eventsSubscriptions, headers: { 'x-fundflow-client': 'web' } });
    expect(response.statusCode).toBe(401);
    const customer = await freshCustomer(a.app, 'card@fundflow.test');
    const issued = await customer.send('POST', ApiPaths.eventsSubscriptions);
    expect(issued.statusCode).toBe(201);
    expect(issued.json<EventsSubscriptionResponse>()).toEqual({
      eventsSubscriptionId: expect.stringMatching(/^evs_/),
      expiresIn: EVENTS_SUBSCRIPTION_TTL_SECONDS,
    });
  });

  it('refuses an unknown id, a used one and an expired one before the upgrade', async () => {
    const customer = await freshCustomer(a.app, 'card@fundflow.test');
    expect(await refusal(urlOfB, 'evs_made-up')).toEqual({
      status: 401,
      body: { errorCode: 'EVENTS_SUBSCRIPTION_INVALID', message: 'This events subscription is not valid. Ask for a new one.' },
    });

    const once = await subscriptionId(customer);
    await openSocket(urlOfB, once);
    expect((await refusal(urlOfB, once)).status).toBe(401);
    // Spent on B means spent everywhere: the claim is in the shared database.
    expect((await refusal(urlOfA, once)).status).toBe(401);

    const late = await subscriptionId(customer);
    b.clock.advance((EVENTS_SUBSCRIPTION_TTL_SECONDS + 1) * 1000);
    try {
      expect((await refusal(urlOfB, late)).status).toBe(401);
    } finally {
      b.clock.advance(-(EVENTS_SUBSCRIPTION_TTL_SECONDS + 1) * 1000);
    }
  });

  it('refuses a socket without an id as bad input', async () => {
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${urlOfB}${ApiPaths.events}`);
      socket.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      socket.on('error', () => undefined);
    });
    expect(status).toBe(400);
  });
});

describe('live events across instances', () => {
  it('a bank needing relink, changed through instance A, reaches the socket on instance B as reload payment methods', async () => {
    const customer = await freshCustomer(a.app, 'card@fundflow.test');
    const events = await openSocket(urlOfB, await subscriptionId(customer));
    const [bank] = await customer.methods();

    const reset = await customer.send('POST', methodPath(ApiPaths.sandboxResetLogin, bank.id));
    expect(reset.statusCode).toBe(200);

    expect(await events.next()).toEqual({
      type: 'RELOAD_PAYMENT_METHODS',
      paymentMethodId: bank.id,
      occurredAt: a.clock.now().toISOString(),
    });
  });

  it("a customer never receives another customer's events", async () => {
    const alice = await freshCustomer(a.app, 'card@fundflow.test');
    const bob = await freshCustomer(a.app, 'card@fundflow.test');
    const aliceEvents = await openSocket(urlOfB, await subscriptionId(alice));
    const bobEvents = await openSocket(urlOfB, await subscriptionId(bob));
    const [aliceBank] = await alice.methods();
    const [bobBank] = await bob.methods();

    await alice.send('POST', methodPath(ApiPaths.sandboxResetLogin, aliceBank.id));
    expect((await aliceEvents.next()).paymentMethodId).toBe(aliceBank.id);
    // Bob's first event is his own: Alice's never reached his socket (notifications arrive in order).
    await bob.send('POST', methodPath(ApiPaths.sandboxResetLogin, bobBank.id));
    expect((await bobEvents.next()).paymentMethodId).toBe(bobBank.id);
    expect(bobEvents.received).toHaveLength(1);
    expect(aliceEvents.received).toHaveLength(1);
  });

  it('a finished statement review sends reload payment methods; only a statement under review can finish', async () => {
    const customer = await freshCustomer(a.app, 'unverified@fundflow.test');
    const events = await openSocket(urlOfB, await subscriptionId(customer));
    const [bank] = await customer.methods();
    const review = methodPath(ApiPaths.sandboxStatementReview, bank.id);

    const early = await customer.send('POST', review, { outcome: 'APPROVED' });
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorBody>().errorCode).toBe('STATEMENT_NOT_UNDER_REVIEW');

    const upload = await customer.send('POST', ApiPaths.verificationFiles, {
      fileType: 'BANK_STATEMENT',
      fileName: 'statement.pdf',
      base64file: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n').toString('base64'),
    });
    const { fileId } = upload.json<{ fileId: string }>();
    expect(
      (await customer.send('POST', ApiPaths.verificationSubmit, { paymentMethodId: bank.id, fileUniqueIds: [fileId] })).statusCode,
    ).toBe(200);

    const approved = await customer.send('POST', review, { outcome: 'APPROVED' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json<PaymentMethodResponse>().paymentMethod).toMatchObject({
      status: 'APPROVED',
      readiness: 'READY',
      verificationStatus: 'VERIFIED',
      defaultPaymentMethod: true,
    });
    expect(await events.next()).toMatchObject({ type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: bank.id });

    const stranger = await freshCustomer(a.app, 'card@fundflow.test');
    expect((await stranger.send('POST', review, { outcome: 'REJECTED' })).statusCode).toBe(404);
    expect((await customer.send('POST', review, { outcome: 'MAYBE' })).statusCode).toBe(400);
  });

  it('finished micro-deposits send reload payment methods', async () => {
    const customer = await freshCustomer(a.app, 'micro@fundflow.test');
    const events = await openSocket(urlOfB, await subscriptionId(customer));
    const pending = (await customer.methods()).find((method) => method.status === 'PENDING')!;
    const amounts = (await customer.get(methodPath(ApiPaths.sandboxMicroDeposits, pending.id))).json<{
      amount1: string;
      amount2: string;
    }>();

    const verified = await customer.send('POST', ApiPaths.microDepositVerify, { paymentMethodId: pending.id, ...amounts });
    expect(verified.statusCode).toBe(200);
    expect(await events.next()).toMatchObject({ type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: pending.id });
  });

  it('a linked debit card sends new card added', async () => {
    const customer = await freshCustomer(a.app, 'card@fundflow.test');
    const events = await openSocket(urlOfB, await subscriptionId(customer));
    const intent = (await customer.send('POST', ApiPaths.debitCardSetupIntent)).json<SetupIntentResponse>();
    const paymentMethodId = encodeSandboxPaymentMethod({
      brand: 'visa',
      funding: 'debit',
      country: 'US',
      commercial: false,
      last4: '5556',
      expMonth: 12,
      expYear: 2030,
      fingerprint: 'fp-live-events-1',
    });
    const linked = await customer.send('POST', ApiPaths.debitCardLink, {
      token: intent.clientSecret.split('_secret_')[0],
      paymentMethodId,
    });
    expect(linked.statusCode).toBe(200);
    const card = linked.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    expect(await events.next()).toMatchObject({ type: 'NEW_CARD_ADDED', paymentMethodId: card.id });
  });

  it('settling deposits sends order updated for each one', async () => {
    const customer = await freshCustomer(a.app, 'alex@fundflow.test');
    const events = await openSocket(urlOfB, await subscriptionId(customer));
    expect((await customer.send('POST', ApiPaths.sandboxSettleDeposits)).statusCode).toBe(200);
    const first = await events.next();
    expect(first).toMatchObject({ type: 'ORDER_UPDATED', depositId: expect.any(String) });
  });

  it('a change rolled back is never announced', async () => {
    const customer = await freshCustomer(a.app, 'card@fundflow.test');
    const events = await openSocket(urlOfB, await subscriptionId(customer));
    await db
      .transaction()
      .execute(async (trx) => {
        await publishLiveEvent(trx, customer.userId, { type: 'ORDER_UPDATED' }, a.clock.now());
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await publishLiveEvent(db, customer.userId, { type: 'REFRESH_TOKEN' }, a.clock.now());
    expect((await events.next()).type).toBe('REFRESH_TOKEN');
    expect(events.received).toHaveLength(1);
  });

  it('keeps at most MAX_SOCKETS_PER_CUSTOMER sockets of one customer per instance, closing the oldest', async () => {
    const customer = await freshCustomer(a.app, 'card@fundflow.test');
    const first = await openSocket(urlOfB, await subscriptionId(customer));
    for (let i = 0; i < MAX_SOCKETS_PER_CUSTOMER; i += 1) await openSocket(urlOfB, await subscriptionId(customer));
    expect(await first.closed).toBe(4429);
    const newest = sockets[sockets.length - 1];
    expect(newest.readyState).toBe(WebSocket.OPEN);
  });
});
