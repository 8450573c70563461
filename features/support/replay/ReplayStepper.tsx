import { useId, type Dispatch, type SetStateAction } from 'react';
import { Button } from '../../../ui';

/** Previous, the step slider and Next. */
export function ReplayStepper({
  index,
  last,
  valueText,
  onIndex,
}: {
  index: number;
  last: number;
  /** What the slider announces for the step shown. */
  valueText: string;
  onIndex: Dispatch<SetStateAction<number>>;
}) {
  const sliderId = useId();
  return (
    <div className="ff-replay__timeline">
      <Button variant="secondary" size="sm" onClick={() => onIndex((current) => Math.max(0, current - 1))} disabled={index === 0}>
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
          aria-valuetext={valueText}
          onChange={(event) => onIndex(Number(event.target.value))}
        />
      </div>
      <Button variant="secondary" size="sm" onClick={() => onIndex((current) => Math.min(last, current + 1))} disabled={index === last}>
        Next
      </Button>
    </div>
  );
}
