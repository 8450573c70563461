import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { accountsApi } from '../../api/accountsApi';
import { sessionEstablished } from '../../api/authEvents';
import {
  ApiPaths,
  type DepositsResponse,
  type ErrorBody,
  type LiveEvent,
  type NotificationsResponse,
  type PaymentMethodsResponse,
  type SessionResponse,
} from '../../api/contract';
import { depositsApi } from '../../api/depositsApi';
import { notificationsApi, selectUnreadNotificationCount } from '../../api/notificationsApi';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { makeStore, type AppStore } from '../../store/store';
import { paymentMethodFixture, sessionFixture } from '../../test/fixtures';
import { API_ORIGIN } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { LIVE_EVENT_EFFECTS } from './liveEventEffects';
import { eventsSocketUrl, parseLiveEvent, startLiveEvents, type SocketLike } from './liveEventsConnection';
import { selectLiveEventsState } from './liveEventsSlice';

/** A WebSocket the test drives: it records the URL and lets the test open, message and close it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.onopen?.({});
  }
  emit(event: Partial<LiveEvent> & Pick<LiveEvent, 'type'>) {
    this.onmessage?.({ data: JSON.stringify({ occurredAt: '2026-03-02T15:00:00.000Z', ...event }) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  close(code = 1000) {
    this.closedWith = code;
  }
}

const latestSocket = () => FakeSocket.all[FakeSocket.all.length - 1];

/** Counts GETs of a path, answering `body`. */
function counting(path: string, body: unknown) {
  const calls = { count: 0 };
  mswServer.use(
    http.get(`${API_ORIGIN}${path}`, () => {
      calls.count += 1;
      return HttpResponse.json(body as never);
    }),
  );
  return calls;
}

const stops: Array<() => void> = [];
function start(store: AppStore, overrides: Parameters<typeof startLiveEvents>[1] = {}) {
  const stop = startLiveEvents(store, { createSocket: (url) => new FakeSocket(url), baseUrl: API_ORIGIN, ...overrides });
  stops.push(stop);
  return stop;
}

function signedInStore() {
  const store = makeStore();
  store.dispatch(sessionEstablished(sessionFixture()));
  return store;
}

async function openChannel(store: AppStore) {
  const before = FakeSocket.all.length;
  start(store);
  await waitFor(() => expect(FakeSocket.all.length).toBe(before + 1));
  const socket = latestSocket();
  socket.open();
  return socket;
}

beforeEach(() => {
  FakeSocket.all = [];
});
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  jest.useRealTimers();
});

describe('the events socket', () => {
  it('is opened with a fresh eventsSubscriptionId from the API as the query parameter', async () => {
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.eventsSubscriptions}`, () =>
        HttpResponse.json({ eventsSubscriptionId: 'evs_abc+/=', expiresIn: 60 }, { status: 201 }),
      ),
    );
    const store = signedInStore();
    start(store);
    expect(selectLiveEventsState(store.getState()).status).toBe('connecting');
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    expect(latestSocket().url).toBe('ws://localhost/api/events?eventsSubscriptionId=evs_abc%2B%2F%3D');
    latestSocket().open();
    expect(selectLiveEventsState(store.getState())).toMatchObject({ status: 'open', attempts: 0 });
    // The spent id is not kept in the store.
    expect(JSON.stringify(store.getState().api.mutations)).not.toContain('evs_abc');
  });

  it('uses wss on an https origin', () => {
    expect(eventsSocketUrl('https://app.example.com', 'evs_1')).toBe('wss://app.example.com/api/events?eventsSubscriptionId=evs_1');
  });

  it('ignores messages that are not events it knows', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'SOMETHING_ELSE', occurredAt: 'x' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'ORDER_UPDATED' }))).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'ORDER_UPDATED', occurredAt: 'x', depositId: 'd1', extra: 1 }))).toEqual({
      type: 'ORDER_UPDATED',
      occurredAt: 'x',
      depositId: 'd1',
    });
  });
});

describe('events invalidate the right tags', () => {
  it('maps each type of the spec to its effect', () => {
    expect(LIVE_EVENT_EFFECTS).toEqual({
      RELOAD_PAYMENT_METHODS: { invalidate: [{ type: 'PaymentMethod', id: 'LIST' }], refreshSession: false },
      ORDER_UPDATED: {
        invalidate: ['Deposit', 'Account', 'HighYieldAccount', 'RecurringDeposit', 'IraContribution'],
        refreshSession: false,
      },
      REFRESH_TOKEN: { invalidate: [], refreshSession: true },
      NEW_CARD_ADDED: { invalidate: ['PaymentMethod'], refreshSession: false },
      NOTIFICATION_CREATED: { invalidate: ['Notification'], refreshSession: false },
    });
  });

  it('reload payment methods refetches the payment-method list and nothing else', async () => {
    const methods = counting(ApiPaths.paymentMethods, { paymentMethods: [paymentMethodFixture()] } satisfies PaymentMethodsResponse);
    const deposits = counting(ApiPaths.deposits, { deposits: [] } satisfies DepositsResponse);
    const store = signedInStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    const depositList = store.dispatch(depositsApi.endpoints.getDeposits.initiate());
    await list;
    await depositList;
    const socket = await openChannel(store);

    socket.emit({ type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: 'pm-1' });

    await waitFor(() => expect(methods.count).toBe(2));
    expect(selectLiveEventsState(store.getState())).toMatchObject({
      lastEventType: 'RELOAD_PAYMENT_METHODS',
      lastEventAt: expect.any(String),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deposits.count).toBe(1);
    list.unsubscribe();
    depositList.unsubscribe();
  });

  it('order updated refetches deposits and accounts, not the payment methods', async () => {
    const methods = counting(ApiPaths.paymentMethods, { paymentMethods: [] } satisfies PaymentMethodsResponse);
    const deposits = counting(ApiPaths.deposits, { deposits: [] } satisfies DepositsResponse);
    const accounts = counting(ApiPaths.accounts, { accounts: [] });
    const store = signedInStore();
    const subscriptions = [
      store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate()),
      store.dispatch(depositsApi.endpoints.getDeposits.initiate()),
      store.dispatch(accountsApi.endpoints.getAccounts.initiate()),
    ];
    await Promise.all(subscriptions);
    const socket = await openChannel(store);

    socket.emit({ type: 'ORDER_UPDATED', depositId: 'dep-1' });

    await waitFor(() => expect(deposits.count).toBe(2));
    await waitFor(() => expect(accounts.count).toBe(2));
    expect(methods.count).toBe(1);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('new card added refetches the payment methods', async () => {
    const methods = counting(ApiPaths.paymentMethods, { paymentMethods: [] } satisfies PaymentMethodsResponse);
    const store = signedInStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    await list;
    const socket = await openChannel(store);
    socket.emit({ type: 'NEW_CARD_ADDED', paymentMethodId: 'card-2' });
    await waitFor(() => expect(methods.count).toBe(2));
    list.unsubscribe();
  });

  it('notification created refetches the notifications, so the unread count goes up without a reload', async () => {
    let unread = 0;
    const calls = { count: 0 };
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.notifications}`, () => {
        calls.count += 1;
        return HttpResponse.json<NotificationsResponse>({ notifications: [], unreadCount: unread });
      }),
    );
    const deposits = counting(ApiPaths.deposits, { deposits: [] } satisfies DepositsResponse);
    const store = signedInStore();
    const subscriptions = [
      store.dispatch(notificationsApi.endpoints.getNotifications.initiate()),
      store.dispatch(depositsApi.endpoints.getDeposits.initiate()),
    ];
    await Promise.all(subscriptions);
    expect(selectUnreadNotificationCount(store.getState())).toBe(0);
    const socket = await openChannel(store);
    unread = 2;
    socket.emit({ type: 'NOTIFICATION_CREATED' });
    await waitFor(() => expect(selectUnreadNotificationCount(store.getState())).toBe(2));
    expect(calls.count).toBe(2);
    expect(deposits.count).toBe(1);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('refresh token renews the session: the new access token is in the store', async () => {
    let refreshes = 0;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.refresh}`, () => {
        refreshes += 1;
        return HttpResponse.json<SessionResponse>(sessionFixture({ accessToken: 'access-token-2' }));
      }),
    );
    const store = signedInStore();
    const socket = await openChannel(store);
    socket.emit({ type: 'REFRESH_TOKEN' });
    await waitFor(() => expect(store.getState().session.accessToken).toBe('access-token-2'));
    expect(refreshes).toBe(1);
  });

  it('control: an unknown event type changes nothing', async () => {
    const methods = counting(ApiPaths.paymentMethods, { paymentMethods: [] } satisfies PaymentMethodsResponse);
    const store = signedInStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    await list;
    const socket = await openChannel(store);
    socket.onmessage?.({ data: JSON.stringify({ type: 'RELOAD_EVERYTHING', occurredAt: 'x' }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(methods.count).toBe(1);
    expect(selectLiveEventsState(store.getState()).lastEventType).toBeNull();
    list.unsubscribe();
  });
});

describe('reconnecting', () => {
  it('waits min(30, 2^attempts - 1) seconds after each failed attempt and starts over once open', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const store = signedInStore();
    const first = await openChannel(store);
    first.drop(1006);
    expect(selectLiveEventsState(store.getState())).toMatchObject({ status: 'closed', attempts: 1 });

    // attempt 1 -> 1 s, attempt 2 -> 3 s, attempt 3 -> 7 s
    for (const [attempts, seconds] of [
      [1, 1],
      [2, 3],
      [3, 7],
    ]) {
      const before = FakeSocket.all.length;
      await jest.advanceTimersByTimeAsync(seconds * 1000 - 10);
      expect(FakeSocket.all).toHaveLength(before);
      await jest.advanceTimersByTimeAsync(10);
      await waitFor(() => expect(FakeSocket.all).toHaveLength(before + 1));
      expect(selectLiveEventsState(store.getState()).attempts).toBe(attempts);
      latestSocket().drop(1006);
    }
    expect(selectLiveEventsState(store.getState())).toMatchObject({ status: 'closed', attempts: 4 });

    await jest.advanceTimersByTimeAsync(15_000);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(5));
    latestSocket().open();
    expect(selectLiveEventsState(store.getState())).toMatchObject({ status: 'open', attempts: 0 });
    latestSocket().drop(1001);
    await jest.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(6));
  });

  it('a failed subscription call counts as a failed attempt', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    mswServer.use(
      http.post(
        `${API_ORIGIN}${ApiPaths.eventsSubscriptions}`,
        () => HttpResponse.json<ErrorBody>({ errorCode: 'INTERNAL_ERROR', message: 'x' }, { status: 503 }),
        { once: true },
      ),
    );
    const store = signedInStore();
    start(store);
    await waitFor(() =>
      expect(selectLiveEventsState(store.getState())).toMatchObject({ status: 'closed', attempts: 1, retryAt: expect.any(String) }),
    );
    expect(FakeSocket.all).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1000);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
  });

  it('after a reconnect reloads what the channel covers, since events may have been missed', async () => {
    const methods = counting(ApiPaths.paymentMethods, { paymentMethods: [] } satisfies PaymentMethodsResponse);
    const store = signedInStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    await list;
    const socket = await openChannel(store);
    expect(methods.count).toBe(1);
    socket.drop(1001);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3000 });
    latestSocket().open();
    await waitFor(() => expect(methods.count).toBe(2));
    list.unsubscribe();
  });

  it('a channel started after the page loaded its data reloads it on its first open; one started with it does not', async () => {
    const methods = counting(ApiPaths.paymentMethods, { paymentMethods: [] } satisfies PaymentMethodsResponse);
    const store = signedInStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    await list;
    start(store);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    latestSocket().open();
    start(store, { resyncOnFirstOpen: true });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
    expect(methods.count).toBe(1);
    latestSocket().open();
    await waitFor(() => expect(methods.count).toBe(2));
    list.unsubscribe();
  });

  it('on that first open leaves a query that failed to the page (its Try again, its wait after a 429)', async () => {
    const methods = counting(ApiPaths.paymentMethods, { paymentMethods: [] } satisfies PaymentMethodsResponse);
    const accounts = { count: 0 };
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.accounts}`, () => {
        accounts.count += 1;
        return HttpResponse.json({ errorCode: 'RATE_LIMITED', message: 'Too many requests' }, { status: 429 });
      }),
    );
    const store = signedInStore();
    const list = store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
    const failing = store.dispatch(accountsApi.endpoints.getAccounts.initiate());
    await list;
    await failing;
    const failedCalls = accounts.count;
    expect(failedCalls).toBeGreaterThan(0);
    start(store, { resyncOnFirstOpen: true });
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    latestSocket().open();
    await waitFor(() => expect(methods.count).toBe(2));
    expect(accounts.count).toBe(failedCalls);
    list.unsubscribe();
    failing.unsubscribe();
  });

  it('stays closed when the server closed it for too many sockets', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const store = signedInStore();
    const socket = await openChannel(store);
    socket.drop(4429);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(selectLiveEventsState(store.getState())).toMatchObject({ status: 'closed', retryAt: null });
  });

  it('stop (sign-out) closes the socket, cancels the planned attempt and resets the state', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const store = signedInStore();
    start(store);
    await waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = latestSocket();
    socket.open();
    stops.pop()!();
    expect(socket.closedWith).toBe(1000);
    expect(selectLiveEventsState(store.getState()).status).toBe('idle');
    socket.drop(1000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
