import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { mswServer } from './msw/server';
import { clearSignedOut } from '../features/session/signedOutMarker';

// Screens load their flows as lazy chunks; on CI's 2 busy cores the first import of a chunk can take more than
// Testing Library's default second. Waiting longer changes no assertion, only how long a failure takes to show.
configure({ asyncUtilTimeout: 4000 });

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
  // A test that signs out leaves the signed-out mark in jsdom's storage; the next test starts without it.
  clearSignedOut();
});
afterAll(() => mswServer.close());

// Screens mounted in unit tests do not open the live events channel (jsdom's WebSocket and MSW's interceptor
// disagree on AbortSignal); the channel has its own tests in features/liveEvents with a fake socket, and a
// browser suite against the real server.
jest.mock('../features/liveEvents/useLiveEventsConnection', () => ({ useLiveEventsConnection: () => undefined }));
