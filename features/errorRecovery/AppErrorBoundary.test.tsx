import { lazy } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppErrorBoundary, FAILURE_COPY, HOME_PATH, LazyBoundary } from './AppErrorBoundary';
import { CHUNK_RELOAD_KEY, pageReload, resetReloadUnderWay } from './chunkReload';
import { FailureDialog } from './FailureDialog';

const chunkGone = () =>
  Object.assign(new Error('Loading chunk 77 failed.\n(missing: http://localhost/assets/notifications.0badc0de.js)'), {
    name: 'ChunkLoadError',
  });

/** A lazy part whose chunk answers 404 (a new lazy each time: React keeps a lazy's failure for good). */
const goneLazyPart = () => lazy<() => React.JSX.Element>(() => Promise.reject(chunkGone()));

const realReload = pageReload.reload;
let reload: jest.Mock;
let warn: jest.SpyInstance;
let error: jest.SpyInstance;

beforeEach(() => {
  window.sessionStorage.clear();
  resetReloadUnderWay();
  reload = jest.fn();
  pageReload.reload = reload;
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  pageReload.reload = realReload;
  warn.mockRestore();
  error.mockRestore();
});

/** The page as it is after a reload: same tab (same sessionStorage), fresh scripts. */
function reloadedPage(view: { unmount: () => void }) {
  view.unmount();
  resetReloadUnderWay();
}

describe('a lazy part whose chunk is gone after a deploy', () => {
  it('reloads the page once for the new build, showing a quiet loader rather than an error meanwhile', async () => {
    const Part = goneLazyPart();
    render(
      <LazyBoundary fallback={<p>Loading part</p>}>
        <Part />
      </LazyBoundary>,
    );
    expect(await screen.findByText('Loading the latest version of Fundflow')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the latest version of Fundflow');
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toMatch(/^\d+$/);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('after that reload, if the chunk still does not load, shows Try again (focused heading) instead of reloading again', async () => {
    const first = render(
      <LazyBoundary scope="page" fallback={<p>Loading part</p>}>
        {(() => {
          const Part = goneLazyPart();
          return <Part />;
        })()}
      </LazyBoundary>,
    );
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    reloadedPage(first);

    const Again = goneLazyPart();
    render(
      <LazyBoundary scope="page" fallback={<p>Loading part</p>}>
        <Again />
      </LazyBoundary>,
    );
    const heading = await screen.findByRole('heading', { level: 1, name: FAILURE_COPY.chunk.title });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(heading).toHaveFocus();
    expect(screen.getByText(FAILURE_COPY.chunk.body)).toBeInTheDocument();
    // Nothing from the error reaches the customer.
    expect(document.body.textContent).not.toMatch(/ChunkLoadError|Loading chunk|assets\//);

    // Try again is the next Tab stop, and reloads (a reload the customer asked for).
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(reload).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Go to your portfolio' })).toHaveAttribute('href', HOME_PATH);
  });

  it('reloads once for a page with several parts failing together', async () => {
    const A = goneLazyPart();
    const B = goneLazyPart();
    render(
      <>
        <LazyBoundary fallback={null}>
          <A />
        </LazyBoundary>
        <LazyBoundary fallback={null}>
          <B />
        </LazyBoundary>
      </>,
    );
    await waitFor(() => expect(screen.getAllByText('Loading the latest version of Fundflow')).toHaveLength(2));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('other render errors', () => {
  let failing = true;
  function Fragile() {
    if (failing) throw new TypeError("Cannot read properties of undefined (reading 'cents') at secretFile.tsx:12");
    return <p>Balances</p>;
  }

  beforeEach(() => {
    failing = true;
  });

  it('show an error state with Try again and a way home, report to the console, never reload and never show the error', async () => {
    render(
      <AppErrorBoundary>
        <Fragile />
      </AppErrorBoundary>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: FAILURE_COPY.render.title });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to your portfolio' })).toHaveAttribute('href', HOME_PATH);
    expect(document.body.textContent).not.toMatch(/secretFile|Cannot read|TypeError/);
    expect(reload).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith('Fundflow: a render failed', expect.any(TypeError), expect.anything());

    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Balances')).toBeInTheDocument();
  });

  it('are cleared when the page changes (resetKey), so going elsewhere is not stuck on the error', () => {
    const view = render(
      <AppErrorBoundary resetKey="/a">
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: FAILURE_COPY.render.title })).toBeInTheDocument();
    failing = false;
    view.rerender(
      <AppErrorBoundary resetKey="/b">
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Balances')).toBeInTheDocument();
  });

  it('can be drawn another way (a flow shows its failure in a dialog)', () => {
    render(
      <AppErrorBoundary renderFallback={({ title, onRetry }) => <button onClick={onRetry}>{title}</button>}>
        <Fragile />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('button', { name: FAILURE_COPY.render.title })).toBeInTheDocument();
  });
});

describe('a funding flow that fails shows its failure as a dialog', () => {
  it('named by what happened, with Try again; Close closes the flow', async () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const Flow = goneLazyPart();
    const onClose = jest.fn();
    render(
      <LazyBoundary fallback={<p>Opening</p>} renderFallback={(failure) => <FailureDialog {...failure} onClose={onClose} />}>
        <Flow />
      </LazyBoundary>,
    );
    const dialog = await screen.findByRole('dialog', { name: FAILURE_COPY.chunk.title });
    expect(dialog).toHaveTextContent(FAILURE_COPY.chunk.body);
    // Just reloaded (the note above): no second automatic reload.
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
