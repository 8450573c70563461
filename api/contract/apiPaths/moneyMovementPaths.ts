// Part of the API path table (../apiPathTable.ts): the deposit, transfer and withdrawal flows' paths.
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
export const userProperties = '/api/user-properties';
// Withdrawals (our paths: the spec names the pages only). POST withdrawals takes an Idempotency-Key header.
export const withdrawals = '/api/withdrawals';
export const withdrawalsAvailable = '/api/withdrawals/available';
