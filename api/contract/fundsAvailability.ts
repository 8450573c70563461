import { achBatchDay, bankDepositDates, businessDayOnOrAfter, marketDate, type AchDates } from './bankCalendar';
import { addDays } from './depositRules';
import { formatCents } from './money';
import { ACH_RETURN_REASONS, type AchReturnCode } from './enums';

/**
 * Funds availability and holds: when money a customer deposits can be invested, and when it can leave again to a
 * bank. One function per source, used by the server (which writes and enforces the figures) and by the app (which
 * shows them). The rules are ours (the spec gives none) and are in docs/money-rules.md.
 *
 * - Bank (ACH debit): up to $1,000 is available to invest at once across the customer's unsettled bank deposits
 *   (none for the first deposit from a bank linked today, and none while an ACH return is unpaid); the rest on the
 *   settlement date. Nothing of it can be withdrawn to a bank before it settles: until then the bank can still
 *   return it.
 * - Debit card: settled at once and available to invest in full, but held from withdrawal to a bank for
 *   CARD_WITHDRAWAL_HOLD_DAYS: a card payment can be disputed (a chargeback) for about 120 days under the card
 *   networks' rules, and money that had already left to a bank could not be taken back.
 */

export const INSTANT_BANK_BUYING_POWER_CENTS = 100_000;

/** Calendar days a debit-card deposit is held from withdrawal to a bank (the card networks' usual dispute window). */
export const CARD_WITHDRAWAL_HOLD_DAYS = 120;

export interface BankInstantInput {
  amountCents: number;
  /** Instant buying power the customer's unsettled bank deposits already hold. */
  unsettledInstantCents: number;
  /** The method was linked on today's New York day and has made no deposit yet. */
  firstDepositFromBankLinkedToday: boolean;
  /** Instant deposits are off (an ACH return not yet cleared). */
  instantOff: boolean;
}

/** The part of a bank deposit available to invest at once. */
export function bankInstantCents(input: BankInstantInput): number {
  if (input.instantOff || input.firstDepositFromBankLinkedToday) return 0;
  const room = Math.max(0, INSTANT_BANK_BUYING_POWER_CENTS - input.unsettledInstantCents);
  return Math.min(input.amountCents, room);
}

export interface FundsAvailability {
  /** Available to invest at once. */
  nowCents: number;
  /** The rest, with the New York date it becomes available to invest. */
  later: Array<{ cents: number; date: string }>;
  /** The date the deposit settles (a card deposit: the day it was made). */
  settlesOn: string;
  /** The first date its money may leave to a bank. */
  withdrawableOn: string;
  /** Until when it can be cancelled (ISO instant), or null when it cannot be (card deposits). */
  cancellableUntil: string | null;
}

/** A bank deposit of `amountCents` made at `madeAt`, `instantCents` of it at once (bankInstantCents). */
export function bankDepositAvailability(
  amountCents: number,
  instantCents: number,
  madeAt: Date,
  dates: AchDates = bankDepositDates(madeAt),
): FundsAvailability {
  const laterCents = amountCents - instantCents;
  return {
    nowCents: instantCents,
    later: laterCents > 0 ? [{ cents: laterCents, date: dates.settlementDate }] : [],
    settlesOn: dates.settlementDate,
    withdrawableOn: dates.settlementDate,
    cancellableUntil: dates.sendAt.toISOString(),
  };
}

/** The first New York date money a card deposit made at `madeAt` may leave to a bank. */
export const cardHoldEndsOn = (madeAt: Date): string => businessDayOnOrAfter(addDays(marketDate(madeAt), CARD_WITHDRAWAL_HOLD_DAYS));

/** A debit-card deposit made at `madeAt`: invested at once, held from withdrawal to a bank until cardHoldEndsOn. */
export function cardDepositAvailability(amountCents: number, madeAt: Date): FundsAvailability {
  return {
    nowCents: amountCents,
    later: [],
    settlesOn: marketDate(madeAt),
    withdrawableOn: cardHoldEndsOn(madeAt),
    cancellableUntil: null,
  };
}

export const HOLD_REASONS = ['BANK_NOT_SETTLED', 'DEBIT_CARD'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** Money in an account that is invested or investable but may not leave to a bank yet. */
export interface Hold {
  depositId: string;
  accountId: string;
  reason: HoldReason;
  cents: number;
  /** The New York date the hold ends. */
  until: string;
}

export interface HoldSource {
  id: string;
  accountId: string;
  sourceType: 'BANK' | 'DEBIT_CARD' | 'INTERNAL';
  /** CONFIRMED, CANCELED, or any other status the deposit can be in. */
  status: string;
  amountCents: number;
  instantCents: number;
  createdAt: Date;
  settled: boolean;
  /** Bank deposits: their settlement date. */
  settlesOn: string | null;
}

/** The holds of a customer's deposits on a New York date `today` (only those still in force). */
export function holdsOf(deposits: readonly HoldSource[], today: string): Hold[] {
  const holds: Hold[] = [];
  for (const deposit of deposits) {
    if (deposit.status !== 'CONFIRMED') continue;
    if (deposit.sourceType === 'BANK' && !deposit.settled && deposit.instantCents > 0) {
      // Only its instant part is in the balance before settlement, so only that part is held.
      holds.push({
        depositId: deposit.id,
        accountId: deposit.accountId,
        reason: 'BANK_NOT_SETTLED',
        cents: deposit.instantCents,
        until: deposit.settlesOn ?? achBatchDay(deposit.createdAt),
      });
    }
    if (deposit.sourceType === 'DEBIT_CARD') {
      const until = cardHoldEndsOn(deposit.createdAt);
      if (today < until)
        holds.push({ depositId: deposit.id, accountId: deposit.accountId, reason: 'DEBIT_CARD', cents: deposit.amountCents, until });
    }
  }
  return holds;
}

/**
 * Available to withdraw from one account: its balance less the holds on it, and never more than the customer's
 * balances less all their holds (held money moved to another account by a transfer stays held), never negative.
 */
export function availableToWithdrawCents(input: {
  accountBalanceCents: number;
  accountHeldCents: number;
  customerBalanceCents: number;
  customerHeldCents: number;
}): number {
  const own = input.accountBalanceCents - input.accountHeldCents;
  const all = input.customerBalanceCents - input.customerHeldCents;
  return Math.max(0, Math.min(own, all));
}

const bankDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A New York date 'yyyy-MM-dd' as people read it: 'Mon, Mar 29, 2027' (the date itself, in no time zone). */
export const formatBankDay = (date: string): string => bankDayFormat.format(new Date(`${date}T00:00:00Z`));

const HOLD_SOURCE_WORDS: Record<HoldReason, string> = {
  BANK_NOT_SETTLED: 'a bank deposit that has not settled',
  DEBIT_CARD: 'your debit card',
};

/** '$2,000.00 from your debit card is held until Mon, Mar 29, 2027' (the date it may leave to a bank). */
export const holdText = (hold: Pick<Hold, 'reason' | 'cents' | 'until'>): string =>
  `${formatCents(hold.cents)} from ${HOLD_SOURCE_WORDS[hold.reason]} is held until ${formatBankDay(hold.until)}`;

/** Sum of the holds on one account (or on all, without an account). */
export const heldCents = (holds: readonly Hold[], accountId?: string): number =>
  holds.reduce((sum, hold) => (accountId === undefined || hold.accountId === accountId ? sum + hold.cents : sum), 0);

// ---- ACH returns ----

/**
 * An ACH return takes the deposit's money back from the account it went to: the instant part when the deposit had
 * not settled (the rest never arrived), the whole amount when it had. It is the one event allowed to leave cash
 * below zero: what is then missing is owed, shows as negative buying power, and turns instant bank deposits off
 * (bankInstantCents' instantOff) until every account of the customer is at zero or above again.
 */
export const achReturnTakesBackCents = (deposit: { amountCents: number; instantCents: number; settled: boolean }): number =>
  deposit.settled ? deposit.amountCents : deposit.instantCents;

/** The timeline's words for a returned deposit: 'Returned by your bank on Wed, Dec 2, 2026 (R01: insufficient funds in your bank account)'. */
export const achReturnEventText = (code: AchReturnCode, returnedOn: string): string =>
  `Returned by your bank on ${formatBankDay(returnedOn)} (${code}: ${ACH_RETURN_REASONS[code]})`;

/** Why an account's buying power is below zero after a return, and what clears it. */
export function owedAfterReturnText(input: { depositCents: number; code: AchReturnCode; returnedOn: string; owedCents: number }): string {
  return (
    `Your bank returned your ${formatCents(input.depositCents)} deposit on ${formatBankDay(input.returnedOn)} (${input.code}: ${ACH_RETURN_REASONS[input.code]}). ` +
    `The money it gave you was taken back, so you owe ${formatCents(input.owedCents)}. Deposit or transfer at least that amount into this account; ` +
    'instant bank deposits are off until then.'
  );
}
