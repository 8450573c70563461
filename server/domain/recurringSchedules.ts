import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ApiErrorCode,
  DAILY_BANK_DEPOSIT_LIMIT_CENTS,
  dayNumber,
  moneyToCents,
  runAfter,
  recurringStartDate,
  scheduleProblem,
  type CreateRecurringDepositRequest,
  type ScheduleProblem,
} from '../../api/contract';
import { isBusinessDay, marketDate } from '../../api/contract/bankCalendar';
import type { Database, RecurringDepositRow } from '../db/schema';
import { ApiError } from '../errors';
import type { Mailer } from '../providers';
import { findOwnAccount, lockUser } from '../repositories/deposits';
import { findOwnLiveMethod } from '../repositories/paymentMethods';
import {
  cancelSchedule,
  findOwnSchedule,
  insertSchedule,
  pauseScheduleByCustomer,
  recordSkippedOccurrence,
  resumeSchedule,
  skipToOccurrence,
} from '../repositories/recurringDeposits';
import { DepositApiErrorCode, DepositRefusals } from './depositErrors';
import { assertAmount, assertDepositRights, assertUsableMethod, isIra } from './deposits';
import { notifyRecurringSkipped } from './notifications';
import { firstRunOf, runFrom } from './recurringDeposits';
import { isUuid } from './tokens';

// The customer's own changes to recurring deposits (create, pause and resume, cancel, skip); the runner that makes
// their deposits is in recurringDeposits.ts.

type Db = Kysely<Database> | Transaction<Database>;

const SCHEDULE_MESSAGES: Record<ScheduleProblem, string> = {
  dayOfWeekRequired: 'Weekly and every-two-weeks deposits need a day of the week.',
  dayOfMonthRequired: 'Monthly deposits need a day of the month.',
  unexpectedDay: 'This frequency takes no day of the week or month, or only the one that fits it.',
  weekendNotAllowed: 'Deposits cannot be scheduled on a Saturday or Sunday.',
  dayOfMonthOutOfRange: 'The day of the month must be between 1 and 31.',
};

const validation = (message: string) => new ApiError(400, ApiErrorCode.VALIDATION, message);
const scheduleNotFound = () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'This recurring deposit no longer exists.');

/** A live (not cancelled) schedule of the customer's account; 404 for anything else. */
export async function ownSchedule(db: Db, userId: string, accountUuid: string, id: string, lock = false): Promise<RecurringDepositRow> {
  if (!isUuid(id) || !isUuid(accountUuid)) throw scheduleNotFound();
  const row = await findOwnSchedule(db, userId, accountUuid, id, lock);
  if (!row) throw scheduleNotFound();
  return row;
}

/**
 * A new schedule, checked inside the caller's transaction. Starts tomorrow at the earliest (the server's New York
 * day); the first deposit is on the first business day of the schedule from then (bank calendar).
 */
export async function createSchedule(
  trx: Transaction<Database>,
  order: { userId: string; accountUuid: string; input: CreateRecurringDepositRequest['recurringDeposit'] },
  now: Date,
): Promise<RecurringDepositRow> {
  const { userId, input } = order;
  const user = await lockUser(trx, userId);
  const account = user ? await findOwnAccount(trx, userId, order.accountUuid) : undefined;
  if (!user || !account) throw DepositRefusals.accountNotFound();
  if (assertDepositRights(user, account).waitsForApproval) throw DepositRefusals.accountPending();
  if (input.fundingSourceType !== 'ACH') {
    throw DepositRefusals.invalidPaymentMethod('Recurring deposits come from a linked bank account.');
  }
  const method = await findOwnLiveMethod(trx, userId, input.fundingSourceId);
  if (!method) throw DepositRefusals.paymentMethodNotFound();
  if (assertUsableMethod(method, account) !== 'BANK')
    throw DepositRefusals.invalidPaymentMethod('Recurring deposits come from a linked bank account.');

  const amountCents = moneyToCents(input.amount);
  assertAmount(user, amountCents);
  if (amountCents > DAILY_BANK_DEPOSIT_LIMIT_CENTS) throw DepositRefusals.dailyLimit();

  const schedule = input.schedule;
  // ONE_TIME: a single deposit scheduled for a later business day (the rest of a deposit split over the
  // day's bank limit, issue 17); the runner makes it on that day, against that day's limit, once.
  if (schedule.frequency === 'ONE_TIME' && !isBusinessDay(input.startDate)) {
    throw validation('A scheduled one-time deposit is made on a business day: choose a weekday that is not a bank holiday.');
  }
  const problem = scheduleProblem(schedule);
  if (problem) throw validation(SCHEDULE_MESSAGES[problem]);
  try {
    dayNumber(input.startDate);
  } catch {
    throw validation('"recurringDeposit.startDate" is not a calendar date.');
  }
  const today = marketDate(now);
  if (input.startDate < recurringStartDate(today)) throw validation('A recurring deposit starts tomorrow at the earliest.');

  const taxYear = Number(today.slice(0, 4));
  if (isIra(account)) {
    if (input.iraContributionYear == null) throw DepositRefusals.iraYearRequired();
    if (input.iraContributionYear !== taxYear) {
      throw new ApiError(
        400,
        DepositApiErrorCode.IRA_YEAR_CLOSED,
        `A recurring contribution counts toward the current tax year (${taxYear}); earlier years take one-time deposits only.`,
      );
    }
  } else if (input.iraContributionYear != null) {
    throw DepositRefusals.iraYearNotForThisAccount();
  }

  return insertSchedule(trx, {
    id: randomUUID(),
    user_id: userId,
    account_id: account.id,
    payment_method_id: method.id,
    funding_source_type: 'ACH',
    amount_cents: amountCents,
    frequency: schedule.frequency,
    day_of_week: schedule.dayOfWeek ?? null,
    day_of_month: schedule.dayOfMonth ?? null,
    start_date: input.startDate,
    next_occurrence_date: firstRunOf(schedule, input.startDate).date,
    status: 'ACTIVE',
    pause_reason: null,
    ira_contribution_year: isIra(account) ? taxYear : null,
    created_at: now,
    updated_at: now,
  });
}

/** Pause or resume, in one transaction. Resuming checks the funding method again and moves a stale next date on to today. */
export function setScheduleStatus(
  db: Kysely<Database>,
  change: { userId: string; accountUuid: string; id: string; status: 'ACTIVE' | 'PAUSED' },
  now: Date,
): Promise<RecurringDepositRow> {
  const { userId } = change;
  return db.transaction().execute(async (trx) => {
    const current = await ownSchedule(trx, userId, change.accountUuid, change.id, true);
    if (change.status === 'PAUSED') {
      if (current.status === 'PAUSED') return current;
      return pauseScheduleByCustomer(trx, current.id, now);
    }
    if (current.status === 'ACTIVE') return current;
    const account = await findOwnAccount(trx, userId, current.account_id);
    const method = await findOwnLiveMethod(trx, userId, current.payment_method_id);
    if (!account || !method)
      throw DepositRefusals.notApproved('The bank account of this recurring deposit was removed. Please set up a new recurring deposit.');
    assertUsableMethod(method, account);
    const next = runFrom(
      { frequency: current.frequency, dayOfWeek: current.day_of_week, dayOfMonth: current.day_of_month },
      current.next_occurrence_date,
      marketDate(now),
    );
    return resumeSchedule(trx, current.id, next.date, now);
  });
}

/** Cancel: the schedule is kept as history (CANCELED) and no longer listed or run. */
export async function cancelOwnSchedule(db: Kysely<Database>, userId: string, accountUuid: string, id: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await ownSchedule(trx, userId, accountUuid, id, true);
    await cancelSchedule(trx, current.id, now);
  });
}

/** Skip the next occurrence: its date is recorded as skipped, so no instance can run it afterwards. */
export function skipNextOccurrence(
  db: Kysely<Database>,
  mailer: Mailer | undefined,
  target: { userId: string; accountUuid: string; id: string },
  now: Date,
): Promise<RecurringDepositRow> {
  return db.transaction().execute(async (trx) => {
    const current = await ownSchedule(trx, target.userId, target.accountUuid, target.id, true);
    if (current.status !== 'ACTIVE' || current.next_occurrence_date === null) {
      throw new ApiError(409, DepositApiErrorCode.RECURRING_NOT_ACTIVE, 'Only an active recurring deposit has a next deposit to skip.');
    }
    const schedule = { frequency: current.frequency, dayOfWeek: current.day_of_week, dayOfMonth: current.day_of_month };
    const skipped = runFrom(schedule, current.next_occurrence_date, marketDate(now));
    // Recorded under the occurrence's own date, as the scheduler claims it.
    await recordSkippedOccurrence(trx, current.id, skipped.nominalDate, now);
    const next = runAfter(schedule, skipped);
    await notifyRecurringSkipped(trx, mailer, current, skipped, next?.date ?? null, now);
    return skipToOccurrence(trx, current.id, next?.date ?? null, now);
  });
}
