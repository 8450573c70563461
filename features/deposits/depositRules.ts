import {
  DAILY_BANK_DEPOSIT_LIMIT_CENTS,
  DEPOSIT_MIN_CENTS,
  DepositErrorCode,
  FIRST_DEPOSIT_MIN_CENTS,
  RECENT_METHOD_WINDOW_MONTHS,
  formatCents,
  isBankMethodType,
  moneyToCents,
  type Frequency,
  type Weekday,
  FREQUENCIES,
  WEEKDAYS,
  compareCodeUnits,
  DEPOSIT_FLOW_DESTINATION_VARIANTS,
  LimitMessages,
  isTransferSourceVariant,
  accountMayFund,
  isBrokerageVariant,
  isDepositMethodType,
  isUsableForDeposit,
  methodUsability,
  fitsRoom,
  type LimitRoom,
} from '../../api/contract/values';
import type { Account, Deposit, MethodUnusableReason, PaymentMethod } from '../../api/contract';
import type { ApiError } from '../../api/apiError';
import type { DepositResultScreen, DraftSource } from './depositDraftSlice';

/**
 * The deposit rules of deposits-and-transfers.md sections 4 and 5 as pure functions: which sources can fund
 * which deposit, the default source, Next, and which screen an answer leads to. The memoised selectors in
 * depositSelectors.ts feed them from the store; each rule has its own unit test.
 */

// ---------------------------------------------------------------------------------------------
// Bringing a draft back (issue 18; our decision, see docs/decisions.md)
// ---------------------------------------------------------------------------------------------

/** The schedule a deposit link names (`frequency`, `dayOfWeek`; deposits-and-transfers.md section 2), any case. */
export function linkSchedule(params: URLSearchParams): { frequency?: Frequency; dayOfWeek?: Weekday } {
  const frequency = params.get('frequency')?.toUpperCase();
  const dayOfWeek = params.get('dayOfWeek')?.toUpperCase();
  return {
    frequency: FREQUENCIES.find((candidate) => candidate === frequency),
    dayOfWeek: WEEKDAYS.find((candidate) => candidate === dayOfWeek),
  };
}

/** How long after the customer's last step a deposit draft is brought back when the flow opens again. */
export const DRAFT_KEPT_MINUTES = 30;

/**
 * Whether a draft last changed at `savedAt` is recent enough at `now` (both ISO 8601) to be brought back as it
 * was, review included. An older draft, one with no time (saved before drafts had one) or one dated more than the
 * same span ahead of `now` (a clock set back) is not: the flow starts a new draft and the amount step is empty.
 */
export function isDraftRecent(savedAt: string | null | undefined, now: string): boolean {
  if (!savedAt) return false;
  const age = Date.parse(now) - Date.parse(savedAt);
  return Number.isFinite(age) && Math.abs(age) <= DRAFT_KEPT_MINUTES * 60_000;
}

// ---------------------------------------------------------------------------------------------
// Payment method usability (section 4)
// ---------------------------------------------------------------------------------------------

// The types that can fund a deposit and "usable for deposit" are money rules: api/contract/fundingSources.ts.
export { isDepositMethodType, isUsableForDeposit };

/** A bank account pulled by ACH (linked by login, by number or by micro-deposits). */
export const isAchMethod = (method: PaymentMethod) => isBankMethodType(method.type);

// ---------------------------------------------------------------------------------------------
// Default source selection (section 4)
// ---------------------------------------------------------------------------------------------

/** Whether a method was created within the recent window (RECENT_METHOD_WINDOW_MONTHS calendar months) before `now`. */
export function isRecentMethod(method: PaymentMethod, now: string, months = RECENT_METHOD_WINDOW_MONTHS): boolean {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return Date.parse(method.createdAt) >= cutoff.getTime();
}

const newestFirst = (methods: readonly PaymentMethod[]) => [...methods].sort((a, b) => compareCodeUnits(b.createdAt, a.createdAt));

export interface DefaultSourceInput {
  /** The customer's deposit methods (usable or not; the rule looks at usability itself). */
  methods: readonly PaymentMethod[];
  highYieldDestination: boolean;
  /** ISO time "now", so the recent window is testable. */
  now: string;
}

/**
 * The source preselected on the deposit screen. High-yield destination: ACH only, preferring one created within
 * the recent window, then the default, then any ACH. Otherwise: the customer's single method if it is usable;
 * else the newest created within the window, then the default, then an ACH, then a debit card.
 */
export function defaultDepositSource({ methods, highYieldDestination, now }: DefaultSourceInput): PaymentMethod | null {
  const listed = methods.filter(isDepositMethodType);
  const usable = newestFirst(listed.filter(isUsableForDeposit));
  if (highYieldDestination) {
    const ach = usable.filter(isAchMethod);
    return ach.find((method) => isRecentMethod(method, now)) ?? ach.find((method) => method.defaultPaymentMethod) ?? ach[0] ?? null;
  }
  if (listed.length === 1) return usable[0] ?? null;
  return (
    usable.find((method) => isRecentMethod(method, now)) ??
    usable.find((method) => method.defaultPaymentMethod) ??
    usable.find(isAchMethod) ??
    usable.find((method) => method.type === 'DEBIT_CARD') ??
    null
  );
}

// ---------------------------------------------------------------------------------------------
// Destinations
// ---------------------------------------------------------------------------------------------

// Which variants a debit card may fund, the deposit screen's destinations and the internal sources are in
// api/contract/fundingSources.ts (DEBIT_CARD_FUNDABLE_VARIANTS, DEPOSIT_FLOW_DESTINATION_VARIANTS, TRANSFER_SOURCE_VARIANTS).
/** High-yield account statuses in which recurring deposits into it are allowed. */
export const HIGH_YIELD_RECURRING_STATUSES: readonly string[] = ['OPEN', 'ACTIVE'];
/** The account setting that turns transfers out of an account off. */
export const TRANSFERS_DISABLED_SETTING = 'transfersDisabled';

/**
 * An open brokerage or high-yield account; while the customer's application is under review (PENDING) also
 * its pending accounts, whose deposit waits for the approval (type PENDING_DEPOSIT, the deposit-pending screen).
 */
export const isEligibleDestination = (account: Account, applicationStatus: string | null = null) =>
  (DEPOSIT_FLOW_DESTINATION_VARIANTS as readonly string[]).includes(account.variant) &&
  (account.status === 'OPEN' || (account.status === 'PENDING' && applicationStatus === 'PENDING'));

/** The ?destination= values of section 2 and the variants they mean. */
export function destinationMatches(destination: string, account: Account): boolean {
  switch (destination.toLowerCase()) {
    case 'us':
    case 'brokerage':
      return isBrokerageVariant(account.variant);
    case 'high-yield':
      return account.variant === 'HIGH_YIELD';
    default:
      return account.accountUuid === destination;
  }
}

export interface InitialDestinationInput {
  accounts: readonly Account[];
  /** ?destination= (us, high-yield) */
  destination: string | null;
  /** ?account= (the last 5 digits of an account number) */
  accountDigits: string | null;
  /** The account the customer is looking at (the account switcher). */
  selectedAccountUuid: string | null;
  /** The customer's application status: pending accounts are destinations while it is PENDING. */
  applicationStatus?: string | null;
}

/** The destination a draft starts with: ?account=, then ?destination=, then the selected account, then the brokerage. */
export function initialDestination({
  accounts,
  destination,
  accountDigits,
  selectedAccountUuid,
  applicationStatus = null,
}: InitialDestinationInput): Account | null {
  const eligible = accounts.filter((account) => isEligibleDestination(account, applicationStatus));
  if (accountDigits) {
    const byDigits = eligible.find((account) => account.account.endsWith(accountDigits));
    if (byDigits) return byDigits;
  }
  if (destination) {
    const byKind = eligible.find((account) => destinationMatches(destination, account));
    if (byKind) return byKind;
  }
  return (
    eligible.find((account) => account.accountUuid === selectedAccountUuid) ??
    eligible.find((account) => isBrokerageVariant(account.variant)) ??
    eligible[0] ??
    null
  );
}

// ---------------------------------------------------------------------------------------------
// Disabled sources (section 5)
// ---------------------------------------------------------------------------------------------

export const SourceDisabledReasons = {
  limitReached: 'Deposit limit reached',
  debitCardRecurring: "A debit card can't fund a recurring deposit",
  unverified: 'Not verified yet',
  debitCardDestination: "A debit card can't fund this account",
  achOnly: 'Only a bank account can fund high-yield cash',
  noBalance: 'No balance to transfer',
  notOpen: 'This account is not open',
  transfersDisabled: 'Transfers from this account are turned off',
  relinkRequired: 'Relink this bank account to use it',
  recurringUnavailable: "Recurring transfers aren't available from this account",
} as const;

export interface SourceContext {
  recurring: boolean;
  destination: Account | null;
}

/** The short reason a source shows for each reason of the contract's methodUsability. */
const METHOD_DISABLED_REASONS: Record<MethodUnusableReason, string> = {
  NOT_A_DEPOSIT_METHOD: SourceDisabledReasons.unverified,
  DEBIT_CARD_DESTINATION: SourceDisabledReasons.debitCardDestination,
  BANK_ONLY_DESTINATION: SourceDisabledReasons.achOnly,
  REJECTED: SourceDisabledReasons.unverified,
  MICRO_DEPOSIT_PENDING: SourceDisabledReasons.unverified,
  NOT_VERIFIED: SourceDisabledReasons.unverified,
  RELINK_REQUIRED: SourceDisabledReasons.relinkRequired,
  LIMIT_REACHED: SourceDisabledReasons.limitReached,
};

/** Why a linked method cannot fund this deposit, or null when it can. */
export function externalMethodDisabledReason(method: PaymentMethod, { recurring, destination }: SourceContext): string | null {
  const debitCard = method.type === 'DEBIT_CARD';
  const usability = methodUsability(method, destination?.variant ?? null);
  if (!usability.usable) return METHOD_DISABLED_REASONS[usability.reason];
  if (debitCard && recurring) return SourceDisabledReasons.debitCardRecurring;
  return null;
}

export interface InternalSourceContext extends SourceContext {
  /** The recurring-deposits feature flag. */
  recurringFeature: boolean;
}

/** Why one of the customer's own accounts cannot fund this deposit, or null when it can. */
export function internalSourceDisabledReason(
  account: Account,
  { recurring, recurringFeature, destination }: InternalSourceContext,
): string | null {
  if (account.status !== 'OPEN') return SourceDisabledReasons.notOpen;
  if (moneyToCents(account.balance) <= 0) return SourceDisabledReasons.noBalance;
  if (account.settings[TRANSFERS_DISABLED_SETTING] === true) return SourceDisabledReasons.transfersDisabled;
  if (recurring && !recurringFeature) return SourceDisabledReasons.recurringUnavailable;
  if (destination && !accountMayFund(account.variant, destination.variant)) return SourceDisabledReasons.achOnly;
  return null;
}

/** Own accounts listed under From: cash accounts other than the destination. */
export const isInternalSourceCandidate = (account: Account, destinationUuid: string | null) =>
  isTransferSourceVariant(account.variant) && account.accountUuid !== destinationUuid;

// ---------------------------------------------------------------------------------------------
// Source and schedule interplay (section 4)
// ---------------------------------------------------------------------------------------------

export const RecurringDisabledReasons = {
  debitCard: "Recurring deposits can't be made with a debit card",
  internalSource: "Recurring deposits can't be made from another Fundflow account",
  highYieldStatus: "Recurring deposits into high-yield cash aren't available yet",
} as const;

export interface RecurringContext {
  source: DraftSource | null;
  destination: Account | null;
  /** Status of the high-yield account (getHighYieldAccount), when the destination is high-yield. */
  highYieldStatus: string | null;
}

/** Why recurring is disabled: a debit card or internal source, or a high-yield destination not in an allowed status. */
export function recurringDisabledReason({ source, destination, highYieldStatus }: RecurringContext): string | null {
  if (source?.fundingSourceType === 'DEBIT_CARD') return RecurringDisabledReasons.debitCard;
  if (source?.kind === 'internalAccount') return RecurringDisabledReasons.internalSource;
  if (destination?.variant === 'HIGH_YIELD' && !HIGH_YIELD_RECURRING_STATUSES.includes(highYieldStatus ?? ''))
    return RecurringDisabledReasons.highYieldStatus;
  return null;
}

export const isRecurringFrequency = (frequency: Frequency) => frequency !== 'ONE_TIME';

// ---------------------------------------------------------------------------------------------
// Amounts and Next (section 5)
// ---------------------------------------------------------------------------------------------

export const AmountMessages = {
  firstDepositMinimum: `${formatCents(FIRST_DEPOSIT_MIN_CENTS, { whole: true })} minimum`,
  minimum: `The minimum deposit is ${formatCents(DEPOSIT_MIN_CENTS, { whole: true })}`,
  dailyBankCap: LimitMessages.dailyBank,
  debitCardCap: (capCents: number) => `A debit card can deposit up to ${formatCents(capCents, { whole: true })}`,
  internalBalance: (balanceCents: number) => `You can transfer up to ${formatCents(balanceCents)}`,
  bankRoom: (room: LimitRoom) =>
    `Only ${formatCents(room.leftCents)} of the ${formatCents(room.limitCents, { whole: true })} daily bank limit is left today.`,
  cardRoom: (room: LimitRoom) =>
    `Only ${formatCents(room.leftCents)} of this card's ${formatCents(room.limitCents, { whole: true })} limit is left.`,
} as const;

// Typed amounts to cents and back are money rules of the contract (api/contract/money.ts).
export { amountInputToCents, centsToAmountInput } from '../../api/contract/values';

export type NextProblem =
  | 'amountRequired'
  | 'firstDepositMinimum'
  | 'belowMinimum'
  | 'overDailyBankCap'
  /** Within the daily bank limit, but over what is left of it today (a split may be offered). */
  | 'overBankRoom'
  | 'overDebitCardCap'
  | 'overInternalBalance'
  | 'sourceRequired'
  | 'destinationRequired'
  | 'sameAccount'
  | 'sourceDisabled'
  | 'scheduleInvalid';

export interface NextInput {
  amountCents: number | null;
  /** The customer has never funded: the first deposit needs $20. */
  firstDeposit: boolean;
  source: DraftSource | null;
  /** The chosen source's disabled reason, if any (it may have changed since it was chosen). */
  sourceDisabledReason: string | null;
  destinationAccountUuid: string | null;
  /** The debit-card cap from getDepositLimits (the lifetime limit), in cents. */
  debitCardCapCents: number;
  /** An internal source's balance, in cents. */
  internalBalanceCents: number | null;
  scheduleValid: boolean;
  /**
   * What is left of the limit the chosen bank or card counts against (getDepositLimits), when known: the inline
   * check uses the room left, not the full $50,000 / $2,500.
   */
  limitRoom?: LimitRoom | null;
}

/** Why Next is disabled, or null when it is enabled. The amount rules come first: they are shown under the field. */
export function nextProblem(input: NextInput): NextProblem | null {
  const { amountCents, source } = input;
  if (amountCents === null || amountCents <= 0) return 'amountRequired';
  if (input.firstDeposit && amountCents < FIRST_DEPOSIT_MIN_CENTS) return 'firstDepositMinimum';
  if (amountCents < DEPOSIT_MIN_CENTS) return 'belowMinimum';
  const room = input.limitRoom ?? null;
  if (source?.fundingSourceType === 'ACH' && amountCents > DAILY_BANK_DEPOSIT_LIMIT_CENTS) return 'overDailyBankCap';
  if (source?.fundingSourceType === 'ACH' && room?.kind === 'BANK_DAILY' && !fitsRoom(room, amountCents)) return 'overBankRoom';
  if (source?.fundingSourceType === 'DEBIT_CARD' && amountCents > input.debitCardCapCents) return 'overDebitCardCap';
  if (source?.fundingSourceType === 'DEBIT_CARD' && room?.kind === 'DEBIT_CARD' && !fitsRoom(room, amountCents)) return 'overDebitCardCap';
  if (source?.kind === 'internalAccount' && input.internalBalanceCents !== null && amountCents > input.internalBalanceCents)
    return 'overInternalBalance';
  if (!source) return 'sourceRequired';
  if (!input.destinationAccountUuid) return 'destinationRequired';
  if (source.kind === 'internalAccount' && source.id === input.destinationAccountUuid) return 'sameAccount';
  if (input.sourceDisabledReason) return 'sourceDisabled';
  if (!input.scheduleValid) return 'scheduleInvalid';
  return null;
}

/** The message shown under the amount field for an amount problem (null for the others). */
export function amountProblemMessage(
  problem: NextProblem | null,
  input: Pick<NextInput, 'debitCardCapCents' | 'internalBalanceCents' | 'limitRoom'>,
): string | null {
  const room = input.limitRoom ?? null;
  switch (problem) {
    case 'firstDepositMinimum':
      return AmountMessages.firstDepositMinimum;
    case 'belowMinimum':
      return AmountMessages.minimum;
    case 'overDailyBankCap':
      return AmountMessages.dailyBankCap;
    case 'overBankRoom':
      return room ? AmountMessages.bankRoom(room) : AmountMessages.dailyBankCap;
    case 'overDebitCardCap':
      return room?.kind === 'DEBIT_CARD' && room.leftCents < input.debitCardCapCents
        ? AmountMessages.cardRoom(room)
        : AmountMessages.debitCardCap(input.debitCardCapCents);
    case 'overInternalBalance':
      return AmountMessages.internalBalance(input.internalBalanceCents ?? 0);
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Outcome mapping (section 4)
// ---------------------------------------------------------------------------------------------

export interface OutcomeContext {
  highYieldDestination: boolean;
}

/** The result screen of a confirmed deposit or transfer, from the server's answer. */
export function depositOutcomeScreen(deposit: Deposit, { highYieldDestination }: OutcomeContext): DepositResultScreen {
  if (deposit.kind === 'INTERNAL_TRANSFER') return deposit.status === 'CONFIRMED' ? 'transfer-success' : 'hyca-transfer-error';
  // Our reading: a failed or cancelled answer is never shown as a success, not even for high-yield.
  if (deposit.status === 'FAILED' || deposit.status === 'CANCELED') return 'deposit-failed-unknown';
  if (highYieldDestination) return deposit.type === 'PENDING_DEPOSIT' ? 'hyca-deposit-pending' : 'hyca-deposit-success';
  // A deposit held while the application is pending has no buying power yet: it is checked before the instant rows.
  if (deposit.type === 'PENDING_DEPOSIT') return 'deposit-pending';
  if (deposit.status !== 'CONFIRMED') return 'deposit-failed-unknown';
  const amount = moneyToCents(deposit.amount);
  const instant = moneyToCents(deposit.instantAmount);
  if (instant === amount) return 'instant-deposit';
  if (instant === 0) return 'deposit-initiated';
  if (instant < amount) return 'partial-instant-deposit';
  return 'deposit-failed-unknown';
}

/** A recurring schedule was created. */
export const RECURRING_CREATED_SCREEN: DepositResultScreen = 'recurring-deposit-success';

// ---------------------------------------------------------------------------------------------
// Error code to screen (section 4)
// ---------------------------------------------------------------------------------------------

export type FailureTarget = { kind: 'screen'; screen: DepositResultScreen } | { kind: 'limitDialog' };

export interface FailureContext {
  /** A bank or a debit card is the source (the limit dialog applies to them only). */
  externalSource: boolean;
  /** The failure came from an internal transfer call. */
  transfer: boolean;
}

/** The screen (or the limit dialog) for a failed initiate or confirm. */
export function failureTarget(error: Pick<ApiError, 'errorCode'> | null, { externalSource, transfer }: FailureContext): FailureTarget {
  const screen = (name: DepositResultScreen): FailureTarget => ({ kind: 'screen', screen: name });
  const generic = screen(transfer ? 'transfer-failed-error' : 'deposit-failed-error');
  switch (error?.errorCode) {
    case undefined:
    case null:
    case '':
      return screen('deposit-failed-unknown');
    case DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED:
      return externalSource ? { kind: 'limitDialog' } : generic;
    case DepositErrorCode.NO_DEPOSIT_RIGHTS:
      return screen('deposit-failed-error-contact-cx');
    case DepositErrorCode.ACCOUNT_PENDING:
      return screen('deposit-failed-error-no-retry');
    case DepositErrorCode.PENDING_DEPOSIT_EXISTS:
      return screen('deposit-failed-second-pending');
    case DepositErrorCode.INSUFFICIENT_FUNDS:
      return screen('deposit-failed-insufficient-funds');
    default:
      return generic;
  }
}
