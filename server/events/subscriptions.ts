import type { Kysely } from 'kysely';
import { EVENTS_SUBSCRIPTION_TTL_SECONDS } from '../../api/contract';
import type { Database } from '../db/schema';
import { hashToken, newOpaqueToken } from '../domain/tokens';

// Browsers cannot put an Authorization header on a WebSocket, and an access token in a URL ends up in logs.
// So the socket is opened with a subscription id instead: issued to a signed-in customer by an ordinary
// authenticated call, valid EVENTS_SUBSCRIPTION_TTL_SECONDS, good for one socket, stored only as a hash.

interface LiveEventSubscriptionsTable {
  id_hash: string;
  user_id: string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
}
type WithSubscriptions = Database & { live_event_subscriptions: LiveEventSubscriptionsTable };

const subscriptionsOf = (db: Kysely<Database>) =>
  db.withTables<{ live_event_subscriptions: LiveEventSubscriptionsTable }>() as unknown as Kysely<WithSubscriptions>;

/** Ids older than this are deleted when the customer asks for a new one (they can open nothing anyway). */
const KEEP_SPENT_SECONDS = 60 * 60;

export async function issueEventsSubscription(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<{ eventsSubscriptionId: string; expiresIn: number }> {
  const eventsSubscriptionId = `evs_${newOpaqueToken()}`;
  const tables = subscriptionsOf(db);
  await tables
    .deleteFrom('live_event_subscriptions')
    .where('user_id', '=', userId)
    .where('expires_at', '<', new Date(now.getTime() - KEEP_SPENT_SECONDS * 1000))
    .execute();
  await tables
    .insertInto('live_event_subscriptions')
    .values({
      id_hash: hashToken(eventsSubscriptionId),
      user_id: userId,
      created_at: now,
      expires_at: new Date(now.getTime() + EVENTS_SUBSCRIPTION_TTL_SECONDS * 1000),
      used_at: null,
    })
    .execute();
  return { eventsSubscriptionId, expiresIn: EVENTS_SUBSCRIPTION_TTL_SECONDS };
}

/**
 * Spends a subscription id: the customer it was issued to, or null when it is unknown, expired or already
 * used. One conditional update, so two instances cannot both accept the same id.
 */
export async function claimEventsSubscription(db: Kysely<Database>, eventsSubscriptionId: string, now: Date): Promise<string | null> {
  const claimed = await subscriptionsOf(db)
    .updateTable('live_event_subscriptions')
    .set({ used_at: now })
    .where('id_hash', '=', hashToken(eventsSubscriptionId))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return claimed?.user_id ?? null;
}
