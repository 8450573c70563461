import type { PersistedState } from 'redux-persist';
import { makePersistedStore } from './store';
import { migrations, PERSIST_VERSION, PERSIST_WHITELIST, persistConfig } from './persistence';
import { sessionEstablished } from '../api/authEvents';
import { accountSelected } from '../features/accountSelection/accountSelectionSlice';
import { sessionFixture } from '../test/fixtures';
import { addressChangeSent, debitCardFlowStarted } from '../features/debitCard/debitCardSlice';
import { amountCommitted, depositFlowOpened, initialDepositDraft, sourceChosen } from '../features/deposits/depositDraftSlice';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (key: string) => data.get(key) ?? null,
    setItem: async (key: string, value: string) => void data.set(key, value),
    removeItem: async (key: string) => void data.delete(key),
  };
}

function bootstrapped(persistor: ReturnType<typeof makePersistedStore>['persistor']) {
  return new Promise<void>((resolve) => {
    const check = () => (persistor.getState().bootstrapped ? resolve() : setTimeout(check, 5));
    check();
  });
}

describe('persistence', () => {
  it('persists the account selection and never the session token or the API cache', async () => {
    const storage = memoryStorage();
    const { store, persistor } = makePersistedStore(storage);
    await bootstrapped(persistor);
    store.dispatch(sessionEstablished(sessionFixture({ accessToken: 'secret-access-token' })));
    store.dispatch(accountSelected('5XY12345'));
    await persistor.flush();
    const saved = storage.data.get('persist:fundflow') ?? '';
    const persisted = JSON.parse(saved) as Record<string, string>;
    expect(JSON.parse(persisted.accountSelection)).toEqual({ selectedAccountNumber: '5XY12345' });
    expect(saved).not.toContain('secret-access-token');
    expect(Object.keys(persisted).sort()).toEqual(['_persist', ...PERSIST_WHITELIST].sort());
  });

  it('migrates a version 0 account selection to the current shape', async () => {
    const v0 = {
      accountSelection: { selectedAccount: { account: '5XY12345', variant: 'US' } },
      _persist: { version: 0, rehydrated: false },
    };
    const migrate = persistConfig(memoryStorage()).migrate!;
    const migrated = (await migrate(v0, PERSIST_VERSION)) as unknown as { accountSelection: unknown };
    expect(migrated.accountSelection).toEqual({ selectedAccountNumber: '5XY12345' });
  });

  it('has a migration for every version up to the current one', () => {
    for (let version = 1; version <= PERSIST_VERSION; version += 1) expect(migrations[version]).toBeInstanceOf(Function);
  });

  it('rehydrates the stored selection into a new store', async () => {
    const storage = memoryStorage();
    const first = makePersistedStore(storage);
    await bootstrapped(first.persistor);
    first.store.dispatch(accountSelected('7RI00042'));
    await first.persistor.flush();
    const second = makePersistedStore(storage);
    await bootstrapped(second.persistor);
    expect(second.store.getState().accountSelection.selectedAccountNumber).toBe('7RI00042');
  });

  it('persists the debit-card address-change attempts and nothing else of the debit-card flow', async () => {
    const storage = memoryStorage();
    const { store, persistor } = makePersistedStore(storage);
    await bootstrapped(persistor);
    store.dispatch(debitCardFlowStarted({}));
    store.dispatch(addressChangeSent({ attempts: 3 }));
    await persistor.flush();
    const saved = JSON.parse(storage.data.get('persist:fundflow') ?? '{}') as Record<string, string | undefined>;
    expect(JSON.parse(saved.debitCardAttempts ?? '')).toEqual({ count: 3 });
    expect(saved.debitCard).toBeUndefined();
  });

  it('rehydrates the address-change attempts after a reload (the emailed link opens a new page)', async () => {
    const storage = memoryStorage();
    const first = makePersistedStore(storage);
    await bootstrapped(first.persistor);
    first.store.dispatch(addressChangeSent({ attempts: 4 }));
    await first.persistor.flush();
    const second = makePersistedStore(storage);
    await bootstrapped(second.persistor);
    expect(second.store.getState().debitCardAttempts.count).toBe(4);
  });

  it('migrates a version 1 state by adding no address-change attempts', async () => {
    const v1 = { accountSelection: { selectedAccountNumber: '5XY12345' }, _persist: { version: 1, rehydrated: false } };
    const migrate = persistConfig(memoryStorage()).migrate!;
    const migrated = (await migrate(v1, PERSIST_VERSION)) as unknown as Record<string, unknown>;
    expect(migrated.accountSelection).toEqual({ selectedAccountNumber: '5XY12345' });
    expect(migrated.debitCardAttempts).toEqual({ count: 0 });
  });

  it('the version 2 migration keeps a valid stored count and repairs a broken one', () => {
    const base = { _persist: { version: 1, rehydrated: false } };
    expect(
      (migrations[2]({ ...base, debitCardAttempts: { count: 7 } } as PersistedState) as unknown as Record<string, unknown>)
        .debitCardAttempts,
    ).toEqual({ count: 7 });
    expect(
      (migrations[2]({ ...base, debitCardAttempts: { count: 'x' } } as unknown as PersistedState) as unknown as Record<string, unknown>)
        .debitCardAttempts,
    ).toEqual({ count: 0 });
  });

  it('persists the deposit draft, so a reload keeps the amount, source and destination', async () => {
    const storage = memoryStorage();
    const first = makePersistedStore(storage);
    await bootstrapped(first.persistor);
    first.store.dispatch(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
    first.store.dispatch(amountCommitted(150_000));
    first.store.dispatch(sourceChosen({ kind: 'paymentMethod', id: 'pm-1', fundingSourceType: 'ACH' }));
    await first.persistor.flush();
    const second = makePersistedStore(storage);
    await bootstrapped(second.persistor);
    const draft = second.store.getState().depositDraft;
    expect(draft.amountCents).toBe(150_000);
    expect(draft.source).toEqual({ kind: 'paymentMethod', id: 'pm-1', fundingSourceType: 'ACH' });
    expect(draft.destinationAccountUuid).toBe('uuid-brokerage');
    expect(draft.draftId).toBe(first.store.getState().depositDraft.draftId);
  });

  it('migrates a version 2 state by adding an empty deposit draft', async () => {
    const v2 = {
      accountSelection: { selectedAccountNumber: '5XY12345' },
      debitCardAttempts: { count: 2 },
      _persist: { version: 2, rehydrated: false },
    };
    const migrate = persistConfig(memoryStorage()).migrate!;
    const migrated = (await migrate(v2, PERSIST_VERSION)) as unknown as Record<string, unknown>;
    expect(migrated.debitCardAttempts).toEqual({ count: 2 });
    expect(migrated.depositDraft).toEqual(initialDepositDraft);
  });
});
