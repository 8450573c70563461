import { configureStore, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../api/baseApi';
import type { RootState } from '../../../store/rootReducer';
import type { OfflineExtra } from '../../../api/offlineExtra';
import type { REPLAY_MESSAGE_SOURCE } from './replayMode';

export const REPLAY_SHOW = 'replay/show';

/** What the support page posts to the replay's frame (src/replay/ReplayFrame.tsx): one recorded state to show. */
export interface ReplayShowMessage {
  source: typeof REPLAY_MESSAGE_SOURCE;
  type: 'show';
  index: number;
  state: RootState;
  href: string;
}

export const replayShow = (state: RootState): UnknownAction => ({ type: REPLAY_SHOW, payload: state });

/**
 * A store whose state changes only when the replay shows a recorded state: whatever the screens dispatch
 * (queries starting, timers expiring, clicks) is ignored, so each screen shows exactly what was recorded.
 * Its thunks get the offline marker, so the base query sends nothing.
 */
export function makeReplayStore(initial: RootState) {
  const reducer: Reducer<RootState, UnknownAction, RootState | undefined> = (state = initial, action) =>
    action.type === REPLAY_SHOW ? (action as UnknownAction & { payload: RootState }).payload : state;
  const extra: OfflineExtra = { replayOffline: true };
  return configureStore({
    reducer,
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: extra }, serializableCheck: false, immutableCheck: false }).concat(api.middleware),
    devTools: false,
  });
}
