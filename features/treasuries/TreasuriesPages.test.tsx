import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths, type AnalyticsEventsRequest } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { portfolioBackend, quickPicksFixture, type PortfolioBackendOptions } from '../../test/msw/portfolioHandlers';
import { mswServer } from '../../test/msw/server';
import { selectAnalyticsLog } from '../analytics/analyticsSlice';
import { LocationProbe, signedInStore } from '../fundingMethods/fundingTestUtils';
import BondAccountPage, { BondAccountMessages } from './BondAccountPage';
import TreasuriesEducationPage, { TreasuriesAnalytics, TreasuriesEducationMessages } from './TreasuriesEducationPage';
import TreasuriesQuickBuyPage, { QuickBuyMessages } from './TreasuriesQuickBuyPage';
import { BOND_ACCOUNT_PATH, TREASURIES_EDUCATION_PATH, TREASURIES_QUICK_BUY_PATH } from './treasuryRoutes';

function PreviousPage() {
  return <p>Previous page</p>;
}

/** The pages as the route table will have them, a page to come from and a portfolio to go back to; the last entry is current. */
function renderAt(entries: string[], options: PortfolioBackendOptions = {}) {
  const backend = portfolioBackend(options);
  mswServer.use(...backend.handlers);
  const store = signedInStore();
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path={TREASURIES_EDUCATION_PATH} element={<TreasuriesEducationPage />} />
          <Route path={TREASURIES_QUICK_BUY_PATH} element={<TreasuriesQuickBuyPage />} />
          <Route path={BOND_ACCOUNT_PATH} element={<BondAccountPage />} />
          <Route path="/portfolio" element={<p>Portfolio page</p>} />
          <Route path="/previous" element={<PreviousPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { backend, store, user };
}

const location = () => screen.getByTestId('location').textContent;

describe('Treasuries education page (2.12)', () => {
  it('shows the heading with the highest yield, three benefits, Continue, the disclaimer, back and the Bond Account promo', async () => {
    renderAt([TREASURIES_EDUCATION_PATH]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lock in yields of up to 4.31% with U.S. Treasuries' }),
    ).toBeInTheDocument();
    const benefits = within(screen.getByRole('list', { name: 'Why Treasuries' })).getAllByRole('listitem');
    expect(benefits.map((item) => item.textContent)).toEqual([
      expect.stringContaining('A guaranteed yield if held to maturity'),
      expect.stringContaining('Safely grow your cash'),
      expect.stringContaining('No state or local tax on earnings'),
    ]);
    expect(benefits[0]).toHaveTextContent('sell before maturity at the market price');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByText(/Treasuries carry interest rate risk/)).toBeInTheDocument();

    const promo = screen.getByRole('region', { name: 'Keep earning yield with Bond Account' });
    expect(await within(promo).findByText('5.62%')).toBeInTheDocument();
    expect(within(promo).getByText('Yield to maturity')).toBeInTheDocument();
    expect(within(promo).getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', BOND_ACCOUNT_PATH);
  });

  it('Continue goes to the treasuries quick-buy route with source=education, and is tracked with the source screen', async () => {
    const { user, store } = renderAt([`${TREASURIES_EDUCATION_PATH}?sourceScreen=portfolio`]);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(location()).toBe('/treasuries/quick-buy?source=education');
    expect(await screen.findByText(QuickBuyMessages.fromEducation)).toBeInTheDocument();
    expect(selectAnalyticsLog(store.getState()).map((event) => [event.name, event.properties])).toEqual([
      [TreasuriesAnalytics.viewed, { sourceScreen: 'portfolio' }],
      [TreasuriesAnalytics.continued, { sourceScreen: 'portfolio' }],
    ]);
  });

  it('sourceScreen defaults to deep_link', async () => {
    const { store } = renderAt([TREASURIES_EDUCATION_PATH]);
    await screen.findByRole('heading', { level: 1 });
    expect(selectAnalyticsLog(store.getState())[0]).toMatchObject({
      name: TreasuriesAnalytics.viewed,
      properties: { sourceScreen: 'deep_link' },
    });
  });

  it('Back returns to the previous page', async () => {
    const { user } = renderAt(['/previous', TREASURIES_EDUCATION_PATH]);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(location()).toBe('/previous');
  });

  it('Back after a deep link goes to the portfolio', async () => {
    const { user } = renderAt([TREASURIES_EDUCATION_PATH]);
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(location()).toBe('/portfolio');
  });

  it('without the quick picks the heading has no rate, and the page still works', async () => {
    const { user } = renderAt([TREASURIES_EDUCATION_PATH], {
      quickPicks: { status: 500, body: { errorCode: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: TreasuriesEducationMessages.headingWithoutRate })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(location()).toBe('/treasuries/quick-buy?source=education');
  });

  it('without a published yield the promo card shows no figure', async () => {
    const { backend } = renderAt([TREASURIES_EDUCATION_PATH], { bondYield: { yieldToMaturity: null, asOf: '2026-03-02T15:00:00.000Z' } });
    await waitFor(() => expect(backend.requests.bondYield).toBe(1));
    const promo = screen.getByRole('region', { name: 'Keep earning yield with Bond Account' });
    await waitFor(() => expect(within(promo).queryByRole('status')).not.toBeInTheDocument());
    expect(within(promo).queryByText('Yield to maturity')).not.toBeInTheDocument();
    expect(within(promo).getByRole('link', { name: /Learn more/ })).toBeInTheDocument();
  });
});

describe('Treasuries quick-buy page', () => {
  it('shows what it was opened with, says buying is not available yet, and lists the quick picks', async () => {
    renderAt([`${TREASURIES_QUICK_BUY_PATH}?source=education`]);
    expect(screen.getByRole('heading', { level: 1, name: QuickBuyMessages.title })).toBeInTheDocument();
    expect(screen.getByText(QuickBuyMessages.fromEducation)).toBeInTheDocument();
    expect(screen.getByText(QuickBuyMessages.notAvailableTitle).closest('[role="status"]')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: QuickBuyMessages.picksTitle });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/4-week Treasury Bill.*Mar 30, 2026.*4\.31%/),
      expect.stringMatching(/26-week Treasury Bill.*Aug 31, 2026.*4\.18%/),
    ]);
    expect(screen.queryByRole('link', { name: QuickBuyMessages.learn })).not.toBeInTheDocument();
  });

  it('opened from elsewhere, it says so and links to the education page', async () => {
    renderAt([TREASURIES_QUICK_BUY_PATH], { quickPicks: quickPicksFixture({ quickPicks: [], highestYieldToWorst: null }) });
    expect(screen.getByText(QuickBuyMessages.fromElsewhere)).toBeInTheDocument();
    expect(await screen.findByText(QuickBuyMessages.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: QuickBuyMessages.learn })).toHaveAttribute('href', TREASURIES_EDUCATION_PATH);
  });

  it('a failed load of the quick picks is announced and can be retried', async () => {
    let calls = 0;
    const { user } = renderAt([TREASURIES_QUICK_BUY_PATH], {
      get quickPicks() {
        calls += 1;
        return calls === 1 ? { status: 503, body: { errorCode: 'INTERNAL_ERROR', message: 'Try again soon.' } } : quickPicksFixture();
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(QuickBuyMessages.loadFailed);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: QuickBuyMessages.picksTitle })).toBeInTheDocument();
  });
});

describe('Bond Account page', () => {
  it("shows the bond account's yield to maturity and that opening one is not available yet", async () => {
    renderAt([BOND_ACCOUNT_PATH]);
    expect(screen.getByRole('heading', { level: 1, name: BondAccountMessages.title })).toBeInTheDocument();
    expect((await screen.findByText('5.62%')).closest('.ff-stat')).toHaveTextContent(BondAccountMessages.yieldToMaturity);
    expect(screen.getByText(BondAccountMessages.notAvailableTitle)).toBeInTheDocument();
  });
});

describe('Treasuries analytics', () => {
  it('the page view and Continue reach the server, with the source screen, without a funding flow open', async () => {
    const sent: AnalyticsEventsRequest['events'] = [];
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.analyticsEvents}`, async ({ request }) => {
        sent.push(...((await request.json()) as AnalyticsEventsRequest).events);
        return new HttpResponse(null, { status: 202 });
      }),
    );
    const { user } = renderAt([`${TREASURIES_EDUCATION_PATH}?sourceScreen=portfolio`]);
    await waitFor(() => expect(sent.map((event) => event.name)).toEqual([TreasuriesAnalytics.viewed]), { timeout: 3000 });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent.map((event) => event.name)).toEqual([TreasuriesAnalytics.viewed, TreasuriesAnalytics.continued]), {
      timeout: 3000,
    });
    expect(sent.every((event) => event.properties.sourceScreen === 'portfolio')).toBe(true);
  });
});
