import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import storage from 'redux-persist/es/storage';
import { makePersistedStore } from '../store/store';
import { appSessionRecorder } from '../features/support/sessionRecording';
import { REPLAY_FRAME_PATH, REPLAY_PAGE_PATH } from '../features/support/replay/replayMode';
import { refreshSessionOnce } from '../features/session/refreshSessionOnce';
import { landsOnPortfolio, warmPortfolioRequests } from '../features/portfolio/warmPortfolio';
import { holdUntilFirstContent } from '../features/pageLoad/firstContent';
import { App } from './App';
import { PersistGate } from './PersistGate';
import { AppErrorBoundary } from '../features/errorRecovery/AppErrorBoundary';
import { isChunkLoadError, reloadForNewerBuild } from '../features/errorRecovery/chunkReload';
import { FullScreenLoader } from '../ui';
// The kit's tokens and styles come first (ui/ stays free of side effects, so its unused parts drop out).
import '../ui/tokens.css';
import '../ui/ui.css';
import './app.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

if (window.location.pathname === REPLAY_FRAME_PATH) {
  // The support replay's frame: recorded states only, no persistence, no recording, no network.
  import(/* webpackChunkName: "support-replay-frame" */ './replay/ReplayFrame').then(
    ({ mountReplayFrame }) => mountReplayFrame(container),
    // An older build's frame chunk, gone after a deploy: reload once for the new one (the frame has no Try again).
    (error: unknown) => {
      if (!(isChunkLoadError(error) && reloadForNewerBuild())) throw error;
    },
  );
} else {
  // Evaluating the bundle is one long task already; making the store, starting the session restore and the
  // first render go in the next task, so the browser can paint and handle input between the two. A message
  // to ourselves, not setTimeout: timers in a background tab can be held back for a second.
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    mountApp(container);
  };
  channel.port2.postMessage(null);
}

function mountApp(root: HTMLElement) {
  const { store, persistor } = makePersistedStore(storage, { recorder: appSessionRecorder });
  // redux-persist writes on a timer: a change made just before a reload or leaving the page (Cancel, then
  // reload) would be lost and the page would come back with the state before it. Write what is staged as the page
  // goes; localStorage writes are synchronous, so they land before the page is gone.
  window.addEventListener('pagehide', () => void persistor.flush());
  // The session is restored from the refresh cookie while the stored state rehydrates and React renders,
  // not after: every signed-in page waits for it. The support replay page needs no session and sends nothing.
  // A load that lands on the portfolio then asks for its data straight away (features/portfolio/warmPortfolio.ts),
  // and the layout's own requests wait until its balance is painted (features/pageLoad/firstContent.ts).
  const { pathname } = window.location;
  if (pathname !== REPLAY_PAGE_PATH) {
    const restoring = refreshSessionOnce(store.dispatch);
    if (landsOnPortfolio(pathname)) {
      holdUntilFirstContent();
      void restoring.then(() => warmPortfolioRequests(store));
    }
  }
  // The first render as a transition: React renders it in slices and yields to the browser between them,
  // instead of one long task while the page is loading (nothing is on screen before it anyway).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        {/* The last line of defence: whatever fails below, the page shows what happened and a way on. */}
        <AppErrorBoundary scope="page">
          <Provider store={store}>
            <PersistGate loading={<FullScreenLoader message="Loading Fundflow…" />} persistor={persistor}>
              <App />
            </PersistGate>
          </Provider>
        </AppErrorBoundary>
      </StrictMode>,
    );
  });
}
