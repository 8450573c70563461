import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AnalyticsEventsRequest } from '../../api/contract';
import type { Database } from '../db/schema';

/** Stores the app's analytics events as they came, with the time they were received. */
export async function insertAnalyticsEvents(
  db: Kysely<Database>,
  userId: string,
  events: AnalyticsEventsRequest['events'],
  receivedAt: Date,
): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values(
      events.map((event) => ({
        id: randomUUID(),
        user_id: userId,
        name: event.name,
        occurred_at: event.occurredAt,
        properties: JSON.stringify(event.properties),
        received_at: receivedAt,
      })),
    )
    .execute();
}
