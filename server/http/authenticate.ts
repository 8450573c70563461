import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { verifyAccessToken } from '../domain/accessTokens';
import { tokenExpired, unauthenticated } from '../errors';
import type { SessionCheck } from './sessionCheck';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every route of the authenticated scope. */
    userId: string;
  }
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)$/i;

/** The answer to an access token whose session ended (signed out, revoked): the client signs in again. */
export const sessionEnded = () => unauthenticated('Your session has ended. Please sign in again.');

/**
 * onRequest hook: the request must carry `Authorization: Bearer <access token>`, signed, unexpired, and of a
 * session that still stands (sessionCheck.ts: ended sessions are refused within seconds, on every instance).
 */
export function authenticate(secret: string, clock: Clock, sessions: SessionCheck) {
  return async function checkAccessToken(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw unauthenticated();
    const match = BEARER.exec(header.trim());
    if (!match) throw unauthenticated('The Authorization header must be "Bearer <access token>".');
    const check = verifyAccessToken(match[1], clock.now(), secret);
    if (!check.ok) throw check.reason === 'expired' ? tokenExpired() : unauthenticated();
    if (!(await sessions.stands(check.userId, check.sessionId))) throw sessionEnded();
    request.userId = check.userId;
  };
}
