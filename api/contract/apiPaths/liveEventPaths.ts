// Part of the API path table (../apiPathTable.ts): the live-events connection's paths.
// Live events (funding-methods.md 4.10): a subscription id from an authenticated call, then the socket.
export const eventsSubscriptions = '/api/events/subscriptions';
/** WebSocket (GET upgrade) with ?eventsSubscriptionId=; JSON events with a type field. */
export const events = '/api/events';
