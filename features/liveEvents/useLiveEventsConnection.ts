import { useEffect, useRef } from 'react';
import { selectSessionStatus } from '../session/sessionSlice';
import { useAppSelector, useAppStore } from '../../store/hooks';
import { useReplayMode } from '../support/replay/replayMode';
import { useAfterFirstContent } from '../pageLoad/firstContent';

/**
 * Keeps the live events channel open while the customer is signed in. Small on purpose: the app layout
 * calls it, and the connection manager, its slice and its effects load in their own chunk only once the
 * session is established. It opens once the page's first content is on screen (features/pageLoad/firstContent.ts);
 * when it had to wait, the page's data was loaded before the channel could announce changes to it, so the
 * channel's first open loads again the answers it covers.
 */
export function useLiveEventsConnection(): void {
  const store = useAppStore();
  const status = useAppSelector(selectSessionStatus);
  // A support replay shows what was recorded; it opens no socket.
  const replay = useReplayMode();
  const started = useAfterFirstContent();
  const waited = useRef(!started);
  useEffect(() => {
    if (replay || status !== 'authenticated' || !started) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    import(/* webpackChunkName: "live-events" */ './liveEventsConnection')
      .then(({ startLiveEvents }) => {
        if (!cancelled) stop = startLiveEvents(store, { resyncOnFirstOpen: waited.current });
      })
      // Without its chunk (an older build's, gone after a deploy) the page works on without live updates.
      .catch(console.warn);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [replay, status, started, store]);
}
