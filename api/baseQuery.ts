import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query';
import { ApiPaths, CSRF_HEADER } from './contract/values';
import type { SessionResponse } from './contract';
import { normaliseError, type ApiError } from './apiError';
import { sessionEstablished, sessionExpired, type TokenState } from './authEvents';
import { withSessionRefreshLock } from './sessionRefreshLock';
import { isOfflineExtra } from './offlineExtra';

/** Absolute in tests (jsdom has no origin to resolve against), relative in the browser. */
export function apiBaseUrl(): string {
  const configured = typeof process !== 'undefined' ? process.env.FUNDFLOW_API_BASE : undefined;
  return configured ?? '';
}

const REQUEST_TIMEOUT_MS = 20_000;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  credentials: 'same-origin',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders(headers, { getState }) {
    const token = (getState() as TokenState).session?.accessToken;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    headers.set(CSRF_HEADER, 'web');
    return headers;
  },
});

// Requests that must never trigger a refresh-and-retry: they are the auth exchange itself.
const AUTH_PATHS: readonly string[] = [ApiPaths.login, ApiPaths.refresh, ApiPaths.logout];

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

// Concurrent 401s of this tab share one refresh call, and other tabs' refreshes wait for it (the Web Lock):
// two refreshes racing to rotate the cookie would end the session.
let refreshInFlight: Promise<SessionResponse | null> | null = null;

/**
 * Adds the token, retries once after a token refresh on 401 (then ends the session, which sends the
 * customer to login), and turns every failure into one ApiError.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  // A support replay shows recorded data only: nothing is sent.
  if (isOfflineExtra(api.extra)) return { error: { status: 'CUSTOM_ERROR', message: 'Network is off in a support replay.' } };
  let result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401 && !AUTH_PATHS.includes(urlOf(args))) {
    refreshInFlight ??= withSessionRefreshLock(async () => {
      const refreshed = await rawBaseQuery({ url: ApiPaths.refresh, method: 'POST' }, api, extraOptions);
      return refreshed.error ? null : (refreshed.data as SessionResponse);
    }).finally(() => {
      refreshInFlight = null;
    });
    const session = await refreshInFlight;
    if (session) {
      api.dispatch(sessionEstablished(session));
      const retryArgs: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
      retryArgs.headers = { ...(retryArgs.headers as Record<string, string> | undefined), authorization: `Bearer ${session.accessToken}` };
      result = await rawBaseQuery(retryArgs, api, extraOptions);
    } else {
      api.dispatch(sessionExpired());
    }
  }
  if (result.error) return { error: normaliseError(result.error), meta: result.meta };
  return { data: result.data, meta: result.meta };
};
