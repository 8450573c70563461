import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  centsToMoney,
  contributionYearsOpen,
  DEPOSIT_MIN_CENTS,
  FIRST_DEPOSIT_MIN_CENTS,
  firstIraTaxYear,
  iraRemainingCents,
  isDepositDestinationVariant,
  isIraVariant,
  methodUsability,
  type DepositQuote,
  type DepositType,
  type MethodUnusableReason,
} from '../../api/contract';
import type { Clock } from '../clock';
import type { ServerConfig } from '../config';
import type { AccountRow, Database, DepositSourceType, PaymentMethodRow, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import type { Metrics } from '../observability/metrics';
import type { CollectionRefusal, Providers } from '../providers';
import {
  cardKeyOf,
  countCardDeposit,
  lockUser,
  readDepositFacts,
  writeDeposit,
  type DepositFacts,
  type DepositWithEvents,
  type DepositWrites,
  type IraContributions,
} from '../repositories/deposits';
import { findOwnIntent, type OwnIntent } from '../repositories/depositIntents';
import { DepositRefusals } from './depositErrors';
import { bankTimeline, initialEvents } from './depositTimeline';
import { bankDepositDates, marketDate } from '../../api/contract/bankCalendar';
import { fitsRoom, roomAfter, type LimitRoom } from '../../api/contract/depositLimits';
import { bankLimitFiguresOf, cardLimitRoomOf, dcfLimitCentsOf } from './depositLimitRoom';
import { methodFacts } from './paymentMethods';
import { bankDepositAvailability, bankInstantCents, cardDepositAvailability } from '../../api/contract/fundsAvailability';
import { depositRightsOf, type CustomerStanding } from '../../api/contract/customerStanding';

/** The customer's intent of this kind, or a 404 (another customer's intent included). */
export async function ownIntent(trx: Transaction<Database>, userId: string, id: string, kind: OwnIntent['kind']): Promise<OwnIntent> {
  const intent = await findOwnIntent(trx, userId, id, kind);
  if (!intent) throw DepositRefusals.intentNotFound();
  return intent;
}

export interface MoneyDeps {
  db: Kysely<Database>;
  clock: Clock;
  providers: Providers;
  config: ServerConfig;
  /** What deposits and recurring runs are counted to; absent: nothing is counted. */
  metrics?: Metrics;
}

// The variant sets and the first IRA year are money rules of the contract; these read them off a row.
export const isIra = (account: Pick<AccountRow, 'variant'>) => isIraVariant(account.variant);

/** The customer's first IRA year: the later of 2025 and the year they joined. */
export const firstIraYear = (user: Pick<UserRow, 'created_at'>) => firstIraTaxYear(marketDate(user.created_at));

// ---- who may deposit where ----

/** A user row as the contract's standing rules read it (depositRightsOf). */
export const standingOf = (user: Pick<UserRow, 'status' | 'application_status'>): CustomerStanding => ({
  status: user.status,
  applicationStatus: user.application_status,
});

/**
 * Deposit rights of the customer into the account (section 8): closed or rejected customers, accounts that
 * take no deposits and accounts whose settings switch deposits off have none (DE#00008); an application
 * that is not complete, or an account that is not open, is "account pending" (DE#00011), except while the
 * application is PENDING: then a deposit waits for the approval (type PENDING_DEPOSIT).
 * Answers whether the deposit has to wait for the application.
 */
export function assertDepositRights(user: UserRow, account: AccountRow): { waitsForApproval: boolean } {
  const rights = depositRightsOf(standingOf(user));
  if (rights === 'none') throw DepositRefusals.noDepositRights();
  if (!isDepositDestinationVariant(account.variant) || account.settings.depositsDisabled === true) throw DepositRefusals.noDepositRights();
  if (rights === 'afterApproval') return { waitsForApproval: true };
  if (rights !== 'full' || account.status !== 'OPEN') throw DepositRefusals.accountPending();
  return { waitsForApproval: false };
}

export function assertAmount(user: UserRow, amountCents: number): void {
  if (amountCents < DEPOSIT_MIN_CENTS) throw DepositRefusals.amountTooSmall(DEPOSIT_MIN_CENTS, false);
  if (!user.has_funded && amountCents < FIRST_DEPOSIT_MIN_CENTS) throw DepositRefusals.amountTooSmall(FIRST_DEPOSIT_MIN_CENTS, true);
}

/** The refusal for each reason of the contract's methodUsability (one rule for the server and the app). */
const UNUSABLE_METHOD_REFUSALS: Record<MethodUnusableReason, () => ApiError> = {
  NOT_A_DEPOSIT_METHOD: () => DepositRefusals.invalidPaymentMethod('Deposits come from a linked bank account or debit card.'),
  DEBIT_CARD_DESTINATION: () =>
    DepositRefusals.invalidPaymentMethod('A debit card cannot fund a retirement account. Please use a bank account.'),
  BANK_ONLY_DESTINATION: () => DepositRefusals.invalidPaymentMethod('The high-yield cash account is funded from a bank account only.'),
  REJECTED: () => DepositRefusals.notApproved('This funding method was rejected. Please choose another one.'),
  MICRO_DEPOSIT_PENDING: () => DepositRefusals.notApproved('Confirm the two micro-deposits first: then this bank account can be used.'),
  NOT_VERIFIED: () => DepositRefusals.notApproved('This funding method has to be verified before it can be used.'),
  RELINK_REQUIRED: () => DepositRefusals.notApproved('Your bank connection has expired. Please relink this bank account.'),
  LIMIT_REACHED: () => DepositRefusals.methodLimitReached(),
};

/** Whether money can come from this method into this account; answers how it comes (bank or card). */
export function assertUsableMethod(method: PaymentMethodRow, account: AccountRow): 'BANK' | 'DEBIT_CARD' {
  const usability = methodUsability(methodFacts(method), account.variant);
  if (!usability.usable) throw UNUSABLE_METHOD_REFUSALS[usability.reason]();
  return usability.source;
}

/**
 * The tax year of an IRA contribution: required into an IRA (and refused elsewhere), one of the years still
 * open today, and within the year's remaining room (traditional and Roth share one limit), given the customer's
 * contributions in that year so far.
 */
export function assertIraContribution(
  user: UserRow,
  account: AccountRow,
  iraYear: number | null | undefined,
  amountCents: number,
  now: Date,
  contributed: IraContributions,
): number | null {
  if (!isIra(account)) {
    if (iraYear != null) throw DepositRefusals.iraYearNotForThisAccount();
    return null;
  }
  if (iraYear == null) throw DepositRefusals.iraYearRequired();
  if (!contributionYearsOpen(marketDate(now), firstIraYear(user)).includes(iraYear)) throw DepositRefusals.iraYearClosed(iraYear);
  const remaining = iraRemainingCents(iraYear, user.birth_date, contributed.traditionalCents + contributed.rothCents);
  if (amountCents > remaining) throw DepositRefusals.iraLimit(iraYear, remaining);
  return iraYear;
}

// ---- deposits ----

export interface DepositOrder {
  userId: string;
  /** Destination account (accountUuid). */
  accountUuid: string;
  paymentMethodId: string;
  amountCents: number;
  iraContributionYear?: number | null;
}

export interface DepositPlan {
  user: UserRow;
  account: AccountRow;
  method: PaymentMethodRow;
  sourceType: 'BANK' | 'DEBIT_CARD';
  type: DepositType;
  instantCents: number;
  iraContributionYear: number | null;
  /** The limit this deposit counts against and its room before it (bank: the batch day's; card: the card's). */
  limitRoom: LimitRoom;
}

/**
 * Every rule of a deposit, in the order a customer would want to hear them, decided from the facts read for it
 * (readDepositFacts or readConfirmFacts, server/repositories/deposits.ts) without a database: at initiation it
 * gives early answers; inside the confirm transaction, with facts read under the customer's lock, it is the
 * authority. No facts (no such customer) is "account not found".
 */
export function planDeposit(order: DepositOrder, facts: (DepositFacts & { user: UserRow }) | undefined, now: Date): DepositPlan {
  if (!facts) throw DepositRefusals.accountNotFound();
  const { user, account, method } = facts;
  if (!account) throw DepositRefusals.accountNotFound();
  const { waitsForApproval } = assertDepositRights(user, account);
  if (!method) throw DepositRefusals.paymentMethodNotFound();
  assertAmount(user, order.amountCents);
  const sourceType = assertUsableMethod(method, account);
  const iraContributionYear = assertIraContribution(user, account, order.iraContributionYear, order.amountCents, now, facts.ira);

  // The limits as exposure (depositLimitRoom.ts): a bank deposit counts toward the ACH batch day it goes out in,
  // a card deposit toward the card's lifetime total by fingerprint.
  let limitRoom: LimitRoom;
  if (sourceType === 'DEBIT_CARD') {
    const card = facts.card!;
    limitRoom = cardLimitRoomOf(method, dcfLimitCentsOf(card.appConfig), card.depositedCents);
    if (!fitsRoom(limitRoom, order.amountCents)) throw DepositRefusals.debitCardLimit(limitRoom.limitCents);
  } else {
    limitRoom = bankLimitFiguresOf(facts.bank, facts.batchDay).room;
    if (!fitsRoom(limitRoom, order.amountCents)) throw DepositRefusals.dailyLimit();
  }

  if (waitsForApproval) {
    if (facts.waitingPendingDeposit) throw DepositRefusals.pendingDepositExists();
    return { user, account, method, sourceType, type: 'PENDING_DEPOSIT', instantCents: 0, iraContributionYear, limitRoom };
  }
  return {
    user,
    account,
    method,
    sourceType,
    type: 'DEPOSIT',
    instantCents: instantCentsFor(facts, method, sourceType, order.amountCents, now),
    iraContributionYear,
    limitRoom,
  };
}

/**
 * Instant buying power (our rule, docs/money-rules.md): debit cards in full; banks by the contract's bankInstantCents (up to
 * $1,000 across the customer's unsettled bank deposits; none for the first deposit from a bank linked today; none
 * while an ACH return leaves an account of theirs below zero).
 */
function instantCentsFor(
  facts: Pick<DepositFacts, 'bank' | 'methodHasDeposits'>,
  method: PaymentMethodRow,
  sourceType: 'BANK' | 'DEBIT_CARD',
  amountCents: number,
  now: Date,
): number {
  if (sourceType === 'DEBIT_CARD') return amountCents;
  return bankInstantCents({
    amountCents,
    unsettledInstantCents: facts.bank.unsettledInstantCents,
    // The facts read whether the method has deposits for every method linked today (readDepositFacts).
    firstDepositFromBankLinkedToday: marketDate(method.created_at) === marketDate(now) && facts.methodHasDeposits === false,
    instantOff: facts.bank.instantOff,
  });
}

function refusalOf(refusal: CollectionRefusal): ApiError {
  switch (refusal) {
    case 'INSUFFICIENT_FUNDS':
      return DepositRefusals.insufficientFunds();
    case 'BANK_BALANCE_ERROR':
      return DepositRefusals.bankBalanceError();
    case 'UNSUPPORTED_CARD':
      return DepositRefusals.unsupportedCard();
    case 'EXCEPTION':
      return DepositRefusals.exceptionDuringFlow();
  }
}

export interface PlacedDeposit {
  /** The deposit and its events as written. */
  made: DepositWithEvents;
}

/** What a caller of placeDeposit may add to its work. */
export interface PlaceOptions {
  /** The customer's row when the caller has already locked it in this transaction (saves locking it twice). */
  lockedUser?: UserRow;
  /** The order's facts, when the caller has already read them under that lock (readConfirmFacts). */
  facts?: DepositFacts;
  /** The idempotency key's answer, given the deposit as written, stored by the same statement as the deposit. */
  storeAnswerOf?: (made: DepositWithEvents) => DepositWrites['storeAnswer'];
}

/**
 * Makes a deposit inside the caller's transaction: locks the customer, checks every rule and limit, asks
 * the rails to collect, then writes the deposit, its events, the balance (instant part), the method's
 * amountDeposited and the IRA contribution (one statement, writeDeposit). Refusals are thrown before anything
 * is written, except a card's count (countCardDeposit), which the caller's rollback undoes.
 */
export async function placeDeposit(
  trx: Transaction<Database>,
  deps: Pick<MoneyDeps, 'providers' | 'config'>,
  order: DepositOrder & { intentId?: string | null; recurringDepositId?: string | null },
  now: Date,
  options: PlaceOptions = {},
): Promise<PlacedDeposit> {
  const user = options.lockedUser ?? (await lockUser(trx, order.userId));
  if (!user) throw DepositRefusals.accountNotFound();
  const facts = options.facts ?? (await readDepositFacts(trx, order, now));
  const plan = planDeposit(order, facts && { ...facts, user }, now);

  // A card deposit is counted on the card (with the method's count and the balance, one statement) before the
  // money is collected: the count is the race-safe check across customers sharing the card; a refusal, here or
  // from the rails, rolls all of it back.
  const pending = plan.type === 'PENDING_DEPOSIT';
  const balanceCents = pending ? 0 : plan.instantCents;
  if (plan.sourceType === 'DEBIT_CARD') {
    const counted = await countCardDeposit(trx, {
      fingerprint: cardKeyOf(plan.method),
      paymentMethodId: plan.method.id,
      amountCents: order.amountCents,
      limitCents: plan.limitRoom.limitCents,
      accountId: plan.account.id,
      balanceCents,
      now,
    });
    if (counted === null) throw DepositRefusals.debitCardLimit(plan.limitRoom.limitCents);
  }

  const collected = await deps.providers.moneyMovement.collect({
    userId: user.id,
    paymentMethodId: plan.method.id,
    sourceType: plan.sourceType,
    amountCents: order.amountCents,
  });
  if (!collected.ok) throw refusalOf(collected.refusal);

  const id = randomUUID();
  const sourceType: DepositSourceType = plan.sourceType;
  const timeline = sourceType === 'BANK' && !pending ? bankTimeline(now, deps.config.settlementSpeed ?? 1) : null;
  const instant = sourceType === 'DEBIT_CARD';
  const deposit = {
    id,
    user_id: user.id,
    kind: 'DEPOSIT' as const,
    status: 'CONFIRMED' as const,
    type: plan.type,
    source_type: sourceType,
    amount_cents: order.amountCents,
    instant_cents: plan.instantCents,
    account_id: plan.account.id,
    source_account_id: null,
    payment_method_id: plan.method.id,
    ira_contribution_year: plan.iraContributionYear,
    recurring_deposit_id: order.recurringDepositId ?? null,
    intent_id: order.intentId ?? null,
    created_at: now,
    // The batch the limit counted it toward (a PENDING_DEPOSIT too: see bankFigures).
    batch_day: sourceType === 'BANK' ? plan.limitRoom.batchDay : null,
    send_at: timeline?.sendAt ?? (instant ? now : null),
    settle_at: timeline?.settleAt ?? (instant ? now : null),
    settled_at: instant ? now : null,
    cancelled_at: null,
  };
  const events = initialEvents({
    sourceType,
    type: plan.type,
    amountCents: order.amountCents,
    instantCents: plan.instantCents,
    createdAt: now,
    settleAt: timeline?.settleAt ?? null,
    scheduled: Boolean(order.recurringDepositId),
    destinationName: plan.account.display_name,
  });
  // What is written is what is answered: the caller's extra write (the idempotency key's answer) is made from it.
  const made: DepositWithEvents = {
    deposit,
    events: events.map((event, position) => ({
      deposit_id: id,
      position,
      type: event.type,
      description: event.description,
      completed: event.completed,
      occurred_at: event.occurredAt,
    })),
  };
  await writeDeposit(trx, {
    deposit,
    events,
    // A card deposit was counted on its method and credited with its card (countCardDeposit).
    countOnMethod: sourceType === 'BANK' ? { methodId: plan.method.id, amountCents: order.amountCents } : null,
    // Both rows were read in this transaction under the customer's lock, and has_funded never goes back to
    // false: when both are already funded there is nothing to write.
    account: { id: plan.account.id, addCents: sourceType === 'BANK' ? balanceCents : 0, markFunded: !pending && !plan.account.has_funded },
    markUserFunded: !pending && !user.has_funded ? user.id : null,
    ira:
      plan.iraContributionYear === null
        ? null
        : {
            id: randomUUID(),
            userId: user.id,
            accountId: plan.account.id,
            taxYear: plan.iraContributionYear,
            amountCents: order.amountCents,
            contributedAt: now,
          },
    storeAnswer: options.storeAnswerOf?.(made),
  });
  // Its DEPOSIT_INITIATED notice is made after the commit, with others (depositNotices.ts); a schedule's deposit
  // is told as its run (RECURRING_RAN) instead.
  return { made };
}

export interface QuoteInput {
  amountCents: number;
  /** The part available to invest at once, as planDeposit decided it (its instantCents). */
  instantCents: number;
  sourceType: 'BANK' | 'DEBIT_CARD';
  /** The deposit waits for the customer's application to be approved (planDeposit's PENDING_DEPOSIT). */
  waitsForApproval: boolean;
  /** What is left of the limit the deposit counts against, before it (depositLimitRoom). */
  limitRoom: LimitRoom;
  now: Date;
}

/**
 * The quote of one deposit, answered at Next: how much is available to invest now and how much on which date,
 * when it settles and may leave to a bank, until when it can be cancelled, and what is left of its limit after it.
 * Every figure comes from the money core (fundsAvailability, depositLimits), the same functions the app shows.
 * A deposit waiting for an application is quoted as if it went out now; the review says the dates move.
 */
export function depositQuote(input: QuoteInput): DepositQuote {
  const { amountCents, instantCents, sourceType, now } = input;
  const dates = sourceType === 'BANK' ? bankDepositDates(now) : null;
  const availability = dates ? bankDepositAvailability(amountCents, instantCents, now, dates) : cardDepositAvailability(amountCents, now);
  const after = roomAfter(input.limitRoom, amountCents);
  return {
    availableNow: centsToMoney(availability.nowCents),
    availableLater: availability.later.map((part) => ({ amount: centsToMoney(part.cents), date: part.date })),
    settlesOn: availability.settlesOn,
    withdrawableOn: availability.withdrawableOn,
    cancellableUntil: availability.cancellableUntil,
    batchDay: dates?.batchDay ?? null,
    limitAfter: { kind: after.kind, limit: centsToMoney(after.limitCents), left: centsToMoney(after.leftCents), batchDay: after.batchDay },
    waitsForApproval: input.waitsForApproval,
  };
}
