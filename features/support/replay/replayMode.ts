import { createContext, useContext } from 'react';
import { AppPagePaths } from '../../../api/contract/values';

/** The page inside the replay's frame: the app's screens, driven by recorded states. */
export const REPLAY_FRAME_PATH = AppPagePaths.supportReplayFrame;
export const REPLAY_PAGE_PATH = AppPagePaths.supportReplay;
export const REPLAY_MESSAGE_SOURCE = 'fundflow-replay';

/**
 * True inside a support replay: screens render recorded states and must not reach out (no live events
 * socket, no network; the base query answers every request as offline).
 */
export const ReplayModeContext = createContext(false);
export const useReplayMode = () => useContext(ReplayModeContext);

/** The thunk extra argument of a replay store: the base query sees it and sends nothing. */
export interface ReplayExtra {
  replayOffline: true;
}

export const isReplayExtra = (extra: unknown): extra is ReplayExtra =>
  typeof extra === 'object' && extra !== null && (extra as Partial<ReplayExtra>).replayOffline === true;
