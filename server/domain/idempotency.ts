import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { IDEMPOTENCY_HEADER } from '../../api/contract';
import type { Database, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import {
  claimKey,
  claimKeyAndLockUser,
  deleteExpiredKey,
  deleteKeysMadeBefore,
  findStoredAnswer,
  storeAnswerQuery,
  type AnswerWrite,
  type KeyId,
} from '../repositories/idempotencyKeys';
import { rollbackToSavepoint, setSavepoint } from '../repositories/savepoints';
import { DepositRefusals } from './depositErrors';

/**
 * How long a key is kept (Stripe's rule): a repeat within 24 hours answers the stored answer; after that the key
 * is gone (pruned by the deposit jobs, pruneIdempotencyKeys) and a request with it is a new request.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** Keys made at or before this moment are past the window at `now`. */
export const idempotencyKeysExpireBefore = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);

/** Deletes the keys past the window at `now` (the deposit jobs call it); how many. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now: Date): Promise<number> {
  return deleteKeysMadeBefore(db, idempotencyKeysExpireBefore(now));
}

/** Keys are opaque to us: 1 to 255 visible ASCII characters (a UUID is typical). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The Idempotency-Key header of a request; a missing or malformed key is refused (400). */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw DepositRefusals.idempotencyKeyRequired();
  return key;
}

/** JSON with sorted keys, so the same body hashes the same whatever the order of its fields. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const requestHash = (request: unknown) => createHash('sha256').update(canonicalJson(request)).digest('hex');

export interface IdempotentCall {
  userId: string;
  /** Which call the key belongs to (a key may be reused across different calls). */
  endpoint: string;
  key: string;
  /** Everything that identifies the request: its body and path parameters. */
  request: unknown;
  now: Date;
  /**
   * Lock the customer's row (FOR NO KEY UPDATE, as lockUser) in the statement that claims the key, and hand it
   * to the work: one statement where the work would otherwise start with its own lock.
   */
  lockUser?: boolean;
}

/** What runIdempotent gives its work besides the transaction. */
export interface IdempotentWork {
  /** The customer's row, locked with the key's claim (only with `lockUser`; undefined when it is gone). */
  lockedUser?: UserRow;
  /**
   * The write that stores `answer` as the key's answer, for the work to run inside its own last statement (a
   * data-modifying WITH; it saves a statement). The work must then answer that same object; any other answer, or
   * a refusal, is stored as usual.
   */
  storeAnswerWith: (answer: Answer<unknown>) => AnswerWrite;
}

export interface Answer<T> {
  status: number;
  body: T;
}

/**
 * Runs `work` at most once per (customer, endpoint, key), in one transaction with the stored answer:
 * - the key row is inserted first; a concurrent repeat blocks on the key (PostgreSQL) or on the one
 *   connection (PGlite) and then finds the stored answer, so one key makes one deposit;
 * - a refusal (an ApiError) is an answer too: it is stored and the transaction commits without the work's
 *   writes (rolled back to a savepoint);
 * - any other error rolls everything back, key included, so a retry runs again.
 * A repeat with the same body answers the stored status and body; another body is refused with 409. Both only
 * within IDEMPOTENCY_KEY_TTL_MS of the first request: after it the key counts as new, pruned or not.
 */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  call: IdempotentCall,
  work: (trx: Transaction<Database>, context: IdempotentWork) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const hash = requestHash(call.request);
  const answer = await db.transaction().execute(async (trx): Promise<Answer<unknown>> => {
    const id: KeyId = { userId: call.userId, endpoint: call.endpoint, key: call.key };
    const claim = () => claimKey(trx, id, hash, call.now);
    // With lockUser, the claim and the lock are one statement.
    const claimAndLock = () => claimKeyAndLockUser(trx, id, hash, call.now);
    const storedAnswer = () => findStoredAnswer(trx, id);

    let lockedUser: UserRow | undefined;
    let claimed: { key: string } | undefined;
    if (call.lockUser) ({ claimed, lockedUser } = await claimAndLock());
    else claimed = await claim();
    if (!claimed) {
      let stored = await storedAnswer();
      const expiredAt = idempotencyKeysExpireBefore(call.now);
      if (stored.created_at.getTime() <= expiredAt.getTime()) {
        // Older than the window (the prune has not come by yet): the key is gone, this is a new request.
        await deleteExpiredKey(trx, id, expiredAt);
        claimed = await claim();
        // A concurrent request with the same key made it new first: this one is its repeat.
        if (!claimed) stored = await storedAnswer();
      }
      if (!claimed) {
        if (stored.request_hash !== hash) throw DepositRefusals.idempotencyKeyReused();
        return { status: stored.response_status, body: stored.response_body };
      }
    }

    let result: Answer<unknown>;
    const answerWrite = (stored: Answer<unknown>): AnswerWrite => ({ id, status: stored.status, bodyJson: JSON.stringify(stored.body) });
    // The answer the work stores in its own last statement, if it does.
    let storedByWork: Answer<unknown> | null = null;
    const context: IdempotentWork = {
      lockedUser,
      storeAnswerWith(stored) {
        storedByWork = stored;
        return answerWrite(stored);
      },
    };
    // A refusal must leave nothing of the work behind but its answer: the savepoint undoes any write made
    // before the refusal was known.
    await setSavepoint(trx, 'idempotent_work');
    try {
      result = await work(trx, context);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      await rollbackToSavepoint(trx, 'idempotent_work');
      result = { status: error.statusCode, body: { errorCode: error.errorCode, message: error.message } };
    }
    // Stored already when the work answered the very answer it wrote (identity, not equality: nothing else).
    if (result !== storedByWork) await storeAnswerQuery(trx, answerWrite(result)).execute();
    return result;
  });

  if (answer.status >= 400) {
    const { errorCode, message } = answer.body as { errorCode: string; message: string };
    throw new ApiError(answer.status, errorCode, message);
  }
  return answer as Answer<T>;
}
