/**
 * Deposit rules and constants (deposits-and-transfers.md sections 4, 5 and 9) as plain values and pure
 * functions over integer cents and calendar dates ('yyyy-MM-dd'). The server enforces them and the app's
 * forms and selectors use the same functions. Dates are calendar days without a time zone: the caller
 * decides which day "today" is (the server from its clock, in the market's zone).
 */

import { addDays, isWeekend, weekdayOf, WEEKDAYS, type Weekday } from './calendarDays';
import { businessDayOnOrAfter, fedHolidayOn, isBusinessDay, nextBusinessDay } from './bankCalendar';

export const FIRST_DEPOSIT_MIN_CENTS = 2_000;
export const DEPOSIT_MIN_CENTS = 100;
export const DEPOSIT_PRESETS_DOLLARS = [500, 1000, 2000] as const;
export const IRA_PRESETS_DOLLARS = [500, 1000] as const;
export const RECENT_METHOD_WINDOW_MONTHS = 3;
export const IRA_MATCH_PERCENT = 1;
export const IRA_MATCH_HOLD_YEARS = 5;

export const FREQUENCIES = ['ONE_TIME', 'DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const DEFAULT_WEEKDAY: Weekday = 'MONDAY';

// ---- calendar days (defined in calendarDays.ts; exported here too, where callers have always found them) ----

export { WEEKDAYS, dayNumber, fromDayNumber, addDays, weekdayOf, isWeekend } from './calendarDays';
export type { Weekday } from './calendarDays';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The given day of a month, or the month's last day when it is shorter (31 → 30 April, 28 or 29 February). */
function clampedDayOfMonth(year: number, month: number, dayOfMonth: number): string {
  const day = Math.min(dayOfMonth, daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// ---- recurring schedules ----

export interface Schedule {
  frequency: Frequency;
  dayOfWeek?: Weekday | null;
  dayOfMonth?: number | null;
}

export type ScheduleProblem = 'dayOfWeekRequired' | 'dayOfMonthRequired' | 'unexpectedDay' | 'weekendNotAllowed' | 'dayOfMonthOutOfRange';

/**
 * Schedule validity (section 5): weekly and biweekly need dayOfWeek only, monthly dayOfMonth only (1-31),
 * one-time and daily neither; weekend days only when allowed.
 */
export function scheduleProblem(schedule: Schedule, { allowWeekends = false } = {}): ScheduleProblem | null {
  const hasWeekday = schedule.dayOfWeek != null;
  const hasMonthDay = schedule.dayOfMonth != null;
  switch (schedule.frequency) {
    case 'WEEKLY':
    case 'FORTNIGHTLY':
      if (!hasWeekday) return 'dayOfWeekRequired';
      if (hasMonthDay) return 'unexpectedDay';
      if (!allowWeekends && (schedule.dayOfWeek === 'SATURDAY' || schedule.dayOfWeek === 'SUNDAY')) return 'weekendNotAllowed';
      return null;
    case 'MONTHLY':
      if (!hasMonthDay) return 'dayOfMonthRequired';
      if (hasWeekday) return 'unexpectedDay';
      if (!Number.isInteger(schedule.dayOfMonth) || schedule.dayOfMonth! < 1 || schedule.dayOfMonth! > 31) return 'dayOfMonthOutOfRange';
      return null;
    default:
      return hasWeekday || hasMonthDay ? 'unexpectedDay' : null;
  }
}

/**
 * A schedule's own dates ("nominal" occurrences) and the business days its money really moves on.
 *
 * - A DAILY schedule's occurrences are the business days (no weekends, no Federal Reserve holidays): it
 *   never moves, it just does not run on those days.
 * - A weekly, every-two-weeks or monthly occurrence whose own date is not a business day runs on the next
 *   business day, and says so (its own date and why it moved). The occurrence after it is counted from its own
 *   date, so a monthly on the 15th stays on the 15th and a weekly on Thursday stays on Thursdays.
 *
 * Two occurrences never share a run date: a move is at most three days (a Friday or Monday holiday beside a
 * weekend), less than the seven days between the closest occurrences.
 */

/**
 * The first occurrence of a schedule on or after `from` (its own date). Monthly days past a month's end fall
 * on its last day. Daily schedules start on the first business day; one-time ones on `from` itself.
 */
export function firstOccurrenceOnOrAfter(schedule: Schedule, from: string): string {
  switch (schedule.frequency) {
    case 'ONE_TIME':
      return from;
    case 'DAILY':
      return businessDayOnOrAfter(from);
    case 'WEEKLY':
    case 'FORTNIGHTLY': {
      const target = WEEKDAYS.indexOf(schedule.dayOfWeek ?? DEFAULT_WEEKDAY);
      const current = WEEKDAYS.indexOf(weekdayOf(from));
      return addDays(from, (target - current + 7) % 7);
    }
    case 'MONTHLY': {
      const [year, month, day] = from.split('-').map(Number);
      const thisMonth = clampedDayOfMonth(year, month, schedule.dayOfMonth ?? day);
      if (thisMonth >= from) return thisMonth;
      return month === 12
        ? clampedDayOfMonth(year + 1, 1, schedule.dayOfMonth ?? day)
        : clampedDayOfMonth(year, month + 1, schedule.dayOfMonth ?? day);
    }
  }
}

/** The occurrence after `previous` (an occurrence's own date); null for one-time schedules. */
export function nextOccurrenceAfter(schedule: Schedule, previous: string): string | null {
  switch (schedule.frequency) {
    case 'ONE_TIME':
      return null;
    case 'DAILY':
      return nextBusinessDay(previous);
    case 'WEEKLY':
      return addDays(previous, 7);
    case 'FORTNIGHTLY':
      return addDays(previous, 14);
    case 'MONTHLY': {
      const [year, month] = previous.split('-').map(Number);
      const day = schedule.dayOfMonth ?? Number(previous.slice(8));
      return month === 12 ? clampedDayOfMonth(year + 1, 1, day) : clampedDayOfMonth(year, month + 1, day);
    }
  }
}

/** The next `count` occurrences from `from`, their own dates (see upcomingRuns for the days money moves). */
export function upcomingOccurrences(schedule: Schedule, from: string, count: number): string[] {
  const dates: string[] = [];
  let next: string | null = firstOccurrenceOnOrAfter(schedule, from);
  while (next !== null && dates.length < count) {
    dates.push(next);
    next = nextOccurrenceAfter(schedule, next);
  }
  return dates;
}

/** One occurrence of a schedule: the day its money moves, and its own date when it was moved off it. */
export interface ScheduledRun {
  /** The business day the deposit is made. */
  date: string;
  /** The schedule's own date for this occurrence (the same as `date` unless it moved). */
  nominalDate: string;
  /** Why it moved ('Thanksgiving Day', 'Independence Day', 'Saturday', 'Sunday'); null when it did not. */
  movedReason: string | null;
}

/**
 * Why money due on `nominalDate` moves to `runDate`: the first Federal Reserve holiday observed on a weekday
 * between them (a Sunday 4 July moves past Monday 5 July's observance: "Independence Day" says more than
 * "Sunday"), else the weekend day the occurrence fell on. A holiday on a Saturday is not observed by the Fed,
 * so it reads as "Saturday".
 */
function moveReason(nominalDate: string, runDate: string): string | null {
  if (nominalDate === runDate) return null;
  for (let day = nominalDate; day < runDate; day = addDays(day, 1)) {
    const holiday = isWeekend(day) ? null : fedHolidayOn(day);
    if (holiday) return holiday;
  }
  return weekdayOf(nominalDate) === 'SATURDAY' ? 'Saturday' : 'Sunday';
}

/** The run of an occurrence due on `nominalDate`: that day when it is a business day, else the next one. */
export function runOfOccurrence(nominalDate: string): ScheduledRun {
  const date = businessDayOnOrAfter(nominalDate);
  return { date, nominalDate, movedReason: moveReason(nominalDate, date) };
}

/** The first run of a schedule starting on `startDate`: its first own date on or after it, moved if need be. */
export const firstRunOnOrAfter = (schedule: Schedule, startDate: string): ScheduledRun =>
  runOfOccurrence(firstOccurrenceOnOrAfter(schedule, startDate));

/** The run after `run`, counted from its own date (a moved occurrence does not move the ones after it). */
export function runAfter(schedule: Schedule, run: ScheduledRun): ScheduledRun | null {
  const next = nextOccurrenceAfter(schedule, run.nominalDate);
  return next === null ? null : runOfOccurrence(next);
}

/** `count` runs from `first` on (the manage list shows three). */
export function upcomingRuns(schedule: Schedule, first: ScheduledRun, count: number): ScheduledRun[] {
  const runs: ScheduledRun[] = [];
  let next: ScheduledRun | null = first;
  while (next !== null && runs.length < count) {
    runs.push(next);
    next = runAfter(schedule, next);
  }
  return runs;
}

/** Whether `date` is one of the schedule's own dates (one-time schedules: any date). */
function isOwnDate(schedule: Schedule, date: string): boolean {
  switch (schedule.frequency) {
    case 'ONE_TIME':
      return true;
    case 'DAILY':
      return isBusinessDay(date);
    case 'WEEKLY':
    case 'FORTNIGHTLY':
      return weekdayOf(date) === (schedule.dayOfWeek ?? DEFAULT_WEEKDAY);
    case 'MONTHLY': {
      const [year, month, day] = date.split('-').map(Number);
      return clampedDayOfMonth(year, month, schedule.dayOfMonth ?? day) === date;
    }
  }
}

/**
 * The run a stored run date stands for. The server stores only the day money moves next (what it runs on and
 * what limits count); the occurrence's own date is the latest own date of the schedule whose run is that day.
 * A stored date that is no run of the schedule (written before the bank calendar, say a daily on a Saturday)
 * counts as its own date and moves like any other.
 */
export function runOn(schedule: Schedule, runDate: string): ScheduledRun {
  if (schedule.frequency === 'DAILY')
    return { date: businessDayOnOrAfter(runDate), nominalDate: businessDayOnOrAfter(runDate), movedReason: null };
  for (let back = 0; back < 7; back += 1) {
    const candidate = addDays(runDate, -back);
    if (isOwnDate(schedule, candidate) && businessDayOnOrAfter(candidate) === runDate) return runOfOccurrence(candidate);
  }
  return runOfOccurrence(runDate);
}

/** A recurring deposit starts tomorrow (section 9), by the server's New York day. */
export const recurringStartDate = (today: string) => addDays(today, 1);

// ---- IRA contributions ----

export interface IraYearLimits {
  /** Contribution limit in cents. */
  limitCents: number;
  /** Extra allowed at age 50 or older, in cents. */
  catchUpCents: number;
  /** Upper end of the Roth income phase-out (no Roth contribution above it), in dollars. */
  rothIncomeLimitSingle: number;
  rothIncomeLimitJoint: number;
}

/** IRS figures by tax year: a table, not one constant, because they change most years. */
export const IRA_LIMITS_BY_YEAR: Readonly<Record<number, IraYearLimits>> = {
  2024: { limitCents: 700_000, catchUpCents: 100_000, rothIncomeLimitSingle: 161_000, rothIncomeLimitJoint: 240_000 },
  2025: { limitCents: 700_000, catchUpCents: 100_000, rothIncomeLimitSingle: 165_000, rothIncomeLimitJoint: 246_000 },
  2026: { limitCents: 750_000, catchUpCents: 110_000, rothIncomeLimitSingle: 168_000, rothIncomeLimitJoint: 252_000 },
};

/** The year's limits, or the latest known year's when the table has not caught up yet. */
export function iraLimitsFor(year: number): IraYearLimits {
  if (IRA_LIMITS_BY_YEAR[year]) return IRA_LIMITS_BY_YEAR[year];
  const known = Object.keys(IRA_LIMITS_BY_YEAR)
    .map(Number)
    .sort((a, b) => a - b);
  return IRA_LIMITS_BY_YEAR[year < known[0] ? known[0] : known[known.length - 1]];
}

/** The first tax year the IRA screens offer (the spec: 2025 or the customer's join year). */
export const FIRST_IRA_TAX_YEAR = 2025;

/** The customer's first IRA tax year: the later of 2025 and the year they joined ('yyyy-MM-dd', New York day). */
export const firstIraTaxYear = (joinedOn: string) => Math.max(FIRST_IRA_TAX_YEAR, Number(joinedOn.slice(0, 4)));

/** Whether a person born on `birthDate` is 50 or older by the end of `taxYear` (the catch-up rule). */
export const catchUpEligible = (birthDate: string | null, taxYear: number) =>
  birthDate !== null && taxYear - Number(birthDate.slice(0, 4)) >= 50;

export function iraLimitCents(taxYear: number, birthDate: string | null): number {
  const limits = iraLimitsFor(taxYear);
  return limits.limitCents + (catchUpEligible(birthDate, taxYear) ? limits.catchUpCents : 0);
}

/** Room left in a tax year (never negative); contributions to traditional and Roth IRAs share one limit. */
export const iraRemainingCents = (taxYear: number, birthDate: string | null, contributedCents: number) =>
  Math.max(0, iraLimitCents(taxYear, birthDate) - contributedCents);

/**
 * The filing deadline that ends contributions for a tax year: 15 April of the next year, moved to the
 * following Monday when it falls on a weekend. (Holiday shifts, such as Emancipation Day in Washington, are
 * not modelled.)
 */
export function iraContributionDeadline(taxYear: number): string {
  let deadline = `${taxYear + 1}-04-15`;
  while (isWeekend(deadline)) deadline = addDays(deadline, 1);
  return deadline;
}

/**
 * Tax years a contribution made today can count toward: the current year, and the previous year until its
 * filing deadline (inclusive). The list starts no earlier than `firstYear` (2025 or the customer's join year).
 */
export function contributionYearsOpen(today: string, firstYear: number): number[] {
  const year = Number(today.slice(0, 4));
  const years = [year];
  if (today <= iraContributionDeadline(year - 1)) years.push(year - 1);
  return years.filter((candidate) => candidate >= firstYear).sort((a, b) => b - a);
}
