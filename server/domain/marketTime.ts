import { addDays, isWeekend } from '../../api/contract';

/**
 * Calendar days and times of the market (America/New_York). "Today", the daily deposit limit, the cut-off and
 * business days are all counted in this zone, whatever the server's own zone, from the injectable clock.
 * Business days are weekdays; market holidays are not modelled.
 */
export const MARKET_TIME_ZONE = 'America/New_York';

/** Bank deposits not yet sent can be cancelled until 4 pm market time on their business day. */
export const DAILY_CUT_OFF = { hour: 16, minute: 0 } as const;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: MARKET_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function marketParts(instant: Date) {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The market's calendar day of an instant, 'yyyy-MM-dd'. */
export const marketDate = (instant: Date): string => marketParts(instant).date;

/** Offset of market time from UTC at an instant, in ms (-4 or -5 hours). */
function offsetAt(instant: Date): number {
  const { date, hour, minute, second } = marketParts(instant);
  const [year, month, day] = date.split('-').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of a wall-clock time on a market day (daylight saving handled). */
export function marketTime(date: string, hour: number, minute = 0): Date {
  const [year, month, day] = date.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // Two passes: the offset at the first guess can differ from the offset at the answer around a switch.
  const first = wall - offsetAt(new Date(wall));
  return new Date(wall - offsetAt(new Date(first)));
}

/** Midnight at the start of a market day. */
export const startOfMarketDay = (date: string): Date => marketTime(date, 0, 0);

export const isBusinessDay = (date: string) => !isWeekend(date);

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

export function addBusinessDays(date: string, count: number): string {
  let result = date;
  for (let i = 0; i < count; i += 1) result = nextBusinessDay(result);
  return result;
}

export const cutOffOf = (date: string): Date => marketTime(date, DAILY_CUT_OFF.hour, DAILY_CUT_OFF.minute);

/**
 * The business day a bank deposit made at `instant` belongs to: today when it is a business day before the
 * cut-off, otherwise the next business day. The deposit goes to the bank at that day's cut-off.
 */
export function depositBusinessDay(instant: Date): string {
  const today = marketDate(instant);
  if (isBusinessDay(today) && instant.getTime() < cutOffOf(today).getTime()) return today;
  return nextBusinessDay(today);
}
