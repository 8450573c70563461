import { centsToMoney, type DepositQuote } from '../../api/contract';
import { roomAfter, type LimitRoom } from '../../api/contract/depositLimits';
import { bankDepositDates } from '../../api/contract/bankCalendar';
import { bankDepositAvailability, cardDepositAvailability } from '../../api/contract/fundsAvailability';

export interface QuoteInput {
  amountCents: number;
  /** The part available to invest at once, as planDeposit decided it (its instantCents). */
  instantCents: number;
  sourceType: 'BANK' | 'DEBIT_CARD';
  /** The deposit waits for the customer's application to be approved (planDeposit's PENDING_DEPOSIT). */
  waitsForApproval: boolean;
  /** What is left of the limit the deposit counts against, before it (depositLimitRoom). */
  limitRoom: LimitRoom;
  now: Date;
}

/**
 * The quote of one deposit, answered at Next: how much is available to invest now and how much on which date,
 * when it settles and may leave to a bank, until when it can be cancelled, and what is left of its limit after it.
 * Every figure comes from the money core (fundsAvailability, depositLimits), the same functions the app shows.
 * A deposit waiting for an application is quoted as if it went out now; the review says the dates move.
 */
export function depositQuote(input: QuoteInput): DepositQuote {
  const { amountCents, instantCents, sourceType, now } = input;
  const dates = sourceType === 'BANK' ? bankDepositDates(now) : null;
  const availability = dates ? bankDepositAvailability(amountCents, instantCents, now, dates) : cardDepositAvailability(amountCents, now);
  const after = roomAfter(input.limitRoom, amountCents);
  return {
    availableNow: centsToMoney(availability.nowCents),
    availableLater: availability.later.map((part) => ({ amount: centsToMoney(part.cents), date: part.date })),
    settlesOn: availability.settlesOn,
    withdrawableOn: availability.withdrawableOn,
    cancellableUntil: availability.cancellableUntil,
    batchDay: dates?.batchDay ?? null,
    limitAfter: { kind: after.kind, limit: centsToMoney(after.limitCents), left: centsToMoney(after.leftCents), batchDay: after.batchDay },
    waitsForApproval: input.waitsForApproval,
  };
}
