import { Component, Suspense, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { AlertIcon, Button, buttonClassName, Spinner } from '../../src/ui';
import { isChunkLoadError, reloadForNewerBuild, reloadOnRequest } from './chunkReload';

// Small on purpose: the root and every page carry it, so it rides in the first bundle. It imports only kit parts
// the first page already uses.

/** Where "a way home" leads: the signed-in start page (the guards send a signed-out visitor to sign in). */
export const HOME_PATH = '/portfolio';

export type FailureKind = 'chunk' | 'render';

/** What a boundary shows after a failure, for a caller that draws it its own way (a flow's dialog). */
export interface ErrorFallbackProps {
  kind: FailureKind;
  title: string;
  body: string;
  /** Try again: reloads for a chunk that did not load, renders the part again for any other error. */
  onRetry(): void;
}

/** The customer's words for each failure; never the error itself (no stack, no message from code). */
export const FAILURE_COPY: Record<FailureKind, { title: string; body: string }> = {
  chunk: {
    title: "This part of Fundflow didn't load",
    body: 'Fundflow may have just been updated, or the connection dropped. Try again to load the latest version.',
  },
  render: {
    title: 'Something went wrong here',
    body: "We couldn't show this part of Fundflow. Try again, or go to your portfolio.",
  },
};

export interface AppErrorBoundaryProps {
  children: ReactNode;
  /** Names the part in the console report (e.g. 'root', 'page', 'funding flow'). */
  name: string;
  /** 'page' for the root and whole pages (the error's heading is the page's h1), 'part' for a part of a page (h2). */
  scope?: 'page' | 'part';
  /** When it changes (the page's address), an error shown is cleared and the children render again. */
  resetKey?: string;
  /** Draws the failure another way (a flow's dialog); the default is the inline error state. */
  renderFallback?: (props: ErrorFallbackProps) => ReactNode;
}

interface BoundaryState {
  error: unknown;
  kind: FailureKind | null;
  /** The page is reloading to fetch the newer build: a quiet loader instead of an error that would flash. */
  reloading: boolean;
}

const CLEAR: BoundaryState = { error: null, kind: null, reloading: false };

/**
 * Catches what its children throw while rendering. A chunk that did not load (an older build's file, gone after a
 * deploy) reloads the page once to fetch the new build, then offers Try again; any other error shows an error
 * state with Try again and a way home, and is reported to the console. Never a blank page.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, BoundaryState> {
  state: BoundaryState = CLEAR;

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, kind: isChunkLoadError(error) ? 'chunk' : 'render' };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.state.kind === 'chunk' || isChunkLoadError(error)) {
      const reloading = reloadForNewerBuild();
      console.warn(`Fundflow (${this.props.name}): code of the app did not load; ${reloading ? 'reloading for the latest version' : 'offering Try again'}.`, error);
      if (reloading) this.setState({ reloading: true });
      return;
    }
    console.error(`Fundflow (${this.props.name}): a render failed.`, error, info.componentStack);
  }

  componentDidUpdate(previous: AppErrorBoundaryProps): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState(CLEAR);
  }

  private retry = () => {
    if (this.state.kind === 'chunk') reloadOnRequest();
    else this.setState(CLEAR);
  };

  render() {
    const { kind, reloading } = this.state;
    if (kind === null) return this.props.children;
    if (reloading) {
      return (
        <div className="page-loading">
          <Spinner label="Loading the latest version of Fundflow" codeLoading />
        </div>
      );
    }
    const fallback: ErrorFallbackProps = { kind, ...FAILURE_COPY[kind], onRetry: this.retry };
    if (this.props.renderFallback) return this.props.renderFallback(fallback);
    return <FailureState {...fallback} scope={this.props.scope ?? 'part'} />;
  }
}

/**
 * The inline error state. Its heading takes focus when it appears, so a screen reader reads what happened and Tab
 * goes on to Try again; the way home is a plain link, a full load (which also fetches the newest build).
 */
export function FailureState({ title, body, onRetry, scope }: ErrorFallbackProps & { scope: 'page' | 'part' }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Heading = scope === 'page' ? 'h1' : 'h2';
  return (
    <section className="ff-state ff-state--error app-failure">
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

export interface LazyBoundaryProps {
  children: ReactNode;
  /** Shown while the part's code loads. */
  fallback: ReactNode;
  name: string;
  scope?: 'page' | 'part';
  resetKey?: string;
  renderFallback?: AppErrorBoundaryProps['renderFallback'];
}

/** A lazily loaded part: Suspense while its chunk loads, inside a boundary for when it does not. */
export function LazyBoundary({ children, fallback, ...boundary }: LazyBoundaryProps) {
  return (
    <AppErrorBoundary {...boundary}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </AppErrorBoundary>
  );
}
