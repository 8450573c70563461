import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

const REDACTED = '[redacted]';

/** What DevTools shows: the access token never leaves the app's memory, even in development. */
export function redactForDevTools<S>(state: S): S {
  const value = state as { session?: { accessToken?: string | null } };
  if (!value?.session?.accessToken) return state;
  return { ...value, session: { ...value.session, accessToken: REDACTED } } as S;
}

export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Fundflow',
  maxAge: 150,
  stateSanitizer: (state) => redactForDevTools(state),
  actionSanitizer: (action) => {
    const payload = (action as { payload?: { accessToken?: string } }).payload;
    if (payload && typeof payload === 'object' && 'accessToken' in payload) {
      return { ...action, payload: { ...payload, accessToken: REDACTED } };
    }
    return action;
  },
};
