import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { undeclaredQueryProblem } from './msw/queryGuard';
import { mswServer } from './msw/server';
import { clearSignedOut } from '../features/session/signedOutMarker';

// Screens load their flows as lazy chunks; on CI's 2 busy cores the first import of a chunk can take more than
// Testing Library's default second. Waiting longer changes no assertion, only how long a failure takes to show.
configure({ asyncUtilTimeout: 4000 });

// Every request the app makes is held to the server's rule on query strings (test/msw/queryGuard.ts): a
// parameter the route does not declare fails the test that made it.
const queryProblems: string[] = [];
mswServer.events.on('request:start', ({ request }) => {
  const problem = undeclaredQueryProblem(request.method, request.url);
  if (problem) queryProblems.push(problem);
});

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
  // A test that signs out leaves the signed-out mark in jsdom's storage; the next test starts without it.
  clearSignedOut();
  const found = queryProblems.splice(0);
  if (found.length > 0) throw new Error(`The app sent query parameters the server refuses:\n${[...new Set(found)].join('\n')}`);
});
afterAll(() => mswServer.close());

// Screens mounted in unit tests do not open the live events channel (jsdom's WebSocket and MSW's interceptor
// disagree on AbortSignal); the channel has its own tests in features/liveEvents with a fake socket, and a
// browser suite against the real server.
jest.mock('../features/liveEvents/useLiveEventsConnection', () => ({ useLiveEventsConnection: () => undefined }));
