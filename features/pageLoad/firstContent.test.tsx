import { act, screen, waitFor } from '@testing-library/react';
import { ApiPaths } from '../../api/contract';
import { renderWithProviders, signedInStore } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { useMarketClock } from '../config/useMarketClock';
import { NotificationBell } from '../notifications/NotificationBell';
import {
  FIRST_CONTENT_WAIT_MS,
  holdUntilFirstContent,
  releaseFirstContent,
  useAfterFirstContent,
  useFirstContentPainted,
} from './firstContent';

/** This file's listeners, removed after each test (test/setupUnit.ts keeps its own on every request). */
const listeners: ((event: { request: Request }) => void)[] = [];

function recordRequests(): string[] {
  const paths: string[] = [];
  const record = ({ request }: { request: Request }) => {
    paths.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  listeners.push(record);
  mswServer.events.on('request:start', record);
  return paths;
}

afterEach(() => {
  for (const listener of listeners.splice(0)) mswServer.events.removeListener('request:start', listener);
  // The wait belongs to a page load: each test starts without one.
  releaseFirstContent();
  jest.useRealTimers();
});

const BELL_AND_CLOCK = [`GET ${ApiPaths.notifications}`, `GET ${ApiPaths.clock}`];

/** The layout's part that waits: the bell and the clock, and what the hook says. */
function Shell({ contentShown = false }: { contentShown?: boolean }) {
  useMarketClock();
  useFirstContentPainted(contentShown);
  return (
    <>
      <NotificationBell />
      <p>{useAfterFirstContent() ? 'started' : 'waiting'}</p>
    </>
  );
}

describe("the layout's requests and the page's first content", () => {
  it('start at once on a load that waits for nothing', async () => {
    const requests = recordRequests();
    renderWithProviders(<Shell />, { store: signedInStore() });
    expect(screen.getByText('started')).toBeInTheDocument();
    await waitFor(() => expect([...requests].sort()).toEqual([...BELL_AND_CLOCK].sort()));
  });

  it('wait for the first content, then start once it has been painted', async () => {
    holdUntilFirstContent();
    const requests = recordRequests();
    const store = signedInStore();
    const { rerender } = renderWithProviders(<Shell />, { store });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    // The bell is there, without a count, and nothing was asked for.
    expect(screen.getByRole('link', { name: /^Notifications/ })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);

    rerender(<Shell contentShown />);
    expect(await screen.findByText('started')).toBeInTheDocument();
    await waitFor(() => expect([...requests].sort()).toEqual([...BELL_AND_CLOCK].sort()));
  });

  it('start after FIRST_CONTENT_WAIT_MS when the first content never comes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    holdUntilFirstContent();
    const requests = recordRequests();
    renderWithProviders(<Shell />, { store: signedInStore() });
    await act(() => jest.advanceTimersByTimeAsync(FIRST_CONTENT_WAIT_MS - 1));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(requests).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByText('started')).toBeInTheDocument();
    jest.useRealTimers();
    await waitFor(() => expect([...requests].sort()).toEqual([...BELL_AND_CLOCK].sort()));
  });
});
