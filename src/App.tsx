import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './AppLayout';
import { RequireSession, SessionBootstrap } from './guards';
import { LoginPage } from '../features/auth/LoginPage';
import { PortfolioPage } from '../features/portfolio/PortfolioPage';
import { Spinner } from './ui';
import { LocationRecorder } from '../features/navigation/LocationRecorder';
import { REPLAY_PAGE_PATH } from '../features/support/replay/replayMode';
import { AppErrorBoundary, LazyBoundary } from '../features/errorRecovery/AppErrorBoundary';

// Flows and placeholder pages load on demand, so the first route stays inside its byte budget.
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
const InternalTransferPage = lazy(() => import(/* webpackChunkName: "internal-transfer" */ '../features/transfers/InternalTransferPage'));
const RecurringDepositsPage = lazy(() => import(/* webpackChunkName: "recurring-deposits" */ '../features/deposits/RecurringDepositsPage'));
const WithdrawalPage = lazy(() => import(/* webpackChunkName: "withdrawal" */ '../features/withdrawals/WithdrawalPage'));
const TreasuriesEducationPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../features/treasuries/TreasuriesEducationPage'));
const TreasuriesQuickBuyPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../features/treasuries/TreasuriesQuickBuyPage'));
const BondAccountPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../features/treasuries/BondAccountPage'));
const ProfileAddressPage = lazy(() => import(/* webpackChunkName: "profile-address" */ '../features/addressCapture/ProfileAddressPage'));
const DocumentsPage = lazy(() => import(/* webpackChunkName: "documents" */ '../features/documents/DocumentsPage'));
const SetupInvestingPage = lazy(() => import(/* webpackChunkName: "setup-investing" */ '../features/onboarding/SetupInvestingPage'));
const CryptoTransferPage = lazy(() => import(/* webpackChunkName: "crypto-transfer" */ '../features/crypto/CryptoTransferPage'));
const AcatTransferPage = lazy(() => import(/* webpackChunkName: "acat-transfer" */ '../features/acats/AcatTransferPage'));
const InvestingProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/InvestingProfilePage'));
const TrustedContactPage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/TrustedContactPage'));
const BeneficiariesPage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/BeneficiariesPage'));
const AccountInfoPage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/AccountInfoPage'));
const MembershipPage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/MembershipPage'));
const SupportReplayPage = lazy(() => import(/* webpackChunkName: "support-replay" */ '../features/support/replay/SupportReplayPage'));
const NotificationsPage = lazy(() => import(/* webpackChunkName: "notifications" */ '../features/notifications/NotificationsPage'));
const SetupHighYieldAccountPage = lazy(() => import(/* webpackChunkName: "setup-high-yield" */ '../features/highYield/SetupHighYieldAccountPage'));

const pageFallback = <div className="page-loading"><Spinner label="Loading page" codeLoading /></div>;
// Inside SignedInPage's boundary, which catches a page whose chunk did not load.
const lazyPage = (element: React.ReactNode) => <Suspense fallback={pageFallback}>{element}</Suspense>;

/** The page of every signed-in route of the route table. */
export const PAGES: Record<string, React.ReactNode> = {
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
  ...Object.fromEntries(
    (
      [
        ['investing-profile', <InvestingProfilePage key="investing-profile" />],
        ['trusted-contact', <TrustedContactPage key="trusted-contact" />],
        ['beneficiaries', <BeneficiariesPage key="beneficiaries" />],
        ['account-info', <AccountInfoPage key="account-info" />],
        ['membership', <MembershipPage key="membership" />],
      ] as const
    ).flatMap(([page, element]) => [
      [`/settings/${page}`, lazyPage(element)],
      [`/settings/v2/${page}`, lazyPage(element)],
    ]),
  ),
  '/setup-investing': lazyPage(<SetupInvestingPage />),
  '/settings/crypto-transfer': lazyPage(<CryptoTransferPage />),
  '/settings/v2/crypto-transfer': lazyPage(<CryptoTransferPage />),
  '/settings/acat-transfer': lazyPage(<AcatTransferPage />),
  '/settings/documents': lazyPage(<DocumentsPage view="all" />),
  '/settings/documents/account/brokerage': lazyPage(<DocumentsPage view="brokerage" />),
  '/settings/documents/trade-confirmations': lazyPage(<DocumentsPage view="trade-confirmations" />),
  '/settings/documents/tax-statements': lazyPage(<DocumentsPage view="tax-statements" />),
  '/settings/v2/account-statements': lazyPage(<DocumentsPage view="account-statements" />),
  '/settings/v2/trade-confirmations': lazyPage(<DocumentsPage view="trade-confirmations" />),
  '/settings/v2/tax-statements': lazyPage(<DocumentsPage view="tax-statements" />),
  '/notifications': lazyPage(<NotificationsPage />),
};

/** A path as the router compares it to a route's: in any case, trailing slashes ignored. */
export function routeKey(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') : lower;
}

// From PAGES itself, not the route table (src/routes/routeTable.ts): App.test.tsx keeps the two to the same paths, and
// the table's titles and spec references would only add weight to the first bundle.
const PAGE_BY_KEY = new Map(Object.entries(PAGES).map(([path, page]) => [routeKey(path), page]));
const notFoundPage = lazyPage(<NotFoundPage />);

/**
 * Every signed-in page is a fixed path, so one map lookup finds it. Given all 55 as routes, the router
 * flattened, ranked and compiled every one of them on each render of the route tree (about a fifth of the
 * first page's render at 4x CPU); a lookup by the router's own matching rules costs nothing.
 */
function SignedInPage() {
  const { pathname } = useLocation();
  const key = routeKey(pathname);
  // One boundary for every page (lazy or not): a page that fails shows its error under the app's header and
  // navigation, and going to another page clears it.
  return (
    <AppErrorBoundary scope="page" resetKey={key}>
      {PAGE_BY_KEY.get(key) ?? notFoundPage}
    </AppErrorBoundary>
  );
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
      { path: '/login', element: <LoginPage /> },
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
