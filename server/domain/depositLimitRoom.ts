import type { Kysely, Transaction } from 'kysely';
import { achBatchDay } from '../../api/contract/bankCalendar';
import { bankDailyRoom, cardLifetimeRoom, type LimitRoom } from '../../api/contract/depositLimits';
import type { Database, PaymentMethodRow } from '../db/schema';
import { readAppConfig } from '../repositories/appConfig';
import { bankFigures, cardDepositedCents, cardKeyOf, type BankFigures } from '../repositories/deposits';
import { resolveUniversalConfig } from './universalConfig';

// The room of the limit a deposit counts against, right now (api/contract/depositLimits.ts has the rule and the
// arithmetic; this reads the figures). Inside the confirm transaction, with the customer's row locked, the bank
// figure is exact: every bank deposit of the customer is placed under that lock. The card figure is read without
// a lock (another customer may hold the same card); countCardDeposit (repositories/deposits.ts) makes the final,
// race-safe check when it counts the deposit.
//
// Rules chosen here (docs/money-rules.md, Limits):
// - A deposit waiting for the application's approval (PENDING_DEPOSIT) counts toward the batch day of the moment
//   it was confirmed, like any bank deposit: the customer committed the money then, and only one can wait at a
//   time. Whatever releases it after the approval must give it the batch day of the release (and check that
//   day's room); nothing releases one yet.
// - The card's room is per fingerprint; the old per-customer sum of all the customer's cards is gone (it was
//   the hole: a second customer with the same card started from zero). The spec's per-method fields stay and
//   still bind when tighter (cardLimitRoom), and assertUsableMethod still refuses a method at its depositLimit.

type Db = Kysely<Database> | Transaction<Database>;

/** The debit-card lifetime limit, from remote config (dcfLimit, dollars). */
export async function dcfLimitCents(db: Db): Promise<number> {
  return dcfLimitCentsOf(await readAppConfig(db));
}

/** dcfLimitCents from the remote config already read (a deposit's facts). */
export const dcfLimitCentsOf = (appConfig: Map<string, unknown>): number => resolveUniversalConfig(appConfig).config.flags.dcfLimit * 100;

export interface BankLimitFigures {
  room: LimitRoom;
  /** Instant buying power still held by the customer's unsettled bank deposits (read in the same statement). */
  unsettledBankInstantCents: number;
  /** An unpaid ACH return has switched instant bank deposits off (read in the same statement). */
  instantOff: boolean;
}

/** The bank room of the ACH batch day a deposit made at `now` goes out in, and the instant figures. */
export async function bankLimitFigures(db: Db, userId: string, now: Date): Promise<BankLimitFigures> {
  const batchDay = achBatchDay(now);
  return bankLimitFiguresOf(await bankFigures(db, userId, batchDay), batchDay);
}

/** bankLimitFigures from figures already read for `batchDay` (the confirm reads them with its other facts). */
export function bankLimitFiguresOf(figures: BankFigures, batchDay: string): BankLimitFigures {
  return {
    room: bankDailyRoom(figures.onBatchDayCents, batchDay),
    unsettledBankInstantCents: figures.unsettledInstantCents,
    instantOff: figures.instantOff,
  };
}

/**
 * The card's room: its lifetime limit less everything deposited from it (any customer, by fingerprint). The
 * method's own depositLimit/amountDeposited (the spec's per-method fields) still bind when tighter: a card
 * replaced in place keeps its method's amountDeposited; the tighter room is given in terms of the card limit.
 */
export async function cardLimitRoom(db: Db, method: PaymentMethodRow, limitCents: number): Promise<LimitRoom> {
  return cardLimitRoomOf(method, limitCents, await cardDepositedCents(db, cardKeyOf(method)));
}

/** cardLimitRoom from what the card has deposited, already read (a deposit's facts). */
export function cardLimitRoomOf(method: PaymentMethodRow, limitCents: number, depositedCents: number): LimitRoom {
  const onCard = cardLifetimeRoom(limitCents, depositedCents);
  const methodLeftCents = Math.max(0, method.deposit_limit_cents - method.amount_deposited_cents);
  if (methodLeftCents >= onCard.leftCents) return onCard;
  return cardLifetimeRoom(limitCents, limitCents - methodLeftCents);
}

/**
 * The room of the limit this method's deposit counts against right now: a bank's, the batch day of `now`
 * (bankDailyRoom); a debit card's, the card's lifetime room by fingerprint (cardLifetimeRoom).
 */
export async function depositLimitRoom(db: Db, input: { userId: string; method: PaymentMethodRow; now: Date }): Promise<LimitRoom> {
  if (input.method.type === 'DEBIT_CARD') return cardLimitRoom(db, input.method, await dcfLimitCents(db));
  return (await bankLimitFigures(db, input.userId, input.now)).room;
}
