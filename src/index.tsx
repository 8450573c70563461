import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import storage from 'redux-persist/es/storage';
import { makePersistedStore } from '../store/store';
import { appSessionRecorder } from '../features/support/sessionRecording';
import { App } from './App';
import { FullScreenLoader } from './ui';
// The kit's tokens and styles come first (src/ui stays free of side effects, so its unused parts drop out).
import './ui/tokens.css';
import './ui/ui.css';
import './app.css';

const { store, persistor } = makePersistedStore(storage, { recorder: appSessionRecorder });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={<FullScreenLoader message="Loading Fundflow…" />} persistor={persistor}>
        <App />
      </PersistGate>
    </Provider>
  </StrictMode>,
);
