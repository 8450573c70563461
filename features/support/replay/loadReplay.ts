import type { UnknownAction } from '@reduxjs/toolkit';
import { PERSIST_VERSION } from '../../../store/persistence';
import type { RootState } from '../../../store/rootReducer';
import { parseSessionExport, SESSION_EXPORT_MAX_BYTES, type SessionExportMeta } from '../../../store/sessionExport';
import { computeReplayStates, migrateExportedState } from './replayStates';
import { describeAction, type TimelineKind } from './timelineWords';

/** One line of the timeline: a recorded action the customer did or saw, at the step it leads to. */
export interface TimelineEntry {
  /** The step (state index) after this action. */
  index: number;
  kind: TimelineKind;
  words: string;
  /** Epoch milliseconds, or null when the file has no time for it. */
  at: number | null;
  /** The page the customer was on after it. */
  route: string;
}

export interface LoadedReplay {
  fileName: string;
  meta: SessionExportMeta;
  actions: UnknownAction[];
  states: RootState[];
  errors: (string | null)[];
  /** Words for each step (index = state index; the start has none), null where the action is hidden. */
  stepWords: (string | null)[];
  timeline: TimelineEntry[];
}

function timelineOf(
  actions: readonly UnknownAction[],
  states: readonly RootState[],
  meta: SessionExportMeta,
): { stepWords: (string | null)[]; timeline: TimelineEntry[] } {
  const stepWords: (string | null)[] = [null];
  const timeline: TimelineEntry[] = [];
  actions.forEach((action, position) => {
    const index = position + 1;
    const described = describeAction(action, states[index - 1], states[index]);
    stepWords.push(described?.words ?? null);
    if (!described) return;
    const at = meta.actionTimes[position];
    timeline.push({ index, kind: described.kind, words: described.words, at: at ? at : null, route: hrefOf(states[index], meta) });
  });
  return { stepWords, timeline };
}

/** Reads, checks, migrates and computes a session file; a problem comes back as a message. */
export async function loadReplay(file: File): Promise<{ ok: true; replay: LoadedReplay } | { ok: false; message: string }> {
  if (file.size === 0) return { ok: false, message: 'This file is empty. Ask the customer to download the session again.' };
  if (file.size > SESSION_EXPORT_MAX_BYTES) {
    return {
      ok: false,
      message: `This file is larger than ${Math.round(SESSION_EXPORT_MAX_BYTES / 1024 / 1024)} MB, the most a Fundflow session export can be.`,
    };
  }
  const parsed = parseSessionExport(await file.text(), PERSIST_VERSION);
  if (!parsed.ok) return { ok: false, message: parsed.problem.message };
  const { meta, actions } = parsed.session;
  try {
    const preloaded = await migrateExportedState(parsed.session.preloadedState, meta.schemaVersion);
    const { states, errors } = computeReplayStates(preloaded, actions);
    return { ok: true, replay: { fileName: file.name, meta, actions, states, errors, ...timelineOf(actions, states, meta) } };
  } catch {
    return { ok: false, message: 'This export could not be replayed: its state does not fit this version of Fundflow.' };
  }
}

/** The page the customer was on in `state` (the recorded navigation, else the export's route). */
export function hrefOf(state: RootState | undefined, meta: SessionExportMeta): string {
  const navigation = (state as { navigation?: { pathname?: string; search?: string; hash?: string } } | undefined)?.navigation;
  if (navigation?.pathname && navigation.pathname !== '/')
    return `${navigation.pathname}${navigation.search ?? ''}${navigation.hash ?? ''}`;
  return meta.route || '/portfolio';
}
