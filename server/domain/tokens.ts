import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** SHA-256 of a bearer-style token: what we store instead of the token, so a database leak yields nothing usable. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** 32 random bytes, URL-safe. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');

/** Letters and digits only, like the vendors' own ids. */
export function randomAlphanumeric(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

export { randomUUID };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids of ours are UUIDs; anything else cannot name a row (and must not reach a uuid column). */
export const isUuid = (value: string) => UUID.test(value);
