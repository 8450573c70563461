import { startTransition, useEffect, useState } from 'react';
import { loadPortfolioDetails } from './warmPortfolio';

/** Whether the details' code has arrived (or failed: then their LazyBoundary shows what it can). */
export function useDetailsCodeLoaded(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    const done = () => {
      if (live) setLoaded(true);
    };
    loadPortfolioDetails().then(done, done);
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}

/**
 * The page reveals its cards in two steps, each all at once: cards filling in one by one pushed the ones below
 * them down the screen (a layout shift of 0.77 on a phone, measured by Lighthouse). First the top of the page,
 * the micro-deposit notices and the balance card, as soon as the accounts and payment methods are in (both are
 * asked for with the session restore); then, below it, everything else once the portfolio, the high-yield
 * account and the details' code are in. Content added below what is shown moves nothing, and the balance, the
 * page's largest text, is not held back by the slower answers. After a reveal each card shows its own loading
 * state, as before.
 *
 * Each step is first rendered at its reveal, as a transition: React renders that tree in slices between which
 * the browser stays responsive. Store answers re-render synchronously (useSyncExternalStore), so cards rendered
 * hidden while the answers came in made each answer one long task.
 */
export function useRevealed(settled: boolean): boolean {
  const [revealed, setRevealed] = useState(settled);
  useEffect(() => {
    if (settled) startTransition(() => setRevealed(true));
  }, [settled]);
  return revealed;
}
