import { selectAllAccounts } from '../api/accountsApi';
import { selectSelectedAccount } from '../features/accountSelection/accountSelectionSlice';
import { recordedSession, SECRETS } from '../test/recordedSession';
import { PERSIST_VERSION } from './persistence';
import { rootReducer, type RootState } from './rootReducer';
import {
  buildSessionExport,
  parseSessionExport,
  SESSION_EXPORT_FORMAT,
  type SessionExportContext,
  type SessionExportFile,
} from './sessionExport';
import { findCardLikeNumbers } from '../api/contract/sandboxCards';
import { LEAK_PATTERNS } from './sessionRedaction';

const context = (overrides: Partial<SessionExportContext> = {}): SessionExportContext => ({
  schemaVersion: PERSIST_VERSION,
  appVersion: '0.1.0',
  exportedAt: '2026-11-21T12:00:00.000Z',
  route: `/settings/v2/deposit?account=${SECRETS.accountNumber.slice(-5)}`,
  viewport: { width: 1280, height: 800 },
  flags: { newerSettingsLayout: true },
  ...overrides,
});

describe('support export', () => {
  it('is in the format the Redux DevTools extension imports, with our metadata beside it', async () => {
    const { store, recorder } = await recordedSession();
    const text = await buildSessionExport(recorder.recorded(), store.getState(), context());
    const file = JSON.parse(text) as SessionExportFile;
    expect(typeof file.payload).toBe('string');
    expect(typeof file.preloadedState).toBe('string');
    const actions = JSON.parse(file.payload) as Array<{ type: string }>;
    expect(actions.length).toBe(recorder.recorded().length);
    expect(actions.map((action) => action.type)).toContain('auth/sessionEstablished');
    expect(file.fundflow).toMatchObject({
      format: SESSION_EXPORT_FORMAT,
      formatVersion: 1,
      schemaVersion: PERSIST_VERSION,
      appVersion: '0.1.0',
      actionsLeftOut: 0,
    });
    expect(file.fundflow.actionTimes).toHaveLength(actions.length);
    // RTK Query's Request and Response objects are not part of it.
    expect(text).not.toContain('baseQueryMeta');
  });

  it('holds none of the secrets, and no token-, routing- or card-like text, yet replays to the same screen data', async () => {
    const { store, recorder } = await recordedSession();
    const text = await buildSessionExport(recorder.recorded(), store.getState(), context());
    for (const [name, secret] of Object.entries(SECRETS)) {
      expect({ name, found: text.includes(secret) }).toEqual({ name, found: false });
    }
    expect(text).not.toContain(SECRETS.accountNumber.slice(-5));
    for (const [name, pattern] of Object.entries(LEAK_PATTERNS)) {
      expect({ name, match: pattern.exec(text)?.[0] ?? null }).toEqual({ name, match: null });
    }
    expect(findCardLikeNumbers(text)).toEqual([]);

    // The replay: the state before the first action, then every action, through the app's own reducer.
    const parsed = parseSessionExport(text, PERSIST_VERSION);
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const replayed = parsed.session.actions.reduce(
      (state, action) => rootReducer(state, action),
      parsed.session.preloadedState as RootState,
    );
    const accounts = selectAllAccounts(replayed);
    expect(accounts.map((account) => account.account)).toEqual(['••••8213']);
    expect(accounts[0].displayName).toBe("Person1's brokerage");
    // The selected account still matches its cache entry, masked the same way in both places.
    expect(selectSelectedAccount(replayed)?.accountUuid).toBe('uuid-brokerage');
    expect(replayed.session.user?.email).toBe('person1@example.invalid');
    expect(replayed.session.accessToken).toBe('[dropped]');
    expect(parsed.session.meta.route).toBe('/settings/v2/deposit?account=••••8213');
  });

  it('keeps the newest actions within the count and the size bound', async () => {
    const { store, recorder } = await recordedSession();
    for (let index = 0; index < 40; index += 1) store.dispatch({ type: 'support/padding', payload: 'x'.repeat(2_000) });
    const all = recorder.recorded();
    const byCount = JSON.parse(await buildSessionExport(all, store.getState(), context(), { maxActions: 10 })) as SessionExportFile;
    expect(JSON.parse(byCount.payload)).toHaveLength(10);
    expect(byCount.fundflow.actionsLeftOut).toBe(all.length - 10);

    const bySize = await buildSessionExport(all, store.getState(), context(), { maxBytes: 30_000 });
    expect(new TextEncoder().encode(bySize).length).toBeLessThanOrEqual(30_000);
    const file = JSON.parse(bySize) as SessionExportFile;
    const kept = JSON.parse(file.payload) as unknown[];
    expect(kept.length).toBeGreaterThan(0);
    expect(file.fundflow.actionsLeftOut + kept.length).toBe(all.length);
    // Its preloaded state is the state before its own first action.
    const before = all[file.fundflow.actionsLeftOut].stateBefore as RootState;
    expect((JSON.parse(file.preloadedState) as RootState).accountSelection).toEqual({
      ...before.accountSelection,
      selectedAccountNumber: '••••8213',
    });
  });
});

describe('building an export', () => {
  it('gives the browser its turn while it works (it never holds the page for the whole build)', async () => {
    const { store, recorder } = await recordedSession();
    for (let index = 0; index < 150; index += 1) store.dispatch({ type: 'support/padding', payload: { index, text: 'y'.repeat(500) } });
    const turns: string[] = [];
    const timer = setInterval(() => turns.push('timer'), 0);
    try {
      const building = buildSessionExport(recorder.recorded(), store.getState(), context()).then(() => turns.push('done'));
      await building;
    } finally {
      clearInterval(timer);
    }
    // Timers ran while the export was being built, not only after it.
    expect(turns.indexOf('timer')).toBeGreaterThanOrEqual(0);
    expect(turns.indexOf('timer')).toBeLessThan(turns.indexOf('done'));
  });
});

describe('reading an export back', () => {
  const valid = async () => {
    const { store, recorder } = await recordedSession();
    return buildSessionExport(recorder.recorded(), store.getState(), context());
  };

  it('accepts its own exports', async () => {
    const result = parseSessionExport(await valid(), PERSIST_VERSION);
    expect(result.ok).toBe(true);
  });

  it.each([
    ['a file that is not JSON', () => 'PK\u0003\u0004 not json', 'notJson'],
    ['a file cut short', async () => (await valid()).slice(0, 500), 'notJson'],
    ['a Redux DevTools export of another app', () => JSON.stringify({ payload: '[]', preloadedState: '{}' }), 'foreign'],
    [
      'an export of a newer app version',
      async () => (await valid()).replace(`"schemaVersion":${PERSIST_VERSION}`, `"schemaVersion":${PERSIST_VERSION + 1}`),
      'newer',
    ],
    [
      'actions that are not actions',
      async () => {
        const file = JSON.parse(await valid()) as SessionExportFile;
        return JSON.stringify({ ...file, payload: '[1, 2]' });
      },
      'damaged',
    ],
  ])('refuses %s with a message', async (_name, make, kind) => {
    const result = parseSessionExport(await make(), PERSIST_VERSION);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.kind).toBe(kind);
      expect(result.problem.message.length).toBeGreaterThan(20);
    }
  });

  it('refuses an oversized file before reading it', () => {
    const result = parseSessionExport('x'.repeat(2_000), PERSIST_VERSION, 1_000);
    expect(result).toMatchObject({ ok: false, problem: { kind: 'tooLarge' } });
  });
});
