import { createAction, createSlice, isAnyOf } from '@reduxjs/toolkit';
import { authApi, signedOut } from '../../api/authApi';
import { sessionEstablished, sessionExpired } from '../../api/authEvents';
import type { SessionResponse, User } from '../../api/contract';
import { errorMessage, isOutage } from '../../api/apiError';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  /** Memory only: never persisted, dropped from support exports. */
  accessToken: string | null;
  user: User | null;
  /** Why the customer was sent back to login, shown on the login page. */
  endedReason: 'expired' | 'signedOut' | null;
  /**
   * Restoring the session on a page load got no verdict (the server failed, asked us to slow down, or did not
   * answer): the message shown with Try again. The session may well be alive, so this is not a sign-out.
   */
  restoreProblem?: string | null;
}

/** The customer pressed Try again after a restore that got no verdict. */
export const sessionRestoreRetried = createAction('session/restoreRetried');

const initialState: SessionState = { status: 'unknown', accessToken: null, user: null, endedReason: null, restoreProblem: null };

const establish = (state: SessionState, session: SessionResponse) => {
  state.status = 'authenticated';
  state.accessToken = session.accessToken;
  state.user = session.user;
  state.endedReason = null;
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionEstablished, (state, action) => establish(state, action.payload))
      .addCase(sessionExpired, (state) => {
        const wasSignedIn = state.status === 'authenticated';
        Object.assign(state, initialState, { status: 'anonymous', endedReason: wasSignedIn ? 'expired' : null });
      })
      .addCase(sessionRestoreRetried, (state) => {
        state.restoreProblem = null;
      })
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, action) => establish(state, action.payload))
      .addMatcher(authApi.endpoints.refreshSession.matchFulfilled, (state, action) => {
        establish(state, action.payload);
        state.restoreProblem = null;
      })
      .addMatcher(authApi.endpoints.refreshSession.matchRejected, (state, action) => {
        if (state.status !== 'unknown' || action.meta.condition) return;
        // Only a verdict (no session, an ended one) signs the page out; an outage leaves it to a retry.
        if (isOutage(action.payload)) state.restoreProblem = errorMessage(action.payload);
        else state.status = 'anonymous';
      })
      // Signing out ends the session in this browser whatever the server answered: a failed or dropped logout
      // only leaves the server's refresh cookie behind (best-effort), never the customer signed in here.
      .addMatcher(signedOut, () => ({ ...initialState, status: 'anonymous' as const, endedReason: 'signedOut' as const }))
      .addMatcher(isAnyOf(authApi.endpoints.getMe.matchFulfilled, authApi.endpoints.acceptTerms.matchFulfilled), (state, action) => {
        state.user = action.payload.user;
      });
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectCurrentUser: (state) => state.user,
    selectAccessToken: (state) => state.accessToken,
    selectSessionEndedReason: (state) => state.endedReason,
    selectSessionRestoreProblem: (state) => state.restoreProblem ?? null,
  },
});

export const { selectSessionStatus, selectCurrentUser, selectAccessToken, selectSessionEndedReason, selectSessionRestoreProblem } =
  sessionSlice.selectors;
