/**
 * Every route of both spec documents (and the few of ours that go with them), in one table. Each has its
 * page in src/App.tsx (PAGES); a unit test keeps the two in step.
 */
export interface RouteEntry {
  path: string;
  title: string;
  /** Which spec section (or issue) asks for it. */
  source: string;
  public?: boolean;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/login', title: 'Sign in', source: 'auth', public: true },
  { path: '/portfolio', title: 'Portfolio', source: 'deposits 2' },
  { path: '/account-takeover/welcome', title: 'Welcome to Fundflow', source: 'deposits 2' },
  { path: '/account-takeover/mobile-welcome', title: 'Welcome to Fundflow', source: 'deposits 2' },
  { path: '/settings/deposit', title: 'Deposit funds', source: 'deposits 2' },
  { path: '/settings/v2/deposit', title: 'Deposit funds', source: 'deposits 2' },
  { path: '/settings/ira-deposit', title: 'IRA deposit', source: 'deposits 2' },
  { path: '/high-yield/deposit', title: 'Deposit to high-yield cash', source: 'deposits 2' },
  { path: '/high-yield/withdraw', title: 'Withdraw from high-yield cash', source: 'deposits 2' },
  { path: '/setup-high-yield-account', title: 'Set up high-yield cash', source: 'deposits 2' },
  { path: '/settings/v2/withdrawal', title: 'Withdraw funds', source: 'deposits 2' },
  { path: '/ira/withdrawal', title: 'IRA withdrawal', source: 'deposits 2' },
  { path: '/settings/bank-link', title: 'Link a bank', source: 'funding 2.4' },
  { path: '/settings/v2/bank-link', title: 'Link a bank', source: 'funding 2.4' },
  { path: '/settings/funding-methods', title: 'Funding methods', source: 'funding 2.2' },
  { path: '/settings/payment-methods', title: 'Funding methods', source: 'funding 2.2' },
  { path: '/settings/funding-methods/add-funding-method', title: 'Add funding method', source: 'funding 2.3' },
  { path: '/settings/v2/add-funding-methods', title: 'Add funding method', source: 'funding 2.3' },
  { path: '/settings/wire-transfer', title: 'Wire transfer', source: 'funding 2.3' },
  { path: '/settings/v2/wire-transfer', title: 'Wire transfer', source: 'funding 2.1' },
  { path: '/settings/crypto-transfer', title: 'Crypto transfer', source: 'funding 2.1' },
  { path: '/settings/v2/crypto-transfer', title: 'Crypto transfer', source: 'funding 2.1' },
  { path: '/settings/recurring-deposits', title: 'Recurring deposits', source: 'deposits 2' },
  { path: '/settings/acat-transfer', title: 'Transfer from another brokerage', source: 'funding 2.1' },
  { path: '/settings/v2/transfers', title: 'Transfers', source: 'deposits 2' },
  // Not in the spec's table: the transfer history the issue asks for (every deposit and transfer with its events).
  { path: '/settings/v2/transfers/history', title: 'Transfer history', source: 'issue 4' },
  { path: '/settings/transfers/history', title: 'Transfer history', source: 'issue 4' },
  { path: '/settings/v2/transfers/between-accounts', title: 'Transfer between accounts', source: 'deposits 1' },
  { path: '/settings/transfers/between-accounts', title: 'Transfer between accounts', source: 'deposits 1' },
  { path: '/settings/documents', title: 'Documents', source: 'deposits 2' },
  { path: '/settings/documents/account/brokerage', title: 'Brokerage documents', source: 'deposits 2' },
  { path: '/settings/documents/trade-confirmations', title: 'Trade confirmations', source: 'deposits 2' },
  { path: '/settings/documents/tax-statements', title: 'Tax statements', source: 'deposits 2' },
  { path: '/settings/v2/account-statements', title: 'Account statements', source: 'deposits 2' },
  { path: '/settings/v2/trade-confirmations', title: 'Trade confirmations', source: 'deposits 2' },
  { path: '/settings/v2/tax-statements', title: 'Tax statements', source: 'deposits 2' },
  ...(['personal-info', 'investing-profile', 'trusted-contact', 'beneficiaries', 'account-info', 'membership'] as const).flatMap((page) => {
    const title = page.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
    const source = page === 'personal-info' ? 'funding 2.11' : 'deposits 2';
    return [`/settings/${page}`, `/settings/v2/${page}`].map((path): RouteEntry => ({ path, title, source }));
  }),
  { path: '/setup-investing', title: 'Finish your application', source: 'funding 2.1' },
  { path: '/treasuries/education', title: 'U.S. Treasuries', source: 'funding 2.12' },
  // Ours: the quick-buy target of the education page's Continue, and the Bond Account promo's Learn more.
  { path: '/treasuries/quick-buy', title: 'Buy U.S. Treasuries', source: 'funding 2.12' },
  { path: '/bond-account', title: 'Bond Account', source: 'funding 2.12' },
  // Ours: the money notifications and which of them are emailed (the header's bell opens it).
  { path: '/notifications', title: 'Notifications', source: 'issue 18' },
];
