import { Component, Suspense, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { AlertIcon, Button, buttonClassName, Spinner } from '../../ui';
import { isChunkLoadError, reloadForNewerBuild } from './chunkReload';

// Small on purpose: the root and every page carry it, so it rides in the first bundle (which is at its budget). It
// uses only kit parts the first page already has.

/** Where "a way home" leads: the signed-in start page (the guards send a signed-out visitor to sign in). */
export const HOME_PATH = '/portfolio';

/** The customer's words for each failure; never the error itself (no stack, no message from code). */
export const FAILURE_COPY = {
  chunk: {
    title: "This part of Fundflow didn't load",
    body: 'Fundflow may have been updated, or the connection dropped. Try again to get the latest version.',
  },
  render: { title: 'Something went wrong here', body: 'Try again, or go to your portfolio.' },
};

/** What a boundary shows after a failure, for a caller that draws it its own way (a flow's dialog). */
export interface ErrorFallbackProps {
  title: string;
  body: string;
  /** Try again: a reload for a chunk that did not load (the newer build), another render for any other error. */
  onRetry: () => void;
}

export interface AppErrorBoundaryProps {
  children: ReactNode;
  /** 'page' for the root and whole pages (the error's heading is the page's h1), else a part of a page (h2). */
  scope?: 'page';
  /** When it changes (the page's address), an error shown is cleared and the children render again. */
  resetKey?: string;
  /** Draws the failure another way (a flow's dialog); the default is the inline error state. */
  renderFallback?: (props: ErrorFallbackProps) => ReactNode;
}

interface BoundaryState {
  /** Set once something failed: whether it was a chunk that did not load. */
  chunk?: boolean;
  /** The page is reloading for the newer build: a quiet loader instead of an error that would flash. */
  reloading?: boolean;
}

/**
 * Catches what its children throw while rendering. A chunk that did not load (an older build's file, gone after a
 * deploy) reloads the page once for the new build, then offers Try again; any other error shows an error state with
 * Try again and a way home, and is reported to the console. Never a blank page, never a stack.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, BoundaryState> {
  state: BoundaryState = {};

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { chunk: isChunkLoadError(error) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!this.state.chunk) console.error('Fundflow: a render failed', error, info.componentStack);
    else if (reloadForNewerBuild()) this.setState({ reloading: true });
    else console.warn('Fundflow: code did not load', error);
  }

  componentDidUpdate(previous: AppErrorBoundaryProps): void {
    if (this.state.chunk !== undefined && previous.resetKey !== this.props.resetKey) this.setState({ chunk: undefined });
  }

  render() {
    const { chunk, reloading } = this.state;
    if (chunk === undefined) return this.props.children;
    if (reloading) return <Spinner label="Loading the latest version of Fundflow" codeLoading />;
    const failure: ErrorFallbackProps = {
      ...FAILURE_COPY[chunk ? 'chunk' : 'render'],
      onRetry: () => (chunk ? reloadForNewerBuild(true) : this.setState({ chunk: undefined })),
    };
    return this.props.renderFallback ? (
      this.props.renderFallback(failure)
    ) : (
      <FailureState {...failure} page={this.props.scope === 'page'} />
    );
  }
}

/**
 * The inline error state. Its heading takes focus when it appears, so a screen reader reads what happened and Tab
 * goes on to Try again; the way home is a plain link, a full load (which also fetches the newest build).
 */
function FailureState({ title, body, onRetry, page }: ErrorFallbackProps & { page: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = page ? 'h1' : 'h2';
  return (
    <section className="ff-state">
      <div className="ff-state__icon ff-state__icon--error">
        <AlertIcon size={24} />
      </div>
      <Heading ref={heading} tabIndex={-1} className="ff-state__title app-failure__title">
        {title}
      </Heading>
      <p className="ff-state__body">{body}</p>
      <div className="ff-state__action app-failure__actions">
        <Button onClick={onRetry}>Try again</Button>
        <a className={buttonClassName('ghost')} href={HOME_PATH}>
          Go to your portfolio
        </a>
      </div>
    </section>
  );
}

/** A lazily loaded part: Suspense while its chunk loads, inside a boundary for when it does not. */
export function LazyBoundary({
  fallback,
  children,
  ...boundary
}: Omit<AppErrorBoundaryProps, 'children'> & { fallback: ReactNode; children: ReactNode }) {
  return (
    <AppErrorBoundary {...boundary}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </AppErrorBoundary>
  );
}
