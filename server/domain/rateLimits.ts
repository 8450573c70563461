import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiErrorCode } from '../../api/contract';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { deleteCountersStartedBefore, forgiveHit, upsertHit } from '../repositories/rateLimitCounters';

// Counters live in the database (rate_limit_counters), so the limit holds across every instance of the server.
// A window opens at a key's first counted hit and lasts windowSeconds; the next hit after it opens a new one.
// One atomic upsert counts a hit, so two instances counting at once cannot both see the old number.

export type { RateLimitCountersTable } from '../repositories/rateLimitCounters';

export interface RateLimit {
  /** What is counted; keys of different buckets never mix. */
  bucket: string;
  /** Hits allowed inside one window; the next one is refused until the window ends. */
  max: number;
  windowSeconds: number;
  /** The customer-facing sentence before "Please wait ...". */
  refusal: string;
}

/** Failed sign-ins of one email: password guessing against one account. */
export const LOGIN_FAILURES_PER_EMAIL: RateLimit = {
  bucket: 'login-email',
  max: 5,
  windowSeconds: 15 * 60,
  refusal: 'Too many failed sign-in attempts for this email.',
};

/**
 * Failed sign-ins from one client address: one address trying many emails. Higher than per email because
 * offices and mobile carriers put many people behind one address.
 */
export const LOGIN_FAILURES_PER_ADDRESS: RateLimit = {
  bucket: 'login-address',
  max: 30,
  windowSeconds: 15 * 60,
  refusal: 'Too many failed sign-in attempts from this network.',
};

/**
 * Verification calls for one micro-deposit method of one customer. The spec already bounds the guesses
 * (MICRO_DEPOSIT_MAX_ATTEMPTS wrong entries reissue the deposits, the next round cancels the method), so this
 * limit is wide enough for that whole flow and only stops a script hammering the endpoint.
 */
export const MICRO_DEPOSIT_VERIFICATIONS_PER_METHOD: RateLimit = {
  bucket: 'micro-deposit-verify',
  max: 10,
  windowSeconds: 60 * 60,
  refusal: 'Too many verification attempts for this bank account.',
};

type Db = Kysely<Database>;

/** A 429 with RATE_LIMITED, a message naming the wait, and the seconds for the Retry-After header. */
export class RateLimitedError extends ApiError {
  constructor(
    limit: RateLimit,
    readonly retryAfterSeconds: number,
  ) {
    super(429, ApiErrorCode.RATE_LIMITED, `${limit.refusal} Please wait ${describeWait(retryAfterSeconds)} and try again.`);
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const windowEnd = (startedAt: Date, limit: RateLimit) => startedAt.getTime() + limit.windowSeconds * 1000;
const secondsUntil = (end: number, now: Date) => Math.max(1, Math.ceil((end - now.getTime()) / 1000));

/** Counts one hit for the key; answers the hits in the current window and when that window ends. */
export async function countHit(db: Db, limit: RateLimit, key: string, now: Date): Promise<{ hits: number; windowEndsAt: number }> {
  const row = await upsertHit(db, limit.bucket, key, limit.windowSeconds, now);
  // Keys that stopped coming back would stay forever: sweep the bucket's long-expired counters as we go.
  await deleteCountersStartedBefore(db, limit.bucket, new Date(now.getTime() - 2 * limit.windowSeconds * 1000));
  return { hits: row.hits, windowEndsAt: windowEnd(row.window_started_at, limit) };
}

/** For calls where every call counts: counts this one and throws RateLimitedError once it is past the limit. */
export async function takeHit(db: Db, limit: RateLimit, key: string, now: Date): Promise<void> {
  const { hits, windowEndsAt } = await countHit(db, limit, key, now);
  if (hits > limit.max) throw new RateLimitedError(limit, secondsUntil(windowEndsAt, now));
}

/**
 * Counts one hit for each key, then throws RateLimitedError if any of them is past its limit. Counting before
 * the work (not after a failure) means parallel attempts cannot slip past the limit together; a caller whose
 * attempt turned out not to count (a successful sign-in) gives it back with forgiveHits.
 */
export async function takeHits(db: Db, checks: ReadonlyArray<{ limit: RateLimit; key: string }>, now: Date): Promise<void> {
  let refusal: RateLimitedError | null = null;
  for (const { limit, key } of checks) {
    const { hits, windowEndsAt } = await countHit(db, limit, key, now);
    if (hits > limit.max && refusal === null) refusal = new RateLimitedError(limit, secondsUntil(windowEndsAt, now));
  }
  if (refusal) throw refusal;
}

/** Takes back one hit of each key counted by takeHits (inside the same window; never below zero). */
export async function forgiveHits(db: Db, checks: ReadonlyArray<{ limit: RateLimit; key: string }>): Promise<void> {
  for (const { limit, key } of checks) {
    await forgiveHit(db, limit.bucket, key);
  }
}

/** Adds the Retry-After header when the error is a rate-limit refusal; answers the error to rethrow. */
export function withRetryAfter(reply: FastifyReply, error: unknown): unknown {
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  return error;
}
