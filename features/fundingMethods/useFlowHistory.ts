import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType, type Location } from 'react-router';

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
   * The flow was closed: `then` runs once its entries are popped (at once when it has none), on the entry the
   * flow was opened on (given as `here`), so it may replace that entry's address.
   */
  leave: (then: (here: Location) => void) => void;
}

/**
 * `wanted`: the depth the flow's current step should have while it is open; 'hold' while another dialog is over
 * it (a bank link opened from the deposit); null once it is closed. Coming back from 'hold' keeps the history as
 * it is: that dialog's close changes the address in the same moment, so an entry pushed then would carry the old one.
 */
export type WantedDepth = number | 'hold' | null;

export function useFlowHistory(wanted: WantedDepth, onBack: (depth: number) => void): FlowHistory {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const shown = flowDepthOf(location.state);
  const last = useRef<{ key: string; shown: number; wanted: WantedDepth }>({ key: location.key, shown, wanted });
  const afterLeave = useRef<((here: Location) => void) | null>(null);
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const here = useRef(location);
  here.current = location;
  const onBackRef = useRef(onBack);
  onBackRef.current = onBack;

  // Runs when the flow wants another depth or the address moves; what is shown, the navigation type and the
  // address are read as they are at that moment.
  const followDepth = useEffectEvent(() => {
    const moved = last.current.key !== location.key;
    const before = last.current.shown;
    const wantedBefore = last.current.wanted;
    last.current = { key: location.key, shown, wanted };
    if (moved && navigationType === NavigationType.Pop) {
      // The browser's Back or Forward, or the pops below landing.
      if (shown === 0 && afterLeave.current) {
        const then = afterLeave.current;
        afterLeave.current = null;
        then(location);
        return;
      }
      if (typeof wanted === 'number' && shown < before) onBackRef.current(shown);
      return;
    }
    if (typeof wanted !== 'number' || wantedBefore === 'hold') return;
    if (wanted > shown) {
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state: { ...(location.state as object | null), [DEPTH_KEY]: shown + 1 } },
      );
    } else if (wanted < shown) {
      navigate(wanted - shown);
    }
  });
  useEffect(() => {
    followDepth();
  }, [wanted, location.key]);

  const leave = useCallback(
    (then: (here: Location) => void) => {
      if (shownNow.current === 0) {
        then(here.current);
        return;
      }
      afterLeave.current = then;
      navigate(-shownNow.current);
    },
    [navigate],
  );
  return { leave };
}
