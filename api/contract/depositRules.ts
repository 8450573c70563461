/**
 * Deposit rules and constants (deposits-and-transfers.md sections 4, 5 and 9) as plain values and pure
 * functions over integer cents and calendar dates ('yyyy-MM-dd'). The server enforces them and the app's
 * forms and selectors use the same functions. Dates are calendar days without a time zone: the caller
 * decides which day "today" is (the server from its clock, in the market's zone).
 */

export const FIRST_DEPOSIT_MIN_CENTS = 2_000;
export const DEPOSIT_MIN_CENTS = 100;
export const DEPOSIT_PRESETS_DOLLARS = [500, 1000, 2000] as const;
export const IRA_PRESETS_DOLLARS = [500, 1000] as const;
export const RECENT_METHOD_WINDOW_MONTHS = 3;
export const IRA_MATCH_PERCENT = 1;
export const IRA_MATCH_HOLD_YEARS = 5;

export const FREQUENCIES = ['ONE_TIME', 'DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const DEFAULT_WEEKDAY: Weekday = 'MONDAY';

// ---- calendar days ----

const DAY_MS = 86_400_000;

/** 'yyyy-MM-dd' → days since 1970-01-01 (UTC arithmetic, so no daylight-saving surprises). */
export function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Not a calendar date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new Error(`Not a calendar date: ${date}`);
  }
  return time / DAY_MS;
}

export const fromDayNumber = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => fromDayNumber(dayNumber(date) + days);

/** MONDAY … SUNDAY of a calendar date. */
export function weekdayOf(date: string): Weekday {
  // 1970-01-01 was a Thursday (index 3 with Monday as 0).
  return WEEKDAYS[(((dayNumber(date) + 3) % 7) + 7) % 7];
}

export const isWeekend = (date: string) => {
  const weekday = weekdayOf(date);
  return weekday === 'SATURDAY' || weekday === 'SUNDAY';
};

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
 * The first occurrence of a schedule on or after `from`. Monthly days past a month's end fall on its last
 * day. One-time schedules occur on `from` itself.
 */
export function firstOccurrenceOnOrAfter(schedule: Schedule, from: string): string {
  switch (schedule.frequency) {
    case 'ONE_TIME':
    case 'DAILY':
      return from;
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
      return month === 12 ? clampedDayOfMonth(year + 1, 1, schedule.dayOfMonth ?? day) : clampedDayOfMonth(year, month + 1, schedule.dayOfMonth ?? day);
    }
  }
}

/** The occurrence after `previous` (an occurrence of the schedule); null for one-time schedules. */
export function nextOccurrenceAfter(schedule: Schedule, previous: string): string | null {
  switch (schedule.frequency) {
    case 'ONE_TIME':
      return null;
    case 'DAILY':
      return addDays(previous, 1);
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

/** The next `count` occurrences from `from` (the manage list shows three). */
export function upcomingOccurrences(schedule: Schedule, from: string, count: number): string[] {
  const dates: string[] = [];
  let next: string | null = firstOccurrenceOnOrAfter(schedule, from);
  while (next !== null && dates.length < count) {
    dates.push(next);
    next = nextOccurrenceAfter(schedule, next);
  }
  return dates;
}

/** A recurring deposit starts tomorrow (section 9). */
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
  const known = Object.keys(IRA_LIMITS_BY_YEAR).map(Number).sort((a, b) => a - b);
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
