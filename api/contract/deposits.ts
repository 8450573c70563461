import { Type, type Static } from '@sinclair/typebox';
import { CalendarDate, IsoDateTime, Money, Obj, StringEnum } from './common';
import { FREQUENCIES, WEEKDAYS } from './depositRules';
import {
  DEPOSIT_EVENT_TYPES,
  DEPOSIT_STATUSES,
  DEPOSIT_TYPES,
  FUNDING_SOURCE_TYPES,
  MONEY_MOVEMENT_KINDS,
  RECURRING_DEPOSIT_STATUSES,
  RECURRING_PAUSE_REASONS,
} from './enums';

// Request and answer shapes of deposits, internal transfers, recurring deposits, IRA data and the high-yield
// account (deposits-and-transfers.md sections 3 and 7). Money keeps the spec's { amount, currency } shape.

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const TaxYear = Type.Integer({ minimum: 2000, maximum: 2100 });

export const DepositEvent = Obj({
  type: StringEnum(DEPOSIT_EVENT_TYPES),
  description: Type.String(),
  completed: Type.Boolean(),
  /** When it happened, or when it is expected while not completed. */
  date: Nullable(IsoDateTime),
});
export type DepositEvent = Static<typeof DepositEvent>;

export const Deposit = Obj({
  id: Type.String(),
  kind: StringEnum(MONEY_MOVEMENT_KINDS),
  status: StringEnum(DEPOSIT_STATUSES),
  type: StringEnum(DEPOSIT_TYPES),
  amount: Money,
  instantAmount: Money,
  accountUuid: Type.String(),
  sourceAccountUuid: Nullable(Type.String()),
  destinationAccountUuid: Type.String(),
  paymentMethodId: Nullable(Type.String()),
  iraContributionYear: Nullable(TaxYear),
  recurringDepositId: Nullable(Type.String()),
  createdAt: IsoDateTime,
  events: Type.Array(DepositEvent),
  /** A bank deposit not yet sent to the bank can still be cancelled, until this time (the daily cut-off). */
  cancellableUntil: Nullable(IsoDateTime),
  /** What really happened, in the quote's terms: the part available to invest at once (the instant part). */
  availableNow: Money,
  /** The rest and the New York date it becomes available to invest (empty when nothing is left to come). */
  availableLater: Type.Array(Obj({ amount: Money, date: CalendarDate })),
  /** The date it settled or settles; null while that is not known (waiting for an application, cancelled). */
  settlesOn: Nullable(CalendarDate),
  /** The first date its money may leave to a bank (a card deposit: when its hold ends); null while not known. */
  withdrawableOn: Nullable(CalendarDate),
  /** When it was cancelled, or null. */
  cancelledAt: Nullable(IsoDateTime),
});
export type Deposit = Static<typeof Deposit>;

export const DepositsResponse = Obj({ deposits: Type.Array(Deposit) });
export type DepositsResponse = Static<typeof DepositsResponse>;

export const DepositIdParams = Obj({ depositId: Id });

/**
 * What a deposit will do, answered before Confirm (the intent) from the money core: how much is available to
 * invest now and how much on which date, when it settles and can leave to a bank, until when it can be cancelled,
 * and what is left of the limit it counts against after it.
 */
export const DepositQuote = Obj({
  availableNow: Money,
  availableLater: Type.Array(Obj({ amount: Money, date: CalendarDate })),
  settlesOn: CalendarDate,
  withdrawableOn: CalendarDate,
  /** Bank deposits: the batch cut-off; null when it cannot be cancelled (card deposits). */
  cancellableUntil: Nullable(IsoDateTime),
  /** Bank deposits: the ACH batch day it goes out in. */
  batchDay: Nullable(CalendarDate),
  limitAfter: Obj({
    kind: StringEnum(['BANK_DAILY', 'DEBIT_CARD'] as const),
    limit: Money,
    left: Money,
    batchDay: Nullable(CalendarDate),
  }),
  /** The account's application is still being reviewed: the deposit goes out once it is approved (the dates then move). */
  waitsForApproval: Type.Boolean(),
});
export type DepositQuote = Static<typeof DepositQuote>;

const intentFields = {
  id: Type.String(),
  accountUuid: Type.String(),
  amount: Money,
  paymentMethodId: Nullable(Type.String()),
  sourceAccountUuid: Nullable(Type.String()),
  iraContributionYear: Nullable(TaxYear),
  expiresAt: IsoDateTime,
};

/** A deposit's intent (Next), with the quote of what this exact deposit will do. */
export const DepositIntent = Obj({ ...intentFields, quote: DepositQuote });
export type DepositIntent = Static<typeof DepositIntent>;

/** An internal transfer's intent: the money moves at once, so it carries no quote. */
export const TransferIntent = Obj(intentFields);
export type TransferIntent = Static<typeof TransferIntent>;

export const InitiateDepositRequest = Obj({
  paymentMethodId: Id,
  accountUuid: Id,
  amount: Money,
  iraContributionYear: Type.Optional(Nullable(TaxYear)),
});
export type InitiateDepositRequest = Static<typeof InitiateDepositRequest>;

/** Sent with an Idempotency-Key header: a repeat answers the first result; the same key with another body is refused. */
export const ConfirmDepositRequest = Obj({ id: Id, accountUuid: Id });
export type ConfirmDepositRequest = Static<typeof ConfirmDepositRequest>;

export const InitiateTransferRequest = Obj({
  sourceAccountUuid: Id,
  destinationAccountUuid: Id,
  amount: Money,
  iraContributionYear: Type.Optional(Nullable(TaxYear)),
});
export type InitiateTransferRequest = Static<typeof InitiateTransferRequest>;

export const ConfirmTransferRequest = Obj({ id: Id });
export type ConfirmTransferRequest = Static<typeof ConfirmTransferRequest>;

/** What is left of today's limits, so the limit dialog's Edit amount can offer the remaining amount. */
/**
 * What is left of the deposit limits now (api/contract/depositLimits.ts): the bank's for the ACH batch day a
 * deposit made now goes out in, the card's by the card's fingerprint (any customer, removals and relinks).
 */
export const DepositLimitsResponse = Obj({
  dailyBankLimit: Money,
  /** Left for dailyBankBatchDay. */
  dailyBankRemaining: Money,
  /** The ACH batch day a bank deposit made now counts toward (weekend, holiday and after-4-pm: the next business day). */
  dailyBankBatchDay: CalendarDate,
  debitCardLifetimeLimit: Money,
  /** The live card's remaining (liveDebitCard), or the whole limit when no card is linked. */
  debitCardRemaining: Money,
  /** The customer's linked debit card and what is left on it, counted by its fingerprint; null without one. */
  liveDebitCard: Nullable(Obj({ paymentMethodId: Type.String(), remaining: Money })),
});
export type DepositLimitsResponse = Static<typeof DepositLimitsResponse>;

// ---- recurring deposits (paths under /communityservice, section 7) ----

export const RecurringSchedule = Obj({
  frequency: StringEnum(FREQUENCIES),
  dayOfMonth: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 31 }))),
  dayOfWeek: Type.Optional(Nullable(StringEnum(WEEKDAYS))),
});
export type RecurringSchedule = Static<typeof RecurringSchedule>;

/**
 * One coming deposit of a schedule, on the day its money really moves (a business day). `movedFrom` is set when
 * the schedule's own date was a weekend or a Federal Reserve holiday: that date and why ('Thanksgiving Day',
 * 'Saturday'). The occurrences after a moved one keep the schedule's own dates.
 */
export const ScheduledOccurrence = Obj({
  date: CalendarDate,
  movedFrom: Nullable(Obj({ date: CalendarDate, reason: Type.String() })),
});
export type ScheduledOccurrence = Static<typeof ScheduledOccurrence>;

export const RecurringDeposit = Obj({
  id: Type.String(),
  recurringDepositId: Type.String(),
  accountUuid: Type.String(),
  amount: Money,
  status: StringEnum(RECURRING_DEPOSIT_STATUSES),
  pauseReason: Nullable(StringEnum(RECURRING_PAUSE_REASONS)),
  startDate: CalendarDate,
  /** The day the next deposit is made (a business day; see nextOccurrences for a move). */
  nextOccurrenceDate: Nullable(CalendarDate),
  /** The days of the deposits after nextOccurrenceDate's, for the manage list (three in all). */
  upcomingDates: Type.Array(CalendarDate),
  /** The same three deposits with their moves: nextOccurrenceDate's first. Empty while paused. */
  nextOccurrences: Type.Array(ScheduledOccurrence),
  fundingSourceId: Type.String(),
  fundingSourceType: StringEnum(FUNDING_SOURCE_TYPES),
  schedules: Type.Array(RecurringSchedule),
  iraContributionYear: Nullable(TaxYear),
});
export type RecurringDeposit = Static<typeof RecurringDeposit>;

export const RecurringDepositsResponse = Obj({ recurringDeposits: Type.Array(RecurringDeposit) });
export type RecurringDepositsResponse = Static<typeof RecurringDepositsResponse>;

export const RecurringAccountParams = Obj({ accountUuid: Id });
export const RecurringDepositParams = Obj({ accountUuid: Id, recurringDepositId: Id });

export const CreateRecurringDepositRequest = Obj({
  recurringDeposit: Obj({
    amount: Money,
    fundingSourceId: Id,
    fundingSourceType: StringEnum(FUNDING_SOURCE_TYPES),
    startDate: CalendarDate,
    schedule: RecurringSchedule,
    iraContributionYear: Type.Optional(Nullable(TaxYear)),
  }),
});
export type CreateRecurringDepositRequest = Static<typeof CreateRecurringDepositRequest>;

export const UpdateRecurringDepositRequest = Obj({ status: StringEnum(['ACTIVE', 'PAUSED'] as const) });
export type UpdateRecurringDepositRequest = Static<typeof UpdateRecurringDepositRequest>;

export const RecurringDepositResponse = Obj({ recurringDeposit: RecurringDeposit });
export type RecurringDepositResponse = Static<typeof RecurringDepositResponse>;

// ---- IRA ----

export const IraYearConfiguration = Obj({
  year: TaxYear,
  limit: Money,
  catchUp: Money,
  rothIncomeLimitSingle: Money,
  rothIncomeLimitJoint: Money,
  /** Last day a contribution can count toward this year. */
  deadline: CalendarDate,
});

export const IraConfiguration = Obj({
  matchPercent: Type.Number({ minimum: 0, maximum: 100 }),
  matchHoldYears: Type.Integer(),
  catchUpAge: Type.Integer(),
  years: Type.Array(IraYearConfiguration),
});
export type IraConfiguration = Static<typeof IraConfiguration>;

export const IraYearlyContribution = Obj({
  year: TaxYear,
  /** Contributed so far to traditional and Roth together. */
  totalContributions: Money,
  traditionalContributionAmount: Money,
  rothContributionAmount: Money,
  limitContributionAmount: Money,
  remainingAmount: Money,
  cutOffDate: CalendarDate,
});
export type IraYearlyContribution = Static<typeof IraYearlyContribution>;

/** GET ApiPaths.iraContributions: one of the customer's own IRAs. */
export const IraContributionsQuery = Obj({ accountUuid: Type.String({ minLength: 1, maxLength: 64 }) });
export type IraContributionsQuery = Static<typeof IraContributionsQuery>;

export const IraContributionsResponse = Obj({
  /** Years a contribution made today can count toward, newest first. */
  availableYears: Type.Array(TaxYear),
  yearlyContributions: Type.Array(IraYearlyContribution),
});
export type IraContributionsResponse = Static<typeof IraContributionsResponse>;

// ---- high-yield cash ----

export const HighYieldAccount = Obj({
  accountUuid: Type.String(),
  status: Type.String(),
  availableToWithdraw: Money,
  depositsOnHold: Money,
  pendingDeposits: Money,
  pendingWithdrawals: Money,
  /** Annual percentage yield as a decimal string, e.g. "4.10". */
  rate: Type.String({ pattern: '^\\d{1,2}\\.\\d{2}$' }),
});
export type HighYieldAccount = Static<typeof HighYieldAccount>;

export const HighYieldAccountResponse = Obj({
  highYieldAccount: Nullable(HighYieldAccount),
  /** The current APY ("4.10"), also for a customer without the account (the setup page shows it). */
  rate: Type.Optional(Type.String({ pattern: '^\\d{1,2}\\.\\d{2}$' })),
});
export type HighYieldAccountResponse = Static<typeof HighYieldAccountResponse>;

/** POST on the high-yield account path opens one (/setup-high-yield-account); the agreement must be accepted. */
export const OpenHighYieldAccountRequest = Obj({ agreementAccepted: Type.Literal(true) });
export type OpenHighYieldAccountRequest = Static<typeof OpenHighYieldAccountRequest>;
export const OpenHighYieldAccountResponse = Obj({ accountUuid: Type.String(), created: Type.Boolean() });
export type OpenHighYieldAccountResponse = Static<typeof OpenHighYieldAccountResponse>;

// ---- user properties (funding-methods.md 3.2: a key/value object, fetched and patched) ----

export const UserProperties = Type.Record(
  Type.String({ maxLength: 60 }),
  Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean(), Type.Null()]),
);
export const UserPropertiesResponse = Obj({ properties: UserProperties });
export type UserPropertiesResponse = Static<typeof UserPropertiesResponse>;
export const PatchUserPropertiesRequest = Obj({ properties: UserProperties });
export type PatchUserPropertiesRequest = Static<typeof PatchUserPropertiesRequest>;
