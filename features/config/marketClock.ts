import { createSelector } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { clockApi, useGetMarketClockQuery } from '../../api/clockApi';
import { marketDate } from '../../api/contract/bankCalendar';
import {
  firstRunOnOrAfter,
  recurringStartDate,
  type Frequency,
  type Schedule,
  type ScheduledRun,
  type Weekday,
} from '../../api/contract/depositRules';
import type { AppDispatch } from '../../store/store';
import type { RootState } from '../../store/rootReducer';
import { useAppSelector } from '../../store/hooks';

/**
 * "Today" in the app is the server's New York day (GET /api/clock), not the browser's: a browser is rarely in
 * New York, and in the sandbox FUNDFLOW_SANDBOX_NOW sets the server's clock. Every date the app computes (the
 * recurring start, a schedule's first run, IRA years, the latest birth date) starts from these selectors.
 */

const selectClockResult = clockApi.endpoints.getMarketClock.select();

/** The server's New York day, 'yyyy-MM-dd'; null until the server has answered. */
export const selectMarketToday = createSelector([selectClockResult], (result): string | null => result.data?.marketDate ?? null);

/**
 * How far the server's clock is ahead of the browser's, in ms (0 until it has answered): the server's instant less
 * the browser's when the answer arrived. Rules that compare with an instant (a cancel deadline) add it to Date.now().
 */
export const selectServerClockOffsetMs = createSelector([selectClockResult], (result): number =>
  result.data && result.fulfilledTimeStamp ? Date.parse(result.data.now) - result.fulfilledTimeStamp : 0,
);

/** A recurring deposit starts tomorrow at the earliest (section 9): tomorrow by the server's New York day. */
export const selectRecurringStartDate = createSelector([selectMarketToday], (today) => (today === null ? null : recurringStartDate(today)));

type ScheduleFields = { frequency: Frequency; dayOfWeek?: Weekday | null; dayOfMonth?: number | null };

/**
 * The first deposit of a recurring schedule set up on `today` (New York): its first own date from tomorrow, moved
 * to the next business day when that is a weekend or a Fed holiday (the bank calendar). Null for one-time.
 */
export function firstRecurringRun(today: string, schedule: ScheduleFields): ScheduledRun | null {
  if (schedule.frequency === 'ONE_TIME') return null;
  const { frequency, dayOfWeek = null, dayOfMonth = null } = schedule;
  return firstRunOnOrAfter({ frequency, dayOfWeek, dayOfMonth } satisfies Schedule, recurringStartDate(today));
}

/** firstRecurringRun for a schedule set up now, by the server's day; null until the server's clock is known. */
export const selectFirstRecurringRun = createSelector(
  [
    selectMarketToday,
    (_state: RootState, schedule: ScheduleFields) => schedule.frequency,
    (_state: RootState, schedule: ScheduleFields) => schedule.dayOfWeek ?? null,
    (_state: RootState, schedule: ScheduleFields) => schedule.dayOfMonth ?? null,
  ],
  (today, frequency, dayOfWeek, dayOfMonth): ScheduledRun | null =>
    today === null ? null : firstRecurringRun(today, { frequency, dayOfWeek, dayOfMonth }),
);

/**
 * The day a deposit screen's "Starting" row shows: today for a one-time deposit, the first real run for a
 * recurring one. Null until the server's clock is known.
 */
export const selectDepositStartingDate = (state: RootState, schedule: ScheduleFields): string | null =>
  schedule.frequency === 'ONE_TIME' ? selectMarketToday(state) : (selectFirstRecurringRun(state, schedule)?.date ?? null);

// ---- for screens and thunks ----

/** The browser's guess at New York's day: only for the first moments before the server's clock has answered. */
const browserMarketToday = () => marketDate(new Date());

/** The server's New York day for a screen (subscribes to the clock, so a flow mounted on its own loads it too). */
export function useMarketToday(): string {
  useGetMarketClockQuery();
  return useAppSelector(selectMarketToday) ?? browserMarketToday();
}

/** The server's clock as the browser can know it: Date.now() plus the offset (for a screen). */
export function useServerNow(): () => number {
  useGetMarketClockQuery();
  const offset = useAppSelector(selectServerClockOffsetMs);
  return useCallback(() => Date.now() + offset, [offset]);
}

/** A screen's "Starting" day (see selectDepositStartingDate), with the same stopgap as useMarketToday. */
export function useDepositStartingDate(schedule: ScheduleFields): string {
  useGetMarketClockQuery();
  const starting = useAppSelector((state) => selectDepositStartingDate(state, schedule));
  if (starting !== null) return starting;
  const today = browserMarketToday();
  return firstRecurringRun(today, schedule)?.date ?? today;
}

/** For a thunk about to send a date: the server's New York day, asked for when the store does not hold it yet. */
export async function marketTodayFor(dispatch: AppDispatch, getState: () => RootState): Promise<string> {
  const known = selectMarketToday(getState());
  if (known !== null) return known;
  return (await dispatch(clockApi.endpoints.getMarketClock.initiate(undefined, { subscribe: false })).unwrap()).marketDate;
}
