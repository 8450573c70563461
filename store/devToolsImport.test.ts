import { ActionTypes, instrument } from '@redux-devtools/instrument';
import { legacy_createStore as createStore, type Action } from '@reduxjs/toolkit';
import { recordedSession } from '../test/recordedSession';
import { PERSIST_VERSION } from './persistence';
import { rootReducer, type RootState } from './rootReducer';
import { buildSessionExport, type SessionExportFile } from './sessionExport';
import { createRedactor } from './sessionRedaction';

// Issue 6, checked against the real tool: an export loaded the way the Redux DevTools extension loads a file
// (its import reads `payload` and `preloadedState` and dispatches IMPORT_STATE into @redux-devtools/instrument,
// the code the extension runs) replays through the app's own reducer to the states the app recorded.

interface InstrumentedState {
  computedStates: Array<{ state: RootState; error?: string }>;
  stagedActionIds: number[];
}

describe('a support export in @redux-devtools/instrument', () => {
  it('replays to the states the app recorded, redacted the same way', async () => {
    const { store, recorder } = await recordedSession();
    const recorded = recorder.recorded();
    const redactor = createRedactor();
    const text = await buildSessionExport(
      recorded,
      store.getState(),
      { schemaVersion: PERSIST_VERSION, appVersion: '0.1.0', exportedAt: '2026-11-21T12:00:00.000Z', route: '/portfolio', viewport: { width: 1280, height: 800 }, flags: {} },
      { redactor },
    );

    // What the extension does with an imported file.
    const file = JSON.parse(text) as SessionExportFile;
    const actions = JSON.parse(file.payload) as Action<string>[];
    const preloadedState = JSON.parse(file.preloadedState) as RootState;
    const devTools = createStore(rootReducer, instrument());
    devTools.liftedStore.dispatch({ type: ActionTypes.IMPORT_STATE, nextLiftedState: actions, preloadedState } as never);
    const lifted = devTools.liftedStore.getState() as unknown as InstrumentedState;

    expect(lifted.stagedActionIds).toHaveLength(recorded.length + 1);
    expect(lifted.computedStates.every((computed) => computed.error === undefined)).toBe(true);
    // The state after action i is the state the app held before action i + 1 (and, after the last one, now).
    const statesTheAppHeld = [...recorded.slice(1).map((entry) => entry.stateBefore), store.getState()];
    statesTheAppHeld.forEach((state, index) => {
      expect({ index, state: lifted.computedStates[index + 1].state }).toEqual({ index, state: redactor.redact(state) });
    });
    expect(devTools.getState()).toEqual(redactor.redact(store.getState()));
  });
});
