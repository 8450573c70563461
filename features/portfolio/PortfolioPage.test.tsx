import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths, type PortfolioResponse } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import { portfolioFixture } from '../../test/msw/portfolioHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInStore } from '../fundingMethods/fundingTestUtils';
import { PortfolioPage } from './PortfolioPage';

/** The balance's large amount (its parts are separate spans). */
const bigAmount = (text: string) => (_content: string, element: Element | null) =>
  Boolean(element?.classList.contains('ff-amount--xl') && element.textContent === text);

/** The portfolio endpoint answers only when the test lets it. */
function holdPortfolio() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  mswServer.use(
    http.get(`${API_ORIGIN}${ApiPaths.portfolio}`, async ({ params }) => {
      await released;
      return HttpResponse.json<PortfolioResponse>(portfolioFixture({ accountUuid: String(params.accountUuid) }));
    }),
  );
  return release;
}

describe('PortfolioPage reveal', () => {
  it('shows the balance once the accounts and methods are in, and the rest below it together once the portfolio is in', async () => {
    const release = holdPortfolio();
    renderWithProviders(<PortfolioPage />, { store: signedInStore(), route: '/portfolio' });
    // Accounts (balance $12,840.55) and methods answer at once; the portfolio is held.
    expect(await screen.findByText(bigAmount('$12,840.55'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Deposit funds' })).toBeInTheDocument();
    expect(screen.getByText('Loading your portfolio').closest('[role="status"]')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your accounts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Funding methods' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('region', { name: 'Your accounts' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Funding methods' })).toBeInTheDocument();
    expect(await screen.findByText('(Default)')).toBeInTheDocument();
    // The balance stays where it was, above everything that came later.
    const balance = screen.getAllByText(bigAmount('$12,840.55'))[0];
    const accounts = screen.getByRole('region', { name: 'Your accounts' });
    expect(balance.compareDocumentPosition(accounts) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
