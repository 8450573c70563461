import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchPath, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { appRoutes, routeKey } from './App';
import { SIGNED_IN_ROUTES } from './routes/routeTable';
import { renderWithProviders } from '../test/renderWithProviders';
import { mswServer } from '../test/msw/server';
import { accountsHandler, API_ORIGIN, loginFailsHandler, loginHandler, refreshHandler } from '../test/msw/handlers';
import { accountFixture, sessionFixture, userFixture } from '../test/fixtures';
import { ApiPaths } from '../api/contract';
import { makeStore } from '../store/store';
import { refreshSessionOnce } from '../features/session/refreshSessionOnce';

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { route: null }) };
}

describe('app routes', () => {
  it('every signed-in route has a title and a page, and no path is in the table twice', () => {
    expect(SIGNED_IN_ROUTES.filter((route) => !route.title || route.page == null).map((route) => route.path)).toEqual([]);
    const keys = SIGNED_IN_ROUTES.map((route) => routeKey(route.path));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("names the page in the document's title, and renames it on navigation", async () => {
    const { router } = renderApp('/settings/v2/transfers');
    await screen.findByRole('heading', { name: 'Transfers' });
    await waitFor(() => expect(document.title).toBe('Transfers · Fundflow'));
    await router.navigate('/no/such/page');
    await waitFor(() => expect(document.title).toBe('Page not found · Fundflow'));
  });

  it("finds a signed-in page by the router's own matching rules (any case, trailing slashes)", () => {
    const paths = SIGNED_IN_ROUTES.map((route) => route.path);
    const visits = paths.flatMap((path) => [
      path,
      path.toUpperCase(),
      `${path}/`,
      `${path}//`,
      path.replace('/', '//'),
      `${path}/more`,
      path.slice(0, -1),
      `${path}x`,
    ]);
    for (const visit of visits) {
      const byRouter = paths.filter((path) => matchPath({ path, end: true }, visit) !== null);
      const byKey = paths.filter((path) => routeKey(path) === routeKey(visit));
      expect({ visit, pages: byKey }).toEqual({ visit, pages: byRouter });
    }
  });

  it('sends a signed-out visit to login with the page as redirect, then back there after signing in', async () => {
    mswServer.use(refreshHandler(null));
    const { router, user } = renderApp('/settings/v2/transfers?origin=x');
    await screen.findByRole('heading', { name: 'Sign in to Fundflow' });
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/settings/v2/transfers?origin=x')}`);
    await user.type(screen.getByLabelText('Email'), 'alex@fundflow.test');
    await user.type(screen.getByLabelText('Password'), 'fundflow-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Transfers' });
    expect(router.state.location.pathname).toBe('/settings/v2/transfers');
  });

  it('shows field errors before calling the server, and the server message after a refused login', async () => {
    mswServer.use(refreshHandler(null), loginFailsHandler());
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), 'alex@fundflow.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That email and password do not match our records.');
    expect(screen.getByLabelText('Email')).toHaveValue('alex@fundflow.test');
  });

  it.each([
    ['a 500', () => HttpResponse.json({ errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' }, { status: 500 })],
    [
      'a 429',
      () => HttpResponse.json({ errorCode: 'RATE_LIMITED', message: 'Too many requests. Try again in 30 seconds.' }, { status: 429 }),
    ],
    ['a dropped connection', () => HttpResponse.error()],
  ])('a session restore that gets %s says so with Try again instead of sending the customer to sign in', async (_name, answer) => {
    let refreshes = 0;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.refresh}`, () => {
        refreshes += 1;
        return refreshes === 1 ? answer() : HttpResponse.json(sessionFixture());
      }),
    );
    const { router, user } = renderApp('/portfolio');
    expect(await screen.findByText("We couldn't reach Fundflow")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portfolio');
    expect(screen.queryByRole('heading', { name: 'Sign in to Fundflow' })).not.toBeInTheDocument();
    expect(refreshes).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('(Default)')).toBeInTheDocument();
    expect(refreshes).toBe(2);
    expect(router.state.location.pathname).toBe('/portfolio');
  });

  it('restores the session from the refresh cookie and shows the portfolio with the default method', async () => {
    const { router } = renderApp('/portfolio');
    expect(await screen.findByText('(Default)')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Accounts' })).toHaveTextContent('Brokerage');
    expect(screen.getByText('$12,840.55')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portfolio');
  });

  it('joins a session refresh started before React rendered (as the page load does): one refresh request', async () => {
    let refreshes = 0;
    const countRefreshes = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === ApiPaths.refresh) refreshes += 1;
    };
    mswServer.events.on('request:start', countRefreshes);
    const store = makeStore();
    const early = refreshSessionOnce(store.dispatch);
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/portfolio'] });
    renderWithProviders(<RouterProvider router={router} />, { route: null, store });
    expect(await screen.findByText('(Default)')).toBeInTheDocument();
    await early;
    expect(refreshes).toBe(1);
    // Only this test's listener: test/setupUnit.ts keeps its own on every request.
    mswServer.events.removeListener('request:start', countRefreshes);
  });

  it('maps an old settings path to the newer layout, keeping the query', async () => {
    const { router } = renderApp('/settings/recurring-deposits?frequency=WEEKLY');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/v2/transfers'));
    expect(router.state.location.search).toBe('?frequency=WEEKLY');
    expect(router.state.location.hash).toBe('#recurring-deposits');
  });

  it('keeps old settings paths when the newer-settings flag is off', async () => {
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.config}`, () =>
        HttpResponse.json({
          flags: { ...jest.requireActual<typeof import('../api/contract')>('../api/contract').DEFAULT_FLAGS, newerSettingsLayout: false },
          marketRestrictions: {},
        }),
      ),
    );
    const { router } = renderApp('/settings/funding-methods');
    await screen.findByRole('heading', { name: 'Funding methods' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/settings/funding-methods');
  });

  it('sends a closed customer to the brokerage documents after login', async () => {
    mswServer.use(refreshHandler(null), loginHandler(sessionFixture({ user: userFixture({ status: 'CLOSED' }) })));
    const { router, user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'closed@fundflow.test');
    await user.type(screen.getByLabelText('Password'), 'fundflow-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/documents/account/brokerage'));
  });
});

describe('signing out', () => {
  it('goes to a plain /login that says so, without a redirect back', async () => {
    const { router, user } = renderApp('/portfolio');
    await screen.findByText('(Default)');
    await user.click(screen.getByRole('button', { name: /Sign out/ }));
    expect(await screen.findByText('You have signed out.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });
});

describe('funding-method routes', () => {
  it('renders the funding methods on the Transfers page of the newer layout, reachable from the nav', async () => {
    const { router, user } = renderApp('/portfolio');
    await screen.findByText('(Default)');
    await user.click(screen.getByRole('link', { name: 'Funding methods' }));
    expect(await screen.findByRole('heading', { name: 'Transfers' })).toBeInTheDocument();
    expect(await screen.findByText('Link up to three bank accounts and one debit card')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/v2/transfers');
  });

  it.each([
    ['/settings/v2/add-funding-methods', 'Add funding method'],
    ['/settings/funding-methods/add-funding-method', 'Add funding method'],
  ])('%s is a real page', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });
});

describe('account switching (deposits 2)', () => {
  const accounts = [
    accountFixture(),
    accountFixture({ accountUuid: 'uuid-roth', account: '482139077', variant: 'ROTH_IRA', displayName: 'Roth IRA' }),
  ];

  it('shows the loader for 2 seconds, then leaves a settings page for the portfolio with the new account selected', async () => {
    mswServer.use(accountsHandler(accounts));
    const { router, user, store } = renderApp('/settings/v2/transfers');
    const switcher = await screen.findByRole('combobox', { name: 'Account' });
    await user.click(switcher);
    await user.click(screen.getByRole('option', { name: 'Roth IRA' }));
    expect(await screen.findByText('Switching to Roth IRA...')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?accountLoading=ROTH_IRA');
    expect(store.getState().accountSelection.selectedAccountNumber).toBe('482139077');
    await waitFor(() => expect(router.state.location.pathname).toBe('/portfolio'), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByText('Switching to Roth IRA...')).not.toBeInTheDocument());
  });

  it('a link with ?accountLoading= on the portfolio shows the loader, selects that account and stays', async () => {
    mswServer.use(accountsHandler(accounts));
    const { router, store } = renderApp('/portfolio?accountLoading=roth-ira');
    expect(await screen.findByText('Switching to Roth IRA...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''), { timeout: 4000 });
    expect(router.state.location.pathname).toBe('/portfolio');
    expect(store.getState().accountSelection.selectedAccountNumber).toBe('482139077');
  });
});
