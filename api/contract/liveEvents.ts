import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Obj, StringEnum, Uuid } from './common';
import { EVENTS_SUBSCRIPTION_QUERY, LIVE_EVENT_TYPES } from './liveEventTypes';

/** Answer of POST /api/events/subscriptions: a short-lived, single-use id to open the events socket with. */
export const EventsSubscriptionResponse = Obj({
  eventsSubscriptionId: Type.String(),
  expiresIn: Type.Integer({ description: 'seconds until the id can no longer open a socket' }),
});
export type EventsSubscriptionResponse = Static<typeof EventsSubscriptionResponse>;

/** Query of GET /api/events (the WebSocket upgrade). */
export const EventsSocketQuery = Obj({ [EVENTS_SUBSCRIPTION_QUERY]: Type.String({ minLength: 1, maxLength: 200 }) });
export type EventsSocketQuery = Static<typeof EventsSocketQuery>;

/** One message of the events socket: JSON with a type field, plus what it is about when known. */
export const LiveEvent = Obj({
  type: StringEnum(LIVE_EVENT_TYPES),
  occurredAt: IsoDateTime,
  paymentMethodId: Type.Optional(Uuid),
  depositId: Type.Optional(Uuid),
});
export type LiveEvent = Static<typeof LiveEvent>;

export const STATEMENT_REVIEW_OUTCOMES = ['APPROVED', 'REJECTED'] as const;

/** Sandbox: finish the review of a bank statement the way the operations team would. */
export const SandboxStatementReviewRequest = Obj({ outcome: StringEnum(STATEMENT_REVIEW_OUTCOMES) });
export type SandboxStatementReviewRequest = Static<typeof SandboxStatementReviewRequest>;
