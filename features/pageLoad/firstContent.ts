import { useEffect, useSyncExternalStore, type RefObject } from 'react';

/**
 * One rule for what the signed-in layout loads that no page's first paint shows (the bell's notifications, the
 * server's clock, the live events channel): on a page load that lands on the portfolio, it waits until the
 * balance has been painted, or at most FIRST_CONTENT_WAIT_MS. Lighthouse's simulated LCP counts every request
 * that ends before the paint and splits the bandwidth among all those in flight, so on /portfolio these
 * requests made the balance later without showing anything it needed. Any other load starts them at once.
 *
 * The state lives for the page load (like the session restore): held once at start, released once.
 */

/** The longest the layout's own requests wait for the first content (a failed or very slow page). */
export const FIRST_CONTENT_WAIT_MS = 3_000;

let held = false;
let fallback: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

/** Called once at start by a page load whose first page marks its content (see useFirstContentPainted). */
export function holdUntilFirstContent(): void {
  if (held) return;
  held = true;
  fallback = setTimeout(releaseFirstContent, FIRST_CONTENT_WAIT_MS);
}

/** The page's first content is on screen (or the wait is over): whatever waited for it starts now. */
export function releaseFirstContent(): void {
  if (fallback !== null) clearTimeout(fallback);
  fallback = null;
  if (!held) return;
  held = false;
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const isReleased = () => !held;

/** True once the page's first content is on screen, or when nothing waits for it: the layout's requests may start. */
export function useAfterFirstContent(): boolean {
  return useSyncExternalStore(subscribe, isReleased, isReleased);
}

/** How long after the content is shown the wait ends when the browser reports no paint inside it. */
export const UNREPORTED_PAINT_WAIT_MS = 500;

/**
 * For the page whose first content the layout waits for: once `shown` is true, releases the wait when the browser
 * reports the largest paint inside `content` (a 'largest-contentful-paint' entry, which is what Lighthouse times),
 * or UNREPORTED_PAINT_WAIT_MS later when none comes (the content is not the page's largest). A browser without
 * these entries (no 'largest-contentful-paint' type) releases it UNREPORTED_PAINT_WAIT_MS after the content is shown.
 */
export function useFirstContentPainted(shown: boolean, content: RefObject<Element | null>): void {
  useEffect(() => {
    if (!shown || !held) return undefined;
    let observer: PerformanceObserver | null = null;
    if (
      (globalThis.PerformanceObserver as typeof PerformanceObserver | undefined)?.supportedEntryTypes?.includes('largest-contentful-paint')
    ) {
      observer = new PerformanceObserver((list) => {
        const inside = list.getEntries().some((entry) => content.current?.contains((entry as LargestContentfulPaint).element));
        if (inside) releaseFirstContent();
      });
      // Buffered: the paint may have been reported before this effect ran.
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    }
    const task = setTimeout(releaseFirstContent, UNREPORTED_PAINT_WAIT_MS);
    return () => {
      observer?.disconnect();
      clearTimeout(task);
    };
  }, [shown, content]);
}
