import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { FundflowMode } from '../config';
import type { Database, UserRow } from '../db/schema';
import { demoLoginDisabled, invalidCredentials, unauthenticated } from '../errors';
import {
  deleteExpiredRefreshTokensOfUser,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  revokeAllRefreshTokensOfUser,
  revokeRefreshToken,
  revokeRefreshTokenOfUser,
} from '../repositories/refreshTokens';
import { findUserByEmail, findUserById } from '../repositories/users';
import { signAccessToken } from './accessTokens';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { hashRefreshToken, newRefreshToken, REFRESH_TOKEN_TTL_SECONDS } from './refreshTokens';

export interface SessionDeps {
  db: Kysely<Database>;
  clock: Clock;
  mode: FundflowMode;
  authSecret: string;
}

export interface IssuedSession {
  user: UserRow;
  accessToken: string;
  expiresIn: number;
  /** The raw refresh token for the cookie; only its hash is stored. */
  refreshToken: string;
  refreshExpiresAt: Date;
}

export type RefreshOutcome = { ok: true; session: IssuedSession } | { ok: false; reuseDetectedForUser?: string };

/** Closed customers may sign in: the app routes them to their documents. Demo customers may not in live mode. */
export async function login(deps: SessionDeps, email: string, password: string): Promise<IssuedSession> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) {
    await burnPasswordCheck(password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(password, user.password_hash))) throw invalidCredentials();
  if (deps.mode === 'live' && user.is_demo) throw demoLoginDisabled();

  const now = deps.clock.now();
  await deleteExpiredRefreshTokensOfUser(deps.db, user.id, now);
  return issueSession(deps, user, now, deps.db);
}

/**
 * Exchanges a refresh token for a new one (rotation). Presenting a token that was already rotated means it
 * was copied: every session of that customer is revoked, and that revocation is committed even though the
 * caller answers 401.
 */
export async function refreshSession(deps: SessionDeps, presentedToken: string | undefined): Promise<RefreshOutcome> {
  if (!presentedToken) return { ok: false };
  const hash = hashRefreshToken(presentedToken);
  const now = deps.clock.now();

  const outcome = await deps.db.transaction().execute(async (trx): Promise<RefreshOutcome | { ok: 'demo' }> => {
    const stored = await findRefreshTokenForUpdate(trx, hash);
    if (!stored) return { ok: false };
    if (stored.revoked_at) {
      if (stored.revoked_reason === 'ROTATED') {
        await revokeAllRefreshTokensOfUser(trx, stored.user_id, now, 'REUSE_DETECTED');
        return { ok: false, reuseDetectedForUser: stored.user_id };
      }
      return { ok: false };
    }
    if (stored.expires_at.getTime() <= now.getTime()) return { ok: false };

    const user = await findUserById(trx, stored.user_id);
    if (!user) return { ok: false };
    if (deps.mode === 'live' && user.is_demo) {
      await revokeRefreshToken(trx, hash, now, 'LOGOUT');
      return { ok: 'demo' };
    }
    await revokeRefreshToken(trx, hash, now, 'ROTATED');
    // A token from before sessions were named starts one now.
    return { ok: true, session: await issueSession(deps, user, now, trx, stored.session_id ?? randomUUID()) };
  });
  if (outcome.ok === 'demo') throw demoLoginDisabled();
  return outcome;
}

/** Ends the session of the refresh token; the customer whose session it was, if it was live. */
export async function logout(deps: SessionDeps, presentedToken: string | undefined): Promise<string | undefined> {
  if (!presentedToken) return undefined;
  return revokeRefreshTokenOfUser(deps.db, hashRefreshToken(presentedToken), deps.clock.now(), 'LOGOUT');
}

export async function requireUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  // A valid token for a user that no longer exists is as good as no token.
  if (!user) throw unauthenticated();
  return user;
}

/** Issues tokens of a session: a new one at sign-in, the same one (`sessionId`) when a refresh token rotates. */
async function issueSession(
  deps: SessionDeps,
  user: UserRow,
  now: Date,
  db: Parameters<typeof insertRefreshToken>[0],
  sessionId: string = randomUUID(),
): Promise<IssuedSession> {
  const { token: accessToken, expiresIn } = signAccessToken(user.id, sessionId, now, deps.authSecret);
  const refresh = newRefreshToken();
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await insertRefreshToken(db, { sessionId, userId: user.id, hash: refresh.hash, now, expiresAt: refreshExpiresAt });
  return { user, accessToken, expiresIn, refreshToken: refresh.token, refreshExpiresAt };
}
