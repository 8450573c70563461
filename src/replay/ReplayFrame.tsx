import { useEffect, useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { useRoutes } from 'react-router';
import { appRoutes } from '../App';
import { ReplayRouter } from './ReplayRouter';
import { ReplayModeContext, REPLAY_MESSAGE_SOURCE } from '../../features/support/replay/replayMode';
import { makeReplayStore, replayShow, type ReplayShowMessage } from '../../features/support/replay/replayStore';
import { makeReadOnly } from '../../features/support/replay/readOnlyFrame';
import './replayFrame.css';

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
      if (
        !message ||
        message.source !== REPLAY_MESSAGE_SOURCE ||
        message.type !== 'show' ||
        !message.state ||
        typeof message.href !== 'string'
      )
        return;
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

  // Each step starts at the top of its page, as a page load does. The frame's document outlives the steps, so
  // without this a step kept the scroll of the one shown before it (support scrolled the amount step, or a click
  // scrolled a control into view), and the review's title sat under the sticky page header, showing through it.
  useLayoutEffect(() => {
    if (shown) window.scrollTo(0, 0);
  }, [shown]);

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
        <ReplayRouter key={`${shown.index} ${shown.href}`} href={shown.href}>
          <Routes />
        </ReplayRouter>
      </Provider>
    </ReplayModeContext.Provider>
  );
}

export function mountReplayFrame(container: HTMLElement): void {
  document.documentElement.classList.add('ff-replay-frame-document');
  makeReadOnly(window);
  createRoot(container).render(<ReplayFrameApp />);
}
