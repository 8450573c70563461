import { useEffect, useRef } from 'react';

/**
 * Focus for a step-by-step flow: put the returned ref on the step's heading (with tabIndex={-1}). Whenever
 * `step` changes after the first render (Next, Confirm, Back), focus moves to that heading, so a screen reader
 * reads the new step from its title and Tab goes on from the top of it. The first step keeps whatever focus its
 * opening gave (an opener, an autoFocus field).
 */
export function useFocusOnStepChange<T extends HTMLElement>(step: string | undefined) {
  const ref = useRef<T>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (step === undefined || shown.current === step) return;
    shown.current = step;
    ref.current?.focus();
  }, [step]);
  return ref;
}
