import type { Kysely } from 'kysely';
import type { FundflowMode } from '../config';
import type { Database } from '../db/schema';
import { findLiveSession } from '../repositories/refreshTokens';

/**
 * How long one instance trusts that a session still stands before asking the database again. The bound on
 * how long an ended session's access token still works anywhere: signing out, a refresh-token reuse (which
 * ends every session of the customer) and live mode refusing a demo customer all revoke refresh tokens in the
 * database, which every instance reads; the instance that ended the session forgets it at once.
 */
export const SESSION_CHECK_CACHE_MS = 2_000;
/** Sessions remembered per instance; beyond it the memory starts over (the database still answers). */
const MAX_REMEMBERED = 50_000;

export interface SessionCheck {
  /** Whether the access token's session still stands (and, in live mode, its customer is not a demo one). */
  stands: (userId: string, sessionId: string) => Promise<boolean>;
  /** Forgets what this instance knows of the sessions of a customer (after it ended one or all of them). */
  forgetUser: (userId: string) => void;
}

/**
 * The check `authenticate` makes on every request: a valid signature is not enough once the session ended.
 * One indexed read per session per SESSION_CHECK_CACHE_MS, not per request. `monotonicNow` is for tests.
 */
export function sessionCheck(db: Kysely<Database>, mode: FundflowMode, monotonicNow: () => number = () => performance.now()): SessionCheck {
  const known = new Map<string, { userId: string; stands: boolean; until: number }>();
  return {
    async stands(userId, sessionId) {
      const now = monotonicNow();
      const cached = known.get(sessionId);
      if (cached && cached.userId === userId && cached.until > now) return cached.stands;
      const row = await findLiveSession(db, userId, sessionId);
      const stands = row !== undefined && !(mode === 'live' && row.is_demo);
      if (known.size >= MAX_REMEMBERED) known.clear();
      // An ended session never stands again: remembered as such until the memory starts over.
      known.set(sessionId, { userId, stands, until: stands ? now + SESSION_CHECK_CACHE_MS : Infinity });
      return stands;
    },
    forgetUser(userId) {
      for (const [sessionId, entry] of known) if (entry.userId === userId) known.delete(sessionId);
    },
  };
}
