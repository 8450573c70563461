import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore, type Persistor, type Storage } from 'redux-persist';
import { api } from '../api/baseApi';
import { rootReducer, type RootState } from './rootReducer';
import { persistConfig } from './persistence';
import { devToolsOptions } from './devTools';
import type { SessionRecorder } from './sessionRecorder';

export interface MakeStoreOptions {
  /** Where to persist the whitelisted slices; omit for a store without persistence (tests, replays). */
  storage?: Storage;
  /** Keeps the last actions and the states before them, for a support export. */
  recorder?: SessionRecorder;
}

const REDUX_PERSIST_ACTIONS = [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER];

export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  // redux-persist's types predate Redux 5; the wrapped reducer has the same state shape plus `_persist`.
  const reducer = options.storage
    ? (persistReducer(persistConfig(options.storage), rootReducer as never) as unknown as typeof rootReducer)
    : rootReducer;
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

export function makePersistedStore(storage: Storage, options: Omit<MakeStoreOptions, 'storage'> = {}): { store: AppStore; persistor: Persistor } {
  const store = makeStore(undefined, { ...options, storage });
  return { store, persistor: persistStore(store) };
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
