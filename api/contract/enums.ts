/**
 * The contract's enumerations and labels as plain values. The browser bundle imports values only from
 * modules like this one (see values.ts), never the TypeBox schemas, which the server alone needs.
 */
export const USER_TYPES = ['INDIVIDUAL', 'JOINT', 'ENTITY'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Onboarding status of the customer's application (funding-methods.md 3.4). */
export const APPLICATION_STATUSES = ['NOT_STARTED', 'INCOMPLETE', 'ACTION_REQUIRED', 'PENDING', 'REJECTED', 'COMPLETE'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const USER_STATUSES = ['ACTIVE', 'CLOSED'] as const;

export const ACCOUNT_VARIANTS = ['US', 'ENTITY', 'HIGH_YIELD', 'ROTH_IRA', 'TRADITIONAL_IRA', 'RIA_ASSET', 'TREASURY', 'BOND'] as const;
export type AccountVariant = (typeof ACCOUNT_VARIANTS)[number];

export const ACCOUNT_STATUSES = ['OPEN', 'PENDING', 'ACTION_REQUIRED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

// The sets of variants by meaning (IRA_VARIANTS, SELECTABLE_VARIANTS, ...) are in fundingSources.ts.

export const VARIANT_LABELS: Record<AccountVariant, string> = {
  US: 'Brokerage',
  ENTITY: 'Entity brokerage',
  HIGH_YIELD: 'High-yield cash',
  ROTH_IRA: 'Roth IRA',
  TRADITIONAL_IRA: 'Traditional IRA',
  RIA_ASSET: 'Managed portfolio',
  TREASURY: 'Treasury',
  BOND: 'Bond account',
};

export const PAYMENT_METHOD_TYPES = ['DEBIT_CARD', 'ACH', 'MICRO_DEPOSIT', 'WIRE_TRANSFER', 'PLAID_ACCOUNT', 'BROKERAGE'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PAYMENT_METHOD_STATUSES = ['PENDING', 'APPROVED', 'CANCELED', 'REJECTED', 'PENDING_ACCOUNT_CREATION'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

export const READINESS = ['PENDING', 'VERIFICATION_NEEDED', 'READY', 'REJECTED'] as const;
export const VERIFICATION_STATUSES = ['UNVERIFIED', 'ADDRESS_VERIFICATION_FAILED', 'VERIFICATION_FAILED', 'VERIFIED'] as const;
export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export const VERIFICATION_SOURCES = ['MICRO_DEPOSIT', 'PLAID', 'VERIFICATION_SERVICE'] as const;
export const APPROVAL_METHODS = ['MICRO_DEPOSIT', 'INSTANT'] as const;

/** How an institution can be linked: the bank-login partner, or routing and account number checked by the verification service. */
export const LINK_OPTIONS = ['PLAID', 'VERIFICATION_SERVICE'] as const;
export type LinkOption = (typeof LINK_OPTIONS)[number];

export const PROVIDER_MODES = ['sandbox', 'live'] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];

export const UPLOAD_FILE_TYPES = ['BANK_STATEMENT'] as const;
export const DEBIT_CARD_ERROR_SOURCES = ['PUBLIC_API', 'CARD_PROCESSOR'] as const;
export type DebitCardErrorSource = (typeof DEBIT_CARD_ERROR_SOURCES)[number];

// Deposits and transfers (deposits-and-transfers.md section 3)
/** RETURNED: a bank deposit the customer's bank sent back (an ACH return, ACH_RETURN_CODES) after it went out. */
export const DEPOSIT_STATUSES = [
  'PAYMENT_METHOD_REQUIRED',
  'CONFIRMATION_REQUIRED',
  'CONFIRMED',
  'FAILED',
  'CANCELED',
  'RETURNED',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const DEPOSIT_TYPES = ['DEPOSIT', 'PENDING_DEPOSIT'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];
/** A deposit from a funding method, or a transfer between two of the customer's own accounts. */
export const MONEY_MOVEMENT_KINDS = ['DEPOSIT', 'INTERNAL_TRANSFER'] as const;
export type MoneyMovementKind = (typeof MONEY_MOVEMENT_KINDS)[number];
export const DEPOSIT_EVENT_TYPES = [
  'DEPOSIT_INITIATION',
  'DEPOSIT_BUYING_POWER_UPGRADE',
  'DEPOSIT_BUYING_POWER_ALLOCATION',
  'DEPOSIT_SETTLEMENT',
  'DEPOSIT_SCHEDULED',
  'APPLICATION_REVIEWED',
  'APPLICATION_APPROVED',
  'DEPOSIT_ARRIVED',
  'DEPOSIT_RETURNED',
] as const;
export type DepositEventType = (typeof DEPOSIT_EVENT_TYPES)[number];
/** The ACH return codes the product handles (Nacha's names), with the words the customer reads. */
export const ACH_RETURN_CODES = ['R01', 'R02', 'R03'] as const;
export type AchReturnCode = (typeof ACH_RETURN_CODES)[number];
export const ACH_RETURN_REASONS: Record<AchReturnCode, string> = {
  R01: 'insufficient funds in your bank account',
  R02: 'your bank account is closed',
  R03: 'your bank could not find the account',
};
export const RECURRING_DEPOSIT_STATUSES = ['ACTIVE', 'PAUSED', 'CANCELED'] as const;
export type RecurringDepositStatus = (typeof RECURRING_DEPOSIT_STATUSES)[number];
/** Why the server paused a schedule by itself (section 4: near the IRA limit, unlinked method, insufficient funds). */
export const RECURRING_PAUSE_REASONS = ['CUSTOMER', 'IRA_LIMIT', 'METHOD_UNAVAILABLE', 'INSUFFICIENT_FUNDS'] as const;
export type RecurringPauseReason = (typeof RECURRING_PAUSE_REASONS)[number];
export const FUNDING_SOURCE_TYPES = ['ACH', 'DEBIT_CARD', 'BUYING_POWER'] as const;
export type FundingSourceType = (typeof FUNDING_SOURCE_TYPES)[number];
