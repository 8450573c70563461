import type { RefObject } from 'react';
import { REPLAY_FRAME_PATH } from './replayMode';

/** The customer's screen: the replay frame at the customer's viewport, scaled to fit its column. */
export function ReplayScreen({
  columnRef,
  frameRef,
  frameKey,
  viewport,
  scale,
  shownIndex,
}: {
  columnRef: RefObject<HTMLDivElement | null>;
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** A new file gets a new frame. */
  frameKey: string;
  viewport: { width: number; height: number };
  scale: number;
  /** The step the frame last reported shown. */
  shownIndex: number | null;
}) {
  return (
    <div className="ff-replay__screen-column" ref={columnRef}>
      <p className="ff-replay__hint">The customer’s screen, read-only: clicks and keys inside it change nothing. Times are UTC.</p>
      <div className="ff-replay__screen" style={{ width: viewport.width * scale, height: viewport.height * scale }}>
        <iframe
          ref={frameRef}
          key={frameKey}
          title="Customer's screen"
          src={REPLAY_FRAME_PATH}
          width={viewport.width}
          height={viewport.height}
          style={{ transform: `scale(${scale})` }}
          data-shown-index={shownIndex ?? ''}
        />
      </div>
    </div>
  );
}
