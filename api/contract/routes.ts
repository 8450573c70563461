/** Every API path of ours in one place; the client and the server both use these. */
export const ApiPaths = {
  /** Alive (no database): the process answers. */
  health: '/api/health',
  /** Ready for traffic: database answers, migrations current, not draining (503 {errorCode, message} otherwise). */
  ready: '/api/ready',
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  me: '/api/me',
  acceptTerms: '/api/me/accept-terms',
  accounts: '/api/accounts',
  paymentMethods: '/api/payment-methods',
  config: '/api/config',
  /** The server's clock and New York day (no auth): the app's "today" comes from here. */
  clock: '/api/clock',
  providers: '/api/providers',
  // Funding methods (funding-methods.md 7.2 to 7.5; the spec leaves these paths to us)
  paymentMethod: '/api/payment-methods/:paymentMethodId',
  setDefaultPaymentMethod: '/api/payment-methods/:paymentMethodId/default',
  paymentMethodNickname: '/api/payment-methods/nickname',
  institutions: '/api/bank-link/institutions',
  /** The popular banks the search opens on, before anything is typed. */
  popularInstitutions: '/api/bank-link/institutions/popular',
  institutionsByRoutingNumber: '/api/bank-link/institutions/by-routing-number/:routingNumber',
  linkToken: '/api/bank-link/link-token',
  relinkToken: '/api/payment-methods/:paymentMethodId/relink-token',
  partnerLink: '/api/bank-link/plaid',
  partnerRelink: '/api/payment-methods/:paymentMethodId/relink',
  numberLink: '/api/bank-link/number',
  microDepositLink: '/api/bank-link/micro-deposits',
  microDepositVerify: '/api/bank-link/micro-deposits/verify',
  debitCardSetupIntent: '/api/debit-card/setup-intent',
  debitCardLink: '/api/debit-card',
  debitCardReplace: '/api/debit-card/replace',
  debitCardAddress: '/api/debit-card/address',
  debitCardAddressConfirm: '/api/debit-card/address/confirm',
  verificationFiles: '/api/verification/files',
  verificationSubmit: '/api/verification/submit',
  wireInstructions: '/api/wire-instructions',
  analyticsEvents: '/api/analytics/events',
  // Address capture (funding-methods.md 2.11, 4.8, 7.6): our server calls the places and verification services.
  addressAutocomplete: '/api/address/autocomplete',
  addressPlace: '/api/address/places/:placeId',
  addressVerify: '/api/address/verify',
  /** The customer's own address on file (GET, PUT): the profile address page. */
  profileAddress: '/api/address',
  // Sandbox only (404 in live mode): what the vendors' test dashboards would show.
  sandboxPlaidLogin: '/api/sandbox/plaid/login',
  sandboxResetLogin: '/api/sandbox/payment-methods/:paymentMethodId/reset-login',
  sandboxMicroDeposits: '/api/sandbox/payment-methods/:paymentMethodId/micro-deposits',
  sandboxOutbox: '/api/sandbox/outbox',
  /** Creates a fresh copy of a demo customer (own email, same data) so browser tests never share state. */
  sandboxCustomers: '/api/sandbox/customers',
  // Deposits and transfers (deposits-and-transfers.md section 7; recurring deposits use the spec's paths exactly)
  deposits: '/api/deposits',
  depositIntents: '/api/deposits/intents',
  depositConfirm: '/api/deposits/confirm',
  depositCancel: '/api/deposits/:depositId/cancel',
  depositLimits: '/api/deposits/limits',
  transferIntents: '/api/transfers/intents',
  transferConfirm: '/api/transfers/confirm',
  recurringDeposits: '/communityservice/recurringdeposits/account/:accountUuid/v1/recurring-deposit',
  recurringDeposit: '/communityservice/recurringdeposits/account/:accountUuid/v1/recurring-deposit/:recurringDepositId',
  recurringDepositSkip: '/communityservice/recurringdeposits/account/:accountUuid/v1/recurring-deposit/:recurringDepositId/skip-next',
  iraConfiguration: '/api/ira/configuration',
  iraContributions: '/api/ira/contributions',
  highYieldAccount: '/api/high-yield-account',
  userProperties: '/api/user-properties',
  /** Sandbox only: settles every pending deposit of the signed-in customer now (demos and tests). */
  sandboxSettleDeposits: '/api/sandbox/deposits/settle',
  /** Sandbox only: the customer's bank sends a sent or settled bank deposit back, body { code: 'R01' | 'R02' | 'R03' }. */
  sandboxReturnDeposit: '/api/sandbox/deposits/:depositId/return',
  // Service wrappers (funding-methods.md 7.1): the spec's paths exactly, {name} written :name.
  watchlists: '/communityservice/watchlist/v2',
  watchlist: '/communityservice/watchlist/:id',
  themes: '/communityservice/themes',
  theme: '/communityservice/themes/:id',
  userSettings: '/communityservice/users/settings',
  suggestTipping: '/communityservice/users/settings/investment/suggest-tipping/:value',
  acatFinalizedOverview: '/communityservice/public/acat/drafts/finalized-overview',
  acatFinalizeOffer: '/communityservice/acat/drafts/finalize-offer',
  acatDrafts: '/communityservice/acat/drafts',
  acatDraft: '/communityservice/acat/drafts/:id',
  acatDraftFragments: '/communityservice/acat/drafts/:draftId/fragments',
  acatDraftSubmit: '/communityservice/acat/drafts/:id/submit',
  acatBrokerages: '/communityservice/acat/drafts/brokerages/resources',
  acatPlaidIntegration: '/communityservice/acat/drafts/:id/integration/plaid',
  optionsReferrals: '/communityservice/carrots/options-referrals',
  optionsRebate: '/communityservice/option/rebate',
  searchInstruments: '/graphservice/search/instruments',
  search: '/graphservice/search',
  acatAccountNumberHints: '/graphservice/acat-form/account-number-hints',
  // Live events (funding-methods.md 4.10): a subscription id from an authenticated call, then the socket.
  eventsSubscriptions: '/api/events/subscriptions',
  /** WebSocket (GET upgrade) with ?eventsSubscriptionId=; JSON events with a type field. */
  events: '/api/events',
  // Money notifications (issue 18; our paths): the in-app list, marking read, and which kinds are emailed.
  notifications: '/api/notifications',
  notificationRead: '/api/notifications/:notificationId/read',
  notificationsReadAll: '/api/notifications/read-all',
  notificationEmailPreferences: '/api/notifications/email-preferences',
  /** Sandbox only: finishes the review of a submitted bank statement (approved or rejected). */
  sandboxStatementReview: '/api/sandbox/payment-methods/:paymentMethodId/statement-review',
  // Withdrawals (our paths: the spec names the pages only). POST withdrawals takes an Idempotency-Key header.
  withdrawals: '/api/withdrawals',
  withdrawalsAvailable: '/api/withdrawals/available',
  /** Sandbox only: sends and settles every pending withdrawal of the signed-in customer now. */
  sandboxSettleWithdrawals: '/api/sandbox/withdrawals/settle',
  // Portfolio, Treasuries and the bond account (funding-methods.md 3.5 and 7.5; the spec leaves these paths to us)
  portfolio: '/api/accounts/:accountUuid/portfolio',
  treasuryQuickPicks: '/api/treasuries/quick-picks',
  bondAccountYield: '/api/bond-account/yield-to-maturity',
  // Onboarding (/setup-investing) and crypto transfers in (/settings/crypto-transfer); our paths, the spec shows neither.
  onboardingApplication: '/api/onboarding/application',
  onboardingApplicationSubmit: '/api/onboarding/application/submit',
  cryptoDepositOptions: '/api/crypto/deposit-options',
  cryptoDepositAddress: '/api/crypto/deposit-address',
  cryptoTransfers: '/api/crypto/transfers',
  // Profile settings (our paths: the spec names the pages only)
  profileInvestingProfile: '/api/profile/investing-profile',
  profileTrustedContact: '/api/profile/trusted-contact',
  profileBeneficiaries: '/api/profile/beneficiaries',
  profileAccountBeneficiaries: '/api/profile/beneficiaries/:accountUuid',
  profileAccountInfo: '/api/profile/account-info',
  profileMembership: '/api/profile/membership',
  // Account documents (our paths; the spec names the pages only). The download answers application/pdf.
  documents: '/api/documents',
  documentDownload: '/api/documents/:documentId/download',
} as const;

/** Fills the :params of an ApiPaths entry, URL-encoding each value. */
export function apiPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** Header every state-changing request carries; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-fundflow-client';

/** Header that makes a money-moving confirmation idempotent: a repeat with the same key answers the first result. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The app's pages that the server treats specially: the support replay's frame is the one page that may be
 * shown in a frame, and only by a page of the same origin (the replay at /support/replay).
 */
export const AppPagePaths = {
  supportReplay: '/support/replay',
  supportReplayFrame: '/support/replay-frame',
} as const;
