import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Notice, Wordmark } from '../../../ui';
import { hrefOf, loadReplay, type LoadedReplay } from './loadReplay';
import { REPLAY_MESSAGE_SOURCE } from './replayMode';
import { ReplayEvents } from './ReplayEvents';
import { ReplayFileDrop } from './ReplayFileDrop';
import { ReplayMeta } from './ReplayMeta';
import { ReplayScreen } from './ReplayScreen';
import { ReplayStepper } from './ReplayStepper';
import { ReplayStepSummary, type ReplayStep } from './ReplayStepSummary';
import type { ReplayShowMessage } from './replayStore';
import './replay.css';

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
  const frameRef = useRef<HTMLIFrameElement>(null);
  const screenColumnRef = useRef<HTMLDivElement>(null);
  const [columnWidth, setColumnWidth] = useState(900);

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

  const step = useMemo((): ReplayStep | null => {
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
        <ReplayFileDrop loading={loading} onOpen={(file) => void open(file)} />

        {problem ? (
          <Notice tone="danger" title={`“${problem.fileName}” cannot be replayed`} live="assertive">
            {problem.message}
          </Notice>
        ) : null}

        {replay && step ? (
          <section className="ff-replay__session" aria-label="Recorded session">
            <ReplayMeta replay={replay} viewport={viewport} />
            <ReplayStepper
              index={index}
              last={last}
              valueText={`Step ${index} of ${last}: ${step.name}, on ${step.route}`}
              onIndex={setIndex}
            />
            <ReplayStepSummary step={step} index={index} last={last} rendered={shownIndex === index} />

            <div className="ff-replay__body">
              <ReplayEvents timeline={replay.timeline} currentEntry={currentEntry} onIndex={setIndex} />
              <ReplayScreen
                columnRef={screenColumnRef}
                frameRef={frameRef}
                frameKey={replay.fileName + replay.meta.exportedAt}
                viewport={viewport}
                scale={scale}
                shownIndex={shownIndex}
              />
            </div>
          </section>
        ) : null}
      </main>
    </div>
  );
}
