import { useEffect, useSyncExternalStore } from 'react';

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
export function holdUntilFirstContent(waitMs: number = FIRST_CONTENT_WAIT_MS): void {
  if (held) return;
  held = true;
  fallback = setTimeout(releaseFirstContent, waitMs);
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

/**
 * For the page whose first content the layout waits for: once `shown` is true, releases the wait after the
 * browser has shown it. A frame's paint is put on screen a little after its task (Lighthouse times the content at
 * that moment), so the wait ends in a task after the frame after the one that painted it.
 */
export function useFirstContentPainted(shown: boolean): void {
  useEffect(() => {
    if (!shown || !held) return undefined;
    let frame = 0;
    let task: ReturnType<typeof setTimeout> | null = null;
    frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        task = setTimeout(releaseFirstContent, 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (task !== null) clearTimeout(task);
    };
  }, [shown]);
}
