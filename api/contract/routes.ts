/** Every API path of ours in one place (apiPathTable.ts); the client and the server both use these. */
export * as ApiPaths from './apiPathTable';

/** Fills the :params of an ApiPaths entry, URL-encoding each value. */
export function apiPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** Header every state-changing request carries; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-fundflow-client';

/** Header that makes a money-moving confirmation idempotent: a repeat with the same key answers the first result. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The app's pages that the server treats specially: the support replay's frame is the one page that may be
 * shown in a frame, and only by a page of the same origin (the replay at /support/replay).
 */
export const AppPagePaths = {
  supportReplay: '/support/replay',
  supportReplayFrame: '/support/replay-frame',
} as const;
