import '@testing-library/jest-dom';
import { mswServer } from './msw/server';

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
});
afterAll(() => mswServer.close());

// Screens mounted in unit tests do not open the live events channel (jsdom's WebSocket and MSW's interceptor
// disagree on AbortSignal); the channel has its own tests in features/liveEvents with a fake socket, and a
// browser suite against the real server.
jest.mock('../features/liveEvents/useLiveEventsConnection', () => ({ useLiveEventsConnection: () => undefined }));
