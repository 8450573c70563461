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
const AddFundingMethodPage = lazy(
  () => import(/* webpackChunkName: "add-funding-method" */ '../../features/fundingMethods/AddFundingMethodPage'),
);
const WireTransferPage = lazy(() => import(/* webpackChunkName: "wire-transfer" */ '../../features/fundingMethods/WireTransferPage'));
const BankLinkPage = lazy(() => import(/* webpackChunkName: "bank-link-page" */ '../../features/bankLink/BankLinkPage'));
const DepositPage = lazy(() => import(/* webpackChunkName: "deposit" */ '../../features/deposits/DepositPage'));
const IraDepositPage = lazy(() => import(/* webpackChunkName: "ira-deposit" */ '../../features/iraDeposit/IraDepositPage'));
const TransfersHistoryPage = lazy(
  () => import(/* webpackChunkName: "transfers-history" */ '../../features/transfers/TransfersHistoryPage'),
);
const InternalTransferPage = lazy(
  () => import(/* webpackChunkName: "internal-transfer" */ '../../features/transfers/InternalTransferPage'),
);
const RecurringDepositsPage = lazy(
  () => import(/* webpackChunkName: "recurring-deposits" */ '../../features/deposits/RecurringDepositsPage'),
);
const WithdrawalPage = lazy(() => import(/* webpackChunkName: "withdrawal" */ '../../features/withdrawals/WithdrawalPage'));
const TreasuriesEducationPage = lazy(
  () => import(/* webpackChunkName: "treasuries" */ '../../features/treasuries/TreasuriesEducationPage'),
);
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
const SetupHighYieldAccountPage = lazy(
  () => import(/* webpackChunkName: "setup-high-yield" */ '../../features/highYield/SetupHighYieldAccountPage'),
);

export const pageFallback = (
  <div className="page-loading">
    <Spinner label="Loading page" codeLoading />
  </div>
);
// Inside SignedInPage's boundary, which catches a page whose chunk did not load.
const lazyPage = (element: ReactNode) => <Suspense fallback={pageFallback}>{element}</Suspense>;

/** One page at each of `paths`, under one title. */
const at = (paths: readonly string[], title: string, element: ReactNode): RouteEntry[] => {
  const page = lazyPage(element);
  return paths.map((path) => ({ path, title, page }));
};
/** A settings page at /settings/<page> and its newer twin /settings/v2/<page>. */
const settings = (page: string) => [`/settings/${page}`, `/settings/v2/${page}`];

/** Every signed-in route; the comment after each says which spec section (or issue) asks for it. */
export const SIGNED_IN_ROUTES: readonly RouteEntry[] = [
  { path: '/portfolio', title: 'Portfolio', page: <PortfolioPage /> }, // deposits 2
  ...at(['/account-takeover/welcome'], 'Welcome to Fundflow', <AcceptTermsPage variant="desktop" />), // deposits 2
  ...at(['/account-takeover/mobile-welcome'], 'Welcome to Fundflow', <AcceptTermsPage variant="mobile" />), // deposits 2
  ...at(settings('deposit'), 'Deposit funds', <DepositPage />), // deposits 2
  ...at(['/settings/ira-deposit'], 'IRA deposit', <IraDepositPage />), // deposits 2
  ...at(['/high-yield/deposit'], 'Deposit to high-yield cash', <DepositPage />), // deposits 2
  ...at(['/high-yield/withdraw'], 'Withdraw from high-yield cash', <WithdrawalPage />), // deposits 2
  ...at(['/setup-high-yield-account'], 'Set up high-yield cash', <SetupHighYieldAccountPage />), // deposits 2
  ...at(['/settings/v2/withdrawal'], 'Withdraw funds', <WithdrawalPage />), // deposits 2
  ...at(['/ira/withdrawal'], 'IRA withdrawal', <WithdrawalPage />), // deposits 2
  ...at(settings('bank-link'), 'Link a bank', <BankLinkPage />), // funding 2.4
  ...at(['/settings/funding-methods', '/settings/payment-methods'], 'Funding methods', <FundingMethodsPage />), // funding 2.2
  ...at(
    ['/settings/funding-methods/add-funding-method', '/settings/v2/add-funding-methods'],
    'Add funding method',
    <AddFundingMethodPage />,
  ), // funding 2.3
  ...at(settings('wire-transfer'), 'Wire transfer', <WireTransferPage />), // funding 2.3, 2.1
  ...at(settings('crypto-transfer'), 'Crypto transfer', <CryptoTransferPage />), // funding 2.1
  ...at(['/settings/recurring-deposits'], 'Recurring deposits', <RecurringDepositsPage />), // deposits 2
  ...at(['/settings/acat-transfer'], 'Transfer from another brokerage', <AcatTransferPage />), // funding 2.1
  ...at(['/settings/v2/transfers'], 'Transfers', <TransfersPage />), // deposits 2
  // Not in the spec's table: the transfer history the issue asks for (every deposit and transfer with its events).
  ...at(settings('transfers/history'), 'Transfer history', <TransfersHistoryPage />), // issue 4
  ...at(settings('transfers/between-accounts'), 'Transfer between accounts', <InternalTransferPage />), // deposits 1
  ...at(['/settings/documents'], 'Documents', <DocumentsPage view="all" />), // deposits 2
  ...at(['/settings/documents/account/brokerage'], 'Brokerage documents', <DocumentsPage view="brokerage" />), // deposits 2
  ...at(
    ['/settings/documents/trade-confirmations', '/settings/v2/trade-confirmations'],
    'Trade confirmations',
    <DocumentsPage view="trade-confirmations" />,
  ), // deposits 2
  ...at(['/settings/documents/tax-statements', '/settings/v2/tax-statements'], 'Tax statements', <DocumentsPage view="tax-statements" />), // deposits 2
  ...at(['/settings/v2/account-statements'], 'Account statements', <DocumentsPage view="account-statements" />), // deposits 2
  ...at(settings('personal-info'), 'Personal info', <ProfileAddressPage />), // funding 2.11
  ...at(settings('investing-profile'), 'Investing profile', <InvestingProfilePage />), // deposits 2
  ...at(settings('trusted-contact'), 'Trusted contact', <TrustedContactPage />), // deposits 2
  ...at(settings('beneficiaries'), 'Beneficiaries', <BeneficiariesPage />), // deposits 2
  ...at(settings('account-info'), 'Account info', <AccountInfoPage />), // deposits 2
  ...at(settings('membership'), 'Membership', <MembershipPage />), // deposits 2
  ...at(['/setup-investing'], 'Finish your application', <SetupInvestingPage />), // funding 2.1
  ...at(['/treasuries/education'], 'U.S. Treasuries', <TreasuriesEducationPage />), // funding 2.12
  // Ours: the quick-buy target of the education page's Continue, and the Bond Account promo's Learn more.
  ...at(['/treasuries/quick-buy'], 'Buy U.S. Treasuries', <TreasuriesQuickBuyPage />), // funding 2.12
  ...at(['/bond-account'], 'Bond Account', <BondAccountPage />), // funding 2.12
  // Ours: the money notifications and which of them are emailed (the header's bell opens it).
  ...at(['/notifications'], 'Notifications', <NotificationsPage />), // issue 18
];

export const notFoundPage = lazyPage(<NotFoundPage />);
