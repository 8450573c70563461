import { startTransition, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { refreshSessionOnce } from '../features/session/refreshSessionOnce';
import {
  selectCurrentUser,
  selectSessionEndedReason,
  selectSessionRestoreProblem,
  selectSessionStatus,
  sessionRestoreRetried,
} from '../features/session/sessionSlice';
import { termsGateRedirect } from '../features/session/postLoginRoute';
import { ErrorState, FullScreenLoader } from '../ui';

/**
 * The access token lives in memory only, so a reload starts signed out; the refresh cookie tells
 * whether the customer still has a session. Nothing renders until that is known. The page load starts
 * the refresh before React renders (src/index.tsx); this joins it, or starts one where nothing did (tests).
 */
export function SessionBootstrap() {
  const status = useAppSelector(selectSessionStatus);
  const restoreProblem = useAppSelector(selectSessionRestoreProblem);
  const dispatch = useAppDispatch();
  const known = status !== 'unknown';
  // The page behind the loader (sign-in, or the whole signed-in layout) is first rendered as a transition, in
  // slices: the store's answer alone would render it synchronously, as one long task (useSyncExternalStore).
  const [shown, setShown] = useState(known);
  useEffect(() => {
    if (!known && restoreProblem === null) void refreshSessionOnce(dispatch);
    else if (known) startTransition(() => setShown(true));
  }, [known, restoreProblem, dispatch]);
  if (!known && restoreProblem !== null) {
    // No verdict on the session (an outage, a time-out): say so and let the customer ask again, rather than
    // sending someone who may well be signed in to the sign-in form.
    return (
      <main className="page-loading">
        <ErrorState title="We couldn't reach Fundflow" body={restoreProblem} onRetry={() => dispatch(sessionRestoreRetried())} />
      </main>
    );
  }
  if (!known || !shown) return <FullScreenLoader message="Loading Fundflow…" />;
  return <Outlet />;
}

/**
 * Signed-out visits come back to /login with the page they asked for as `redirect`; signing out on
 * purpose goes to a plain /login (the customer did not ask to come back to that page).
 */
export function RequireSession() {
  const status = useAppSelector(selectSessionStatus);
  const endedReason = useAppSelector(selectSessionEndedReason);
  const location = useLocation();
  if (status !== 'authenticated') {
    if (endedReason === 'signedOut') return <Navigate to="/login" replace />;
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    const query = redirect === '/' ? '' : `?redirect=${encodeURIComponent(redirect)}`;
    return <Navigate to={`/login${query}`} replace />;
  }
  return <RequireAcceptedTerms />;
}

/**
 * The terms gate holds on every signed-in route: typing /portfolio before accepting lands on the welcome, and
 * accepting goes on to /portfolio. A customer who has accepted is never shown the welcome again.
 */
function RequireAcceptedTerms() {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  const to = termsGateRedirect(user, location, window.innerWidth);
  if (to !== null) return <Navigate to={to} replace />;
  return <Outlet />;
}
