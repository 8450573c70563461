import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiPaths, apiPath } from '../../api/contract';
import { appRoutes } from '../../src/App';
import { makeStore } from '../../store/store';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { refreshHandler } from '../../test/msw/handlers';
import { refreshSessionOnce } from '../session/refreshSessionOnce';
import { landsOnPortfolio, warmPortfolioRequests } from './warmPortfolio';

/** This file's listeners, removed after each test (test/setupUnit.ts keeps its own on every request). */
const listeners: ((event: { request: Request }) => void)[] = [];

function recordRequests(): string[] {
  const paths: string[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    paths.push(`${request.method} ${url.pathname}`);
  };
  listeners.push(record);
  mswServer.events.on('request:start', record);
  return paths;
}

afterEach(() => {
  for (const listener of listeners.splice(0)) mswServer.events.removeListener('request:start', listener);
});

const PORTFOLIO_DATA = [
  `GET ${ApiPaths.accounts}`,
  `GET ${ApiPaths.paymentMethods}`,
  `GET ${ApiPaths.highYieldAccount}`,
  `GET ${apiPath(ApiPaths.portfolio, { accountUuid: 'uuid-brokerage' })}`,
];

describe('warming the portfolio on a page load', () => {
  it("asks for accounts, methods and high-yield at once, then the selected account's portfolio; the page sends none of them again", async () => {
    const requests = recordRequests();
    const store = makeStore();
    await refreshSessionOnce(store.dispatch);
    await warmPortfolioRequests(store);
    expect([...requests].sort()).toEqual([`POST ${ApiPaths.refresh}`, ...PORTFOLIO_DATA].sort());

    const router = createMemoryRouter(appRoutes, { initialEntries: ['/portfolio'] });
    renderWithProviders(<RouterProvider router={router} />, { route: null, store });
    expect(await screen.findByText('(Default)')).toBeInTheDocument();
    for (const request of PORTFOLIO_DATA) expect(requests.filter((made) => made === request)).toHaveLength(1);
  });

  it('sends nothing when the session could not be restored', async () => {
    mswServer.use(refreshHandler(null));
    const requests = recordRequests();
    const store = makeStore();
    await refreshSessionOnce(store.dispatch);
    await warmPortfolioRequests(store);
    expect(requests).toEqual([`POST ${ApiPaths.refresh}`]);
  });

  it('applies to loads that show the portfolio only', () => {
    expect(['/', '/portfolio', '/Portfolio/', '/portfolio//'].filter(landsOnPortfolio)).toHaveLength(4);
    expect(['/login', '/portfolio/x', '/settings/deposit', '/portfolios'].filter(landsOnPortfolio)).toEqual([]);
  });
});
