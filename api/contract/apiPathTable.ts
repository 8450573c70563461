/**
 * Every API path of ours, one export each; the client and the server both read them as `ApiPaths` (routes.ts).
 * One export per path, not one object: webpack keeps only the paths some chunk uses (`ApiPaths.accounts` marks
 * `accounts` used). The paths only lazy flows ask for are in ./apiPaths/, one module per area, re-exported at the end:
 * a module the first bundle imports carries every export any chunk uses, so those paths would ride in it.
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
// Funding methods (funding-methods.md 7.2 to 7.5; the spec leaves these paths to us); the flows' paths are in
// apiPaths/fundingMethodPaths.ts
export const paymentMethod = '/api/payment-methods/:paymentMethodId';
export const setDefaultPaymentMethod = '/api/payment-methods/:paymentMethodId/default';
export const paymentMethodNickname = '/api/payment-methods/nickname';
export const analyticsEvents = '/api/analytics/events';
// Sandbox only (404 in live mode): what the vendors' test dashboards would show.
export const sandboxResetLogin = '/api/sandbox/payment-methods/:paymentMethodId/reset-login';
/** Creates a fresh copy of a demo customer (own email, same data) so browser tests never share state. */
export const sandboxCustomers = '/api/sandbox/customers';
// Deposits and transfers (deposits-and-transfers.md section 7): the flows' paths are in apiPaths/moneyMovementPaths.ts
export const highYieldAccount = '/api/high-yield-account';
/** Sandbox only: settles every pending deposit of the signed-in customer now (demos and tests). */
export const sandboxSettleDeposits = '/api/sandbox/deposits/settle';
/** Sandbox only: the customer's bank sends a sent or settled bank deposit back, body { code: 'R01' | 'R02' | 'R03' }. */
export const sandboxReturnDeposit = '/api/sandbox/deposits/:depositId/return';
// Money notifications (issue 18; our paths): the in-app list, marking read, and which kinds are emailed.
export const notifications = '/api/notifications';
export const notificationRead = '/api/notifications/:notificationId/read';
export const notificationsReadAll = '/api/notifications/read-all';
export const notificationEmailPreferences = '/api/notifications/email-preferences';
/** Sandbox only: finishes the review of a submitted bank statement (approved or rejected). */
export const sandboxStatementReview = '/api/sandbox/payment-methods/:paymentMethodId/statement-review';
// Withdrawals: the flow's paths are in apiPaths/moneyMovementPaths.ts
/** Sandbox only: sends and settles every pending withdrawal of the signed-in customer now. */
export const sandboxSettleWithdrawals = '/api/sandbox/withdrawals/settle';
// Portfolio, Treasuries and the bond account (funding-methods.md 3.5 and 7.5; the spec leaves these paths to us)
export const portfolio = '/api/accounts/:accountUuid/portfolio';
export const treasuryQuickPicks = '/api/treasuries/quick-picks';
export const bondAccountYield = '/api/bond-account/yield-to-maturity';
// The lazy flows' paths, by area.
export * from './apiPaths/fundingMethodPaths';
export * from './apiPaths/moneyMovementPaths';
export * from './apiPaths/servicePaths';
export * from './apiPaths/liveEventPaths';
export * from './apiPaths/accountSettingsPaths';
