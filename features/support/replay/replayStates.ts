import type { UnknownAction } from '@reduxjs/toolkit';
import { createMigrate, type PersistedState } from 'redux-persist';
import { migrations, PERSIST_VERSION } from '../../../store/persistence';
import type { RootState } from '../../../store/rootReducer';
import { persistedRootReducer } from '../../../store/store';
// Every API slice's endpoints and every lazily injected slice: a replay applies actions of any flow.
import '../../../store/everySliceAndEndpoint';

/** The replay's reducer: the app's, with redux-persist's actions applied as they were (REHYDRATE brings the
 * stored choices back), and storage never written. */
const replayReducer = persistedRootReducer({
  getItem: async () => null,
  setItem: async () => undefined,
  removeItem: async () => undefined,
});

/**
 * An export's state in the current shape: the same redux-persist migrations a reload runs, from the export's
 * schema version up to this app's.
 */
export async function migrateExportedState(state: Record<string, unknown>, schemaVersion: number): Promise<RootState> {
  if (schemaVersion >= PERSIST_VERSION) return state as unknown as RootState;
  const migrate = createMigrate(migrations, { debug: false });
  const persisted = { ...state, _persist: { version: schemaVersion, rehydrated: true } } as unknown as PersistedState;
  const migrated = (await migrate(persisted, PERSIST_VERSION)) as unknown as Record<string, unknown>;
  const { _persist: _dropped, ...rest } = migrated;
  return rest as unknown as RootState;
}

/**
 * The state after each recorded action, as DevTools computes it: index 0 is the preloaded state, index i the
 * state after action i. An action the reducer throws on keeps the state before it, with the error noted.
 */
export function computeReplayStates(
  preloaded: RootState,
  actions: readonly UnknownAction[],
): { states: RootState[]; errors: (string | null)[] } {
  const states: RootState[] = [replayReducer(preloaded, { type: '@@fundflow/replay-init' })];
  const errors: (string | null)[] = [null];
  for (const action of actions) {
    const before = states[states.length - 1];
    try {
      states.push(replayReducer(before, action));
      errors.push(null);
    } catch (error) {
      states.push(before);
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { states, errors };
}
