import { accountsApi } from '../../api/accountsApi';
import { highYieldApi } from '../../api/highYieldApi';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { portfolioApi } from '../../api/portfolioApi';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { selectSessionStatus } from '../session/sessionSlice';
import type { AppStore } from '../../store/store';

/** The code of the portfolio's positions and balances: its own chunk (portfolio shaping, tables). */
export const loadPortfolioDetails = () => import(/* webpackChunkName: "portfolio-details" */ './PortfolioDetails');

/**
 * The portfolio's first answers, asked for the moment the session is restored instead of after the signed-in
 * layout has rendered: accounts, payment methods and the high-yield account together, then the selected
 * account's portfolio as soon as the accounts arrive (it needs the account's id). The page's own queries find
 * these requests in flight or answered and send nothing more. The details' code is fetched alongside them
 * rather than once the accounts are in. Used only when a page load lands on the portfolio.
 */
export async function warmPortfolioRequests(store: Pick<AppStore, 'dispatch' | 'getState'>): Promise<void> {
  if (selectSessionStatus(store.getState()) !== 'authenticated') return;
  const { dispatch } = store;
  dispatch(paymentMethodsApi.util.prefetch('getPaymentMethods', undefined, {}));
  dispatch(highYieldApi.util.prefetch('getHighYieldAccount', undefined, {}));
  // A failed fetch is retried by the page's own lazy import, which shows its error.
  loadPortfolioDetails().catch(() => undefined);
  const accounts = dispatch(accountsApi.endpoints.getAccounts.initiate(undefined, { subscribe: false }));
  await accounts;
  const selected = selectSelectedAccount(store.getState());
  if (selected) dispatch(portfolioApi.util.prefetch('getPortfolio', selected.accountUuid, {}));
}

/** Whether a page load starting at this path shows the portfolio (the index route redirects there). */
export function landsOnPortfolio(pathname: string): boolean {
  return /^\/(portfolio\/*)?$/i.test(pathname);
}
