import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RateLimit } from '../domain/rateLimits';

// Every query of the rate-limit counters (one row per bucket and key, shared by every server instance).

type Limit = Pick<RateLimit, 'bucket' | 'windowSeconds'>;

/**
 * Counts one hit for the key in one statement (a window that ended starts afresh at `now`) and sweeps the bucket's
 * long-expired counters; answers the hits in the current window and when it started.
 */
export async function countRateLimitHit(db: Kysely<Database>, limit: Limit, key: string, now: Date): Promise<{ hits: number; window_started_at: Date }> {
  const expired = new Date(now.getTime() - limit.windowSeconds * 1000);
  const startsAfresh = sql<boolean>`rate_limit_counters.window_started_at <= ${expired}`;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ bucket: limit.bucket, key, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'key']).doUpdateSet({
        hits: sql<number>`case when ${startsAfresh} then 1 else rate_limit_counters.hits + 1 end`,
        window_started_at: sql<Date>`case when ${startsAfresh} then ${now} else rate_limit_counters.window_started_at end`,
      }),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
  // Keys that stopped coming back would stay forever: sweep the bucket's long-expired counters as we go.
  await db.deleteFrom('rate_limit_counters').where('bucket', '=', limit.bucket).where('window_started_at', '<', new Date(now.getTime() - 2 * limit.windowSeconds * 1000)).execute();
  return row;
}

/** Takes back one hit of the key (never below zero). */
export async function forgiveRateLimitHit(db: Kysely<Database>, bucket: string, key: string): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .execute();
}
