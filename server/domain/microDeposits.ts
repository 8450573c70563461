import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MICRO_DEPOSIT_MAX_ATTEMPTS,
  MICRO_DEPOSIT_MAX_CENTS,
  MICRO_DEPOSIT_MAX_REISSUES,
  MICRO_DEPOSIT_MIN_CENTS,
} from '../../api/contract';
import type { Database } from '../db/schema';
import { publishLiveEvent } from '../events/liveEventChannel';
import {
  deleteMicroDepositChallenge,
  lockMicroDepositChallenge,
  reissueMicroDepositChallenge,
  setMicroDepositAttempts,
} from '../repositories/microDepositChallenges';
import { cancelMethod, findOwnLiveMethod, lockLiveMethodsOfUser, markMethodVerified } from '../repositories/paymentMethods';
import { canBeDefault } from './paymentMethods';

/** Two different amounts between $0.01 and $0.99, as cents. */
export function newMicroDepositAmounts(): [number, number] {
  const first = randomInt(MICRO_DEPOSIT_MIN_CENTS, MICRO_DEPOSIT_MAX_CENTS + 1);
  let second = first;
  while (second === first) second = randomInt(MICRO_DEPOSIT_MIN_CENTS, MICRO_DEPOSIT_MAX_CENTS + 1);
  return [first, second];
}

/** The entered amounts match the deposits in either order. */
export const microDepositsMatch = (deposits: [number, number], entered: [number, number]) =>
  (deposits[0] === entered[0] && deposits[1] === entered[1]) || (deposits[0] === entered[1] && deposits[1] === entered[0]);

/** "0.07" for 7 cents: the 4-character form parseMicroDepositAmount accepts. */
export const centsAsMicroDepositEntry = (cents: number) => `0.${String(cents).padStart(2, '0')}`;

export type MicroDepositOutcome = 'VERIFIED' | 'NOT_FOUND' | 'WRONG' | 'REISSUING' | 'CANCELED';

/**
 * Checks entered amounts against the method's challenge in one transaction, and commits the outcome (a wrong entry
 * must count even though it fails). Order of the two amounts does not matter. After MICRO_DEPOSIT_MAX_ATTEMPTS wrong
 * entries two new deposits are issued; once the reissued ones fail as well the method is canceled.
 */
export function verifyMicroDeposits(
  db: Kysely<Database>,
  userId: string,
  methodId: string,
  cents: [number, number],
  now: Date,
): Promise<MicroDepositOutcome> {
  return db.transaction().execute(async (trx) => {
    const challenge = await lockMicroDepositChallenge(trx, methodId);
    const current = await findOwnLiveMethod(trx, userId, methodId);
    if (!challenge || !current || current.status !== 'PENDING') return 'NOT_FOUND' as const;

    if (microDepositsMatch([challenge.amount1_cents, challenge.amount2_cents], cents)) {
      await deleteMicroDepositChallenge(trx, methodId);
      const live = await lockLiveMethodsOfUser(trx, userId);
      const verified = { ...current, status: 'APPROVED' as const, readiness: 'READY' as const, verification_status: 'VERIFIED' as const };
      const becomesDefault = !live.some((row) => row.is_default) && canBeDefault(verified);
      await markMethodVerified(trx, methodId, becomesDefault);
      // Other tabs and devices of the customer show the verified bank without a reload.
      await publishLiveEvent(trx, userId, { type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: methodId }, now);
      return 'VERIFIED' as const;
    }

    const attempts = challenge.attempts + 1;
    if (attempts < MICRO_DEPOSIT_MAX_ATTEMPTS) {
      await setMicroDepositAttempts(trx, methodId, attempts, now);
      return 'WRONG' as const;
    }
    if (challenge.reissues < MICRO_DEPOSIT_MAX_REISSUES) {
      await reissueMicroDepositChallenge(trx, methodId, newMicroDepositAmounts(), challenge.reissues + 1, now);
      return 'REISSUING' as const;
    }
    await cancelMethod(trx, methodId);
    await deleteMicroDepositChallenge(trx, methodId);
    await publishLiveEvent(trx, userId, { type: 'RELOAD_PAYMENT_METHODS', paymentMethodId: methodId }, now);
    return 'CANCELED' as const;
  });
}
