import { createHmac, timingSafeEqual } from 'node:crypto';

/** Access tokens live 15 minutes; the refresh cookie renews them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

const VERSION = 'v1';

interface AccessTokenPayload {
  sub: string;
  /** The session (the refresh-token row it was issued with): signing out or a revocation ends it (sessionCheck.ts). */
  sid: string;
  iat: number;
  exp: number;
}

export type AccessTokenCheck = { ok: true; userId: string; sessionId: string } | { ok: false; reason: 'invalid' | 'expired' };

// Format: "v1.<base64url JSON payload>.<base64url HMAC-SHA256 of 'v1.<payload>'>". Small and stateless;
// we only need "who, until when", so a full JWT library (and its algorithm negotiation) is not worth it.
export function signAccessToken(userId: string, sessionId: string, now: Date, secret: string): { token: string; expiresIn: number } {
  const iat = Math.floor(now.getTime() / 1000);
  const payload: AccessTokenPayload = { sub: userId, sid: sessionId, iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS };
  const body = `${VERSION}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return { token: `${body}.${sign(body, secret)}`, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export function verifyAccessToken(token: string, now: Date, secret: string): AccessTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return { ok: false, reason: 'invalid' };
  const body = `${parts[0]}.${parts[1]}`;
  const expected = Buffer.from(sign(body, secret), 'base64url');
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };

  let payload: Partial<AccessTokenPayload>;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Partial<AccessTokenPayload>;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
  if (now.getTime() >= payload.exp * 1000) return { ok: false, reason: 'expired' };
  // A token made before sessions were named in it cannot be ended by signing out: refreshed like an expired one.
  if (typeof payload.sid !== 'string') return { ok: false, reason: 'expired' };
  return { ok: true, userId: payload.sub, sessionId: payload.sid };
}

function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url');
}
