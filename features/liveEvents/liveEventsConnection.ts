import { QueryStatus } from '@reduxjs/toolkit/query';
import { api } from '../../api/baseApi';
import { apiBaseUrl } from '../../api/baseQuery';
import { liveEventsApi } from '../../api/liveEventsApi';
import { ApiPaths, EVENTS_SUBSCRIPTION_QUERY, LIVE_EVENT_TYPES, LiveEventsCloseCode } from '../../api/contract/values';
import type { LiveEvent } from '../../api/contract';
import type { AppDispatch, RootState } from '../../store/store';
import { liveEventEffect, RESYNC_AFTER_RECONNECT } from './liveEventEffects';
import {
  connectionLost,
  connectionOpened,
  connectionStarted,
  connectionStopped,
  liveEventReceived,
  reconnectScheduled,
  selectLiveEventsAttempts,
} from './liveEventsSlice';
import { reconnectDelaySeconds } from './reconnectDelay';
import { refreshSessionOnce } from '../session/refreshSessionOnce';

/** The part of a browser WebSocket the manager uses, so tests can hand it a fake one. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close: (code?: number, reason?: string) => void;
}

export interface LiveEventsOptions {
  createSocket?: (url: string) => SocketLike;
  /** Where the API is: the page's own origin in the browser, an absolute base in tests. */
  baseUrl?: string;
  /** Renews the access token; the default serialises it across the customer's tabs (see refreshSessionOnce). */
  refreshSession?: (dispatch: AppDispatch) => Promise<unknown>;
  now?: () => Date;
  /**
   * The first open also loads again the answers the channel covers (reloadAnswered): for a channel started after
   * the page's data was loaded (useLiveEventsConnection waits for the page's first content), whose changes it could
   * not announce.
   */
  resyncOnFirstOpen?: boolean;
}

interface StoreLike {
  dispatch: AppDispatch;
  getState: () => RootState;
}

/**
 * A channel opened after the page's data loaded: the answers it holds may predate a change the channel could not
 * announce yet, so those of them the channel covers are loaded again. A query that failed is left as it is: it shows
 * no data to be stale, and its retry is the page's (its Try again, or its wait after a 429). A reconnect reloads
 * everything the channel covers instead, failed queries too (they may have failed because the network was down).
 */
function reloadAnswered(store: StoreLike): void {
  const state = store.getState();
  const endpoints = api.endpoints as unknown as Record<
    string,
    { initiate: (args: unknown, options: object) => Parameters<AppDispatch>[0] }
  >;
  for (const query of api.util.selectInvalidatedBy(state, RESYNC_AFTER_RECONNECT))
    if (state.api.queries[query.queryCacheKey]?.status === QueryStatus.fulfilled)
      void store.dispatch(endpoints[query.endpointName].initiate(query.originalArgs, { subscribe: false, forceRefetch: true }));
}

/** Code a socket reports when it could not be opened or dropped without a close frame. */
const ABNORMAL_CLOSURE = 1006;
const NORMAL_CLOSURE = 1000;

/** ws://host/api/events?eventsSubscriptionId=..., or wss:// on an https page. */
export function eventsSocketUrl(baseUrl: string, eventsSubscriptionId: string): string {
  const url = new URL(ApiPaths.events, baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set(EVENTS_SUBSCRIPTION_QUERY, eventsSubscriptionId);
  return url.toString();
}

/** A message of the channel, or null when it is not an event we know (ignored, never fatal). */
export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { type, occurredAt, paymentMethodId, depositId } = parsed as Record<string, unknown>;
  if (!(LIVE_EVENT_TYPES as readonly unknown[]).includes(type) || typeof occurredAt !== 'string') return null;
  const event: LiveEvent = { type: type as LiveEvent['type'], occurredAt };
  if (typeof paymentMethodId === 'string') event.paymentMethodId = paymentMethodId;
  if (typeof depositId === 'string') event.depositId = depositId;
  return event;
}

/**
 * Opens the live events channel for the signed-in customer and keeps it open: asks the API for a one-time
 * eventsSubscriptionId, opens the socket with it, turns each event into an action plus its effect (tags to
 * refetch, a session refresh), and after a drop reconnects after min(30, 2^attempts - 1) seconds with a new
 * id. Returns stop(), for sign-out. Started after sign-in from useLiveEventsConnection, in its own chunk.
 */
export function startLiveEvents(store: StoreLike, options: LiveEventsOptions = {}): () => void {
  const { dispatch, getState } = store;
  const socketFactory =
    options.createSocket ?? (typeof WebSocket === 'undefined' ? null : (url: string) => new WebSocket(url) as unknown as SocketLike);
  // No WebSocket at all (an old embedded browser, or jsdom under Node 20): the screens work without live events.
  if (!socketFactory) return () => undefined;
  const createSocket = socketFactory;
  const baseUrl = options.baseUrl ?? (apiBaseUrl() || window.location.origin);
  const refreshSession = options.refreshSession ?? refreshSessionOnce;
  const now = options.now ?? (() => new Date());

  let stopped = false;
  let socket: SocketLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let hasBeenOpen = false;

  const handle = (event: LiveEvent) => {
    dispatch(liveEventReceived(event, now().toISOString()));
    const effect = liveEventEffect(event.type);
    if (effect.invalidate.length) dispatch(api.util.invalidateTags(effect.invalidate));
    if (effect.refreshSession) void refreshSession(dispatch);
  };

  const lost = (code: number) => {
    if (stopped) return;
    dispatch(connectionLost({ code }));
    // Closed because the customer has too many open: this tab stays closed rather than push another out.
    if (code === LiveEventsCloseCode.TOO_MANY_SOCKETS) return;
    const delayMs = reconnectDelaySeconds(selectLiveEventsAttempts(getState())) * 1000;
    dispatch(reconnectScheduled({ retryAt: new Date(now().getTime() + delayMs).toISOString() }));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, delayMs);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    dispatch(connectionStarted());
    let eventsSubscriptionId: string;
    const request = dispatch(liveEventsApi.endpoints.createEventsSubscription.initiate(undefined, { fixedCacheKey: 'liveEvents' }));
    try {
      ({ eventsSubscriptionId } = await request.unwrap());
    } catch {
      // Offline, or the server is down: counts as a failed attempt. A lost session ends the channel through
      // the session status (useLiveEventsConnection stops it).
      return lost(ABNORMAL_CLOSURE);
    } finally {
      // The id is spent by the socket; it need not stay in the store (or in a support export).
      request.reset();
    }
    if (stopped) return;

    const opened = createSocket(eventsSocketUrl(baseUrl, eventsSubscriptionId));
    socket = opened;
    opened.onopen = () => {
      if (socket !== opened || stopped) return;
      const reconnected = hasBeenOpen;
      hasBeenOpen = true;
      dispatch(connectionOpened());
      if (reconnected) dispatch(api.util.invalidateTags(RESYNC_AFTER_RECONNECT));
      else if (options.resyncOnFirstOpen === true) reloadAnswered(store);
    };
    opened.onmessage = (message) => {
      if (socket !== opened || stopped) return;
      const event = parseLiveEvent(message.data);
      if (event) handle(event);
    };
    opened.onclose = (close) => {
      if (socket !== opened) return;
      socket = null;
      lost(close.code || ABNORMAL_CLOSURE);
    };
    // An error is followed by close, which decides what happens next.
    opened.onerror = () => undefined;
  }

  void connect();

  return function stop() {
    if (stopped) return;
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const current = socket;
    socket = null;
    current?.close(NORMAL_CLOSURE, 'signed out');
    dispatch(connectionStopped());
  };
}
