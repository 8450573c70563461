import { act, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { ApiPaths } from '../../api/contract';
import { renderWithProviders, signedInStore } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { useMarketClock } from '../config/useMarketClock';
import { NotificationBell } from '../notifications/NotificationBell';
import {
  FIRST_CONTENT_WAIT_MS,
  UNREPORTED_PAINT_WAIT_MS,
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
  const content = useRef<HTMLParagraphElement>(null);
  useFirstContentPainted(contentShown, content);
  return (
    <>
      <NotificationBell />
      <p ref={content}>{useAfterFirstContent() ? 'started' : 'waiting'}</p>
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
  it('where the browser reports paints, start when the largest paint inside the content is reported, or UNREPORTED_PAINT_WAIT_MS after it is shown', async () => {
    const observers: Array<(entries: Array<{ element: Element | null }>) => void> = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(readonly callback: (list: { getEntries: () => unknown[] }) => void) {
        observers.push((entries) => callback({ getEntries: () => entries }));
      }
      observe() {}
      disconnect() {}
    }
    const original = globalThis.PerformanceObserver;
    globalThis.PerformanceObserver = FakeObserver as unknown as typeof PerformanceObserver;
    try {
      holdUntilFirstContent();
      const { rerender } = renderWithProviders(<Shell />, { store: signedInStore() });
      rerender(<Shell contentShown />);
      await waitFor(() => expect(observers).toHaveLength(1));
      // A paint outside the content (the header, say) does not end the wait; one inside it does.
      act(() => observers[0]([{ element: document.body }]));
      expect(screen.getByText('waiting')).toBeInTheDocument();
      act(() => observers[0]([{ element: screen.getByText('waiting') }]));
      expect(screen.getByText('started')).toBeInTheDocument();
      releaseFirstContent();

      // No paint reported inside the content: the wait ends UNREPORTED_PAINT_WAIT_MS after it was shown.
      jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
      holdUntilFirstContent();
      rerender(<Shell />);
      rerender(<Shell contentShown />);
      await act(() => jest.advanceTimersByTimeAsync(UNREPORTED_PAINT_WAIT_MS - 1));
      expect(screen.getByText('waiting')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1));
      expect(screen.getByText('started')).toBeInTheDocument();
    } finally {
      globalThis.PerformanceObserver = original;
    }
  });
});
