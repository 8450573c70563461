import { authApi } from '../../api/authApi';
import { withSessionRefreshLock } from '../../api/sessionRefreshLock';
import { sessionExpired } from '../../api/authEvents';
import { signedOutHere } from './signedOutMarker';
import type { AppDispatch } from '../../store/store';

let refreshInFlight: Promise<unknown> | null = null;

/**
 * Renews the session from the refresh cookie once per tab at a time, and across tabs one after the other (Web
 * Locks): two refreshes presenting the same refresh cookie would look like a stolen token to the server (which
 * then ends every session). Each tab waits its turn and so presents the cookie the previous tab's refresh left
 * in the browser. Used when a page loads (several restored tabs load at once) and for the live REFRESH_TOKEN
 * event (which reaches every tab at once). The session slice records the outcome; this never rejects.
 */
export function refreshSessionOnce(dispatch: AppDispatch): Promise<unknown> {
  // The customer signed out in this browser: a refresh cookie the server may not have ended does not sign them in.
  if (signedOutHere()) {
    dispatch(sessionExpired());
    return Promise.resolve(undefined);
  }
  const refresh = async () => dispatch(authApi.endpoints.refreshSession.initiate()).unwrap();
  refreshInFlight ??= withSessionRefreshLock(refresh)
    .catch(() => undefined)
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}
