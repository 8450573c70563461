import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';

export const REDACTED = '[redacted]';

/**
 * Keys whose values never reach DevTools (or anything built on these sanitizers): credentials, tokens, full
 * bank account numbers (the link calls carry them as arguments, which RTK Query copies into its actions and
 * mutation state) and uploaded file contents.
 */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set([
  'accessToken',
  'password',
  'bankAccount',
  'accountNumber',
  'publicToken',
  'linkToken',
  'clientSecret',
  'base64file',
  'token',
]);

const MAX_DEPTH = 12;

/** A copy of `value` with every sensitive key's value replaced; untouched branches keep their identity. */
export function redactSensitive<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const next = (value as unknown[]).map((item) => {
      const redacted = redactSensitive(item, depth + 1);
      if (redacted !== item) changed = true;
      return redacted;
    });
    return (changed ? next : value) as T;
  }
  let copy: Record<string, unknown> | null = null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const next = SENSITIVE_KEYS.has(key) && typeof child === 'string' && child !== '' ? REDACTED : redactSensitive(child, depth + 1);
    if (next !== child) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

/** What DevTools shows: the access token never leaves the app's memory, even in development. */
export function redactForDevTools<S>(state: S): S {
  return redactSensitive(state);
}

/** Whether the Redux DevTools browser extension is installed in this page (it defines its compose before the app runs). */
export function devToolsExtensionPresent(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: unknown }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ === 'function'
  );
}

/**
 * Actions DevTools keeps. More than a support export holds (200, store/sessionExport.ts), so an imported
 * session stays whole: the extension commits the oldest actions beyond this as soon as the app dispatches
 * its next action, and those could no longer be stepped to.
 */
export const DEVTOOLS_MAX_AGE = 250;

export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Fundflow',
  maxAge: DEVTOOLS_MAX_AGE,
  stateSanitizer: (state) => redactForDevTools(state),
  actionSanitizer: (action) => redactSensitive(action),
};
