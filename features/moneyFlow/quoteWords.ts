import { formatCents, moneyToCents } from '../../api/contract/values';
import { BANK_SETTLEMENT_BUSINESS_DAYS, MARKET_TIME_ZONE } from '../../api/contract/bankCalendar';
import { formatBankDay, INSTANT_BANK_BUYING_POWER_CENTS } from '../../api/contract/fundsAvailability';
import { limitLeftText, type LimitRoom } from '../../api/contract/depositLimits';
import type { Deposit, DepositQuote } from '../../api/contract';

/**
 * The quote and what really happened, in plain words: "$250.00 available to invest now, $750.00 on Wed, Dec 2",
 * "You can cancel until Fri, Nov 27 at 4:00 PM New York time", what is left of the limit after the deposit, and,
 * when Confirm's deposit differs from the review's quote, what changed and why. Pure functions over contract
 * values, so each sentence is tested at fixed dates. Dates are New York days ('yyyy-MM-dd') from the bank calendar.
 */

const shortDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const marketDayOfInstant = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: MARKET_TIME_ZONE,
});
const marketClock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: MARKET_TIME_ZONE });

/** 'yyyy-MM-dd' → "Wed, Dec 2"; with the year ("Fri, Mar 26, 2027") when it is not the year of `sameYearAs`. */
export function dayWords(date: string, sameYearAs?: string | null): string {
  return sameYearAs && sameYearAs.slice(0, 4) !== date.slice(0, 4) ? formatBankDay(date) : shortDay.format(new Date(`${date}T12:00:00Z`));
}

/** An instant → "Fri, Nov 27 at 4:00 PM" in New York time, where the cut-off is set. */
export const cutOffWords = (iso: string): string => `${marketDayOfInstant.format(new Date(iso))} at ${marketClock.format(new Date(iso))}`;

export interface Availability {
  nowCents: number;
  later: ReadonlyArray<{ cents: number; date: string }>;
}

export const quoteAvailability = (quote: Pick<DepositQuote, 'availableNow' | 'availableLater'>): Availability => ({
  nowCents: moneyToCents(quote.availableNow),
  later: quote.availableLater.map((part) => ({ cents: moneyToCents(part.amount), date: part.date })),
});

export const depositAvailability = (deposit: Pick<Deposit, 'availableNow' | 'availableLater'>): Availability => quoteAvailability(deposit);

/** "$250.00 available to invest now, $750.00 on Wed, Dec 2"; "$1,000.00 available to invest on Wed, Dec 2" when none is now. */
export function availabilityWords({ nowCents, later }: Availability): string {
  const laterWords = later.map((part) => `${formatCents(part.cents)} on ${dayWords(part.date)}`);
  if (nowCents === 0 && later.length === 1) return `${formatCents(later[0].cents)} available to invest on ${dayWords(later[0].date)}`;
  return [`${formatCents(nowCents)} available to invest now`, ...laterWords].join(', ');
}

export const limitRoomOfQuote = (quote: DepositQuote): LimitRoom => {
  const limitCents = moneyToCents(quote.limitAfter.limit);
  const leftCents = moneyToCents(quote.limitAfter.left);
  return { kind: quote.limitAfter.kind, limitCents, leftCents, usedCents: limitCents - leftCents, batchDay: quote.limitAfter.batchDay };
};

export interface QuoteWords {
  /** "$250.00 available to invest now, $750.00 on Wed, Dec 2". */
  availability: string;
  /** "You can cancel until Fri, Nov 27 at 4:00 PM New York time", or why it cannot be. */
  cancel: string;
  /** "Settles Wed, Dec 2 and can be withdrawn to a bank from then", or the card's hold. */
  settlement: string;
  /** "$49,000.00 of $50,000.00 left for Fri, Nov 27 after this deposit". */
  limitAfter: string;
}

/** The review's words for a quote. `today` ('yyyy-MM-dd') only decides whether a year is shown. */
export function quoteWords(quote: DepositQuote, today?: string | null): QuoteWords {
  const card = quote.limitAfter.kind === 'DEBIT_CARD';
  const room = limitRoomOfQuote(quote);
  const batchDayLabel = room.batchDay && room.batchDay !== today ? dayWords(room.batchDay) : null;
  const limitAfter = `${limitLeftText(room, { batchDayLabel })} after this deposit`;
  if (card) {
    return {
      availability: availabilityWords(quoteAvailability(quote)),
      cancel: 'A card deposit is made at once and cannot be canceled.',
      settlement: `Settled at once. Money from a card can be withdrawn to a bank from ${dayWords(quote.withdrawableOn, today ?? quote.settlesOn)}.`,
      limitAfter,
    };
  }
  return {
    availability: quote.waitsForApproval
      ? 'Available to invest once your application is approved and the deposit is made.'
      : availabilityWords(quoteAvailability(quote)),
    cancel: quote.waitsForApproval
      ? 'You can cancel it until it goes to your bank.'
      : quote.cancellableUntil
        ? `You can cancel until ${cutOffWords(quote.cancellableUntil)} New York time.`
        : 'It cannot be canceled.',
    settlement: quote.waitsForApproval
      ? `It goes to your bank once your application is approved and settles ${BANK_SETTLEMENT_BUSINESS_DAYS} business days later.`
      : `Settles ${dayWords(quote.settlesOn, today ?? quote.settlesOn)}; it can be withdrawn to a bank from then.`,
    limitAfter,
  };
}

/**
 * What Confirm's deposit did differently from the review's quote, each with why, in plain words; empty when it
 * did what the review said. The instant part can shrink (other bank deposits used the $1,000 of instant buying
 * power meanwhile) or grow (some settled or were canceled); the dates move when Confirm came after the cut-off.
 */
export function quoteChanges(
  quote: DepositQuote,
  deposit: Pick<Deposit, 'availableNow' | 'availableLater' | 'settlesOn' | 'cancellableUntil' | 'status' | 'type'>,
): string[] {
  if (deposit.status !== 'CONFIRMED' || deposit.type !== 'DEPOSIT' || quote.waitsForApproval) return [];
  const changes: string[] = [];
  const quotedNow = moneyToCents(quote.availableNow);
  const madeNow = moneyToCents(deposit.availableNow);
  if (madeNow < quotedNow) {
    changes.push(
      `${formatCents(madeNow)} is available to invest now instead of the ${formatCents(quotedNow)} the review showed: other bank deposits of yours that have not settled yet used part of the up to ${formatCents(INSTANT_BANK_BUYING_POWER_CENTS, { whole: true })} available at once, between your review and Confirm.`,
    );
  } else if (madeNow > quotedNow) {
    changes.push(
      `${formatCents(madeNow)} is available to invest now, more than the ${formatCents(quotedNow)} the review showed: some of your earlier bank deposits settled or were canceled between your review and Confirm.`,
    );
  }
  if (deposit.settlesOn && deposit.settlesOn !== quote.settlesOn) {
    changes.push(
      `It settles on ${dayWords(deposit.settlesOn)} instead of ${dayWords(quote.settlesOn)}: Confirm came after the 4:00 PM New York cut-off, so the deposit goes to your bank with the next business day's batch.`,
    );
  } else if (quote.cancellableUntil && deposit.cancellableUntil && deposit.cancellableUntil !== quote.cancellableUntil) {
    changes.push(
      `You can cancel it until ${cutOffWords(deposit.cancellableUntil)} New York time instead of ${cutOffWords(quote.cancellableUntil)}.`,
    );
  }
  return changes;
}

/** A confirmed deposit's dates in words for a result screen (resultCopy's `dates`), or null without one. */
export function resultDates(made: (Pick<Deposit, 'settlesOn' | 'withdrawableOn' | 'availableLater'> & { card: boolean }) | null) {
  if (!made) return null;
  return {
    settlesOn: made.settlesOn ? dayWords(made.settlesOn) : null,
    withdrawableOn: made.withdrawableOn ? dayWords(made.withdrawableOn, made.settlesOn) : null,
    laterOn: made.availableLater[0] ? dayWords(made.availableLater[0].date) : null,
    card: made.card,
  };
}
