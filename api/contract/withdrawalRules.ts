import type { AccountVariant } from './enums';
import { BROKERAGE_VARIANTS, HIGH_YIELD_VARIANT, IRA_VARIANTS } from './fundingSources';

// Withdrawal rules and values shared by the server and the app (plain data: the browser may import this).
// The spec names the withdrawal pages and "available to withdraw" without their rules; these are ours.

/** Which page withdraws from which accounts: /settings/v2/withdrawal, /ira/withdrawal, /high-yield/withdraw. */
export const WITHDRAWAL_VARIANTS = ['brokerage', 'ira', 'highYield'] as const;
export type WithdrawalVariant = (typeof WITHDRAWAL_VARIANTS)[number];

export const WITHDRAWAL_SOURCE_VARIANTS: Readonly<Record<WithdrawalVariant, readonly AccountVariant[]>> = {
  brokerage: BROKERAGE_VARIANTS,
  ira: IRA_VARIANTS,
  highYield: [HIGH_YIELD_VARIANT],
};

/** Every account money can be withdrawn from. */
export const WITHDRAWABLE_ACCOUNT_VARIANTS: readonly AccountVariant[] = [...BROKERAGE_VARIANTS, ...IRA_VARIANTS, HIGH_YIELD_VARIANT];

export const withdrawalVariantOf = (variant: AccountVariant): WithdrawalVariant | null =>
  (Object.keys(WITHDRAWAL_SOURCE_VARIANTS) as WithdrawalVariant[]).find((key) => WITHDRAWAL_SOURCE_VARIANTS[key].includes(variant)) ?? null;

/** Smallest withdrawal: $1.00, like a deposit. */
export const WITHDRAWAL_MIN_CENTS = 100;

export const WITHDRAWAL_STATUSES = ['PENDING', 'COMPLETED'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_EVENT_TYPES = ['WITHDRAWAL_INITIATION', 'WITHDRAWAL_SENT', 'WITHDRAWAL_ARRIVED'] as const;
export type WithdrawalEventType = (typeof WITHDRAWAL_EVENT_TYPES)[number];

/**
 * Why money leaves an IRA (what the 1099-R reports): a normal distribution needs age 59½ or older; an early one
 * may owe a 10% additional tax unless an exception applies; disability is an exception of its own.
 */
export const DISTRIBUTION_REASONS = ['NORMAL', 'EARLY', 'EARLY_EXCEPTION', 'DISABILITY'] as const;
export type DistributionReason = (typeof DISTRIBUTION_REASONS)[number];

export const DISTRIBUTION_REASON_LABELS: Readonly<Record<DistributionReason, string>> = {
  NORMAL: 'Normal distribution (age 59½ or older)',
  EARLY: 'Early distribution (under 59½, no known exception)',
  EARLY_EXCEPTION: 'Early distribution with an IRS exception (e.g. first home, education)',
  DISABILITY: 'Disability',
};

/** Months of age a normal distribution needs: 59½ years. */
export const NORMAL_DISTRIBUTION_AGE_MONTHS = 59 * 12 + 6;

/** Whole months between a 'yyyy-MM-dd' birth date and a 'yyyy-MM-dd' day. */
export function ageInMonths(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return (ty - by) * 12 + (tm - bm) - (td < bd ? 1 : 0);
}

/** Federal income tax withholding choices of an IRA withdrawal, in percent; 10 is the IRS default (Form W-4R). */
export const WITHHOLDING_PERCENT_CHOICES = [10, 20, 0] as const;
export const DEFAULT_WITHHOLDING_PERCENT = 10;

/** Federal tax withheld from an amount, to the nearest cent (half a cent up), in integer arithmetic. */
export const withheldCents = (amountCents: number, percent: number): number => Math.floor((amountCents * percent + 50) / 100);

/** Our codes for refused withdrawals (the spec's catalogue has none). */
export const WithdrawalErrorCode = {
  INSUFFICIENT_AVAILABLE: 'WD#00001',
  DESTINATION_NOT_BANK: 'WD#00002',
  DESTINATION_NOT_APPROVED: 'WD#00003',
  NO_WITHDRAWAL_RIGHTS: 'WD#00004',
  AMOUNT_TOO_SMALL: 'WD#00005',
  IRA_DETAILS_REQUIRED: 'WD#00006',
  DISTRIBUTION_REASON_NOT_ALLOWED: 'WD#00007',
} as const;
export type WithdrawalErrorCode = (typeof WithdrawalErrorCode)[keyof typeof WithdrawalErrorCode];
