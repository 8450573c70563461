/**
 * Which funding-method types are bank accounts (funding-methods.md section 5). In a file of its own so the first
 * bundle, which needs only this (api/contract/fundingSources.ts), does not carry the rest of fundingRules.ts.
 */
export const BANK_METHOD_TYPES = ['ACH', 'PLAID_ACCOUNT', 'MICRO_DEPOSIT'] as const;
export const isBankMethodType = (type: string) => (BANK_METHOD_TYPES as readonly string[]).includes(type);
