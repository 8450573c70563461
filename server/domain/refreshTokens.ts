import { createHash, randomBytes } from 'node:crypto';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_COOKIE = 'ff_refresh';
/** The cookie is sent only to the auth endpoints, never with ordinary API calls. */
export const REFRESH_COOKIE_PATH = '/api/auth';

/** 32 random bytes for the cookie; only their SHA-256 is stored, so a database leak yields no usable token. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
