import type {
  Account,
  AccountVariant,
  PaymentMethod,
  RecurringDeposit,
  RecurringPauseReason,
  RecurringSchedule,
  ScheduledOccurrence,
  Weekday,
} from '../../api/contract';
import { maskedNumber } from '../paymentMethods/paymentMethodList';
import { DEPOSIT_DESTINATION_VARIANTS } from '../../api/contract/values';
import { formatBankDay } from '../../api/contract/fundsAvailability';

/**
 * Rules of the recurring-deposits manage list (deposits-and-transfers.md sections 3 and 4): which accounts can
 * hold a schedule, a schedule in words, its next dates, why it is paused and which actions it offers. Pure
 * functions over contract values, so each rule has a unit test and the screen only lays them out.
 */

/** Accounts that can receive deposits, in the order the list shows them (brokerage first): DEPOSIT_DESTINATION_VARIANTS. */

export function recurringDestinationAccounts(accounts: readonly Account[]): Account[] {
  const rank = (account: Account) => (DEPOSIT_DESTINATION_VARIANTS as readonly AccountVariant[]).indexOf(account.variant);
  return accounts.filter((account) => rank(account) >= 0).sort((a, b) => rank(a) - rank(b));
}

// ---- a schedule in words ----

const WEEKDAY_NAMES: Record<Weekday, string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  SATURDAY: 'Saturday',
  SUNDAY: 'Sunday',
};

/** 1 → '1st', 2 → '2nd', 11 → '11th', 22 → '22nd', 31 → '31st'. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** The first day of the month that some month lacks (February has 28 or 29 days). */
const SHORT_MONTH_DAY = 29;

/**
 * 'Every week on Monday', 'Every 2 weeks on Friday', 'Monthly on the 15th'. A monthly day that some months lack
 * says where it falls then, as the schedule rules do (firstOccurrenceOnOrAfter clamps to the month's last day).
 */
export function scheduleInWords(schedule: RecurringSchedule): string {
  const weekday = WEEKDAY_NAMES[schedule.dayOfWeek ?? 'MONDAY'];
  switch (schedule.frequency) {
    case 'ONE_TIME':
      return 'Once';
    case 'DAILY':
      return 'Every day';
    case 'WEEKLY':
      return `Every week on ${weekday}`;
    case 'FORTNIGHTLY':
      return `Every 2 weeks on ${weekday}`;
    case 'MONTHLY': {
      const day = schedule.dayOfMonth ?? 1;
      return day >= SHORT_MONTH_DAY ? `Monthly on the ${ordinal(day)} (or the month's last day)` : `Monthly on the ${ordinal(day)}`;
    }
  }
}

/** All of a recurring deposit's schedules in words (the server sends one; more are joined). */
export const recurringScheduleInWords = (deposit: Pick<RecurringDeposit, 'schedules'>) =>
  deposit.schedules.length === 0 ? 'No schedule' : deposit.schedules.map(scheduleInWords).join('; ');

// ---- dates ----

/** '2025-12-15' → 'Mon, Dec 15, 2025': the contract's bank-day words (holds and returns read the same way). */
export const formatCalendarDate = formatBankDay;

export const UPCOMING_DATES_SHOWN = 3;

/** The next three dates of an active schedule: the server's next occurrence, then its upcoming dates. */
export function nextDates(deposit: Pick<RecurringDeposit, 'status' | 'nextOccurrenceDate' | 'upcomingDates'>): string[] {
  if (deposit.status !== 'ACTIVE' || !deposit.nextOccurrenceDate) return [];
  const dates = [deposit.nextOccurrenceDate, ...deposit.upcomingDates.filter((date) => date > deposit.nextOccurrenceDate!)];
  return [...new Set(dates)].sort().slice(0, UPCOMING_DATES_SHOWN);
}

const shortDateFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** '2026-11-26' → 'Thu, Nov 26'. */
export const formatShortDate = (date: string) => shortDateFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * The next dates with their moves: a deposit whose own date is a weekend or a Fed holiday is made the next
 * business day, and the server says from which day and why.
 */
export function shownOccurrences(
  deposit: Pick<RecurringDeposit, 'status' | 'nextOccurrenceDate' | 'upcomingDates' | 'nextOccurrences'>,
): ScheduledOccurrence[] {
  return nextDates(deposit).map(
    (date) => deposit.nextOccurrences.find((occurrence) => occurrence.date === date) ?? { date, movedFrom: null },
  );
}

/** Why a deposit is not on its own day, in words: 'weekend', or the holiday ('Thanksgiving Day'). */
export const moveReasonText = (reason: string) => (reason === 'Saturday' || reason === 'Sunday' ? 'weekend' : reason);

/** 'moved from Sat, Nov 28: weekend', 'moved from Thu, Nov 26: Thanksgiving Day'; null when not moved. */
export function movedText(occurrence: ScheduledOccurrence): string | null {
  if (!occurrence.movedFrom) return null;
  return `moved from ${formatShortDate(occurrence.movedFrom.date)}: ${moveReasonText(occurrence.movedFrom.reason)}`;
}

// ---- the funding source ----

export interface SourceDescription {
  name: string;
  /** '•••• 6789' for a bank or card; null for an internal account or a method no longer listed. */
  masked: string | null;
  /** The funding method behind the schedule is gone (removed or canceled). */
  missing: boolean;
}

/** Who pays for the schedule: the funding method's display name and masked number, or the internal account. */
export function describeSource(
  deposit: Pick<RecurringDeposit, 'fundingSourceId' | 'fundingSourceType'>,
  methods: readonly PaymentMethod[] | null,
  accounts: readonly Account[],
): SourceDescription {
  if (deposit.fundingSourceType === 'BUYING_POWER') {
    const account = accounts.find((candidate) => candidate.accountUuid === deposit.fundingSourceId);
    return account
      ? { name: account.displayName, masked: maskedNumber(account.account), missing: false }
      : { name: 'Buying power', masked: null, missing: false };
  }
  // Methods not known yet (their list failed): say what kind it is rather than call it removed.
  if (methods === null)
    return { name: deposit.fundingSourceType === 'DEBIT_CARD' ? 'Debit card' : 'Bank account', masked: null, missing: false };
  const method = methods.find((candidate) => candidate.id === deposit.fundingSourceId && candidate.status !== 'CANCELED');
  if (!method)
    return {
      name: deposit.fundingSourceType === 'DEBIT_CARD' ? 'A removed debit card' : 'A removed bank account',
      masked: null,
      missing: true,
    };
  return { name: method.displayName, masked: maskedNumber(method.paymentMethodNumber), missing: false };
}

export const sourceLabel = (source: SourceDescription) => (source.masked ? `${source.name} ${source.masked}` : source.name);

/** The method can pay again: listed, approved and not waiting for the customer to relink it. */
export function sourceUsable(
  deposit: Pick<RecurringDeposit, 'fundingSourceId' | 'fundingSourceType'>,
  methods: readonly PaymentMethod[] | null,
): boolean {
  // Unknown methods do not block Resume: the server checks the method again anyway.
  if (deposit.fundingSourceType === 'BUYING_POWER' || methods === null) return true;
  const method = methods.find((candidate) => candidate.id === deposit.fundingSourceId);
  if (!method) return false;
  return method.status === 'APPROVED' && !method.plaidLoginRequired;
}

// ---- status and pause reasons ----

export const STATUS_WORDS = { ACTIVE: 'Active', PAUSED: 'Paused', CANCELED: 'Cancelled' } as const;

/** Why a schedule is paused, in words (section 4: it pauses itself near the IRA limit, on an unlinked method, on insufficient funds). */
export function pauseReasonText(reason: RecurringPauseReason | null, source: SourceDescription): string {
  switch (reason) {
    case 'IRA_LIMIT':
      return "Paused automatically: your IRA is close to this tax year's contribution limit, so the next deposit would go over it.";
    case 'METHOD_UNAVAILABLE':
      return source.missing
        ? 'Paused automatically: the funding method was removed. Cancel this schedule and set up a new one with another funding method.'
        : `Paused automatically: ${sourceLabel(source)} needs to be relinked before it can be used again. Relink it under Funding methods, then resume.`;
    case 'INSUFFICIENT_FUNDS':
      return `Paused automatically: the last deposit failed because ${sourceLabel(source)} did not have enough funds. Resume when the money is there.`;
    case 'CUSTOMER':
    case null:
      return 'You paused this schedule. No deposits are made until you resume it.';
  }
}

// ---- actions ----

export type RecurringAction = 'pause' | 'resume' | 'skipNext' | 'cancel';

export interface RecurringActionState {
  action: RecurringAction;
  disabled: boolean;
  /** Why the action is disabled. */
  reason?: string;
}

/**
 * Which actions a schedule offers: an active one can be paused, skipped (when a next date exists) and cancelled;
 * a paused one resumed and cancelled. Resuming a schedule paused for an unusable method stays disabled until the
 * method can pay again, because the server would pause it straight back.
 */
export function recurringActions(
  deposit: Pick<RecurringDeposit, 'status' | 'pauseReason' | 'nextOccurrenceDate' | 'fundingSourceId' | 'fundingSourceType'>,
  methods: readonly PaymentMethod[] | null,
): RecurringActionState[] {
  switch (deposit.status) {
    case 'ACTIVE':
      return [
        { action: 'pause', disabled: false },
        ...(deposit.nextOccurrenceDate ? [{ action: 'skipNext' as const, disabled: false }] : []),
        { action: 'cancel', disabled: false },
      ];
    case 'PAUSED': {
      const blocked = deposit.pauseReason === 'METHOD_UNAVAILABLE' && !sourceUsable(deposit, methods);
      return [
        blocked
          ? { action: 'resume', disabled: true, reason: 'The funding method has to be usable again before this schedule can resume.' }
          : { action: 'resume', disabled: false },
        { action: 'cancel', disabled: false },
      ];
    }
    case 'CANCELED':
      return [];
  }
}

/** Cancelled schedules are history: the manage list shows the live ones. */
export const isListed = (deposit: Pick<RecurringDeposit, 'status'>) => deposit.status !== 'CANCELED';
