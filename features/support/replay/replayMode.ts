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
