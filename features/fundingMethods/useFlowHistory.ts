import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';

/**
 * A modal flow's steps as entries of the browser's history, so the browser's Back (a phone's back gesture) walks
 * the flow instead of leaving the page (issue 18). The open flow owns entries above the one it was opened on,
 * each the same address marked with its depth in the entry's state: 1 for the first step, 2 for the review. A
 * result screen keeps the depth it was reached at. Back to a lower depth is the customer going back a step
 * (`onBack`, told the depth reached: 0 means the flow's first step was left); the flow's own Back and close
 * buttons change the wanted depth and this pops the entries they leave behind, so no dead entry is left to undo.
 * The marks live in history.state, so a reload keeps them.
 */
const DEPTH_KEY = 'ffFlowDepth';

export const flowDepthOf = (state: unknown): number => {
  const depth = (state as Record<string, unknown> | null)?.[DEPTH_KEY];
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 ? depth : 0;
};

export interface FlowHistory {
  /**
   * The flow was closed by one of its own buttons: `then` runs once its entries are popped (at once when it has
   * none), on the entry the flow was opened on, so it may replace that entry's address.
   */
  leave(then: () => void): void;
}

/**
 * `wanted`: the depth the flow's current step should have while it is open, or null to leave the history as it
 * is (the flow is closed, or another dialog is over it).
 */
export function useFlowHistory(wanted: number | null, onBack: (depth: number) => void): FlowHistory {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const shown = flowDepthOf(location.state);
  const last = useRef({ key: location.key, shown });
  const afterLeave = useRef<(() => void) | null>(null);
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  useEffect(() => {
    const moved = last.current.key !== location.key;
    const before = last.current.shown;
    last.current = { key: location.key, shown };
    if (moved && navigationType === 'POP') {
      // The browser's Back or Forward, or the pops below landing.
      if (shown === 0 && afterLeave.current) {
        const then = afterLeave.current;
        afterLeave.current = null;
        then();
        return;
      }
      if (wanted !== null && shown < before) onBackRef.current(shown);
      return;
    }
    if (wanted === null) return;
    if (wanted > shown) {
      navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { state: { ...(location.state as object | null), [DEPTH_KEY]: shown + 1 } });
    } else if (wanted < shown) {
      navigate(wanted - shown);
    }
  }, [wanted, location.key]);

  const leave = useCallback(
    (then: () => void) => {
      if (shownNow.current === 0) {
        then();
        return;
      }
      afterLeave.current = then;
      navigate(-shownNow.current);
    },
    [navigate],
  );
  return { leave };
}
