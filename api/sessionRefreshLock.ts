/** The Web Lock every session refresh of the customer's tabs takes, whatever asks for it. */
export const SESSION_REFRESH_LOCK = 'fundflow-session-refresh';

/**
 * Runs a token refresh while holding the cross-tab lock (Web Locks), so the customer's tabs refresh one after
 * the other. Two refreshes presenting the same refresh cookie look like a stolen token to the server, which
 * then ends every session; in turn, each tab presents the cookie the previous tab's refresh left behind.
 * Without Web Locks (jsdom, an old browser) the refresh simply runs.
 */
export function withSessionRefreshLock<T>(refresh: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? locks.request(SESSION_REFRESH_LOCK, refresh) : refresh();
}
