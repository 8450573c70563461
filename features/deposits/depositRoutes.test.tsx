import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appRoutes } from '../../src/App';
import { LOGIN_ROUTE, SIGNED_IN_ROUTES } from '../../src/routes/routeTable';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { depositsBackend } from '../../test/msw/depositHandlers';
import { fundingMethodsBackend } from '../../test/msw/fundingHandlers';
import { bankMethod } from './depositTestUtils';

// Whole flows against MSW: give the lazy chunks and the requests time when the machine is busy.
configure({ asyncUtilTimeout: 4000 });

jest.setTimeout(20_000);

function renderApp(path: string) {
  mswServer.use(...fundingMethodsBackend([bankMethod()]).handlers, ...depositsBackend().handlers);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { route: null }) };
}

describe('issue 4 routes', () => {
  it('every deposit route of the spec is in the route table', () => {
    const built = new Set([LOGIN_ROUTE, ...SIGNED_IN_ROUTES].map((route) => route.path));
    for (const path of [
      '/settings/deposit',
      '/settings/v2/deposit',
      '/high-yield/deposit',
      '/settings/ira-deposit',
      '/settings/recurring-deposits',
      '/settings/v2/transfers/history',
    ]) {
      expect(built).toContain(path);
    }
  });

  it('/settings/v2/deposit?destination=us is the deposit funds page', async () => {
    renderApp('/settings/v2/deposit?destination=us');
    expect(await screen.findByRole('heading', { name: 'Deposit funds' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Amount')).toBeInTheDocument();
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
  });

  it("a link followed while the deposit page is showing wins: its frequency replaces the draft's (MONTHLY, then DAILY)", async () => {
    const { router } = renderApp('/settings/v2/deposit?destination=us&frequency=WEEKLY&dayOfWeek=WEDNESDAY');
    const checked = async (name: string) => {
      const group = await screen.findByRole('radiogroup', { name: 'Frequency' }, { timeout: 8000 });
      await waitFor(() => expect(within(group).getByRole('radio', { name })).toHaveAttribute('aria-checked', 'true'));
    };
    await checked('Weekly');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Wed' })).toHaveAttribute('aria-checked', 'true'));
    await act(() => router.navigate('/settings/v2/deposit?destination=us&frequency=MONTHLY'));
    await checked('Monthly');
    await act(() => router.navigate('/settings/v2/deposit?destination=us&frequency=DAILY'));
    await checked('Daily');
  });

  it('/settings/deposit moves to /settings/v2/deposit in the newer layout, keeping the query', async () => {
    const { router } = renderApp('/settings/deposit?destination=us');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/v2/deposit'));
    expect(router.state.location.search).toBe('?destination=us');
  });

  it('/high-yield/deposit?destination=high-yield deposits into high-yield cash', async () => {
    renderApp('/high-yield/deposit?destination=high-yield');
    await screen.findByLabelText('Amount', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveDisplayValue('High-yield cash •••• 9078'));
  });

  it('/settings/v2/transfers/history is the transfer history', async () => {
    renderApp('/settings/v2/transfers/history');
    expect(await screen.findByRole('heading', { name: 'Transfer history' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('the Transfers page links to the history and offers a transfer between accounts', async () => {
    renderApp('/settings/v2/transfers');
    expect(await screen.findByRole('link', { name: 'Transfer history' }, { timeout: 8000 })).toHaveAttribute(
      'href',
      '/settings/v2/transfers/history',
    );
    expect(screen.getByRole('button', { name: 'Transfer between accounts' })).toBeInTheDocument();
  });
});
