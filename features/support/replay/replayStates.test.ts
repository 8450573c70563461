import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { recordedSession } from '../../../test/recordedSession';
import { PERSIST_VERSION } from '../../../store/persistence';
import type { RootState } from '../../../store/rootReducer';
import { buildSessionExport, parseSessionExport } from '../../../store/sessionExport';
import { computeReplayStates, migrateExportedState } from './replayStates';

const root = path.resolve(__dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('replay states', () => {
  it('know every API slice and every lazily injected slice (a replay applies actions of any flow)', () => {
    // The list lives in store/everySliceAndEndpoint.ts (the app's store loads it too when the Redux DevTools
    // extension is there, so the extension's import of a session knows every flow).
    expect(readFileSync(path.join(__dirname, 'replayStates.ts'), 'utf8')).toMatch(
      /^import '\.\.\/\.\.\/\.\.\/store\/everySliceAndEndpoint';$/m,
    );
    const listDir = path.join(root, 'store');
    const source = readFileSync(path.join(listDir, 'everySliceAndEndpoint.ts'), 'utf8');
    const imported = new Set([...source.matchAll(/^import '([^']+)';$/gm)].map((match) => path.resolve(listDir, match[1])));
    const apis = readdirSync(path.join(root, 'api'))
      .filter((name) => /Api\.ts$/.test(name))
      .map((name) => path.join(root, 'api', name.replace(/\.ts$/, '')));
    const lazySlices = filesUnder(path.join(root, 'features'))
      // `.injectInto(rootReducer)` or, over a holder already in the root reducer, `.injectInto(rootReducer, {...})`.
      .filter((file) => /\.injectInto\(rootReducer[,)]/.test(readFileSync(file, 'utf8')))
      .map((file) => file.replace(/\.tsx?$/, ''));
    expect(apis.filter((file) => !imported.has(file))).toEqual([]);
    expect(lazySlices.filter((file) => !imported.has(file))).toEqual([]);
  });

  it('rebuild every recorded state from an export without a reducer error', async () => {
    const { store, recorder } = await recordedSession();
    const text = await buildSessionExport(recorder.recorded(), store.getState(), {
      schemaVersion: PERSIST_VERSION,
      appVersion: 'test',
      exportedAt: '2026-11-21T12:00:00.000Z',
      route: '/portfolio',
      viewport: { width: 390, height: 844 },
      flags: {},
    });
    const parsed = parseSessionExport(text, PERSIST_VERSION);
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const { states, errors } = computeReplayStates(
      await migrateExportedState(parsed.session.preloadedState, PERSIST_VERSION),
      parsed.session.actions,
    );
    expect(states).toHaveLength(parsed.session.actions.length + 1);
    expect(errors.filter(Boolean)).toEqual([]);
    expect(states[states.length - 1].session.status).toBe('authenticated');
  });

  it('replays redux-persist PERSIST and REHYDRATE read back from a file: the stored choices come back, nothing throws', () => {
    const { states, errors } = computeReplayStates({} as RootState, [
      { type: 'persist/PERSIST', key: 'fundflow' },
      {
        type: 'persist/REHYDRATE',
        key: 'fundflow',
        payload: { accountSelection: { selectedAccountNumber: '••••1001' }, _persist: { version: PERSIST_VERSION, rehydrated: true } },
      },
    ]);
    expect(errors).toEqual([null, null, null]);
    expect(states[1]).toMatchObject({ _persist: { version: PERSIST_VERSION, rehydrated: false } });
    expect(states[2]).toMatchObject({ accountSelection: { selectedAccountNumber: '••••1001' }, _persist: { rehydrated: true } });
  });

  it('migrates a state exported before the deposit draft was kept (version 2) the way a reload would', async () => {
    const migrated = await migrateExportedState(
      { accountSelection: { selectedAccountNumber: '••••1001' }, debitCardAttempts: { count: 1 } },
      2,
    );
    expect(migrated.accountSelection).toEqual({ selectedAccountNumber: '••••1001' });
    expect(migrated.depositDraft).toMatchObject({ amountCents: null });
    expect(migrated).not.toHaveProperty('_persist');
  });
});
