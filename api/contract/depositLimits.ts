import { formatCents } from './money';

/**
 * The deposit limits as exposure, and what is left of them (deposits-and-transfers.md section 4; the counting is
 * ours and in docs/money-rules.md):
 * - Bank deposits: at most $50,000 per ACH batch day. A deposit counts toward the batch it goes out in
 *   (achBatchDay: weekend, holiday and after-4-pm deposits count toward the next business day), recurring
 *   occurrences too; cancelled deposits do not count.
 * - Debit cards: $2,500 (remote config `dcfLimit`) per card for its lifetime, the card known by its fingerprint,
 *   across customers, removals and relinks.
 * The server enforces both inside the deposit's transaction; the app shows the same figures from the same functions.
 */

export const DAILY_BANK_DEPOSIT_LIMIT_CENTS = 5_000_000;
/** Debit-card lifetime limit when remote config gives none (dcfLimit, in dollars). */
export const DEFAULT_DEBIT_CARD_LIFETIME_LIMIT_DOLLARS = 2_500;

export type LimitKind = 'BANK_DAILY' | 'DEBIT_CARD';

export interface LimitRoom {
  kind: LimitKind;
  limitCents: number;
  usedCents: number;
  /** Never negative. */
  leftCents: number;
  /** Bank: the ACH batch day the figures are for ('yyyy-MM-dd'); card: null. */
  batchDay: string | null;
}

const room = (kind: LimitKind, limitCents: number, usedCents: number, batchDay: string | null): LimitRoom => ({
  kind,
  limitCents,
  usedCents,
  leftCents: Math.max(0, limitCents - usedCents),
  batchDay,
});

/** What is left of the bank limit for one batch day, given the bank deposits already counted toward it. */
export const bankDailyRoom = (usedOnBatchDayCents: number, batchDay: string | null): LimitRoom =>
  room('BANK_DAILY', DAILY_BANK_DEPOSIT_LIMIT_CENTS, usedOnBatchDayCents, batchDay);

/** What is left of a card's lifetime limit, given everything ever deposited from that card (any customer). */
export const cardLifetimeRoom = (limitCents: number, depositedOnCardCents: number): LimitRoom =>
  room('DEBIT_CARD', limitCents, depositedOnCardCents, null);

/** Whether `amountCents` fits what is left. */
export const fitsRoom = (limit: LimitRoom, amountCents: number): boolean => amountCents <= limit.leftCents;

/** The room after a deposit of `amountCents` (what the quote shows). */
export const roomAfter = (limit: LimitRoom, amountCents: number): LimitRoom =>
  room(limit.kind, limit.limitCents, limit.usedCents + amountCents, limit.batchDay);

/**
 * A deposit larger than today's bank room, split into what fits the batch day now and the rest for the next
 * batch day. Null when it fits, when nothing is left today, or when the rest would not fit a whole day either.
 */
export function splitOverBankRoom(
  amountCents: number,
  limit: LimitRoom,
  minimumCents: number,
): { nowCents: number; laterCents: number } | null {
  if (limit.kind !== 'BANK_DAILY' || amountCents <= limit.leftCents) return null;
  const nowCents = limit.leftCents;
  const laterCents = amountCents - nowCents;
  if (nowCents < minimumCents || laterCents < minimumCents || laterCents > limit.limitCents) return null;
  return { nowCents, laterCents };
}

/** The refusal messages of the limits (the spec's words for the bank; the card's names the configured limit). */
export const LimitMessages = {
  dailyBank: `A maximum of ${formatCents(DAILY_BANK_DEPOSIT_LIMIT_CENTS, { whole: true })} can be deposited per day.`,
  debitCard: (limitCents: number) => `A maximum of ${formatCents(limitCents, { whole: true })} can be deposited with a debit card.`,
} as const;

/** The meter under the amount: "$49,900.00 of $50,000.00 left today" (bank) or "... left on this card". */
export function limitLeftText(limit: LimitRoom, options: { batchDayLabel?: string | null } = {}): string {
  const figures = `${formatCents(limit.leftCents)} of ${formatCents(limit.limitCents)}`;
  if (limit.kind === 'DEBIT_CARD') return `${figures} left on this card`;
  return options.batchDayLabel ? `${figures} left for ${options.batchDayLabel}` : `${figures} left today`;
}
