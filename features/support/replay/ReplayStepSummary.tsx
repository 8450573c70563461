import { Notice, Spinner } from '../../../ui';
import { replayTimeFormat } from './replayTimeFormat';

/** The step shown, in words. */
export interface ReplayStep {
  name: string;
  /** The recorded action's type (none for the start). */
  type: string | null;
  time: number | null;
  /** The reducer's refusal of the action, if it threw. */
  error: string | null;
  route: string;
}

/** The step shown: its number, words, time, page and action, and the reducer's refusal if there was one. */
export function ReplayStepSummary({ step, index, last, rendered }: { step: ReplayStep; index: number; last: number; rendered: boolean }) {
  return (
    <>
      <p className="ff-replay__step" aria-live="polite">
        <span className="ff-replay__step-count">
          Step {index} of {last}
        </span>{' '}
        <span className="ff-replay__words">{step.name}</span>
        {step.time ? <span className="ff-replay__time"> at {replayTimeFormat.format(new Date(step.time))} UTC</span> : null}
        <span className="ff-replay__route">on {step.route}</span>
        {step.type ? (
          <code className="ff-replay__action" title="The recorded action, for engineers">
            {step.type}
          </code>
        ) : null}
        {rendered ? null : <Spinner size="sm" label="Rendering this step" />}
      </p>
      {step.error ? (
        <Notice tone="warning" title="The reducer refused this action">
          {step.error}
        </Notice>
      ) : null}
    </>
  );
}
