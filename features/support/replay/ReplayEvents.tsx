import { useEffect, useId, useRef } from 'react';
import type { TimelineEntry } from './loadReplay';
import { replayTimeFormat } from './replayTimeFormat';

/** 'What happened': the timeline's lines, the current one marked and kept in view; a line jumps to its step. */
export function ReplayEvents({
  timeline,
  currentEntry,
  onIndex,
}: {
  timeline: TimelineEntry[];
  /** The position in `timeline` of the step shown (-1: before the first line). */
  currentEntry: number;
  onIndex: (index: number) => void;
}) {
  const eventsRef = useRef<HTMLOListElement>(null);
  const timelineHeadingId = useId();

  useEffect(() => {
    const list = eventsRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!list || !current) return;
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + current.offsetHeight - list.clientHeight;
  }, [currentEntry]);

  return (
    <section className="ff-replay__events-section" aria-labelledby={timelineHeadingId}>
      <h2 id={timelineHeadingId} className="ff-replay__subtitle">
        What happened
      </h2>
      {timeline.length === 0 ? (
        <p className="ff-replay__hint">Nothing the customer did or saw was recorded in this file.</p>
      ) : (
        <ol className="ff-replay__events" ref={eventsRef}>
          {timeline.map((entry, position) => (
            <li key={entry.index} className={`ff-replay__event ff-replay__event--${entry.kind}`}>
              <button type="button" aria-current={position === currentEntry ? 'step' : undefined} onClick={() => onIndex(entry.index)}>
                <span className="ff-replay__event-time">{entry.at ? replayTimeFormat.format(new Date(entry.at)) : '—'}</span>
                <span className="ff-replay__event-words">{entry.words}</span>
                <span className="ff-replay__event-route">{entry.route}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
