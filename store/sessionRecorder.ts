import { isAction, type Middleware, type UnknownAction } from '@reduxjs/toolkit';

/** How many actions the recorder keeps (the newest); an export takes at most these. */
export const RECORDED_ACTIONS_MAX = 300;

export interface RecordedAction {
  action: UnknownAction;
  /** When it was dispatched, epoch milliseconds. */
  at: number;
  /** The state just before it: the first kept action's is an export's preloaded state. */
  stateBefore: unknown;
}

export interface SessionRecorder {
  middleware: Middleware;
  /** The kept actions, oldest first. */
  recorded: () => readonly RecordedAction[];
  clear: () => void;
}

/**
 * Keeps the last `max` actions with the state before each, for a support export. States are immutable and
 * share structure, so keeping one reference per action costs little. Only what reducers see is kept: RTK
 * Query's request and response objects (meta.baseQueryMeta) are left out.
 */
export function createSessionRecorder(options: { max?: number; now?: () => number } = {}): SessionRecorder {
  const max = options.max ?? RECORDED_ACTIONS_MAX;
  const now = options.now ?? Date.now;
  let entries: RecordedAction[] = [];
  const middleware: Middleware = (api) => (next) => (action) => {
    if (isAction(action)) {
      entries.push({ action: withoutRequestObjects(action), at: now(), stateBefore: api.getState() });
      if (entries.length > max) entries = entries.slice(entries.length - max);
    }
    return next(action);
  };
  return {
    middleware,
    recorded: () => entries.slice(),
    clear: () => {
      entries = [];
    },
  };
}

function withoutRequestObjects(action: UnknownAction): UnknownAction {
  const meta = (action as { meta?: Record<string, unknown> }).meta;
  if (!meta || typeof meta !== 'object' || !('baseQueryMeta' in meta)) return action;
  const { baseQueryMeta: _dropped, ...rest } = meta;
  return { ...action, meta: rest };
}
