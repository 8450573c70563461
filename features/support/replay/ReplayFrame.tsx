import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, useRoutes } from 'react-router';
import { appRoutes } from '../../../src/App';
import type { RootState } from '../../../store/rootReducer';
import { ReplayModeContext, REPLAY_MESSAGE_SOURCE } from './replayMode';
import { makeReplayStore, replayShow } from './replayStore';
import './replayFrame.css';

export interface ReplayShowMessage {
  source: typeof REPLAY_MESSAGE_SOURCE;
  type: 'show';
  index: number;
  state: RootState;
  href: string;
}

function Routes() {
  return useRoutes(appRoutes);
}

type Store = ReturnType<typeof makeReplayStore>;

/**
 * The page inside the replay's frame: the customer's screens rendered from the state the support page sends.
 * It talks only to its parent, and only to a parent of the same origin.
 */
function ReplayFrameApp() {
  const [shown, setShown] = useState<{ store: Store; href: string; index: number } | null>(null);

  useEffect(() => {
    let store: Store | null = null;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent) return;
      const message = event.data as Partial<ReplayShowMessage> | null;
      if (!message || message.source !== REPLAY_MESSAGE_SOURCE || message.type !== 'show' || !message.state || typeof message.href !== 'string') return;
      const { state, href, index } = message as ReplayShowMessage;
      if (!store) store = makeReplayStore(state);
      else store.dispatch(replayShow(state));
      const current = store;
      setShown({ store: current, href, index });
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ source: REPLAY_MESSAGE_SOURCE, type: 'ready' }, window.location.origin);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (shown) window.parent.postMessage({ source: REPLAY_MESSAGE_SOURCE, type: 'shown', index: shown.index }, window.location.origin);
  }, [shown]);

  if (!shown) return <p className="ff-replay-frame__waiting">Waiting for a recorded state…</p>;
  return (
    <ReplayModeContext.Provider value={true}>
      <Provider store={shown.store}>
        {/*
          Each step renders afresh from its state, as a page load would: what components keep to themselves
          (text being typed, a form's fields) starts from the store, so a step looks the same whichever step
          was shown before it.
        */}
        <MemoryRouter key={`${shown.index} ${shown.href}`} initialEntries={[shown.href]}>
          <Routes />
        </MemoryRouter>
      </Provider>
    </ReplayModeContext.Provider>
  );
}

/** Everything a pointer does that can change something: a press, a click, a menu. Wheel and touch scroll stay. */
const POINTER_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu', 'dragstart', 'drop'] as const;
/**
 * Everything typing can do: keys, text going in, clipboard, a form sent; and focus moving (Tab stays free, so
 * a keyboard can leave the frame, but the app does not hear it: a field's blur would show its errors).
 */
const KEY_EVENTS = ['keydown', 'keypress', 'keyup', 'beforeinput', 'input', 'change', 'paste', 'cut', 'submit', 'focusin', 'focusout'] as const;
/** Keys that scroll the page (and move focus: Tab) when nothing in particular has focus. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End', ' ', 'Tab']);

/**
 * Makes the replayed screen read-only: a click or a key inside the frame reaches neither the browser's
 * default action (a link, a checkbox, typing into a field, focus) nor the app's handlers (React listens at
 * its root, below the window, where this stops the event first). Scrolling stays: the wheel and touch are
 * left alone, and so are the scrolling keys while no control has focus.
 */
export function makeReadOnly(target: Window): () => void {
  const block = (event: Event) => {
    if (event instanceof KeyboardEvent && event.type !== 'keypress' && SCROLL_KEYS.has(event.key)) {
      const focused = event.target;
      const onPage = focused === target.document.body || focused === target.document.documentElement || focused === target.document || focused === target;
      if (onPage || event.key === 'Tab') return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  const types = [...POINTER_EVENTS, ...KEY_EVENTS];
  for (const type of types) target.addEventListener(type, block, { capture: true });
  return () => {
    for (const type of types) target.removeEventListener(type, block, { capture: true });
  };
}

export function mountReplayFrame(container: HTMLElement): void {
  document.documentElement.classList.add('ff-replay-frame-document');
  makeReadOnly(window);
  createRoot(container).render(<ReplayFrameApp />);
}
