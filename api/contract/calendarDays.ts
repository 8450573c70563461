/**
 * Calendar days as 'yyyy-MM-dd' strings: arithmetic without a time zone (UTC underneath, so no daylight-saving
 * surprises). The bank calendar and the deposit rules both build on these; they live apart from both so
 * neither imports the other in a circle.
 */

export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

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
