import type { UnknownAction } from '@reduxjs/toolkit';
import type { RecordedAction } from './sessionRecorder';
import { createRedactor, type Redactor } from './sessionRedaction';

/**
 * A support export: the file the Redux DevTools extension imports (`payload`: the actions as a JSON string;
 * `preloadedState`: the state before the first of them, a JSON string), plus our `fundflow` metadata, which
 * the extension ignores. Everything in it has been through the redactor.
 */
export const SESSION_EXPORT_FORMAT = 'fundflow-session';
export const SESSION_EXPORT_FORMAT_VERSION = 1;
/** Actions an export takes by default (the newest). */
export const SESSION_EXPORT_ACTIONS = 200;
/** The largest export: older actions are left out until the file fits. A replay refuses larger files. */
export const SESSION_EXPORT_MAX_BYTES = 4 * 1024 * 1024;

export interface SessionExportMeta {
  format: typeof SESSION_EXPORT_FORMAT;
  formatVersion: number;
  /** The persisted state's version (PERSIST_VERSION): replays migrate older states with the same migrations. */
  schemaVersion: number;
  appVersion: string;
  exportedAt: string;
  route: string;
  viewport: { width: number; height: number };
  flags: Record<string, unknown>;
  /** When each action of `payload` was dispatched, epoch milliseconds, in the same order. */
  actionTimes: number[];
  /** Actions recorded before the first one in this file, left out by the count or the size bound. */
  actionsLeftOut: number;
}

export interface SessionExportFile {
  payload: string;
  preloadedState: string;
  fundflow: SessionExportMeta;
}

export type SessionExportContext = Omit<SessionExportMeta, 'format' | 'formatVersion' | 'actionTimes' | 'actionsLeftOut' | 'flags'> & {
  flags: Record<string, unknown>;
};

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Builds the export text from the recorder's actions. Asynchronous and in slices (it yields to the browser
 * between them), so a large session never freezes the page. The redactor sees every action and the states
 * at both ends before anything is written, so a value redacted in one place is redacted in all.
 */
export async function buildSessionExport(
  recorded: readonly RecordedAction[],
  currentState: unknown,
  context: SessionExportContext,
  options: { maxActions?: number; maxBytes?: number; redactor?: Redactor } = {},
): Promise<string> {
  const maxActions = options.maxActions ?? SESSION_EXPORT_ACTIONS;
  const maxBytes = options.maxBytes ?? SESSION_EXPORT_MAX_BYTES;
  const start = Math.max(0, recorded.length - maxActions);
  let first = start;

  // A caller may pass its own, to redact other values the same way (the DevTools check does).
  const redactor = options.redactor ?? createRedactor();
  redactor.collect(currentState);
  redactor.collect(context);
  for (let index = first; index < recorded.length; index += 1) {
    // The state before each kept action too: any of them may become the file's preloaded state. They share
    // most of their objects, which the redactor walks once.
    redactor.collect(recorded[index].stateBefore);
    redactor.collect(recorded[index].action);
    if (index % 50 === 0) await yieldToBrowser();
  }
  await yieldToBrowser();

  const actionTexts: string[] = [];
  for (let index = first; index < recorded.length; index += 1) {
    actionTexts.push(JSON.stringify(redactor.redact(recorded[index].action)));
    if (index % 50 === 0) await yieldToBrowser();
  }

  for (;;) {
    const kept = recorded.slice(first);
    const stateBefore = kept.length > 0 ? kept[0].stateBefore : currentState;
    redactor.collect(stateBefore);
    await yieldToBrowser();
    const preloadedState = JSON.stringify(redactor.redact(stateBefore));
    await yieldToBrowser();
    const payload = `[${actionTexts.slice(first - start).join(',')}]`;
    const file: SessionExportFile = {
      payload,
      preloadedState,
      fundflow: {
        format: SESSION_EXPORT_FORMAT,
        formatVersion: SESSION_EXPORT_FORMAT_VERSION,
        ...redactor.redact(context),
        actionTimes: redactor.redact(kept.map((entry) => entry.at)),
        actionsLeftOut: first,
      },
    };
    const text = JSON.stringify(file);
    if (byteLength(text) <= maxBytes) return text;
    if (kept.length === 0) throw new Error(`The session is larger than ${maxBytes} bytes even without its actions.`);
    // Too large: leave out the older half of what is left and try again.
    first += Math.max(1, Math.ceil(kept.length / 2));
  }
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

// ---- reading an export back (the support replay) ----

export interface ParsedSessionExport {
  meta: SessionExportMeta;
  preloadedState: Record<string, unknown>;
  actions: UnknownAction[];
}

export type SessionImportProblem =
  | { kind: 'tooLarge'; message: string }
  | { kind: 'notJson'; message: string }
  | { kind: 'foreign'; message: string }
  | { kind: 'newer'; message: string }
  | { kind: 'damaged'; message: string };

export type SessionImportResult = { ok: true; session: ParsedSessionExport } | { ok: false; problem: SessionImportProblem };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Checks an export before anything is built from it: its size, that it is JSON in our format, a version
 * this app can read (older schema versions are migrated by the caller), and actions of the right shape.
 */
export function parseSessionExport(text: string, currentSchemaVersion: number, maxBytes = SESSION_EXPORT_MAX_BYTES): SessionImportResult {
  const fail = (kind: SessionImportProblem['kind'], message: string): SessionImportResult => ({ ok: false, problem: { kind, message } });
  if (byteLength(text) > maxBytes) {
    return fail(
      'tooLarge',
      `This file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most a Fundflow session export can be.`,
    );
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return fail('notJson', 'This file is not a Fundflow session export: it is not JSON, or it was cut short.');
  }
  if (!isObject(file) || !isObject(file.fundflow) || file.fundflow.format !== SESSION_EXPORT_FORMAT) {
    return fail(
      'foreign',
      'This file is not a Fundflow session export. Ask the customer for the file from Help → Download session for support.',
    );
  }
  const meta = file.fundflow;
  if (typeof meta.formatVersion !== 'number' || typeof meta.schemaVersion !== 'number')
    return fail('damaged', 'This export has no version, so it cannot be read.');
  if (meta.formatVersion > SESSION_EXPORT_FORMAT_VERSION || meta.schemaVersion > currentSchemaVersion) {
    return fail('newer', 'This export comes from a newer version of Fundflow than this one. Open it in the current version.');
  }
  if (typeof file.payload !== 'string' || typeof file.preloadedState !== 'string')
    return fail('damaged', 'This export is missing its actions or its state.');
  let actions: unknown;
  let preloadedState: unknown;
  try {
    actions = JSON.parse(file.payload);
    preloadedState = JSON.parse(file.preloadedState);
  } catch {
    return fail('damaged', 'This export is damaged: its actions or its state cannot be read.');
  }
  if (!Array.isArray(actions) || !actions.every((action) => isObject(action) && typeof action.type === 'string')) {
    return fail('damaged', 'This export is damaged: its actions are not Redux actions.');
  }
  if (!isObject(preloadedState)) return fail('damaged', 'This export is damaged: its state is not an object.');
  const times =
    Array.isArray(meta.actionTimes) &&
    meta.actionTimes.length === actions.length &&
    meta.actionTimes.every((time) => typeof time === 'number')
      ? meta.actionTimes
      : actions.map(() => 0);
  return {
    ok: true,
    session: {
      meta: { ...(meta as unknown as SessionExportMeta), actionTimes: times },
      preloadedState,
      actions: actions as UnknownAction[],
    },
  };
}
