import { allForYear } from '@18f/us-federal-holidays';
import { addDays, isWeekend } from './calendarDays';

/**
 * The US bank calendar every money date of the product comes from, on the server and in the app.
 *
 * - Business days are weekdays that are not Federal Reserve holidays. The holidays are the eleven federal ones
 *   (5 U.S.C. 6103, from the maintained @18f/us-federal-holidays), observed as the Federal Reserve observes them:
 *   a holiday on a Sunday is observed the Monday after; one on a Saturday is not moved (the Fed and the ACH
 *   network are open on the Friday before, unlike federal offices).
 * - Days and times are New York's ("market time"), whatever the zone of the server or the browser.
 * - The ACH cut-off is 4 pm New York time: a bank deposit made before it on a business day goes out in that day's
 *   batch; one made later, or on a weekend or holiday, goes out in the next business day's batch.
 *
 * Dates are 'yyyy-MM-dd' calendar days; instants are Date objects.
 */

export const MARKET_TIME_ZONE = 'America/New_York';

/** The ACH batch cut-off, New York wall-clock time. */
export const ACH_CUT_OFF = { hour: 16, minute: 0 } as const;

// The Fed's own observance: Sunday holidays move to Monday, Saturday holidays are not observed.
const FED_OBSERVANCE = { shiftSaturdayHolidays: false, shiftSundayHolidays: true } as const;

const holidaysByYear = new Map<number, ReadonlyMap<string, string>>();

/** Federal Reserve holidays of a year as observed: date → name. */
export function fedHolidaysOf(year: number): ReadonlyMap<string, string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = new Map(
      allForYear(year, FED_OBSERVANCE)
        // A Saturday holiday keeps its Saturday date: it falls on a weekend, so it takes no business day away.
        .map((holiday) => [holiday.dateString, holiday.name] as const),
    );
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

/** The name of the Federal Reserve holiday observed on a date, or null. */
export const fedHolidayOn = (date: string): string | null => fedHolidaysOf(Number(date.slice(0, 4))).get(date) ?? null;

export const isBusinessDay = (date: string): boolean => !isWeekend(date) && fedHolidayOn(date) === null;

export function nextBusinessDay(date: string): string {
  let next = addDays(date, 1);
  while (!isBusinessDay(next)) next = addDays(next, 1);
  return next;
}

export function previousBusinessDay(date: string): string {
  let previous = addDays(date, -1);
  while (!isBusinessDay(previous)) previous = addDays(previous, -1);
  return previous;
}

/** The date itself when it is a business day, else the next one. */
export const businessDayOnOrAfter = (date: string): string => (isBusinessDay(date) ? date : nextBusinessDay(date));

/** `count` business days after `date` (0 gives `date` itself, whatever it is). */
export function addBusinessDays(date: string, count: number): string {
  let result = date;
  for (let i = 0; i < count; i += 1) result = nextBusinessDay(result);
  return result;
}

// ---- New York time ----

let partsFormat: Intl.DateTimeFormat | null = null;

/** Offset of New York time from UTC at an instant, in ms (-4 or -5 hours), asked of Intl. */
function zoneOffsetFromIntl(instant: Date): number {
  // Made on first use: the first Intl formatter costs the browser its locale data, so not at module load.
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    timeZone: MARKET_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
const offsetByUtcHour = new Map<number, number>();

/**
 * Offset of New York time from UTC at an instant, in ms. New York changes offset only on a whole UTC hour (2 am
 * local), so the offset is the same through each UTC hour and is asked of Intl once per hour: Intl's time-zone
 * formatting is the costliest step of every date rule, and a deposit confirm runs several of them.
 */
function offsetAt(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByUtcHour.get(hour);
  if (offset === undefined) {
    if (offsetByUtcHour.size >= 4096) offsetByUtcHour.clear();
    offset = zoneOffsetFromIntl(new Date(hour * HOUR_MS));
    offsetByUtcHour.set(hour, offset);
  }
  return offset;
}

/** New York's wall clock at an instant: its day 'yyyy-MM-dd' and the hour, minute and second. */
function marketParts(instant: Date) {
  const wall = new Date(instant.getTime() + offsetAt(instant));
  return { date: wall.toISOString().slice(0, 10), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds() };
}

/** New York's calendar day of an instant, 'yyyy-MM-dd'. */
export const marketDate = (instant: Date): string => marketParts(instant).date;

/** The instant of a New York wall-clock time on a date (daylight saving handled). */
export function marketTime(date: string, hour: number, minute = 0): Date {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes: the offset at the first guess can differ from the offset at the answer around a switch.
  const first = wall - offsetAt(new Date(wall));
  return new Date(wall - offsetAt(new Date(first)));
}

/** Midnight at the start of a New York day. */
export const startOfMarketDay = (date: string): Date => marketTime(date, 0, 0);

/** The 4 pm New York cut-off of a date. */
export const cutOffOf = (date: string): Date => marketTime(date, ACH_CUT_OFF.hour, ACH_CUT_OFF.minute);

/**
 * The ACH batch day of money moving at `instant`: today when it is a business day before the cut-off, else
 * the next business day. The batch goes to the bank at that day's cut-off.
 */
export function achBatchDay(instant: Date): string {
  const today = marketDate(instant);
  if (isBusinessDay(today) && instant.getTime() < cutOffOf(today).getTime()) return today;
  return nextBusinessDay(today);
}

// ---- the dates of an ACH movement ----

/** A bank deposit settles (its money arrives) this many business days after its batch day (Nacha's same-day rules aside, standard ACH debit settlement as our bank partner runs it). */
export const BANK_SETTLEMENT_BUSINESS_DAYS = 3;

/** A withdrawal arrives in the bank this many business days after its batch day. */
export const WITHDRAWAL_ARRIVAL_BUSINESS_DAYS = 2;

export interface AchDates {
  /** The business day whose batch carries the money. */
  batchDay: string;
  /** The batch's cut-off: the money goes to the bank then, and a deposit can be cancelled until then. */
  sendAt: Date;
  /** The business day the money settles (a deposit) or arrives (a withdrawal). */
  settlementDate: string;
  /** The cut-off of the settlement date: when the product marks it settled. */
  settleAt: Date;
}

function achDates(instant: Date, businessDays: number): AchDates {
  const batchDay = achBatchDay(instant);
  const settlementDate = addBusinessDays(batchDay, businessDays);
  return { batchDay, sendAt: cutOffOf(batchDay), settlementDate, settleAt: cutOffOf(settlementDate) };
}

/** When a bank deposit made at `instant` is sent (and cancellable until) and when it settles. */
export const bankDepositDates = (instant: Date): AchDates => achDates(instant, BANK_SETTLEMENT_BUSINESS_DAYS);

/** When a withdrawal made at `instant` is sent and when it arrives in the bank. */
export const withdrawalDates = (instant: Date): AchDates => achDates(instant, WITHDRAWAL_ARRIVAL_BUSINESS_DAYS);
