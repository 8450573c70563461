import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Counters live in the database (rate_limit_counters), so a limit holds across every instance of the server.

export interface RateLimitCountersTable {
  bucket: string;
  key: string;
  window_started_at: ColumnType<Date, Date | string, Date | string>;
  hits: number;
}

declare module '../db/schema' {
  interface Database {
    rate_limit_counters: RateLimitCountersTable;
  }
}

type Db = Kysely<Database>;

/**
 * Counts one hit for (bucket, key) in one atomic upsert: a window opens at the first hit and lasts `windowSeconds`;
 * the first hit after it opens a new one. Answers the hits in the window and when the window started.
 */
export function upsertHit(
  db: Db,
  bucket: string,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<{ hits: number; window_started_at: Date }> {
  const expired = new Date(now.getTime() - windowSeconds * 1000);
  const startsAfresh = sql<boolean>`rate_limit_counters.window_started_at <= ${expired}`;
  return db
    .insertInto('rate_limit_counters')
    .values({ bucket, key, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.columns(['bucket', 'key']).doUpdateSet({
        hits: sql<number>`case when ${startsAfresh} then 1 else rate_limit_counters.hits + 1 end`,
        window_started_at: sql<Date>`case when ${startsAfresh} then ${now} else rate_limit_counters.window_started_at end`,
      }),
    )
    .returning(['hits', 'window_started_at'])
    .executeTakeFirstOrThrow();
}

/** Deletes the bucket's counters whose window started before `before`. */
export async function deleteCountersStartedBefore(db: Db, bucket: string, before: Date): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('bucket', '=', bucket).where('window_started_at', '<', before).execute();
}

/** Takes back one hit of (bucket, key), never below zero. */
export async function forgiveHit(db: Db, bucket: string, key: string): Promise<void> {
  await db
    .updateTable('rate_limit_counters')
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where('bucket', '=', bucket)
    .where('key', '=', key)
    .execute();
}
