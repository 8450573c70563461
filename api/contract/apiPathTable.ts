/**
 * Every API path of ours, one export each; the client and the server both read them as `ApiPaths` (routes.ts).
 * One export per path, not one object: webpack keeps only the paths a chunk uses (`ApiPaths.accounts` marks
 * `accounts` used), so the first route does not carry every flow's paths.
 */
/** Alive (no database): the process answers. */
export const health = '/api/health';
/** Ready for traffic: database answers, migrations current, not draining (503 {errorCode, message} otherwise). */
export const ready = '/api/ready';
export const login = '/api/auth/login';
export const refresh = '/api/auth/refresh';
export const logout = '/api/auth/logout';
export const me = '/api/me';
export const acceptTerms = '/api/me/accept-terms';
export const accounts = '/api/accounts';
export const paymentMethods = '/api/payment-methods';
export const config = '/api/config';
/** The server's clock and New York day (no auth): the app's "today" comes from here. */
export const clock = '/api/clock';
export const providers = '/api/providers';
// Funding methods (funding-methods.md 7.2 to 7.5; the spec leaves these paths to us)
export const paymentMethod = '/api/payment-methods/:paymentMethodId';
export const setDefaultPaymentMethod = '/api/payment-methods/:paymentMethodId/default';
export const paymentMethodNickname = '/api/payment-methods/nickname';
export const institutions = '/api/bank-link/institutions';
/** The popular banks the search opens on, before anything is typed. */
export const popularInstitutions = '/api/bank-link/institutions/popular';
export const institutionsByRoutingNumber = '/api/bank-link/institutions/by-routing-number/:routingNumber';
export const linkToken = '/api/bank-link/link-token';
export const relinkToken = '/api/payment-methods/:paymentMethodId/relink-token';
export const partnerLink = '/api/bank-link/plaid';
export const partnerRelink = '/api/payment-methods/:paymentMethodId/relink';
export const numberLink = '/api/bank-link/number';
export const microDepositLink = '/api/bank-link/micro-deposits';
export const microDepositVerify = '/api/bank-link/micro-deposits/verify';
export const debitCardSetupIntent = '/api/debit-card/setup-intent';
export const debitCardLink = '/api/debit-card';
export const debitCardReplace = '/api/debit-card/replace';
export const debitCardAddress = '/api/debit-card/address';
export const debitCardAddressConfirm = '/api/debit-card/address/confirm';
export const verificationFiles = '/api/verification/files';
export const verificationSubmit = '/api/verification/submit';
export const wireInstructions = '/api/wire-instructions';
export const analyticsEvents = '/api/analytics/events';
// Address capture (funding-methods.md 2.11, 4.8, 7.6): our server calls the places and verification services.
export const addressAutocomplete = '/api/address/autocomplete';
export const addressPlace = '/api/address/places/:placeId';
export const addressVerify = '/api/address/verify';
/** The customer's own address on file (GET, PUT): the profile address page. */
export const profileAddress = '/api/address';
// Sandbox only (404 in live mode): what the vendors' test dashboards would show.
export const sandboxPlaidLogin = '/api/sandbox/plaid/login';
export const sandboxResetLogin = '/api/sandbox/payment-methods/:paymentMethodId/reset-login';
export const sandboxMicroDeposits = '/api/sandbox/payment-methods/:paymentMethodId/micro-deposits';
export const sandboxOutbox = '/api/sandbox/outbox';
/** Creates a fresh copy of a demo customer (own email, same data) so browser tests never share state. */
export const sandboxCustomers = '/api/sandbox/customers';
// Deposits and transfers (deposits-and-transfers.md section 7; recurring deposits use the spec's paths exactly)
export const deposits = '/api/deposits';
export const depositIntents = '/api/deposits/intents';
export const depositConfirm = '/api/deposits/confirm';
export const depositCancel = '/api/deposits/:depositId/cancel';
export const depositLimits = '/api/deposits/limits';
export const transferIntents = '/api/transfers/intents';
export const transferConfirm = '/api/transfers/confirm';
export const recurringDeposits = '/communityservice/recurringdeposits/account/:accountUuid/v1/recurring-deposit';
export const recurringDeposit = '/communityservice/recurringdeposits/account/:accountUuid/v1/recurring-deposit/:recurringDepositId';
export const recurringDepositSkip =
  '/communityservice/recurringdeposits/account/:accountUuid/v1/recurring-deposit/:recurringDepositId/skip-next';
export const iraConfiguration = '/api/ira/configuration';
export const iraContributions = '/api/ira/contributions';
export const highYieldAccount = '/api/high-yield-account';
export const userProperties = '/api/user-properties';
/** Sandbox only: settles every pending deposit of the signed-in customer now (demos and tests). */
export const sandboxSettleDeposits = '/api/sandbox/deposits/settle';
/** Sandbox only: the customer's bank sends a sent or settled bank deposit back, body { code: 'R01' | 'R02' | 'R03' }. */
export const sandboxReturnDeposit = '/api/sandbox/deposits/:depositId/return';
// Service wrappers (funding-methods.md 7.1): the spec's paths exactly, {name} written :name.
export const watchlists = '/communityservice/watchlist/v2';
export const watchlist = '/communityservice/watchlist/:id';
export const themes = '/communityservice/themes';
export const theme = '/communityservice/themes/:id';
export const userSettings = '/communityservice/users/settings';
export const suggestTipping = '/communityservice/users/settings/investment/suggest-tipping/:value';
export const acatFinalizedOverview = '/communityservice/public/acat/drafts/finalized-overview';
export const acatFinalizeOffer = '/communityservice/acat/drafts/finalize-offer';
export const acatDrafts = '/communityservice/acat/drafts';
export const acatDraft = '/communityservice/acat/drafts/:id';
export const acatDraftFragments = '/communityservice/acat/drafts/:draftId/fragments';
export const acatDraftSubmit = '/communityservice/acat/drafts/:id/submit';
export const acatBrokerages = '/communityservice/acat/drafts/brokerages/resources';
export const acatPlaidIntegration = '/communityservice/acat/drafts/:id/integration/plaid';
export const optionsReferrals = '/communityservice/carrots/options-referrals';
export const optionsRebate = '/communityservice/option/rebate';
export const searchInstruments = '/graphservice/search/instruments';
export const search = '/graphservice/search';
export const acatAccountNumberHints = '/graphservice/acat-form/account-number-hints';
// Live events (funding-methods.md 4.10): a subscription id from an authenticated call, then the socket.
export const eventsSubscriptions = '/api/events/subscriptions';
/** WebSocket (GET upgrade) with ?eventsSubscriptionId=; JSON events with a type field. */
export const events = '/api/events';
// Money notifications (issue 18; our paths): the in-app list, marking read, and which kinds are emailed.
export const notifications = '/api/notifications';
export const notificationRead = '/api/notifications/:notificationId/read';
export const notificationsReadAll = '/api/notifications/read-all';
export const notificationEmailPreferences = '/api/notifications/email-preferences';
/** Sandbox only: finishes the review of a submitted bank statement (approved or rejected). */
export const sandboxStatementReview = '/api/sandbox/payment-methods/:paymentMethodId/statement-review';
// Withdrawals (our paths: the spec names the pages only). POST withdrawals takes an Idempotency-Key header.
export const withdrawals = '/api/withdrawals';
export const withdrawalsAvailable = '/api/withdrawals/available';
/** Sandbox only: sends and settles every pending withdrawal of the signed-in customer now. */
export const sandboxSettleWithdrawals = '/api/sandbox/withdrawals/settle';
// Portfolio, Treasuries and the bond account (funding-methods.md 3.5 and 7.5; the spec leaves these paths to us)
export const portfolio = '/api/accounts/:accountUuid/portfolio';
export const treasuryQuickPicks = '/api/treasuries/quick-picks';
export const bondAccountYield = '/api/bond-account/yield-to-maturity';
// Onboarding (/setup-investing) and crypto transfers in (/settings/crypto-transfer); our paths, the spec shows neither.
export const onboardingApplication = '/api/onboarding/application';
export const onboardingApplicationSubmit = '/api/onboarding/application/submit';
export const cryptoDepositOptions = '/api/crypto/deposit-options';
export const cryptoDepositAddress = '/api/crypto/deposit-address';
export const cryptoTransfers = '/api/crypto/transfers';
// Profile settings (our paths: the spec names the pages only)
export const profileInvestingProfile = '/api/profile/investing-profile';
export const profileTrustedContact = '/api/profile/trusted-contact';
export const profileBeneficiaries = '/api/profile/beneficiaries';
export const profileAccountBeneficiaries = '/api/profile/beneficiaries/:accountUuid';
export const profileAccountInfo = '/api/profile/account-info';
export const profileMembership = '/api/profile/membership';
// Account documents (our paths; the spec names the pages only). The download answers application/pdf.
export const documents = '/api/documents';
export const documentDownload = '/api/documents/:documentId/download';
