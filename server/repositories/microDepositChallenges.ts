import type { Transaction } from 'kysely';
import type { Database, MicroDepositChallengeRow } from '../db/schema';

/** The two deposits "sent" to a new bank method, to be entered back by the customer. */
export async function insertMicroDepositChallenge(
  trx: Transaction<Database>,
  paymentMethodId: string,
  amounts: [number, number],
  now: Date,
): Promise<void> {
  await trx
    .insertInto('micro_deposit_challenges')
    .values({ payment_method_id: paymentMethodId, amount1_cents: amounts[0], amount2_cents: amounts[1], created_at: now, updated_at: now })
    .execute();
}

/** The method's challenge, locked for the rest of the transaction. */
export function lockMicroDepositChallenge(
  trx: Transaction<Database>,
  paymentMethodId: string,
): Promise<MicroDepositChallengeRow | undefined> {
  return trx
    .selectFrom('micro_deposit_challenges')
    .selectAll()
    .where('payment_method_id', '=', paymentMethodId)
    .forUpdate()
    .executeTakeFirst();
}

export async function deleteMicroDepositChallenge(trx: Transaction<Database>, paymentMethodId: string): Promise<void> {
  await trx.deleteFrom('micro_deposit_challenges').where('payment_method_id', '=', paymentMethodId).execute();
}

/** Counts a wrong entry. */
export async function setMicroDepositAttempts(
  trx: Transaction<Database>,
  paymentMethodId: string,
  attempts: number,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('micro_deposit_challenges')
    .set({ attempts, updated_at: now })
    .where('payment_method_id', '=', paymentMethodId)
    .execute();
}

/** Two new deposits replace the old ones; the wrong entries start again from zero. */
export async function reissueMicroDepositChallenge(
  trx: Transaction<Database>,
  paymentMethodId: string,
  amounts: [number, number],
  reissues: number,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('micro_deposit_challenges')
    .set({ amount1_cents: amounts[0], amount2_cents: amounts[1], attempts: 0, reissues, updated_at: now })
    .where('payment_method_id', '=', paymentMethodId)
    .execute();
}
