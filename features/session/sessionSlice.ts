import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import { authApi, signedOut } from '../../api/authApi';
import { sessionEstablished, sessionExpired } from '../../api/authEvents';
import type { SessionResponse, User } from '../../api/contract';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  /** Memory only: never persisted, dropped from support exports. */
  accessToken: string | null;
  user: User | null;
  /** Why the customer was sent back to login, shown on the login page. */
  endedReason: 'expired' | 'signedOut' | null;
}

const initialState: SessionState = { status: 'unknown', accessToken: null, user: null, endedReason: null };

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
      .addMatcher(authApi.endpoints.login.matchFulfilled, (state, action) => establish(state, action.payload))
      .addMatcher(authApi.endpoints.refreshSession.matchFulfilled, (state, action) => establish(state, action.payload))
      .addMatcher(authApi.endpoints.refreshSession.matchRejected, (state) => {
        if (state.status === 'unknown') state.status = 'anonymous';
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
  },
});

export const { selectSessionStatus, selectCurrentUser, selectAccessToken, selectSessionEndedReason } = sessionSlice.selectors;
