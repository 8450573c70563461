// Part of the API path table (../apiPathTable.ts): the funding-method flows' paths.
// Funding methods (funding-methods.md 7.2 to 7.5; the spec leaves these paths to us)
export const providers = '/api/providers';
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
// Sandbox only (404 in live mode): what the vendors' test dashboards would show.
export const sandboxPlaidLogin = '/api/sandbox/plaid/login';
export const sandboxMicroDeposits = '/api/sandbox/payment-methods/:paymentMethodId/micro-deposits';
export const sandboxOutbox = '/api/sandbox/outbox';
