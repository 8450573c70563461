import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ageInMonths,
  ApiErrorCode,
  centsToMoney,
  formatCents,
  isBankMethodType,
  isIraVariant,
  isMicroDepositPending,
  NORMAL_DISTRIBUTION_AGE_MONTHS,
  WITHDRAWABLE_ACCOUNT_VARIANTS,
  WITHDRAWAL_MIN_CENTS,
  WithdrawalErrorCode,
  withheldCents,
  type DistributionReason,
  type AvailableToWithdraw,
  type Withdrawal,
} from '../../api/contract';
import { methodFacts } from './paymentMethods';
import type { AccountRow, Database, PaymentMethodRow, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { lockOwnAccount } from '../repositories/accounts';
import { addToBalance, lockUser } from '../repositories/deposits';
import { findOwnLiveMethod } from '../repositories/paymentMethods';
import {
  insertWithdrawalWithEvents,
  listAccountBalancesOfUser,
  listHoldableDepositsOfUser,
  makeWithdrawalsDueNow,
  pendingWithdrawalCents,
  settleDueWithdrawalsIn,
  withWithdrawals,
  type NewWithdrawalEvent,
  type WithdrawalDatabase,
  type WithdrawalWithEvents,
} from '../repositories/withdrawals';
import { marketDate, withdrawalDates } from '../../api/contract/bankCalendar';
import {
  availableToWithdrawCents,
  CARD_WITHDRAWAL_HOLD_DAYS,
  heldCents,
  holdsOf,
  holdText,
  type Hold,
  type HoldSource,
} from '../../api/contract/fundsAvailability';
import { isUuid } from './tokens';

/*
 * Withdrawals: money leaving a brokerage, IRA or high-yield account for the customer's own approved bank.
 *
 * Available to withdraw (our rule; the spec names the figure only), per account, from the contract's
 * fundsAvailability.ts (holdsOf, availableToWithdrawCents), on the server's clock:
 *   own  = balance - held on this account
 *   all  = the same sum over every account of the customer
 *   availableToWithdraw = max(0, min(own, all))
 * - balance is the account's balance as every screen shows it. A withdrawal takes its amount from the balance
 *   when it is made (it stops being investable at once), so pending withdrawals are already out of it.
 * - held: the instant part of unsettled bank deposits until they settle (the bank can still return them), and
 *   debit-card deposits for CARD_WITHDRAWAL_HOLD_DAYS (a card payment stays disputable for months). Internal
 *   transfers hold nothing of their own.
 * - the customer-wide cap stops held money from leaving through another account: instant buying power moved by
 *   a transfer into high-yield cash is still held at the customer level (and the answer lists that hold).
 * A withdrawal locks the customer's row (the lock every money movement of theirs takes first) and the account's
 * row, then checks the amount against this figure, in the transaction that writes it: two concurrent
 * withdrawals cannot both spend the same money.
 */

// The withdrawal tables and every query over them: repositories/withdrawals.ts.
export { withWithdrawals } from '../repositories/withdrawals';
export type { WithdrawalEventsTable, WithdrawalsTable, WithdrawalDatabase } from '../repositories/withdrawals';

type Db = Kysely<WithdrawalDatabase> | Transaction<WithdrawalDatabase>;

// ---- refusals ----

/** ' $2,000.00 from your debit card is held until Mon, Mar 29, 2027.' (and ' 2 more deposits are held.' when more). */
function holdsSentence(holds: readonly Hold[]): string {
  if (holds.length === 0) return '';
  const more = holds.length - 1;
  return ` ${holdText(holds[0])}.` + (more > 0 ? ` ${more} more ${more === 1 ? 'deposit is' : 'deposits are'} held.` : '');
}

export const WithdrawalRefusals = {
  /** The available figure, and what is held and until when (the first hold in words, and how many more). */
  insufficientAvailable: (availableCents: number, holds: readonly Hold[] = []) =>
    new ApiError(
      422,
      WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
      (availableCents > 0
        ? `This is more than is available to withdraw. You can withdraw up to ${formatCents(availableCents)} from this account.`
        : 'Nothing in this account is available to withdraw right now.') + holdsSentence(holds),
    ),
  destinationNotBank: () =>
    new ApiError(
      400,
      WithdrawalErrorCode.DESTINATION_NOT_BANK,
      'Withdrawals go to a linked bank account. Debit cards and wires cannot receive them.',
    ),
  destinationNotApproved: (message = 'This bank account has to be verified before money can be sent to it.') =>
    new ApiError(422, WithdrawalErrorCode.DESTINATION_NOT_APPROVED, message),
  noWithdrawalRights: (message = 'Money cannot be withdrawn from this account. Please contact Member Support.') =>
    new ApiError(403, WithdrawalErrorCode.NO_WITHDRAWAL_RIGHTS, message),
  amountTooSmall: () =>
    new ApiError(400, WithdrawalErrorCode.AMOUNT_TOO_SMALL, `The minimum withdrawal is ${formatCents(WITHDRAWAL_MIN_CENTS)}.`),
  iraDetailsRequired: () =>
    new ApiError(
      400,
      WithdrawalErrorCode.IRA_DETAILS_REQUIRED,
      'An IRA withdrawal needs a federal tax withholding choice and a distribution reason.',
    ),
  iraDetailsNotAllowed: () =>
    new ApiError(400, ApiErrorCode.VALIDATION, 'Tax withholding and a distribution reason apply to IRA withdrawals only.'),
  normalDistributionTooYoung: () =>
    new ApiError(
      422,
      WithdrawalErrorCode.DISTRIBUTION_REASON_NOT_ALLOWED,
      'A normal distribution needs you to be 59½ or older. Choose an early distribution instead.',
    ),
  accountNotFound: () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'We could not find that account.'),
  bankNotFound: () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'We could not find that bank account.'),
} as const;

// ---- available to withdraw ----

const cents = (value: string | number | null | undefined) => Number(value ?? 0);

export interface AvailableFigures {
  balanceCents: number;
  /** Held on this account (bank deposits not settled, debit-card deposits in their hold). */
  onHoldCents: number;
  pendingWithdrawalCents: number;
  availableCents: number;
  /** The holds that limit this account: its own, and the others' when the customer-wide figure is the lower one. */
  holds: Hold[];
}

/** Card deposits older than this cannot be held any more (CARD_WITHDRAWAL_HOLD_DAYS plus a weekend and holidays). */
const CARD_HOLD_LOOKBACK_MS = (CARD_WITHDRAWAL_HOLD_DAYS + 10) * 86_400_000;

/** The holds in force on the customer's deposits on the New York day of `now` (fundsAvailability.ts holdsOf). */
export async function holdsOfCustomer(db: Db, userId: string, now: Date): Promise<Hold[]> {
  const rows = await listHoldableDepositsOfUser(db, userId, new Date(now.getTime() - CARD_HOLD_LOOKBACK_MS));
  const sources: HoldSource[] = rows.map((row) => ({
    id: row.id,
    accountId: row.account_id,
    sourceType: row.source_type,
    status: row.status,
    amountCents: cents(row.amount_cents),
    instantCents: cents(row.instant_cents),
    createdAt: row.created_at,
    settled: row.settled_at !== null,
    settlesOn: row.settle_at ? marketDate(row.settle_at) : null,
  }));
  return holdsOf(sources, marketDate(now));
}

/** The figures of one of the customer's accounts on the server's clock (the rule above, fundsAvailability.ts). */
export async function availableToWithdrawOf(db: Db, userId: string, accountId: string, now: Date): Promise<AvailableFigures> {
  const accounts = await listAccountBalancesOfUser(db, userId);
  const holds = await holdsOfCustomer(db, userId, now);
  const pendingCents = await pendingWithdrawalCents(db, accountId);
  const account = accounts.find((candidate) => candidate.id === accountId);
  const balanceCents = cents(account?.balance_cents);
  const onHoldCents = heldCents(holds, accountId);
  const customerBalanceCents = accounts.reduce((sum, candidate) => sum + cents(candidate.balance_cents), 0);
  const customerHeldCents = heldCents(holds);
  const customerWideBinds = customerBalanceCents - customerHeldCents < balanceCents - onHoldCents;
  return {
    balanceCents,
    onHoldCents,
    pendingWithdrawalCents: pendingCents,
    availableCents: availableToWithdrawCents({
      accountBalanceCents: balanceCents,
      accountHeldCents: onHoldCents,
      customerBalanceCents,
      customerHeldCents,
    }),
    holds: customerWideBinds ? holds : holds.filter((hold) => hold.accountId === accountId),
  };
}

/** The answer of GET withdrawals/available: the figures, the holds in words, and when a withdrawal made now arrives. */
export function presentAvailable(accountId: string, figures: AvailableFigures, now: Date): AvailableToWithdraw {
  const dates = withdrawalDates(now);
  return {
    accountUuid: accountId,
    availableToWithdraw: centsToMoney(figures.availableCents),
    balance: centsToMoney(figures.balanceCents),
    depositsOnHold: centsToMoney(figures.onHoldCents),
    pendingWithdrawals: centsToMoney(figures.pendingWithdrawalCents),
    holds: figures.holds.map((hold) => ({
      depositId: hold.depositId,
      accountUuid: hold.accountId,
      reason: hold.reason,
      amount: centsToMoney(hold.cents),
      until: hold.until,
      description: holdText(hold),
    })),
    sendsOn: dates.batchDay,
    arrivesOn: dates.settlementDate,
  };
}

// ---- who may withdraw what, where ----

export function assertWithdrawalRights(user: UserRow, account: AccountRow): void {
  if (user.status === 'CLOSED' || user.application_status !== 'COMPLETE') {
    throw WithdrawalRefusals.noWithdrawalRights('Withdrawals need an approved, open account. Please contact Member Support.');
  }
  if (!WITHDRAWABLE_ACCOUNT_VARIANTS.includes(account.variant) || account.settings.withdrawalsDisabled === true)
    throw WithdrawalRefusals.noWithdrawalRights();
  if (account.status !== 'OPEN')
    throw WithdrawalRefusals.noWithdrawalRights('This account is not open, so money cannot be withdrawn from it.');
}

/** The destination: the customer's own bank account, approved, verified and connected. */
export function assertDestinationBank(method: PaymentMethodRow): void {
  if (!isBankMethodType(method.type)) throw WithdrawalRefusals.destinationNotBank();
  if (method.status === 'REJECTED' || method.readiness === 'REJECTED')
    throw WithdrawalRefusals.destinationNotApproved('This bank account was rejected. Please choose another one.');
  if (isMicroDepositPending(methodFacts(method))) {
    throw WithdrawalRefusals.destinationNotApproved('Confirm the two micro-deposits first: then money can be sent to this bank account.');
  }
  if (method.status !== 'APPROVED' || method.readiness !== 'READY') throw WithdrawalRefusals.destinationNotApproved();
  if (method.plaid_login_required)
    throw WithdrawalRefusals.destinationNotApproved('Your bank connection has expired. Please relink this bank account.');
}

export interface IraChoice {
  withholdingPercent: number | null;
  distributionReason: DistributionReason | null;
}

/** IRA withdrawals need both choices (and a normal distribution needs age 59½); other accounts take neither. */
export function assertIraChoice(user: UserRow, account: AccountRow, choice: IraChoice, now: Date): void {
  const given = choice.withholdingPercent !== null || choice.distributionReason !== null;
  if (!isIraVariant(account.variant)) {
    if (given) throw WithdrawalRefusals.iraDetailsNotAllowed();
    return;
  }
  if (choice.withholdingPercent === null || choice.distributionReason === null) throw WithdrawalRefusals.iraDetailsRequired();
  if (
    choice.distributionReason === 'NORMAL' &&
    user.birth_date &&
    ageInMonths(user.birth_date, marketDate(now)) < NORMAL_DISTRIBUTION_AGE_MONTHS
  ) {
    throw WithdrawalRefusals.normalDistributionTooYoung();
  }
}

// ---- timeline ----

export interface WithdrawalTimeline {
  sendAt: Date;
  settleAt: Date;
}

/**
 * Sent at the cut-off of its ACH batch day and arriving on the bank calendar's arrival date (withdrawalDates).
 * `speed` compresses the waits like deposits'.
 */
export function withdrawalTimeline(createdAt: Date, speed = 1): WithdrawalTimeline {
  const { sendAt, settleAt } = withdrawalDates(createdAt);
  const start = createdAt.getTime();
  const compress = (at: Date) => new Date(start + Math.round((at.getTime() - start) / Math.max(speed, 1)));
  return { sendAt: compress(sendAt), settleAt: compress(settleAt) };
}

const bankName = (method: PaymentMethodRow) => `${method.display_name} •••• ${method.last4}`;

// ---- making one ----

export interface WithdrawalOrder {
  userId: string;
  accountUuid: string;
  paymentMethodId: string;
  amountCents: number;
  withholdingPercent: number | null;
  distributionReason: DistributionReason | null;
}

/**
 * Makes a withdrawal inside the caller's transaction: locks the customer and the account, checks every rule
 * on the locked rows, then writes the withdrawal and its events and takes the amount from the balance.
 * Refusals are thrown before anything is written.
 */
export async function placeWithdrawal(trx: Transaction<Database>, order: WithdrawalOrder, now: Date, speed = 1): Promise<string> {
  const db = withWithdrawals(trx);
  const user = await lockUser(trx, order.userId);
  if (!user) throw WithdrawalRefusals.accountNotFound();
  const account = isUuid(order.accountUuid) ? await lockOwnAccount(trx, user.id, order.accountUuid) : undefined;
  if (!account) throw WithdrawalRefusals.accountNotFound();
  assertWithdrawalRights(user, account);
  const method = await findOwnLiveMethod(trx, user.id, order.paymentMethodId);
  if (!method) throw WithdrawalRefusals.bankNotFound();
  assertDestinationBank(method);
  if (order.amountCents < WITHDRAWAL_MIN_CENTS) throw WithdrawalRefusals.amountTooSmall();
  assertIraChoice(user, account, order, now);
  const { availableCents, holds } = await availableToWithdrawOf(db, user.id, account.id, now);
  if (order.amountCents > availableCents) throw WithdrawalRefusals.insufficientAvailable(availableCents, holds);

  const id = randomUUID();
  const timeline = withdrawalTimeline(now, speed);
  const withheld = order.withholdingPercent === null ? 0 : withheldCents(order.amountCents, order.withholdingPercent);
  const requested =
    withheld > 0
      ? `Withdrawal requested: ${formatCents(withheld)} federal tax withheld, ${formatCents(order.amountCents - withheld)} to your bank`
      : 'Withdrawal requested';
  const events: NewWithdrawalEvent[] = [
    { type: 'WITHDRAWAL_INITIATION', description: requested, completed: true, occurred_at: now },
    { type: 'WITHDRAWAL_SENT', description: `Sent to ${bankName(method)}`, completed: false, occurred_at: timeline.sendAt },
    { type: 'WITHDRAWAL_ARRIVED', description: `Arrives in ${bankName(method)}`, completed: false, occurred_at: timeline.settleAt },
  ];
  await insertWithdrawalWithEvents(
    db,
    {
      id,
      user_id: user.id,
      account_id: account.id,
      payment_method_id: method.id,
      status: 'PENDING',
      amount_cents: order.amountCents,
      withholding_percent: order.withholdingPercent,
      withheld_cents: withheld,
      distribution_reason: order.distributionReason,
      created_at: now,
      send_at: timeline.sendAt,
      settle_at: timeline.settleAt,
    },
    events,
  );
  await addToBalance(trx, account.id, -order.amountCents);
  return id;
}

// ---- settlement ----

/**
 * Moves the customer's (or everyone's) withdrawals along the server's clock: sent once their cut-off has
 * passed, completed once their arrival time has. Each step is claimed by a conditional update, so it happens
 * once whoever notices it first. The balance does not change: the amount left it when the withdrawal was made.
 */
export async function settleDueWithdrawals(db: Kysely<Database>, now: Date, userId?: string): Promise<number> {
  return withWithdrawals(db)
    .transaction()
    .execute(async (trx) => settleDueWithdrawalsIn(trx, now, userId));
}

/** Sandbox: the customer's pending withdrawals are sent and arrive now. */
export async function settleWithdrawalsNowForUser(db: Kysely<Database>, userId: string, now: Date): Promise<number> {
  return withWithdrawals(db)
    .transaction()
    .execute(async (trx) => {
      await makeWithdrawalsDueNow(trx, userId, now);
      return settleDueWithdrawalsIn(trx, now, userId);
    });
}

// ---- presenting ----

export function presentWithdrawal({ withdrawal: row, events }: WithdrawalWithEvents): Withdrawal {
  return {
    id: row.id,
    status: row.status,
    accountUuid: row.account_id,
    paymentMethodId: row.payment_method_id,
    amount: centsToMoney(row.amount_cents),
    federalWithholdingPercent: row.withholding_percent,
    federalTaxWithheld: centsToMoney(row.withheld_cents),
    netAmount: centsToMoney(row.amount_cents - row.withheld_cents),
    distributionReason: row.distribution_reason,
    createdAt: row.created_at.toISOString(),
    expectedArrival: row.settle_at.toISOString(),
    arrivalDate: withdrawalDates(row.created_at).settlementDate,
    events: [...events]
      .sort((a, b) => a.position - b.position)
      .map((event) => ({
        type: event.type,
        description: event.description,
        completed: event.completed,
        date: event.occurred_at ? event.occurred_at.toISOString() : null,
      })),
  };
}
