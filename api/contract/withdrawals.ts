import { Type, type Static } from '@sinclair/typebox';
import { CalendarDate, IsoDateTime, Money, Obj, StringEnum } from './common';
import { HOLD_REASONS } from './fundsAvailability';
import { DISTRIBUTION_REASONS, WITHDRAWAL_EVENT_TYPES, WITHDRAWAL_STATUSES } from './withdrawalRules';

// Request and answer shapes of withdrawals (the pages /settings/v2/withdrawal, /ira/withdrawal and
// /high-yield/withdraw; the spec gives no paths or bodies, these are ours). Money keeps { amount, currency }.

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Percent = Type.Integer({ minimum: 0, maximum: 100 });

export const AvailableToWithdrawQuery = Obj({ accountUuid: Id });
export type AvailableToWithdrawQuery = Static<typeof AvailableToWithdrawQuery>;

const BankDate = CalendarDate;

/** Deposited money that is in a balance but may not leave to a bank yet (fundsAvailability.ts holdsOf). */
export const WithdrawalHold = Obj({
  depositId: Type.String(),
  /** The account the deposit went to. */
  accountUuid: Type.String(),
  reason: StringEnum(HOLD_REASONS),
  amount: Money,
  /** The New York date it may leave ('yyyy-MM-dd'). */
  until: BankDate,
  /** '$2,000.00 from your debit card is held until Mon, Mar 29, 2027' (holdText). */
  description: Type.String(),
});
export type WithdrawalHold = Static<typeof WithdrawalHold>;

/**
 * What can leave one account now. availableToWithdraw = the lower of (balance - depositsOnHold) and the same over
 * all the customer's accounts, never below 0; balance is already net of pendingWithdrawals (docs/routes.md, Withdrawals).
 */
export const AvailableToWithdraw = Obj({
  accountUuid: Type.String(),
  availableToWithdraw: Money,
  balance: Money,
  /** Buying power given ahead of settlement for unsettled bank deposits: in the balance, not withdrawable yet. */
  depositsOnHold: Money,
  /** Withdrawals not yet arrived in the bank (already taken from the balance). */
  pendingWithdrawals: Money,
  /**
   * The holds that keep money of this account from leaving: those on it, and those on the customer's other
   * accounts when the customer-wide figure is the lower one (held money moved by a transfer stays held).
   */
  holds: Type.Array(WithdrawalHold),
  /** A withdrawal made now goes out in the ACH batch of this business day and arrives on arrivesOn (withdrawalDates). */
  sendsOn: BankDate,
  arrivesOn: BankDate,
});
export type AvailableToWithdraw = Static<typeof AvailableToWithdraw>;

/** Sent with an Idempotency-Key header: a repeat answers the first result; the same key with another body is refused. */
export const CreateWithdrawalRequest = Obj({
  accountUuid: Id,
  /** The customer's own approved bank account (not a debit card, not a wire). */
  paymentMethodId: Id,
  amount: Money,
  /** IRA only (and required there): federal income tax to withhold, in whole percent. */
  federalWithholdingPercent: Type.Optional(Nullable(Percent)),
  /** IRA only (and required there). */
  distributionReason: Type.Optional(Nullable(StringEnum(DISTRIBUTION_REASONS))),
});
export type CreateWithdrawalRequest = Static<typeof CreateWithdrawalRequest>;

export const WithdrawalEvent = Obj({
  type: StringEnum(WITHDRAWAL_EVENT_TYPES),
  description: Type.String(),
  completed: Type.Boolean(),
  /** When it happened, or when it is expected while not completed. */
  date: Nullable(IsoDateTime),
});
export type WithdrawalEvent = Static<typeof WithdrawalEvent>;

export const Withdrawal = Obj({
  id: Type.String(),
  status: StringEnum(WITHDRAWAL_STATUSES),
  accountUuid: Type.String(),
  paymentMethodId: Type.String(),
  /** What leaves the account. */
  amount: Money,
  federalWithholdingPercent: Nullable(Percent),
  federalTaxWithheld: Money,
  /** What reaches the bank: amount minus the tax withheld. */
  netAmount: Money,
  distributionReason: Nullable(StringEnum(DISTRIBUTION_REASONS)),
  createdAt: IsoDateTime,
  expectedArrival: IsoDateTime,
  /** The business day it arrives in the bank, from the bank calendar (withdrawalDates): 'yyyy-MM-dd'. */
  arrivalDate: BankDate,
  events: Type.Array(WithdrawalEvent),
});
export type Withdrawal = Static<typeof Withdrawal>;

export const WithdrawalsResponse = Obj({ withdrawals: Type.Array(Withdrawal) });
export type WithdrawalsResponse = Static<typeof WithdrawalsResponse>;

export const SettleWithdrawalsResponse = Obj({ settled: Type.Integer({ minimum: 0 }) });
export type SettleWithdrawalsResponse = Static<typeof SettleWithdrawalsResponse>;
