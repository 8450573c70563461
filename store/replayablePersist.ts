import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PERSIST, PURGE, type PersistState } from 'redux-persist';

type WithPersist = Record<string, unknown> & { _persist?: PersistState };

const isFunction = (value: unknown) => typeof value === 'function';

/**
 * redux-persist's own actions, read back from a session file (the Redux DevTools extension's import, the
 * support replay), have lost their callbacks to JSON: PERSIST its `register` and `rehydrate`, FLUSH and PURGE
 * their `result`. redux-persist throws on such a PERSIST ("This can happen if the action is being replayed"),
 * which stops a whole DevTools import at the first action of a session recorded from a page load. Replayed,
 * each does to the state what it did when it was recorded, without touching storage: PERSIST starts the
 * persisted record (not yet rehydrated; the stored state it read follows in the file as REHYDRATE, which
 * redux-persist applies as usual), FLUSH and PURGE leave the state as it is. Live actions go to redux-persist.
 */
export function replayablePersistReducer<S>(persisted: Reducer<S>, base: Reducer, version: number): Reducer<S> {
  return ((state: WithPersist | undefined, action: UnknownAction) => {
    const replayedPersist = action.type === PERSIST && !(isFunction(action.register) && isFunction(action.rehydrate));
    const replayedWrite = (action.type === FLUSH || action.type === PURGE) && !isFunction(action.result);
    if (!replayedPersist && !replayedWrite) return persisted(state as S, action);
    const { _persist, ...rest } = state ?? {};
    const next = base(rest, action) as WithPersist;
    if (replayedPersist) return { ...next, _persist: _persist ?? { version, rehydrated: false } };
    return _persist ? { ...next, _persist } : next;
  }) as unknown as Reducer<S>;
}
