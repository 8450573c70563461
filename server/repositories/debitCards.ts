import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentMethodRow } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Records a card setup intent the customer may use once. */
export async function insertCardSetupIntent(db: Db, intent: { id: string; userId: string; createdAt: Date }): Promise<void> {
  await db.insertInto('card_setup_intents').values({ id: intent.id, user_id: intent.userId, created_at: intent.createdAt }).execute();
}

/** Whether the customer has this setup intent, not used yet. */
export async function hasUnusedSetupIntent(db: Db, userId: string, setupIntentId: string): Promise<boolean> {
  const intent = await db
    .selectFrom('card_setup_intents')
    .select(['id'])
    .where('id', '=', setupIntentId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return intent !== undefined;
}

/** Uses a setup intent up; false when it was used already (by a concurrent request). */
export async function claimSetupIntent(trx: Transaction<Database>, setupIntentId: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .updateTable('card_setup_intents')
    .set({ used_at: now })
    .where('id', '=', setupIntentId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return claimed.numUpdatedRows !== 0n;
}

/** Whether another customer has a live method with this card. */
export async function isCardLiveElsewhere(db: Db, userId: string, fingerprint: string): Promise<boolean> {
  const elsewhere = await db
    .selectFrom('payment_methods')
    .select('id')
    .where('card_fingerprint', '=', fingerprint)
    .where('user_id', '!=', userId)
    .where('status', '!=', 'CANCELED')
    .executeTakeFirst();
  return elsewhere !== undefined;
}

/** The cards the customer removed, newest first. */
export function listRemovedCardsOfUser(db: Db, userId: string): Promise<{ fingerprint: string; removed_at: Date }[]> {
  return db
    .selectFrom('removed_debit_cards')
    .select(['fingerprint', 'removed_at'])
    .where('user_id', '=', userId)
    .orderBy('removed_at', 'desc')
    .execute();
}

/** Remembers a removed card, for the cooldown before a different card. */
export async function insertRemovedCard(trx: Transaction<Database>, userId: string, fingerprint: string, now: Date): Promise<void> {
  await trx.insertInto('removed_debit_cards').values({ id: randomUUID(), user_id: userId, fingerprint, removed_at: now }).execute();
}

/** The card's own columns of a payment method. */
export type CardColumns = Pick<
  PaymentMethodRow,
  | 'display_name'
  | 'original_name'
  | 'last4'
  | 'card_fingerprint'
  | 'card_brand'
  | 'card_exp_month'
  | 'card_exp_year'
  | 'provider_payment_method_id'
>;

/** Puts another card in a method's place: ready and verified, with the method's id, default flag and totals kept. */
export async function replaceCardOfMethod(trx: Transaction<Database>, id: string, card: CardColumns): Promise<void> {
  await trx
    .updateTable('payment_methods')
    .set({ ...card, status: 'APPROVED', readiness: 'READY', verification_status: 'VERIFIED' })
    .where('id', '=', id)
    .execute();
}
