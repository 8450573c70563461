import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  PURGE,
  REGISTER,
  REHYDRATE,
  persistReducer,
  persistStore,
  type Persistor,
  type Storage,
} from 'redux-persist';
import { api } from '../api/baseApi';
import { rootReducer, type RootState } from './rootReducer';
import { persistConfig, PERSIST_VERSION } from './persistence';
import { devToolsExtensionPresent, devToolsOptions } from './devTools';
import { replayablePersistReducer } from './replayablePersist';
import type { SessionRecorder } from './sessionRecorder';

export interface MakeStoreOptions {
  /** Where to persist the whitelisted slices; omit for a store without persistence (tests, replays). */
  storage?: Storage;
  /** Keeps the last actions and the states before them, for a support export. */
  recorder?: SessionRecorder;
}

const REDUX_PERSIST_ACTIONS = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

/**
 * The root reducer with the whitelisted slices persisted to `storage`, able to replay redux-persist's own
 * actions read back from a session file (store/replayablePersist.ts).
 */
export function persistedRootReducer(storage: Storage): typeof rootReducer {
  // redux-persist's types predate Redux 5; the wrapped reducer has the same state shape plus `_persist`.
  const persisted = persistReducer(persistConfig(storage), rootReducer as never) as unknown as typeof rootReducer;
  return replayablePersistReducer(persisted, rootReducer, PERSIST_VERSION) as unknown as typeof rootReducer;
}

export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  // Written out (not through a variable) so that webpack sees a constant condition and leaves the require out.
  if (process.env.NODE_ENV !== 'production' && devToolsExtensionPresent()) {
    // The extension can import a session recorded on any page, and replays it through this store's reducer
    // at once: every endpoint and slice a flow injects lazily must be known before that, or their actions
    // throw (RTK Query) or are dropped (combineSlices). Development only: a production build has no DevTools
    // connection, and this branch and the require are gone from it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('./everySliceAndEndpoint');
  }
  const reducer = options.storage ? persistedRootReducer(options.storage) : rootReducer;
  const store = configureStore({
    reducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: REDUX_PERSIST_ACTIONS } })
        .concat(api.middleware)
        .concat(options.recorder ? [options.recorder.middleware] : []),
    devTools: process.env.NODE_ENV !== 'production' ? devToolsOptions : false,
  });
  setupListeners(store.dispatch);
  return store;
}

export function makePersistedStore(
  storage: Storage,
  options: Omit<MakeStoreOptions, 'storage'> = {},
): { store: AppStore; persistor: Persistor } {
  const store = makeStore(undefined, { ...options, storage });
  return { store, persistor: persistStore(store) };
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
/** The one thunk type of the app: a decision that runs on an event (accounts arrived, Next pressed) and may read the store. */
export type AppThunk<Result = void> = (dispatch: AppDispatch, getState: () => RootState) => Result;
