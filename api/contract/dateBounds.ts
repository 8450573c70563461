// The range of calendar dates the API takes (issue 19): every date a customer or the app sends (a schedule's
// start, a date of birth, a moment an event happened) is on the calendar and between these two. Outside it a
// date is a mistake or a probe, and some cannot be stored at all (PostgreSQL has no year 0, JavaScript no year
// 275760), so it is refused as invalid input instead of reaching the database.

export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2199-12-31';

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a yyyy-MM-dd date that exists on the calendar, from EARLIEST_DATE to LATEST_DATE. */
export function isDateInRange(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth && text >= EARLIEST_DATE && text <= LATEST_DATE;
}
