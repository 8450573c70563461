import { createAction } from '@reduxjs/toolkit';
import type { SessionResponse } from './contract';

// The api layer cannot import feature slices; it announces what happened and the session slice listens.
export const sessionEstablished = createAction<SessionResponse>('auth/sessionEstablished');
export const sessionExpired = createAction('auth/sessionExpired');

/** The part of the root state the base query needs: the in-memory access token. */
export interface TokenState {
  session?: { accessToken: string | null };
}
