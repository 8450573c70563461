import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnalyticsEvent } from '../../api/contract';

/** Events kept in the store for DevTools and support exports; older ones are dropped after they are sent. */
export const ANALYTICS_LOG_LIMIT = 200;

export interface AnalyticsState {
  /** Every recorded event, oldest first, at most ANALYTICS_LOG_LIMIT. */
  log: AnalyticsEvent[];
  /** How many events from the start of `log` the server has accepted. */
  sentCount: number;
}

const initialState: AnalyticsState = { log: [], sentCount: 0 };

/**
 * The analytics event log (bank-link edit and cancel events, fallback page views, link failures...). It lives
 * in the store so time travel and a support replay show what the customer did; a flusher sends it on.
 */
export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState,
  reducers: {
    analyticsEventRecorded: {
      reducer(state, action: PayloadAction<AnalyticsEvent>) {
        state.log.push(action.payload);
        const overflow = state.log.length - ANALYTICS_LOG_LIMIT;
        if (overflow > 0) {
          state.log.splice(0, overflow);
          state.sentCount = Math.max(0, state.sentCount - overflow);
        }
      },
      // The timestamp is taken when the action is created, so the reducer stays pure and replays exactly.
      // TypeScript 5.9 (which ESLint's type-aware rules run on) reads TypeBox's record of a length-limited string key
      // as any; TypeScript 7, the type-check, reads the record as written.
      prepare: (name: string, properties: AnalyticsEvent['properties'] = {}, occurredAt = new Date().toISOString()) => ({
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
        payload: { name, properties, occurredAt },
      }),
    },
    analyticsEventsSent(state, action: PayloadAction<number>) {
      state.sentCount = Math.min(state.log.length, state.sentCount + action.payload);
    },
  },
  selectors: {
    selectAnalyticsLog: (state) => state.log,
    selectUnsentAnalyticsEvents: (state) => state.log.slice(state.sentCount),
  },
});

export const { analyticsEventRecorded, analyticsEventsSent } = analyticsSlice.actions;
export const { selectAnalyticsLog, selectUnsentAnalyticsEvents } = analyticsSlice.selectors;
