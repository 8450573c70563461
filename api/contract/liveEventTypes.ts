// Runtime values of the live-events channel (funding-methods.md 4.10, deposits-and-transfers.md "Live events").
// Plain data so the browser may import them (through ./values).

/**
 * The spec's event types (reload payment methods, order updated, refresh token, new card added), written as
 * the contract's other enumerations are, and ours: NOTIFICATION_CREATED (a money notification was made; open
 * pages reload the list and its unread count).
 */
export const LIVE_EVENT_TYPES = [
  'RELOAD_PAYMENT_METHODS',
  'ORDER_UPDATED',
  'REFRESH_TOKEN',
  'NEW_CARD_ADDED',
  'NOTIFICATION_CREATED',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** The query parameter the socket is opened with (the spec's name). */
export const EVENTS_SUBSCRIPTION_QUERY = 'eventsSubscriptionId';

/** A subscription id opens one socket, within this many seconds of being issued. */
export const EVENTS_SUBSCRIPTION_TTL_SECONDS = 60;

/** Reconnect waits min(RECONNECT_MAX_DELAY_SECONDS, 2^attempts - 1) seconds (funding-methods.md 4.10 and 8). */
export const RECONNECT_MAX_DELAY_SECONDS = 30;

/** Account status poll while a refresh is requested (funding-methods.md 4.9 and 8). */
export const ACCOUNT_STATUS_POLL_MS = 15_000;

/** Close codes of the events socket (4000-4999 are the application's own). */
export const LiveEventsCloseCode = {
  /** The server is shutting down or lost its database listener: reconnect (to another instance). */
  GOING_AWAY: 1001,
  /** The customer opened more sockets than one instance keeps: the oldest is closed and stays closed. */
  TOO_MANY_SOCKETS: 4429,
} as const;

export const LiveEventsErrorCode = {
  EVENTS_SUBSCRIPTION_INVALID: 'EVENTS_SUBSCRIPTION_INVALID',
} as const;
