import { useCallback, useSyncExternalStore, type ReactNode } from 'react';
import type { Persistor } from 'redux-persist';

export interface PersistGateProps {
  persistor: Persistor;
  /** Shown until the stored state has been read back. */
  loading: ReactNode;
  children: ReactNode;
}

/**
 * Shows `loading` until redux-persist has read the stored state back into the store (the persistor is
 * bootstrapped), then the app. What redux-persist's own PersistGate does for us, in a few lines: its class
 * component and its options (onBeforeLift, children as a function) stay out of the first bundle. Once bootstrapped,
 * a persistor stays so (its REGISTER never clears the flag), so the app is never swapped back for the loader.
 */
export function PersistGate({ persistor, loading, children }: PersistGateProps) {
  // One subscribe function per persistor: a new one on every render would make React subscribe again each time.
  const subscribe = useCallback((onChange: () => void) => persistor.subscribe(onChange), [persistor]);
  const bootstrapped = useSyncExternalStore(subscribe, () => persistor.getState().bootstrapped);
  return <>{bootstrapped ? children : loading}</>;
}
