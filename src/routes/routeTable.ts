/**
 * Every route of both spec documents, in one table. `status: 'built'` routes have their real page;
 * the rest render the layout with a "coming soon" page until their issue lands.
 */
export interface RouteEntry {
  path: string;
  title: string;
  /** Which spec section asks for it; shown on the coming-soon page so nobody has to guess. */
  source: string;
  status: 'built' | 'coming-soon';
  public?: boolean;
}

const soon = (path: string, title: string, source: string): RouteEntry => ({ path, title, source, status: 'coming-soon' });

export const ROUTES: readonly RouteEntry[] = [
  { path: '/login', title: 'Sign in', source: 'auth', status: 'built', public: true },
  { path: '/portfolio', title: 'Portfolio', source: 'deposits 2', status: 'built' },
  { path: '/account-takeover/welcome', title: 'Welcome to Fundflow', source: 'deposits 2', status: 'built' },
  { path: '/account-takeover/mobile-welcome', title: 'Welcome to Fundflow', source: 'deposits 2', status: 'built' },
  { path: '/settings/deposit', title: 'Deposit funds', source: 'deposits 2', status: 'built' },
  { path: '/settings/v2/deposit', title: 'Deposit funds', source: 'deposits 2', status: 'built' },
  { path: '/settings/ira-deposit', title: 'IRA deposit', source: 'deposits 2', status: 'built' },
  { path: '/high-yield/deposit', title: 'Deposit to high-yield cash', source: 'deposits 2', status: 'built' },
  { path: '/high-yield/withdraw', title: 'Withdraw from high-yield cash', source: 'deposits 2', status: 'built' },
  { path: '/setup-high-yield-account', title: 'Set up high-yield cash', source: 'deposits 2', status: 'built' },
  { path: '/settings/v2/withdrawal', title: 'Withdraw funds', source: 'deposits 2', status: 'built' },
  { path: '/ira/withdrawal', title: 'IRA withdrawal', source: 'deposits 2', status: 'built' },
  { path: '/settings/bank-link', title: 'Link a bank', source: 'funding 2.4', status: 'built' },
  { path: '/settings/v2/bank-link', title: 'Link a bank', source: 'funding 2.4', status: 'built' },
  { path: '/settings/funding-methods', title: 'Funding methods', source: 'funding 2.2', status: 'built' },
  { path: '/settings/payment-methods', title: 'Funding methods', source: 'funding 2.2', status: 'built' },
  { path: '/settings/funding-methods/add-funding-method', title: 'Add funding method', source: 'funding 2.3', status: 'built' },
  { path: '/settings/v2/add-funding-methods', title: 'Add funding method', source: 'funding 2.3', status: 'built' },
  { path: '/settings/wire-transfer', title: 'Wire transfer', source: 'funding 2.3', status: 'built' },
  { path: '/settings/v2/wire-transfer', title: 'Wire transfer', source: 'funding 2.1', status: 'built' },
  soon('/settings/crypto-transfer', 'Crypto transfer', 'funding 2.1'),
  soon('/settings/v2/crypto-transfer', 'Crypto transfer', 'funding 2.1'),
  { path: '/settings/recurring-deposits', title: 'Recurring deposits', source: 'deposits 2', status: 'built' },
  soon('/settings/acat-transfer', 'Transfer from another brokerage', 'funding 2.1'),
  { path: '/settings/v2/transfers', title: 'Transfers', source: 'deposits 2', status: 'built' },
  // Not in the spec's table: the transfer history the issue asks for (every deposit and transfer with its events).
  { path: '/settings/v2/transfers/history', title: 'Transfer history', source: 'issue 4', status: 'built' },
  { path: '/settings/transfers/history', title: 'Transfer history', source: 'issue 4', status: 'built' },
  { path: '/settings/v2/transfers/between-accounts', title: 'Transfer between accounts', source: 'deposits 1', status: 'built' },
  { path: '/settings/transfers/between-accounts', title: 'Transfer between accounts', source: 'deposits 1', status: 'built' },
  soon('/settings/documents', 'Documents', 'deposits 2'),
  soon('/settings/documents/account/brokerage', 'Brokerage documents', 'deposits 2'),
  soon('/settings/documents/trade-confirmations', 'Trade confirmations', 'deposits 2'),
  soon('/settings/documents/tax-statements', 'Tax statements', 'deposits 2'),
  soon('/settings/v2/account-statements', 'Account statements', 'deposits 2'),
  soon('/settings/v2/trade-confirmations', 'Trade confirmations', 'deposits 2'),
  soon('/settings/v2/tax-statements', 'Tax statements', 'deposits 2'),
  ...(['personal-info', 'investing-profile', 'trusted-contact', 'beneficiaries', 'account-info', 'membership'] as const).flatMap((page) => {
    const title = page.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
    if (page === 'personal-info') {
      return [`/settings/${page}`, `/settings/v2/${page}`].map((path): RouteEntry => ({ path, title, source: 'funding 2.11', status: 'built' }));
    }
    return [soon(`/settings/${page}`, title, 'deposits 2'), soon(`/settings/v2/${page}`, title, 'deposits 2')];
  }),
  soon('/setup-investing', 'Finish your application', 'funding 2.1'),
  { path: '/treasuries/education', title: 'U.S. Treasuries', source: 'funding 2.12', status: 'built' },
  // Ours: the quick-buy target of the education page's Continue, and the Bond Account promo's Learn more.
  { path: '/treasuries/quick-buy', title: 'Buy U.S. Treasuries', source: 'funding 2.12', status: 'built' },
  { path: '/bond-account', title: 'Bond Account', source: 'funding 2.12', status: 'built' },
];
