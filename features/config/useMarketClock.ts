import { useEffect } from 'react';
import { useGetMarketClockQuery } from '../../api/clockApi';
import { useAfterFirstContent } from '../pageLoad/firstContent';

/** Asked again a moment after the server's New York midnight, so the next day is never late. */
const AFTER_MIDNIGHT_MS = 2_000;
/** setTimeout's longest wait; a New York day is never longer than 25 hours anyway. */
const LONGEST_WAIT_MS = 25 * 3_600_000;

/**
 * Keeps the server's clock in the store for as long as the app runs (mounted once, in the app shell): it loads at
 * start, again when the window comes back into focus (a laptop that slept) and just after the server's New York
 * day ends. The wait is measured between two server instants, so it is right whatever the browser's clock says.
 * The shell's load waits for the page's first content (features/pageLoad/firstContent.ts); a screen that needs
 * the day sooner asks for it itself (useMarketToday and the others in marketClock.ts).
 */
export function useMarketClock(): void {
  const started = useAfterFirstContent();
  const { data, refetch } = useGetMarketClockQuery(undefined, { refetchOnFocus: true, skip: !started });
  useEffect(() => {
    if (!data) return;
    const untilMidnight = Date.parse(data.marketDayEndsAt) - Date.parse(data.now);
    const timer = window.setTimeout(() => void refetch(), Math.min(Math.max(untilMidnight, 0) + AFTER_MIDNIGHT_MS, LONGEST_WAIT_MS));
    return () => window.clearTimeout(timer);
  }, [data, refetch]);
}
