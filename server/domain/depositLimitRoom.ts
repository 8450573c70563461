import type { Kysely, Transaction } from 'kysely';
import { bankDailyRoom, cardLifetimeRoom, type LimitRoom } from '../../api/contract/depositLimits';
import { achBatchDay } from '../../api/contract/bankCalendar';
import type { Database, PaymentMethodRow } from '../db/schema';
import { debitCardDepositedCents } from '../repositories/deposits';
import { bankFiguresToday, dcfLimitCents } from './deposits';

/**
 * PROVISIONAL (the quote's helper): what is left of the limit a deposit from `method` counts against, with
 * today's semantics: the bank limit counts the customer's bank deposits of today's New York calendar day, the card
 * limit the customer's card deposits (and this card's own listed limit). The money-core helper replaces this file
 * with the real counting (per ACH batch day, per card fingerprint) under the same signature; keep theirs at merge.
 */
export async function depositLimitRoom(
  db: Kysely<Database> | Transaction<Database>,
  input: { userId: string; method: PaymentMethodRow; now: Date },
): Promise<LimitRoom> {
  const { userId, method, now } = input;
  if (method.type === 'DEBIT_CARD') {
    const limitCents = await dcfLimitCents(db);
    const leftForCustomer = limitCents - (await debitCardDepositedCents(db, userId));
    const leftOnMethod = method.deposit_limit_cents - method.amount_deposited_cents;
    return cardLifetimeRoom(limitCents, limitCents - Math.min(leftForCustomer, leftOnMethod));
  }
  const { inRangeCents } = await bankFiguresToday(db, userId, now);
  return bankDailyRoom(inRangeCents, achBatchDay(now));
}
