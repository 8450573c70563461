import { createMigrate, type MigrationManifest, type PersistConfig, type PersistedState } from 'redux-persist';
import type { RootState } from './rootReducer';
import { initialDepositDraft } from '../features/deposits/depositDraftHolder';

/** Bump with a new entry in `migrations` whenever a persisted slice changes shape. */
export const PERSIST_VERSION = 3;

/**
 * Only client choices worth keeping across a reload are stored. Never: the API cache (server data
 * must be fetched fresh and may hold bank details), the session (the access token is memory-only).
 */
export const PERSIST_WHITELIST = ['accountSelection', 'debitCardAttempts', 'depositDraft'] as const satisfies readonly (keyof RootState)[];

type AnyState = Record<string, unknown> & PersistedState;

export const migrations: MigrationManifest = {
  // v0 stored the chosen account under `accountSelection.selectedAccount`, as the full account object.
  1: (state) => {
    const old = state as AnyState & { accountSelection?: { selectedAccount?: { account?: unknown } | null } };
    if (!old?.accountSelection) return state;
    const account = old.accountSelection.selectedAccount?.account;
    return {
      ...old,
      accountSelection: { selectedAccountNumber: typeof account === 'string' ? account : null },
    } as AnyState;
  },
  // v2 stores the debit-card address-change attempts (funding-methods.md 4.4); older states start at none.
  2: (state) => {
    const old = state as AnyState & { debitCardAttempts?: { count?: unknown } };
    if (!old) return state;
    const count = old.debitCardAttempts?.count;
    return {
      ...old,
      debitCardAttempts: { count: typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : 0 },
    } as AnyState;
  },
  // v3 stores the deposit draft (deposits-and-transfers.md: a reload keeps it). Older states had none, so they
  // start with an empty draft rather than whatever a foreign key of that name might hold.
  3: (state) => {
    if (!state) return state;
    return { ...(state as AnyState), depositDraft: initialDepositDraft } as AnyState;
  },
};

export function persistConfig(storage: PersistConfig<RootState>['storage']): PersistConfig<RootState> {
  return {
    key: 'fundflow',
    version: PERSIST_VERSION,
    storage,
    whitelist: [...PERSIST_WHITELIST],
    migrate: createMigrate(migrations, { debug: false }),
    timeout: 2000,
  };
}
