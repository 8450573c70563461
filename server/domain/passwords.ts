import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1 (about 32 MiB and tens of milliseconds per hash): slow enough to make
// guessing from a stolen table expensive, fast enough for a login. Parameters live in the stored string
// ("scrypt$N$r$p$salt$hash") so they can be raised later without invalidating existing hashes.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function deriveKey(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every(Number.isSafeInteger) || expected.length === 0) return false;
  const actual = await deriveKey(password, Buffer.from(saltText, 'base64url'), params, expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * A stored-hash string at today's cost that no password matches: a random salt and a random "hash". Made without
 * hashing anything, so the first unknown email costs no more than the next one (deriving a real decoy on first
 * use made that sign-in do two derivations: 1270 ms against 561 ms for a wrong password).
 */
const DECOY_HASH = [
  'scrypt',
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(SALT_BYTES).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');

/**
 * Does the work of checking a real password (one derivation at today's cost), for sign-ins with an unknown
 * email: answering faster for them would tell an attacker which emails have accounts.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(password, DECOY_HASH);
}
