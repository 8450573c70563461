import { lazy, Suspense, type ReactNode } from 'react';
import { PortfolioPage } from '../../features/portfolio/PortfolioPage';
import { Spinner } from '../../ui';

/**
 * The one route table: every route of both spec documents (and the few of ours that go with them), with the title
 * the browser tab shows and the page it renders. The spec section (or issue) that asks for each is in the comment
 * after it. `/login` and the support replay are outside the signed-in frame: src/App.tsx routes them.
 */
export interface RouteEntry {
  path: string;
  /** The document title while the page is open (before " · Fundflow"). */
  title: string;
  page: ReactNode;
}

export const LOGIN_ROUTE = { path: '/login', title: 'Sign in' } as const; // auth

// Flows and placeholder pages load on demand, so the first route stays inside its byte budget.
const AcceptTermsPage = lazy(() => import(/* webpackChunkName: "accept-terms" */ '../../features/auth/AcceptTermsPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ '../pages/NotFoundPage'));
const FundingMethodsPage = lazy(() => import(/* webpackChunkName: "funding-methods" */ '../../features/fundingMethods/FundingMethodsPage'));
const TransfersPage = lazy(() => import(/* webpackChunkName: "funding-methods" */ '../../features/fundingMethods/TransfersPage'));
const AddFundingMethodPage = lazy(() => import(/* webpackChunkName: "add-funding-method" */ '../../features/fundingMethods/AddFundingMethodPage'));
const WireTransferPage = lazy(() => import(/* webpackChunkName: "wire-transfer" */ '../../features/fundingMethods/WireTransferPage'));
const BankLinkPage = lazy(() => import(/* webpackChunkName: "bank-link-page" */ '../../features/bankLink/BankLinkPage'));
const DepositPage = lazy(() => import(/* webpackChunkName: "deposit" */ '../../features/deposits/DepositPage'));
const IraDepositPage = lazy(() => import(/* webpackChunkName: "ira-deposit" */ '../../features/iraDeposit/IraDepositPage'));
const TransfersHistoryPage = lazy(() => import(/* webpackChunkName: "transfers-history" */ '../../features/transfers/TransfersHistoryPage'));
const InternalTransferPage = lazy(() => import(/* webpackChunkName: "internal-transfer" */ '../../features/transfers/InternalTransferPage'));
const RecurringDepositsPage = lazy(() => import(/* webpackChunkName: "recurring-deposits" */ '../../features/deposits/RecurringDepositsPage'));
const WithdrawalPage = lazy(() => import(/* webpackChunkName: "withdrawal" */ '../../features/withdrawals/WithdrawalPage'));
const TreasuriesEducationPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../../features/treasuries/TreasuriesEducationPage'));
const TreasuriesQuickBuyPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../../features/treasuries/TreasuriesQuickBuyPage'));
const BondAccountPage = lazy(() => import(/* webpackChunkName: "treasuries" */ '../../features/treasuries/BondAccountPage'));
const ProfileAddressPage = lazy(() => import(/* webpackChunkName: "profile-address" */ '../../features/addressCapture/ProfileAddressPage'));
const DocumentsPage = lazy(() => import(/* webpackChunkName: "documents" */ '../../features/documents/DocumentsPage'));
const SetupInvestingPage = lazy(() => import(/* webpackChunkName: "setup-investing" */ '../../features/onboarding/SetupInvestingPage'));
const CryptoTransferPage = lazy(() => import(/* webpackChunkName: "crypto-transfer" */ '../../features/crypto/CryptoTransferPage'));
const AcatTransferPage = lazy(() => import(/* webpackChunkName: "acat-transfer" */ '../../features/acats/AcatTransferPage'));
const InvestingProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../../features/profile/InvestingProfilePage'));
const TrustedContactPage = lazy(() => import(/* webpackChunkName: "profile" */ '../../features/profile/TrustedContactPage'));
const BeneficiariesPage = lazy(() => import(/* webpackChunkName: "profile" */ '../../features/profile/BeneficiariesPage'));
const AccountInfoPage = lazy(() => import(/* webpackChunkName: "profile" */ '../../features/profile/AccountInfoPage'));
const MembershipPage = lazy(() => import(/* webpackChunkName: "profile" */ '../../features/profile/MembershipPage'));
const NotificationsPage = lazy(() => import(/* webpackChunkName: "notifications" */ '../../features/notifications/NotificationsPage'));
const SetupHighYieldAccountPage = lazy(() => import(/* webpackChunkName: "setup-high-yield" */ '../../features/highYield/SetupHighYieldAccountPage'));

export const pageFallback = (
  <div className="page-loading">
    <Spinner label="Loading page" codeLoading />
  </div>
);
// Inside SignedInPage's boundary, which catches a page whose chunk did not load.
const lazyPage = (element: ReactNode) => <Suspense fallback={pageFallback}>{element}</Suspense>;

/** A profile page is at /settings/<page> and /settings/v2/<page>. */
const profileRoutes = (page: string, title: string, element: ReactNode): RouteEntry[] =>
  [`/settings/${page}`, `/settings/v2/${page}`].map((path) => ({ path, title, page: lazyPage(element) }));

/** Every signed-in route. */
export const SIGNED_IN_ROUTES: readonly RouteEntry[] = [
  { path: '/portfolio', title: 'Portfolio', page: <PortfolioPage /> }, // deposits 2
  { path: '/account-takeover/welcome', title: 'Welcome to Fundflow', page: lazyPage(<AcceptTermsPage variant="desktop" />) }, // deposits 2
  { path: '/account-takeover/mobile-welcome', title: 'Welcome to Fundflow', page: lazyPage(<AcceptTermsPage variant="mobile" />) }, // deposits 2
  { path: '/settings/deposit', title: 'Deposit funds', page: lazyPage(<DepositPage />) }, // deposits 2
  { path: '/settings/v2/deposit', title: 'Deposit funds', page: lazyPage(<DepositPage />) }, // deposits 2
  { path: '/settings/ira-deposit', title: 'IRA deposit', page: lazyPage(<IraDepositPage />) }, // deposits 2
  { path: '/high-yield/deposit', title: 'Deposit to high-yield cash', page: lazyPage(<DepositPage />) }, // deposits 2
  { path: '/high-yield/withdraw', title: 'Withdraw from high-yield cash', page: lazyPage(<WithdrawalPage />) }, // deposits 2
  { path: '/setup-high-yield-account', title: 'Set up high-yield cash', page: lazyPage(<SetupHighYieldAccountPage />) }, // deposits 2
  { path: '/settings/v2/withdrawal', title: 'Withdraw funds', page: lazyPage(<WithdrawalPage />) }, // deposits 2
  { path: '/ira/withdrawal', title: 'IRA withdrawal', page: lazyPage(<WithdrawalPage />) }, // deposits 2
  { path: '/settings/bank-link', title: 'Link a bank', page: lazyPage(<BankLinkPage />) }, // funding 2.4
  { path: '/settings/v2/bank-link', title: 'Link a bank', page: lazyPage(<BankLinkPage />) }, // funding 2.4
  { path: '/settings/funding-methods', title: 'Funding methods', page: lazyPage(<FundingMethodsPage />) }, // funding 2.2
  { path: '/settings/payment-methods', title: 'Funding methods', page: lazyPage(<FundingMethodsPage />) }, // funding 2.2
  { path: '/settings/funding-methods/add-funding-method', title: 'Add funding method', page: lazyPage(<AddFundingMethodPage />) }, // funding 2.3
  { path: '/settings/v2/add-funding-methods', title: 'Add funding method', page: lazyPage(<AddFundingMethodPage />) }, // funding 2.3
  { path: '/settings/wire-transfer', title: 'Wire transfer', page: lazyPage(<WireTransferPage />) }, // funding 2.3
  { path: '/settings/v2/wire-transfer', title: 'Wire transfer', page: lazyPage(<WireTransferPage />) }, // funding 2.1
  { path: '/settings/crypto-transfer', title: 'Crypto transfer', page: lazyPage(<CryptoTransferPage />) }, // funding 2.1
  { path: '/settings/v2/crypto-transfer', title: 'Crypto transfer', page: lazyPage(<CryptoTransferPage />) }, // funding 2.1
  { path: '/settings/recurring-deposits', title: 'Recurring deposits', page: lazyPage(<RecurringDepositsPage />) }, // deposits 2
  { path: '/settings/acat-transfer', title: 'Transfer from another brokerage', page: lazyPage(<AcatTransferPage />) }, // funding 2.1
  { path: '/settings/v2/transfers', title: 'Transfers', page: lazyPage(<TransfersPage />) }, // deposits 2
  // Not in the spec's table: the transfer history the issue asks for (every deposit and transfer with its events).
  { path: '/settings/v2/transfers/history', title: 'Transfer history', page: lazyPage(<TransfersHistoryPage />) }, // issue 4
  { path: '/settings/transfers/history', title: 'Transfer history', page: lazyPage(<TransfersHistoryPage />) }, // issue 4
  { path: '/settings/v2/transfers/between-accounts', title: 'Transfer between accounts', page: lazyPage(<InternalTransferPage />) }, // deposits 1
  { path: '/settings/transfers/between-accounts', title: 'Transfer between accounts', page: lazyPage(<InternalTransferPage />) }, // deposits 1
  { path: '/settings/documents', title: 'Documents', page: lazyPage(<DocumentsPage view="all" />) }, // deposits 2
  { path: '/settings/documents/account/brokerage', title: 'Brokerage documents', page: lazyPage(<DocumentsPage view="brokerage" />) }, // deposits 2
  { path: '/settings/documents/trade-confirmations', title: 'Trade confirmations', page: lazyPage(<DocumentsPage view="trade-confirmations" />) }, // deposits 2
  { path: '/settings/documents/tax-statements', title: 'Tax statements', page: lazyPage(<DocumentsPage view="tax-statements" />) }, // deposits 2
  { path: '/settings/v2/account-statements', title: 'Account statements', page: lazyPage(<DocumentsPage view="account-statements" />) }, // deposits 2
  { path: '/settings/v2/trade-confirmations', title: 'Trade confirmations', page: lazyPage(<DocumentsPage view="trade-confirmations" />) }, // deposits 2
  { path: '/settings/v2/tax-statements', title: 'Tax statements', page: lazyPage(<DocumentsPage view="tax-statements" />) }, // deposits 2
  { path: '/settings/personal-info', title: 'Personal info', page: lazyPage(<ProfileAddressPage />) }, // funding 2.11
  { path: '/settings/v2/personal-info', title: 'Personal info', page: lazyPage(<ProfileAddressPage />) }, // funding 2.11
  ...profileRoutes('investing-profile', 'Investing profile', <InvestingProfilePage />), // deposits 2
  ...profileRoutes('trusted-contact', 'Trusted contact', <TrustedContactPage />), // deposits 2
  ...profileRoutes('beneficiaries', 'Beneficiaries', <BeneficiariesPage />), // deposits 2
  ...profileRoutes('account-info', 'Account info', <AccountInfoPage />), // deposits 2
  ...profileRoutes('membership', 'Membership', <MembershipPage />), // deposits 2
  { path: '/setup-investing', title: 'Finish your application', page: lazyPage(<SetupInvestingPage />) }, // funding 2.1
  { path: '/treasuries/education', title: 'U.S. Treasuries', page: lazyPage(<TreasuriesEducationPage />) }, // funding 2.12
  // Ours: the quick-buy target of the education page's Continue, and the Bond Account promo's Learn more.
  { path: '/treasuries/quick-buy', title: 'Buy U.S. Treasuries', page: lazyPage(<TreasuriesQuickBuyPage />) }, // funding 2.12
  { path: '/bond-account', title: 'Bond Account', page: lazyPage(<BondAccountPage />) }, // funding 2.12
  // Ours: the money notifications and which of them are emailed (the header's bell opens it).
  { path: '/notifications', title: 'Notifications', page: lazyPage(<NotificationsPage />) }, // issue 18
];

export const notFoundPage = lazyPage(<NotFoundPage />);
