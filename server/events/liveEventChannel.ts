import { sql, type Kysely, type RawBuilder } from 'kysely';
import { Type, type Static } from '@sinclair/typebox';
import { LIVE_EVENT_TYPES, LiveEvent } from '../../api/contract';
import type { Database } from '../db/schema';

/** The one PostgreSQL channel every instance listens on; the payload says whose event it is. */
export const LIVE_EVENTS_CHANNEL = 'fundflow_live_events';

/** What travels through NOTIFY: the customer and the event exactly as their sockets receive it. */
export const LiveEventMessage = Type.Object({ userId: Type.String(), event: LiveEvent }, { additionalProperties: false });
export type LiveEventMessage = Static<typeof LiveEventMessage>;

export type LiveEventInput = Omit<LiveEvent, 'occurredAt'>;

/**
 * Publishes an event to every socket of the customer, on every server instance, through pg_notify. Pass the
 * transaction that made the change: PostgreSQL sends the notification when it commits and drops it on a
 * rollback, so a customer never hears of a change that did not happen. Works the same on PGlite.
 */
export async function publishLiveEvent(executor: Kysely<Database>, userId: string, event: LiveEventInput, now: Date): Promise<void> {
  await sql`select ${liveEventNotify(userId, event, now)}`.execute(executor);
}

/** The pg_notify call publishLiveEvent makes, as an expression, for a statement that publishes as one of its parts. */
export function liveEventNotify(userId: string, event: LiveEventInput, now: Date): RawBuilder<void> {
  return sql<void>`pg_notify(${LIVE_EVENTS_CHANNEL}, ${liveEventPayload(userId, event, now)})`;
}

/** The NOTIFY payload of one live event (for a statement that sends several, as notifyAll's does). */
export function liveEventPayload(userId: string, event: LiveEventInput, now: Date): string {
  const message: LiveEventMessage = { userId, event: { ...event, occurredAt: now.toISOString() } };
  return JSON.stringify(message);
}

/** A NOTIFY payload read back, or null when it is not one of ours (anyone with database access can NOTIFY). */
export function parseLiveEventMessage(payload: string): LiveEventMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.userId !== 'string' || !isRecord(parsed.event)) return null;
  const { type, occurredAt, paymentMethodId, depositId } = parsed.event;
  if (!(LIVE_EVENT_TYPES as readonly unknown[]).includes(type) || typeof occurredAt !== 'string') return null;
  const event: LiveEvent = { type: type as LiveEvent['type'], occurredAt };
  if (typeof paymentMethodId === 'string') event.paymentMethodId = paymentMethodId;
  if (typeof depositId === 'string') event.depositId = depositId;
  return { userId: parsed.userId, event };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
