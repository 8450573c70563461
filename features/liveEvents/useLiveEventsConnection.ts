import { useEffect } from 'react';
import { selectSessionStatus } from '../session/sessionSlice';
import { useAppSelector, useAppStore } from '../../store/hooks';
import { useReplayMode } from '../support/replay/replayMode';

/**
 * Keeps the live events channel open while the customer is signed in. Small on purpose: the app layout
 * calls it, and the connection manager, its slice and its effects load in their own chunk only once the
 * session is established.
 */
export function useLiveEventsConnection(): void {
  const store = useAppStore();
  const status = useAppSelector(selectSessionStatus);
  // A support replay shows what was recorded; it opens no socket.
  const replay = useReplayMode();
  useEffect(() => {
    if (replay || status !== 'authenticated') return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    import(/* webpackChunkName: "live-events" */ './liveEventsConnection')
      .then(({ startLiveEvents }) => {
        if (!cancelled) stop = startLiveEvents(store);
      })
      // Without its chunk (an older build's, gone after a deploy) the page works on without live updates.
      .catch(console.warn);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [replay, status, store]);
}
