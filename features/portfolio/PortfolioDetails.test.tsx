import { act, screen, waitFor, within } from '@testing-library/react';
import { accountsApi } from '../../api/accountsApi';
import { highYieldAccountFixture } from '../../test/msw/depositHandlers';
import { accountsHandler } from '../../test/msw/handlers';
import { accountFixture } from '../../test/fixtures';
import { balanceFixture, portfolioBackend, portfolioFixture, type PortfolioBackendOptions } from '../../test/msw/portfolioHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInStore } from '../fundingMethods/fundingTestUtils';
import PortfolioDetails from './PortfolioDetails';
import { PortfolioDetailsMessages } from './portfolioDetailsMessages';

function setup(options: PortfolioBackendOptions = {}, props: { accountUuid?: string } = { accountUuid: 'uuid-brokerage' }) {
  const backend = portfolioBackend(options);
  mswServer.use(...backend.handlers);
  const rendered = renderWithProviders(<PortfolioDetails {...props} />, { store: signedInStore(), route: '/portfolio' });
  return { ...rendered, backend };
}

const statValue = (label: string) => {
  const stat = screen.getAllByText(label)[0].closest('.ff-stat') as HTMLElement;
  return within(stat).getByText(/\$/).textContent;
};

describe('PortfolioDetails', () => {
  it('shows a progress indicator, then the portfolio value and the balances', async () => {
    setup();
    expect(screen.getByText(PortfolioDetailsMessages.loading).closest('[role="status"]')).toBeInTheDocument();
    const valueCard = await screen.findByRole('region', { name: PortfolioDetailsMessages.valueTitle });
    // Cash $12,480.55 + positions $10,036.44
    await waitFor(() => expect(valueCard).toHaveTextContent('22,516.99'));
    expect(statValue(PortfolioDetailsMessages.buyingPower)).toBe('$12,480.55');
    expect(statValue(PortfolioDetailsMessages.availableToWithdraw)).toBe('$12,380.55');
    expect(statValue(PortfolioDetailsMessages.pendingDeposits)).toBe('$0.00');
    expect(statValue(PortfolioDetailsMessages.depositsOnHold)).toBe('$100.00');
    expect(screen.getByText(PortfolioDetailsMessages.onHoldHint)).toBeInTheDocument();
    expect(screen.queryByText(PortfolioDetailsMessages.pendingWithdrawals)).not.toBeInTheDocument();
  });

  it('negative buying power after an ACH return: shown as it is, with the explanation the server gives', async () => {
    const explanation = 'Your bank returned your $1,000.00 deposit on Mon, Nov 30, 2026 (R01: insufficient funds in your bank account).';
    const owing = balanceFixture({ cash: '-1000.00', onHold: '0.00', available: '0.00' });
    owing.buyingPowerSummary.owed = { amount: { amount: '1000.00', currency: 'USD' }, explanation };
    setup({ portfolio: (accountUuid) => portfolioFixture({ accountUuid, balance: owing }) });
    const notice = await screen.findByText(PortfolioDetailsMessages.owedTitle('$1,000.00'));
    expect(notice.closest('.ff-notice')).toHaveTextContent(explanation);
    expect(statValue(PortfolioDetailsMessages.buyingPower)).toBe('-$1,000.00');
  });

  it('no notice while buying power is at zero or above', async () => {
    setup();
    await screen.findByText(PortfolioDetailsMessages.buyingPower);
    expect(screen.queryByText(/buying power is below zero/)).not.toBeInTheDocument();
  });

  it('lists positions by section, crypto gains by average price, and options summarised per underlying', async () => {
    setup();
    const positions = await screen.findByRole('region', { name: PortfolioDetailsMessages.positionsTitle });
    expect(
      within(positions)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Stocks', 'ETFs', 'Options', 'Crypto', 'Treasury Bills']);

    const btc = within(positions).getByRole('row', { name: /Bitcoin/ });
    // $1,210.53 less 0.0125 x $61,250.00 ($765.63), not less the $781.25 total cost
    expect(btc).toHaveTextContent('+$444.90 (+58.11%)');
    const aapl = within(positions).getByRole('row', { name: /Apple Inc\./ });
    expect(aapl).toHaveTextContent('+$733.14 (+36.20%)');

    const options = within(positions).getByRole('region', { name: 'Options by underlying' });
    const summary = within(options).getByRole('row', { name: /3 contracts · 2 positions/ });
    expect(summary).toHaveTextContent('$1,229.00');
    expect(summary).toHaveTextContent('+$187.05 (+17.95%)');
    expect(
      within(options)
        .getAllByRole('row')
        .map((row) => row.querySelector('th')?.textContent),
    ).toEqual([
      'Underlying',
      expect.stringMatching(/^AAPL3 contracts/),
      expect.stringMatching(/^AAPL270618P00200000/),
      expect.stringMatching(/^AAPL270618C00250000/),
    ]);

    const bill = within(positions).getByRole('row', { name: /Treasury Bill 26-week/ });
    expect(bill).toHaveTextContent('Matures May 27, 2027 · 4.21% yield to maturity');
  });

  it('shows the high-yield cash balance with its APY when the customer has the account', async () => {
    setup({
      highYield: highYieldAccountFixture({
        availableToWithdraw: { amount: '1905.18', currency: 'USD' },
        depositsOnHold: { amount: '150.00', currency: 'USD' },
      }),
    });
    await screen.findByText('4.10% APY');
    const card = screen.getByRole('region', { name: PortfolioDetailsMessages.highYieldTitle });
    expect(within(card).getByText(PortfolioDetailsMessages.availableToWithdraw).closest('.ff-stat')).toHaveTextContent('$1,905.18');
    expect(within(card).getByText(PortfolioDetailsMessages.depositsOnHold).closest('.ff-stat')).toHaveTextContent('$150.00');
    expect(within(card).getByText(PortfolioDetailsMessages.pendingDeposits).closest('.ff-stat')).toHaveTextContent('$0.00');
    expect(within(card).getByText(PortfolioDetailsMessages.pendingWithdrawals).closest('.ff-stat')).toHaveTextContent('$0.00');
  });

  it('has no high-yield card without a high-yield account', async () => {
    const { backend } = setup({ highYield: null });
    await screen.findByRole('region', { name: PortfolioDetailsMessages.positionsTitle });
    await waitFor(() => expect(backend.requests.highYield).toBe(1));
    expect(screen.queryByRole('region', { name: PortfolioDetailsMessages.highYieldTitle })).not.toBeInTheDocument();
  });

  it('shows pending withdrawals and pending deposits when there are some', async () => {
    setup({
      portfolio: (accountUuid) =>
        portfolioFixture({ accountUuid, balance: balanceFixture({ pending: '250.00', pendingWithdrawals: '40.00' }) }),
    });
    await screen.findByRole('region', { name: PortfolioDetailsMessages.positionsTitle });
    expect(statValue(PortfolioDetailsMessages.pendingDeposits)).toBe('$250.00');
    expect(statValue(PortfolioDetailsMessages.pendingWithdrawals)).toBe('$40.00');
    expect(screen.getByText(PortfolioDetailsMessages.pendingDepositsHint)).toBeInTheDocument();
  });

  it('an account without positions says so', async () => {
    setup({ portfolio: (accountUuid) => portfolioFixture({ accountUuid, positions: [] }) });
    expect(await screen.findByText(PortfolioDetailsMessages.noPositions)).toBeInTheDocument();
  });

  it('a failed load is announced and can be retried', async () => {
    let fail = true;
    const { user, backend } = setup({
      portfolio: (accountUuid) =>
        fail
          ? { status: 500, body: { errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } }
          : portfolioFixture({ accountUuid }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(PortfolioDetailsMessages.loadFailed);
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: PortfolioDetailsMessages.positionsTitle })).toBeInTheDocument();
    expect(backend.requests.portfolio.length).toBeGreaterThanOrEqual(2);
  });

  it("without a prop, shows the selected account's portfolio", async () => {
    mswServer.use(accountsHandler([accountFixture({ accountUuid: 'uuid-selected' })]));
    const backend = portfolioBackend();
    mswServer.use(...backend.handlers);
    const store = signedInStore();
    void store.dispatch(accountsApi.endpoints.getAccounts.initiate());
    renderWithProviders(<PortfolioDetails />, { store, route: '/portfolio' });
    await screen.findByRole('region', { name: PortfolioDetailsMessages.positionsTitle });
    expect(backend.requests.portfolio).toEqual(['uuid-selected']);
  });

  it('asks again after the pause the server names (millisecondsToWaitAfterLastResponse)', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { backend } = setup({
        portfolio: (accountUuid) => portfolioFixture({ accountUuid, millisecondsToWaitAfterLastResponse: 2_000 }),
      });
      await screen.findByRole('region', { name: PortfolioDetailsMessages.positionsTitle });
      expect(backend.requests.portfolio).toHaveLength(1);
      await act(() => jest.advanceTimersByTimeAsync(2_100));
      await waitFor(() => expect(backend.requests.portfolio).toHaveLength(2));
    } finally {
      jest.useRealTimers();
    }
  });

  it('links to the Treasuries education page, naming the portfolio as the source screen', async () => {
    setup();
    expect(await screen.findByRole('link', { name: PortfolioDetailsMessages.treasuriesLink })).toHaveAttribute(
      'href',
      '/treasuries/education?sourceScreen=portfolio',
    );
  });
});
