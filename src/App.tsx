import { lazy, useEffect } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RequireSession, SessionBootstrap } from './guards';
import { LoginPage } from '../features/auth/LoginPage';
import { LOGIN_ROUTE, notFoundPage, pageFallback, SIGNED_IN_ROUTES } from './routes/routeTable';
import { LocationRecorder } from '../features/navigation/LocationRecorder';
import { REPLAY_PAGE_PATH } from '../features/support/replay/replayMode';
import { AppErrorBoundary, LazyBoundary } from '../features/errorRecovery/AppErrorBoundary';

const SupportReplayPage = lazy(() => import(/* webpackChunkName: "support-replay" */ '../features/support/replay/SupportReplayPage'));

/** A path as the router compares it to a route's: in any case, trailing slashes ignored. */
export function routeKey(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

const ROUTE_BY_KEY = new Map(SIGNED_IN_ROUTES.map((route) => [routeKey(route.path), route]));

/**
 * Every signed-in page is a fixed path, so one map lookup finds it. Given all 55 as routes, the router
 * flattened, ranked and compiled every one of them on each render of the route tree (about a fifth of the
 * first page's render at 4x CPU); a lookup by the router's own matching rules costs nothing.
 */
function SignedInPage() {
  const { pathname } = useLocation();
  const key = routeKey(pathname);
  const route = ROUTE_BY_KEY.get(key);
  usePageTitle(route?.title ?? 'Page not found');
  // One boundary for every page (lazy or not): a page that fails shows its error under the app's header and
  // navigation, and going to another page clears it.
  return (
    <AppErrorBoundary scope="page" resetKey={key}>
      {route?.page ?? notFoundPage}
    </AppErrorBoundary>
  );
}

/** The browser tab (and a screen reader, on arriving at a page) names the page: WCAG 2.4.2. */
function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Fundflow`;
  }, [title]);
}

function LoginRoute() {
  usePageTitle(LOGIN_ROUTE.title);
  return <LoginPage />;
}

export const appRoutes: RouteObject[] = [
  // Support staff's replay of a customer's exported session: no customer session needed, nothing sent.
  {
    path: REPLAY_PAGE_PATH,
    element: (
      <LazyBoundary scope="page" fallback={pageFallback}>
        <SupportReplayPage />
      </LazyBoundary>
    ),
  },
  {
    element: <SessionBootstrap />,
    children: [
      { path: LOGIN_ROUTE.path, element: <LoginRoute /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to="/portfolio" replace /> },
              { path: '*', element: <SignedInPage /> },
            ],
          },
        ],
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * The declarative router: the app uses no loaders, actions or fetchers, so the data router (and its weight in
 * the first bundle) is left out. Tests may still mount `appRoutes` in a memory data router.
 */
export function App() {
  return (
    <BrowserRouter>
      <LocationRecorder />
      <AppRoutes />
    </BrowserRouter>
  );
}
