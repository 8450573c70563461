import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { LiveEvent, LiveEventType } from '../../api/contract';
import { rootReducer } from '../../store/rootReducer';

/**
 * The live-events connection (funding-methods.md 4.10) as client state, so DevTools and a support replay show
 * whether the screen was live: the connection's status, consecutive failed attempts (they set the reconnect
 * delay), when the next attempt is due and the last event. Serialisable only: times are ISO strings; the
 * socket itself lives in the connection manager (liveEventsConnection.ts), never here.
 */
export type LiveEventsStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface LiveEventsState {
  status: LiveEventsStatus;
  /** Connection attempts that failed since the last one that opened. */
  attempts: number;
  /** When the next attempt is due while status is closed; null when none is planned. */
  retryAt: string | null;
  /** Close code of the last connection that ended (1006 when it never opened or dropped). */
  lastCloseCode: number | null;
  /** When the last event arrived, and its type. */
  lastEventAt: string | null;
  lastEventType: LiveEventType | null;
}

export const initialLiveEventsState: LiveEventsState = {
  status: 'idle',
  attempts: 0,
  retryAt: null,
  lastCloseCode: null,
  lastEventAt: null,
  lastEventType: null,
};

const liveEventsSliceDefinition = createSlice({
  name: 'liveEvents',
  initialState: initialLiveEventsState,
  reducers: {
    connectionStarted(state) {
      state.status = 'connecting';
      state.retryAt = null;
    },
    connectionOpened(state) {
      state.status = 'open';
      state.attempts = 0;
      state.retryAt = null;
      state.lastCloseCode = null;
    },
    connectionLost(state, action: PayloadAction<{ code: number }>) {
      state.status = 'closed';
      state.attempts += 1;
      state.lastCloseCode = action.payload.code;
    },
    reconnectScheduled(state, action: PayloadAction<{ retryAt: string }>) {
      if (state.status === 'closed') state.retryAt = action.payload.retryAt;
    },
    liveEventReceived: {
      reducer(state, action: PayloadAction<{ event: LiveEvent; receivedAt: string }>) {
        state.lastEventAt = action.payload.receivedAt;
        state.lastEventType = action.payload.event.type;
      },
      prepare: (event: LiveEvent, receivedAt: string = new Date().toISOString()) => ({ payload: { event, receivedAt } }),
    },
    /** Signed out (or the app shell went away): no connection and nothing planned. */
    connectionStopped: () => initialLiveEventsState,
  },
  selectors: {
    selectLiveEventsStatus: (state) => state.status,
    selectLiveEventsAttempts: (state) => state.attempts,
    selectLiveEventsRetryAt: (state) => state.retryAt,
    selectLastLiveEventAt: (state) => state.lastEventAt,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof liveEventsSliceDefinition> {}
}

/**
 * Injected when the connection manager's chunk loads (after sign-in), so the first bundle does not carry
 * it; its selectors answer the initial state until then.
 */
export const liveEventsSlice = liveEventsSliceDefinition.injectInto(rootReducer);

export const selectLiveEventsState = (state: Parameters<typeof liveEventsSlice.selectSlice>[0]) => liveEventsSlice.selectSlice(state);
export const { connectionStarted, connectionOpened, connectionLost, reconnectScheduled, liveEventReceived, connectionStopped } =
  liveEventsSlice.actions;
export const { selectLiveEventsStatus, selectLiveEventsAttempts, selectLiveEventsRetryAt, selectLastLiveEventAt } =
  liveEventsSlice.selectors;
