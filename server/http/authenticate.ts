import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import { verifyAccessToken } from '../domain/accessTokens';
import { tokenExpired, unauthenticated } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on every route of the authenticated scope. */
    userId: string;
  }
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9._~+/=-]+)$/i;

/** onRequest hook: the request must carry `Authorization: Bearer <access token>`. */
export function authenticate(secret: string, clock: Clock) {
  return async function checkAccessToken(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    if (!header) throw unauthenticated();
    const match = BEARER.exec(header.trim());
    if (!match) throw unauthenticated('The Authorization header must be "Bearer <access token>".');
    const check = verifyAccessToken(match[1], clock.now(), secret);
    if (!check.ok) throw check.reason === 'expired' ? tokenExpired() : unauthenticated();
    request.userId = check.userId;
  };
}
