import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from 'react-router';
import { ROUTES } from './routes/routeTable';
import { AppLayout } from './AppLayout';
import { RequireSession, SessionBootstrap } from './guards';
import { LoginPage } from '../features/auth/LoginPage';
import { PortfolioPage } from '../features/portfolio/PortfolioPage';
import { Spinner } from './ui';
import { LocationRecorder } from '../features/navigation/LocationRecorder';
import { REPLAY_PAGE_PATH } from '../features/support/replay/replayMode';

// Flows and placeholder pages load on demand, so the first route stays inside its byte budget.
const ComingSoonPage = lazy(() => import(/* webpackChunkName: "coming-soon" */ './pages/ComingSoonPage'));
const AcceptTermsPage = lazy(() => import(/* webpackChunkName: "accept-terms" */ '../features/auth/AcceptTermsPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ './pages/NotFoundPage'));
const FundingMethodsPage = lazy(() => import(/* webpackChunkName: "funding-methods" */ '../features/fundingMethods/FundingMethodsPage'));
const TransfersPage = lazy(() => import(/* webpackChunkName: "funding-methods" */ '../features/fundingMethods/TransfersPage'));
const AddFundingMethodPage = lazy(() => import(/* webpackChunkName: "add-funding-method" */ '../features/fundingMethods/AddFundingMethodPage'));
const WireTransferPage = lazy(() => import(/* webpackChunkName: "wire-transfer" */ '../features/fundingMethods/WireTransferPage'));
const BankLinkPage = lazy(() => import(/* webpackChunkName: "bank-link-page" */ '../features/bankLink/BankLinkPage'));
const DepositPage = lazy(() => import(/* webpackChunkName: "deposit" */ '../features/deposits/DepositPage'));
const IraDepositPage = lazy(() => import(/* webpackChunkName: "ira-deposit" */ '../features/iraDeposit/IraDepositPage'));
const TransfersHistoryPage = lazy(() => import(/* webpackChunkName: "transfers-history" */ '../features/transfers/TransfersHistoryPage'));
const InternalTransferPage = lazy(() => import(/* webpackChunkName: "internal-transfer" */ '../features/deposits/InternalTransferPage'));
const RecurringDepositsPage = lazy(() => import(/* webpackChunkName: "recurring-deposits" */ '../features/deposits/RecurringDepositsPage'));
const WithdrawalPage = lazy(() => import(/* webpackChunkName: "withdrawal" */ '../features/withdrawals/WithdrawalPage'));
const TreasuriesEducationPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../features/treasuries/TreasuriesEducationPage'));
const TreasuriesQuickBuyPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../features/treasuries/TreasuriesQuickBuyPage'));
const BondAccountPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../features/treasuries/BondAccountPage'));
const ProfileAddressPage = lazy(() => import(/* webpackChunkName: "profile-address" */ '../features/addressCapture/ProfileAddressPage'));
const SupportReplayPage = lazy(() => import(/* webpackChunkName: "support-replay" */ '../features/support/replay/SupportReplayPage'));
const SetupHighYieldAccountPage = lazy(() => import(/* webpackChunkName: "setup-high-yield" */ '../features/highYield/SetupHighYieldAccountPage'));

const pageFallback = <div className="page-loading"><Spinner label="Loading page" /></div>;
const lazyPage = (element: React.ReactNode) => <Suspense fallback={pageFallback}>{element}</Suspense>;

const BUILT_PAGES: Record<string, React.ReactNode> = {
  '/portfolio': <PortfolioPage />,
  '/account-takeover/welcome': lazyPage(<AcceptTermsPage variant="desktop" />),
  '/account-takeover/mobile-welcome': lazyPage(<AcceptTermsPage variant="mobile" />),
  '/settings/funding-methods': lazyPage(<FundingMethodsPage />),
  '/settings/payment-methods': lazyPage(<FundingMethodsPage />),
  '/settings/v2/transfers': lazyPage(<TransfersPage />),
  '/settings/funding-methods/add-funding-method': lazyPage(<AddFundingMethodPage />),
  '/settings/v2/add-funding-methods': lazyPage(<AddFundingMethodPage />),
  '/settings/wire-transfer': lazyPage(<WireTransferPage />),
  '/settings/v2/wire-transfer': lazyPage(<WireTransferPage />),
  '/settings/bank-link': lazyPage(<BankLinkPage />),
  '/settings/v2/bank-link': lazyPage(<BankLinkPage />),
  '/settings/deposit': lazyPage(<DepositPage />),
  '/settings/v2/deposit': lazyPage(<DepositPage />),
  '/high-yield/deposit': lazyPage(<DepositPage />),
  '/settings/ira-deposit': lazyPage(<IraDepositPage />),
  '/settings/recurring-deposits': lazyPage(<RecurringDepositsPage />),
  '/settings/v2/transfers/history': lazyPage(<TransfersHistoryPage />),
  '/settings/transfers/history': lazyPage(<TransfersHistoryPage />),
  '/settings/v2/transfers/between-accounts': lazyPage(<InternalTransferPage />),
  '/settings/transfers/between-accounts': lazyPage(<InternalTransferPage />),
  '/setup-high-yield-account': lazyPage(<SetupHighYieldAccountPage />),
  '/settings/v2/withdrawal': lazyPage(<WithdrawalPage />),
  '/ira/withdrawal': lazyPage(<WithdrawalPage />),
  '/high-yield/withdraw': lazyPage(<WithdrawalPage />),
  '/treasuries/education': lazyPage(<TreasuriesEducationPage />),
  '/treasuries/quick-buy': lazyPage(<TreasuriesQuickBuyPage />),
  '/bond-account': lazyPage(<BondAccountPage />),
  '/settings/personal-info': lazyPage(<ProfileAddressPage />),
  '/settings/v2/personal-info': lazyPage(<ProfileAddressPage />),
};

export const appRoutes: RouteObject[] = [
  // Support staff's replay of a customer's exported session: no customer session needed, nothing sent.
  { path: REPLAY_PAGE_PATH, element: lazyPage(<SupportReplayPage />) },
  {
    element: <SessionBootstrap />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to="/portfolio" replace /> },
              ...ROUTES.filter((route) => !route.public).map((route) => ({
                path: route.path,
                element: BUILT_PAGES[route.path] ?? lazyPage(<ComingSoonPage route={route} />),
              })),
              { path: '*', element: lazyPage(<NotFoundPage />) },
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
