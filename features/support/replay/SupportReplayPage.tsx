import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { PERSIST_VERSION } from '../../../store/persistence';
import type { RootState } from '../../../store/rootReducer';
import { parseSessionExport, SESSION_EXPORT_MAX_BYTES, type SessionExportMeta } from '../../../store/sessionExport';
import { Button, Notice, Spinner, Wordmark } from '../../../ui';
import { REPLAY_FRAME_PATH, REPLAY_MESSAGE_SOURCE } from './replayMode';
import { computeReplayStates, migrateExportedState } from './replayStates';
import { describeAction, type TimelineKind } from './timelineWords';
import type { ReplayShowMessage } from './replayStore';
import './replay.css';

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

const timeFormat = new Intl.DateTimeFormat('en-US', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

function hrefOf(state: RootState | undefined, meta: SessionExportMeta): string {
  const navigation = (state as { navigation?: { pathname?: string; search?: string; hash?: string } } | undefined)?.navigation;
  if (navigation?.pathname && navigation.pathname !== '/')
    return `${navigation.pathname}${navigation.search ?? ''}${navigation.hash ?? ''}`;
  return meta.route || '/portfolio';
}

/**
 * /support/replay: support staff load a customer's exported session and step through it. The customer's
 * screen is rendered in a frame at the customer's viewport size from the recorded states, with network calls
 * off; nothing leaves this page.
 */
export default function SupportReplayPage() {
  const [replay, setReplay] = useState<LoadedReplay | null>(null);
  const [problem, setProblem] = useState<{ fileName: string; message: string } | null>(null);
  const [loading, setLoading] = useState(false);
  const [index, setIndex] = useState(0);
  const [frameReady, setFrameReady] = useState(false);
  const [shownIndex, setShownIndex] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const eventsRef = useRef<HTMLOListElement>(null);
  const screenColumnRef = useRef<HTMLDivElement>(null);
  const [columnWidth, setColumnWidth] = useState(900);
  const timelineHeadingId = useId();

  // The screen column's width decides the frame's scale (a phone-wide support page shows it small).
  useEffect(() => {
    const column = screenColumnRef.current;
    if (!column) return;
    const measure = () => setColumnWidth(column.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(column);
    return () => observer.disconnect();
  }, [replay]);
  const inputId = useId();
  const sliderId = useId();

  const open = useCallback(async (file: File | undefined) => {
    if (!file) return;
    setLoading(true);
    setProblem(null);
    const result = await loadReplay(file);
    setLoading(false);
    if (!result.ok) {
      // The session shown before is not this file's: it goes, so nobody reads it as the new one.
      setReplay(null);
      setFrameReady(false);
      setShownIndex(null);
      setProblem({ fileName: file.name, message: result.message });
      return;
    }
    setReplay(result.replay);
    setFrameReady(false);
    setShownIndex(null);
    // Start where the customer was when they downloaded it: the last state.
    setIndex(result.replay.states.length - 1);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      const data = event.data as { source?: string; type?: string; index?: number } | null;
      if (data?.source !== REPLAY_MESSAGE_SOURCE) return;
      if (data.type === 'ready') setFrameReady(true);
      if (data.type === 'shown' && typeof data.index === 'number') setShownIndex(data.index);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    const target = frameRef.current?.contentWindow;
    if (!replay || !frameReady || !target) return;
    const message: ReplayShowMessage = {
      source: REPLAY_MESSAGE_SOURCE,
      type: 'show',
      index,
      state: replay.states[index],
      href: hrefOf(replay.states[index], replay.meta),
    };
    target.postMessage(message, window.location.origin);
  }, [replay, frameReady, index]);

  const step = useMemo(() => {
    if (!replay) return null;
    const route = hrefOf(replay.states[index], replay.meta);
    if (index === 0)
      return {
        name: 'Start (the state before the first recorded action)',
        type: null,
        time: replay.meta.actionTimes[0] ?? null,
        error: null,
        route,
      };
    const words = replay.stepWords[index];
    return {
      name: words ?? 'Nothing the customer did or saw (the app’s own bookkeeping)',
      type: String(replay.actions[index - 1].type),
      time: replay.meta.actionTimes[index - 1] ?? null,
      error: replay.errors[index],
      route,
    };
  }, [replay, index]);
  /** The timeline line of the step shown: the last one at or before it. */
  const currentEntry = useMemo(() => {
    if (!replay) return -1;
    let found = -1;
    replay.timeline.forEach((entry, position) => {
      if (entry.index <= index) found = position;
    });
    return found;
  }, [replay, index]);

  useEffect(() => {
    const list = eventsRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !current) return;
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + current.offsetHeight - list.clientHeight;
  }, [currentEntry]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void open(event.dataTransfer.files[0]);
  };

  const last = replay ? replay.states.length - 1 : 0;
  const viewport = replay?.meta.viewport ?? { width: 1280, height: 800 };
  // The frame is drawn at the customer's own size, scaled down to fit the column it is in.
  const scale = Math.min(1, Math.max(160, columnWidth - 2) / Math.max(320, viewport.width));

  return (
    <div className="ff-replay">
      <header className="ff-replay__header">
        <Wordmark size={24} />
        <h1 className="ff-replay__title">Session replay</h1>
      </header>
      <main className="ff-replay__main">
        <div
          className={dragging ? 'ff-replay__drop ff-replay__drop--active' : 'ff-replay__drop'}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label htmlFor={inputId} className="ff-replay__drop-label">
            Session file from the customer (Help → Download session for support)
          </label>
          <input
            id={inputId}
            type="file"
            accept="application/json,.json"
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              void open(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <p className="ff-replay__hint">
            Or drop it here. The file stays in this browser: nothing is uploaded, and the replay sends no requests.
          </p>
          {loading ? <Spinner label="Reading the session file" /> : null}
        </div>

        {problem ? (
          <Notice tone="danger" title={`“${problem.fileName}” cannot be replayed`} live="assertive">
            {problem.message}
          </Notice>
        ) : null}

        {replay && step ? (
          <section className="ff-replay__session" aria-label="Recorded session">
            <dl className="ff-replay__meta">
              <div>
                <dt>File</dt>
                <dd>{replay.fileName}</dd>
              </div>
              <div>
                <dt>Exported</dt>
                <dd>{replay.meta.exportedAt}</dd>
              </div>
              <div>
                <dt>App version</dt>
                <dd>
                  {replay.meta.appVersion} (state version {replay.meta.schemaVersion}
                  {replay.meta.schemaVersion < PERSIST_VERSION ? `, migrated to ${PERSIST_VERSION}` : ''})
                </dd>
              </div>
              <div>
                <dt>Viewport</dt>
                <dd>
                  {viewport.width} × {viewport.height}
                </dd>
              </div>
              <div>
                <dt>Actions</dt>
                <dd>
                  {replay.actions.length}
                  {replay.meta.actionsLeftOut > 0 ? ` (${replay.meta.actionsLeftOut} earlier ones not in the file)` : ''}
                </dd>
              </div>
            </dl>

            <div className="ff-replay__timeline">
              <Button variant="secondary" size="sm" onClick={() => setIndex((current) => Math.max(0, current - 1))} disabled={index === 0}>
                Previous
              </Button>
              <div className="ff-replay__slider">
                <label htmlFor={sliderId} className="ff-visually-hidden">
                  Recorded step
                </label>
                <input
                  id={sliderId}
                  type="range"
                  min={0}
                  max={last}
                  step={1}
                  value={index}
                  aria-valuetext={`Step ${index} of ${last}: ${step.name}, on ${step.route}`}
                  onChange={(event) => setIndex(Number(event.target.value))}
                />
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setIndex((current) => Math.min(last, current + 1))}
                disabled={index === last}
              >
                Next
              </Button>
            </div>
            <p className="ff-replay__step" aria-live="polite">
              <span className="ff-replay__step-count">
                Step {index} of {last}
              </span>{' '}
              <span className="ff-replay__words">{step.name}</span>
              {step.time ? <span className="ff-replay__time"> at {timeFormat.format(new Date(step.time))} UTC</span> : null}
              <span className="ff-replay__route">on {step.route}</span>
              {step.type ? (
                <code className="ff-replay__action" title="The recorded action, for engineers">
                  {step.type}
                </code>
              ) : null}
              {shownIndex !== index ? <Spinner size="sm" label="Rendering this step" /> : null}
            </p>
            {step.error ? (
              <Notice tone="warning" title="The reducer refused this action">
                {step.error}
              </Notice>
            ) : null}

            <div className="ff-replay__body">
              <section className="ff-replay__events-section" aria-labelledby={timelineHeadingId}>
                <h2 id={timelineHeadingId} className="ff-replay__subtitle">
                  What happened
                </h2>
                {replay.timeline.length === 0 ? (
                  <p className="ff-replay__hint">Nothing the customer did or saw was recorded in this file.</p>
                ) : (
                  <ol className="ff-replay__events" ref={eventsRef}>
                    {replay.timeline.map((entry, position) => (
                      <li key={entry.index} className={`ff-replay__event ff-replay__event--${entry.kind}`}>
                        <button
                          type="button"
                          aria-current={position === currentEntry ? 'step' : undefined}
                          onClick={() => setIndex(entry.index)}
                        >
                          <span className="ff-replay__event-time">{entry.at ? timeFormat.format(new Date(entry.at)) : '—'}</span>
                          <span className="ff-replay__event-words">{entry.words}</span>
                          <span className="ff-replay__event-route">{entry.route}</span>
                        </button>
                      </li>
                    ))}
                  </ol>
                )}
              </section>

              <div className="ff-replay__screen-column" ref={screenColumnRef}>
                <p className="ff-replay__hint">
                  The customer’s screen, read-only: clicks and keys inside it change nothing. Times are UTC.
                </p>
                <div className="ff-replay__screen" style={{ width: viewport.width * scale, height: viewport.height * scale }}>
                  <iframe
                    ref={frameRef}
                    key={replay.fileName + replay.meta.exportedAt}
                    title="Customer's screen"
                    src={REPLAY_FRAME_PATH}
                    width={viewport.width}
                    height={viewport.height}
                    style={{ transform: `scale(${scale})` }}
                    data-shown-index={shownIndex ?? ''}
                  />
                </div>
              </div>
            </div>
          </section>
        ) : null}
      </main>
    </div>
  );
}
