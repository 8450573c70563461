/**
 * The thunk extra argument of a store that must send nothing (a support replay's): the base query sees it and
 * answers every request as offline. It lives in the api layer, which knows this much of the replay and no more.
 */
export interface OfflineExtra {
  replayOffline: true;
}

export const isOfflineExtra = (extra: unknown): extra is OfflineExtra =>
  typeof extra === 'object' && extra !== null && (extra as Partial<OfflineExtra>).replayOffline === true;
