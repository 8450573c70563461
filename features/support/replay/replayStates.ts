import type { UnknownAction } from '@reduxjs/toolkit';
import { createMigrate, type PersistedState } from 'redux-persist';
import { migrations, PERSIST_VERSION } from '../../../store/persistence';
import { rootReducer, type RootState } from '../../../store/rootReducer';
// Every API slice's endpoints: the API reducer needs an endpoint's definition to apply its actions.
import '../../../api/accountsApi';
import '../../../api/addressApi';
import '../../../api/authApi';
import '../../../api/bankLinkApi';
import '../../../api/clockApi';
import '../../../api/baseApi';
import '../../../api/configApi';
import '../../../api/cryptoApi';
import '../../../api/debitCardApi';
import '../../../api/depositsApi';
import '../../../api/documentsApi';
import '../../../api/highYieldApi';
import '../../../api/liveEventsApi';
import '../../../api/onboardingApi';
import '../../../api/paymentMethodsApi';
import '../../../api/portfolioApi';
import '../../../api/profileApi';
import '../../../api/servicesApi';
import '../../../api/verificationApi';
import '../../../api/withdrawalsApi';
// Every lazily injected slice, so the reducer knows them all before it replays actions of their flows.
import '../../acats/acatTransfersSlice';
import '../../bankLink/bankLinkSlice';
import '../../crypto/cryptoTransferSlice';
import '../../debitCard/debitCardSlice';
import '../../liveEvents/liveEventsSlice';
import '../../onboarding/setupInvestingSlice';
import '../../recurringDeposits/recurringDepositsSlice';
import '../../transfers/history/historySlice';
import '../../transfers/internalTransferSlice';
import '../../withdrawals/withdrawalSlice';

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
export function computeReplayStates(preloaded: RootState, actions: readonly UnknownAction[]): { states: RootState[]; errors: (string | null)[] } {
  const states: RootState[] = [rootReducer(preloaded, { type: '@@fundflow/replay-init' })];
  const errors: (string | null)[] = [null];
  for (const action of actions) {
    const before = states[states.length - 1];
    try {
      states.push(rootReducer(before, action));
      errors.push(null);
    } catch (error) {
      states.push(before);
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { states, errors };
}
