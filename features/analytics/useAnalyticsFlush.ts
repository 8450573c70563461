import { useEffect } from 'react';
import { useRecordAnalyticsEventsMutation } from '../../api/verificationApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { analyticsEventsSent, type AnalyticsState } from './analyticsSlice';

/** Events wait this long so a burst (a step change and its page view) goes in one request. */
export const ANALYTICS_FLUSH_DELAY_MS = 1000;
/** The server takes at most this many events per request (AnalyticsEventsRequest). */
export const ANALYTICS_BATCH_SIZE = 50;

// One flush at a time for the whole app, however many screens use the hook: a batch is never sent twice.
let flushing = false;

type WithAnalytics = { analytics: AnalyticsState };

/**
 * Sends the analytics log's unsent events to the server in batches. A failed send keeps the events and is
 * tried again with the next event; the log in the store is the record either way. Used by the funding
 * screens that record events, so the first page does not carry it.
 */
export function useAnalyticsFlush(delayMs = ANALYTICS_FLUSH_DELAY_MS): void {
  const dispatch = useAppDispatch();
  const [recordEvents] = useRecordAnalyticsEventsMutation();
  const logLength = useAppSelector((state: WithAnalytics) => state.analytics.log.length);
  const sentCount = useAppSelector((state: WithAnalytics) => state.analytics.sentCount);
  const log = useAppSelector((state: WithAnalytics) => state.analytics.log);

  useEffect(() => {
    if (sentCount >= logLength) return undefined;
    const timer = setTimeout(() => {
      if (flushing) return;
      const batch = log.slice(sentCount, sentCount + ANALYTICS_BATCH_SIZE);
      flushing = true;
      recordEvents({ events: batch })
        .unwrap()
        .then(() => dispatch(analyticsEventsSent(batch.length)))
        .catch(() => undefined)
        .finally(() => {
          flushing = false;
        });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [dispatch, recordEvents, log, logLength, sentCount, delayMs]);
}
