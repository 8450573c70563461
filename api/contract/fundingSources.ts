import type { AccountVariant } from './enums';
import { isBankMethodType } from './bankMethodTypes';
import { moneyToCents } from './money';
import type { PaymentMethod } from './paymentMethods';

/**
 * Which accounts are which, and which sources may fund which destinations (deposits-and-transfers.md sections 1,
 * 4 and 5; funding-methods.md 3.1). Every set of account variants and every usability rule of a funding method
 * lives here once: the server enforces them and the app's selectors and forms call the same functions. A test
 * (test/unit/moneyRulesOnce.test.ts) fails when one of them is written again outside api/contract.
 */

// ---- account-variant sets (each named by what it means) ----

/** The brokerage accounts: individual and joint (US) and the entity's. */
export const BROKERAGE_VARIANTS = ['US', 'ENTITY'] as const satisfies readonly AccountVariant[];
/** The retirement accounts; traditional before Roth wherever both are listed. */
export const IRA_VARIANTS = ['TRADITIONAL_IRA', 'ROTH_IRA'] as const satisfies readonly AccountVariant[];
export const HIGH_YIELD_VARIANT = 'HIGH_YIELD' satisfies AccountVariant;

/**
 * Accounts that receive money (a deposit, a recurring deposit or a transfer in), in the order lists show them:
 * brokerage, IRAs, high-yield cash. Treasury, bond and managed accounts are funded by their own flows.
 */
export const DEPOSIT_DESTINATION_VARIANTS = [
  ...BROKERAGE_VARIANTS,
  ...IRA_VARIANTS,
  HIGH_YIELD_VARIANT,
] as const satisfies readonly AccountVariant[];
/** Destinations of the deposit-funds screen: the IRAs have a flow of their own (contribution year and room). */
export const DEPOSIT_FLOW_DESTINATION_VARIANTS = [...BROKERAGE_VARIANTS, HIGH_YIELD_VARIANT] as const satisfies readonly AccountVariant[];
/** Accounts money can be transferred out of: cash that moves without a distribution (an IRA pays out by a withdrawal). */
export const TRANSFER_SOURCE_VARIANTS = [...BROKERAGE_VARIANTS, HIGH_YIELD_VARIANT] as const satisfies readonly AccountVariant[];
/**
 * Accounts a debit card may fund: the brokerage only. Not a retirement or special account (section 5), and not
 * high-yield cash, which only a bank (or the brokerage, by transfer) funds (section 4).
 */
export const DEBIT_CARD_FUNDABLE_VARIANTS = BROKERAGE_VARIANTS;
/** Accounts the account switcher offers (section 2): brokerage, traditional IRA, Roth IRA. */
export const SELECTABLE_VARIANTS = ['US', ...IRA_VARIANTS] as const satisfies readonly AccountVariant[];

const isIn = (set: readonly AccountVariant[], variant: AccountVariant) => set.includes(variant);

export const isBrokerageVariant = (variant: AccountVariant) => isIn(BROKERAGE_VARIANTS, variant);
export const isIraVariant = (variant: AccountVariant) => isIn(IRA_VARIANTS, variant);
export const isHighYieldVariant = (variant: AccountVariant) => variant === HIGH_YIELD_VARIANT;
export const isDepositDestinationVariant = (variant: AccountVariant) => isIn(DEPOSIT_DESTINATION_VARIANTS, variant);
export const isTransferSourceVariant = (variant: AccountVariant) => isIn(TRANSFER_SOURCE_VARIANTS, variant);

/**
 * Whether one of the customer's own accounts may fund another by a transfer: the source must be a transfer
 * source and the destination a deposit destination; high-yield cash takes money from the brokerage only.
 */
export function accountMayFund(source: AccountVariant, destination: AccountVariant): boolean {
  if (!isTransferSourceVariant(source) || !isDepositDestinationVariant(destination)) return false;
  return !isHighYieldVariant(destination) || isBrokerageVariant(source);
}

// ---- funding methods ----

/** Method types that can fund a deposit (a wire is pushed by the customer's bank, not pulled by us). */
export const DEPOSIT_METHOD_TYPES = ['ACH', 'PLAID_ACCOUNT', 'MICRO_DEPOSIT', 'DEBIT_CARD'] as const;

/**
 * The facts of a funding method the usability rules look at, in cents. The server builds them from its row; the
 * app passes the contract's PaymentMethod itself (every rule below takes either).
 */
export interface MethodFacts {
  type: string;
  status: string;
  readiness: string;
  approvalMethod: string | null;
  plaidLoginRequired: boolean;
  amountDepositedCents: number;
  depositLimitCents: number;
}

export type PaymentMethodView = Pick<
  PaymentMethod,
  'type' | 'status' | 'readiness' | 'approvalMethod' | 'plaidLoginRequired' | 'amountDeposited' | 'depositLimit'
>;
export type MethodLike = MethodFacts | PaymentMethodView;

/** The facts of either shape. */
export const methodFactsOf = (method: MethodLike): MethodFacts =>
  'amountDepositedCents' in method
    ? method
    : {
        type: method.type,
        status: method.status,
        readiness: method.readiness,
        approvalMethod: method.approvalMethod,
        plaidLoginRequired: method.plaidLoginRequired,
        amountDepositedCents: moneyToCents(method.amountDeposited),
        depositLimitCents: moneyToCents(method.depositLimit),
      };

/**
 * A bank linked by micro-deposits whose two amounts are not confirmed yet ("verifiable via micro-deposits",
 * funding-methods.md 3.1: approval MICRO_DEPOSIT with status PENDING).
 */
export const isMicroDepositPending = (method: Pick<MethodFacts, 'approvalMethod' | 'status'>) =>
  method.approvalMethod === 'MICRO_DEPOSIT' && method.status === 'PENDING';

/** The method's own deposit limit is reached when amountDeposited is at or above depositLimit (section 4). */
export function isDepositLimitReached(method: MethodLike): boolean {
  const facts = methodFactsOf(method);
  return facts.amountDepositedCents >= facts.depositLimitCents;
}

export const isRejectedMethod = (method: Pick<MethodFacts, 'status' | 'readiness'>) =>
  method.status === 'REJECTED' || method.readiness === 'REJECTED';

/** Approved and ready: verified, whatever the way (login, number check, micro-deposits, statement). */
export const isVerifiedMethod = (method: Pick<MethodFacts, 'status' | 'readiness'>) =>
  method.status === 'APPROVED' && method.readiness === 'READY';

/** Approved, ready and connected: a method money can move through now (to or from the customer's bank). */
export const isConnectedMethod = (method: Pick<MethodFacts, 'status' | 'readiness' | 'plaidLoginRequired'>) =>
  isVerifiedMethod(method) && !method.plaidLoginRequired;

/** A live method of a type that can fund a deposit (canceled methods are history). */
export const isDepositMethodType = (method: Pick<MethodFacts, 'type' | 'status'>) =>
  (DEPOSIT_METHOD_TYPES as readonly string[]).includes(method.type) && method.status !== 'CANCELED';

/**
 * "Usable for deposit" as section 4 words it, for choosing the default source: the limit is not reached, it is not
 * rejected and it is not awaiting micro-deposit verification. methodUsability is the whole rule for one deposit.
 */
export const isUsableForDeposit = (method: MethodLike) =>
  !isDepositLimitReached(method) && !isRejectedMethod(method) && !isMicroDepositPending(method);

/** Why a method cannot fund a deposit, most fundamental first. */
export const METHOD_UNUSABLE_REASONS = [
  'NOT_A_DEPOSIT_METHOD',
  'DEBIT_CARD_DESTINATION',
  'BANK_ONLY_DESTINATION',
  'REJECTED',
  'MICRO_DEPOSIT_PENDING',
  'NOT_VERIFIED',
  'RELINK_REQUIRED',
  'LIMIT_REACHED',
] as const;
export type MethodUnusableReason = (typeof METHOD_UNUSABLE_REASONS)[number];

export type MethodUsability = { usable: true; source: 'BANK' | 'DEBIT_CARD' } | { usable: false; reason: MethodUnusableReason };

/**
 * Whether a linked method can fund a deposit into an account of this variant (null: no destination chosen yet),
 * and if not, why. How money comes (BANK or DEBIT_CARD) when it can. The server refuses with the reason; the app
 * disables the source with it. Recurring rules (a debit card cannot fund a schedule) are the schedule's own.
 */
export function methodUsability(method: MethodLike, destination: AccountVariant | null): MethodUsability {
  const no = (reason: MethodUnusableReason): MethodUsability => ({ usable: false, reason });
  const source = method.type === 'DEBIT_CARD' ? 'DEBIT_CARD' : isBankMethodType(method.type) ? 'BANK' : null;
  if (source === null || !isDepositMethodType(method)) return no('NOT_A_DEPOSIT_METHOD');
  if (source === 'DEBIT_CARD' && destination !== null && !isIn(DEBIT_CARD_FUNDABLE_VARIANTS, destination)) {
    return no(isHighYieldVariant(destination) ? 'BANK_ONLY_DESTINATION' : 'DEBIT_CARD_DESTINATION');
  }
  if (isRejectedMethod(method)) return no('REJECTED');
  if (isMicroDepositPending(method)) return no('MICRO_DEPOSIT_PENDING');
  if (!isVerifiedMethod(method)) return no('NOT_VERIFIED');
  if (method.plaidLoginRequired) return no('RELINK_REQUIRED');
  if (isDepositLimitReached(method)) return no('LIMIT_REACHED');
  return { usable: true, source };
}
