import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, DepositIntentRow } from '../db/schema';
import { isUuid } from '../domain/tokens';
import { findDepositById, type DepositWithEvents } from './deposits';

/** An intent must be confirmed within this time; after it the customer starts again. */
export const DEPOSIT_INTENT_TTL_MS = 30 * 60 * 1000;

export interface NewIntent {
  userId: string;
  kind: DepositIntentRow['kind'];
  accountId: string;
  sourceAccountId: string | null;
  paymentMethodId: string | null;
  amountCents: number;
  iraContributionYear: number | null;
}

/** Stores a checked deposit or transfer intent, valid for DEPOSIT_INTENT_TTL_MS from now. */
export function insertIntent(db: Kysely<Database>, intent: NewIntent, now: Date): Promise<DepositIntentRow> {
  return db
    .insertInto('deposit_intents')
    .values({
      id: randomUUID(),
      user_id: intent.userId,
      kind: intent.kind,
      account_id: intent.accountId,
      source_account_id: intent.sourceAccountId,
      payment_method_id: intent.paymentMethodId,
      amount_cents: intent.amountCents,
      ira_contribution_year: intent.iraContributionYear,
      created_at: now,
      expires_at: new Date(now.getTime() + DEPOSIT_INTENT_TTL_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An intent with the id of the deposit it made, if any. */
export type OwnIntent = DepositIntentRow & { made_deposit_id: string | null };

/**
 * The customer's intent of this kind (undefined for anything else, another customer's intent included), read
 * together with the deposit it already made: confirming an intent twice (another key) answers that deposit.
 */
export function findOwnIntent(
  trx: Transaction<Database>,
  userId: string,
  id: string,
  kind: DepositIntentRow['kind'],
): Promise<OwnIntent | undefined> {
  if (!isUuid(id)) return Promise.resolve(undefined);
  return trx
    .selectFrom('deposit_intents')
    .selectAll('deposit_intents')
    .select((eb) =>
      eb
        .selectFrom('deposits')
        .select('deposits.id')
        .whereRef('deposits.intent_id', '=', 'deposit_intents.id')
        .limit(1)
        .as('made_deposit_id'),
    )
    .where('deposit_intents.id', '=', id)
    .where('deposit_intents.user_id', '=', userId)
    .where('deposit_intents.kind', '=', kind)
    .executeTakeFirst();
}

/** The deposit an intent already made, if any. */
export async function depositOfIntent(trx: Transaction<Database>, intent: OwnIntent): Promise<DepositWithEvents | undefined> {
  return intent.made_deposit_id ? findDepositById(trx, intent.made_deposit_id) : undefined;
}
