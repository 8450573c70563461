import type { Transaction } from 'kysely';
import {
  centsToMoney,
  DepositErrorCode,
  firstRunOnOrAfter,
  iraRemainingCents,
  runAfter,
  runOn,
  upcomingRuns,
  type RecurringDeposit,
  type RecurringPauseReason,
  type Schedule,
  type ScheduledOccurrence,
  type ScheduledRun,
} from '../../api/contract';
import type { Database, RecurringDepositRow, RecurringRunOutcome } from '../db/schema';
import { ApiError } from '../errors';
import { findOwnAccount, iraContributionsOf } from '../repositories/deposits';
import { findOwnLiveMethod } from '../repositories/paymentMethods';
import {
  claimOccurrence,
  listDueScheduleIds,
  lockDueSchedule,
  pauseScheduleFor,
  recordOccurrenceOutcome,
  setNextOccurrence,
} from '../repositories/recurringDeposits';
import { rollbackToSavepoint, setSavepoint } from '../repositories/savepoints';
import { findBirthDate } from '../repositories/users';
import { DepositApiErrorCode } from './depositErrors';
import { assertUsableMethod, isIra, placeDeposit, type MoneyDeps } from './deposits';
import { marketDate } from '../../api/contract/bankCalendar';
import { publishLiveEvent } from '../events/liveEventChannel';
import { notifyRecurringFailed, notifyRecurringPaused, notifyRecurringRan } from './notifications';

/** Dates shown for a schedule: the next occurrence and the ones after it, three in all. */
export const DATES_SHOWN = 3;

export const scheduleOf = (row: Pick<RecurringDepositRow, 'frequency' | 'day_of_week' | 'day_of_month'>): Schedule => ({
  frequency: row.frequency,
  dayOfWeek: row.day_of_week,
  dayOfMonth: row.day_of_month,
});

/** How the API tells a run: its day, and its own date and why when it moved. */
export const occurrenceOf = (run: ScheduledRun): ScheduledOccurrence => ({
  date: run.date,
  movedFrom: run.movedReason === null ? null : { date: run.nominalDate, reason: run.movedReason },
});

/**
 * A paused schedule shows no dates: nothing will happen until it is resumed. `next_occurrence_date` holds the
 * day the next deposit is really made (a business day); its own date and any move come from the schedule.
 */
export function presentRecurringDeposit(row: RecurringDepositRow): RecurringDeposit {
  const schedule = scheduleOf(row);
  const next = row.status === 'ACTIVE' ? row.next_occurrence_date : null;
  const runs = next ? upcomingRuns(schedule, runOn(schedule, next), DATES_SHOWN) : [];
  return {
    id: row.id,
    recurringDepositId: row.id,
    accountUuid: row.account_id,
    amount: centsToMoney(row.amount_cents),
    status: row.status,
    pauseReason: row.pause_reason,
    startDate: row.start_date,
    nextOccurrenceDate: runs[0]?.date ?? null,
    upcomingDates: runs.slice(1).map((run) => run.date),
    nextOccurrences: runs.map(occurrenceOf),
    fundingSourceId: row.payment_method_id,
    fundingSourceType: row.funding_source_type,
    schedules: [{ frequency: row.frequency, dayOfWeek: row.day_of_week, dayOfMonth: row.day_of_month }],
    iraContributionYear: row.ira_contribution_year,
  };
}

/** The first run of a new schedule starting on `startDate`. */
export const firstRunOf = (schedule: Schedule, startDate: string): ScheduledRun => firstRunOnOrAfter(schedule, startDate);

/** The first run after `run` whose day is after `today` (missed occurrences are not made up for: one run per due date). */
export function runAfterToday(schedule: Schedule, run: ScheduledRun, today: string): ScheduledRun | null {
  let next = runAfter(schedule, run);
  while (next !== null && next.date <= today) next = runAfter(schedule, next);
  return next;
}

/**
 * The first run on or after `today`, counted from the stored next run day (resuming, skipping). Null next: the
 * first run from today.
 */
export function runFrom(schedule: Schedule, next: string | null, today: string): ScheduledRun {
  if (next === null) return firstRunOnOrAfter(schedule, today);
  let candidate: ScheduledRun | null = runOn(schedule, next);
  while (candidate !== null && candidate.date < today) candidate = runAfter(schedule, candidate);
  return candidate ?? firstRunOnOrAfter(schedule, today);
}

/** Why a refused occurrence pauses its schedule (section 4); null: the run fails, the schedule carries on. */
export function pauseReasonFor(errorCode: string): RecurringPauseReason | null {
  switch (errorCode) {
    case DepositErrorCode.INSUFFICIENT_FUNDS:
      return 'INSUFFICIENT_FUNDS';
    case DepositErrorCode.INVALID_PAYMENT_METHOD:
    case DepositErrorCode.PAYMENT_METHOD_NOT_APPROVED:
      return 'METHOD_UNAVAILABLE';
    case DepositApiErrorCode.IRA_LIMIT_EXCEEDED:
    case DepositApiErrorCode.IRA_YEAR_CLOSED:
      return 'IRA_LIMIT';
    default:
      return null;
  }
}

export interface RecurringRunSummary {
  deposited: number;
  paused: number;
  failed: number;
}

/**
 * Runs every active schedule whose next date has come (market calendar day). Each occurrence is claimed by
 * its (schedule, date) row and the schedule row is locked, so two server instances running at once make
 * one deposit; the deposit goes through the same rules and writes as a confirmed one-time deposit.
 */
export async function runDueRecurringDeposits(deps: MoneyDeps): Promise<RecurringRunSummary> {
  const now = deps.clock.now();
  const today = marketDate(now);
  const due = await listDueScheduleIds(deps.db, today);
  const summary: RecurringRunSummary = { deposited: 0, paused: 0, failed: 0 };
  for (const { id } of due) {
    const ran = await deps.db.transaction().execute((trx) => runOccurrence(trx, deps, id, now, today));
    // Counted once committed.
    if (ran) deps.metrics?.recurringRun(RUN_METRIC[ran.outcome], ran.errorCode);
    const outcome = ran?.outcome;
    if (outcome === 'DEPOSITED') summary.deposited += 1;
    else if (outcome === 'PAUSED') summary.paused += 1;
    else if (outcome === 'FAILED') summary.failed += 1;
  }
  return summary;
}

const RUN_METRIC = { DEPOSITED: 'made', PAUSED: 'paused', FAILED: 'failed', SKIPPED: 'skipped' } as const satisfies Record<
  RecurringRunOutcome,
  string
>;

/** What one occurrence came to; SKIPPED: it was already run, or skipped by the customer, so it was only passed. */
type OccurrenceRun = { outcome: RecurringRunOutcome; errorCode?: string };

async function runOccurrence(
  trx: Transaction<Database>,
  deps: MoneyDeps,
  id: string,
  now: Date,
  today: string,
): Promise<OccurrenceRun | null> {
  // Locked and re-read: another instance may have run this occurrence while we were listing.
  const row = await lockDueSchedule(trx, id, today);
  if (!row || row.next_occurrence_date === null) return null;
  const schedule = scheduleOf(row);
  const run = runOn(schedule, row.next_occurrence_date);
  const moveOn = () => setNextOccurrence(trx, row.id, runAfterToday(schedule, run, today)?.date ?? null, now);
  if (run.date > today) {
    // A day stored before the bank calendar (a daily on a Saturday): it runs on its business day, not today.
    await setNextOccurrence(trx, row.id, run.date, now);
    return null;
  }
  // Runs are keyed by the occurrence's own date, so a moved occurrence is one run whatever day it is made on.
  const occurrence = run.nominalDate;

  if (!(await claimOccurrence(trx, row.id, occurrence, now))) {
    // This occurrence was already run or skipped (say before a pause and resume): only move on.
    await moveOn();
    return { outcome: 'SKIPPED' };
  }

  const record = async (outcome: 'DEPOSITED' | 'PAUSED' | 'FAILED', fields: { depositId?: string; errorCode?: string } = {}) => {
    await recordOccurrenceOutcome(trx, row.id, occurrence, outcome, fields);
    // Every run changes what the customer sees (a new deposit, or a paused schedule): sent at commit.
    await publishLiveEvent(trx, row.user_id, { type: 'ORDER_UPDATED', ...(fields.depositId ? { depositId: fields.depositId } : {}) }, now);
  };
  const mailer = deps.providers.mailer;
  const pause = async (reason: RecurringPauseReason, errorCode: string, refusal = '') => {
    await pauseScheduleFor(trx, row.id, reason, now);
    await record('PAUSED', { errorCode });
    await notifyRecurringPaused(trx, mailer, row, run, reason, refusal, now);
    return { outcome: 'PAUSED' as const, errorCode };
  };

  // Pause before trying when the method is gone or needs attention, or the IRA year has no room for it.
  const account = await findOwnAccount(trx, row.user_id, row.account_id);
  const method = await findOwnLiveMethod(trx, row.user_id, row.payment_method_id);
  if (!account) return pause('METHOD_UNAVAILABLE', DepositApiErrorCode.ACCOUNT_NOT_FOUND);
  if (!method) return pause('METHOD_UNAVAILABLE', DepositErrorCode.INVALID_PAYMENT_METHOD);
  try {
    assertUsableMethod(method, account);
  } catch (error) {
    if (error instanceof ApiError) return pause('METHOD_UNAVAILABLE', error.errorCode, error.message);
    throw error;
  }
  // The tax year the money goes in: a 31 December occurrence moved into January counts toward the new year.
  const taxYear = isIra(account) ? Number(run.date.slice(0, 4)) : null;
  if (taxYear !== null) {
    const birthDate = await findBirthDate(trx, row.user_id);
    const { traditionalCents, rothCents } = await iraContributionsOf(trx, row.user_id, taxYear);
    if (row.amount_cents > iraRemainingCents(taxYear, birthDate, traditionalCents + rothCents))
      return pause('IRA_LIMIT', DepositApiErrorCode.IRA_LIMIT_EXCEEDED);
  }

  await setSavepoint(trx, 'recurring_run');
  try {
    const { made } = await placeDeposit(
      trx,
      deps,
      {
        userId: row.user_id,
        accountUuid: row.account_id,
        paymentMethodId: row.payment_method_id,
        amountCents: row.amount_cents,
        iraContributionYear: taxYear,
        recurringDepositId: row.id,
      },
      now,
    );
    await record('DEPOSITED', { depositId: made.deposit.id });
    await moveOn();
    await notifyRecurringRan(trx, mailer, row, run, runAfterToday(schedule, run, today)?.date ?? null, now);
    return { outcome: 'DEPOSITED' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await rollbackToSavepoint(trx, 'recurring_run');
    const reason = pauseReasonFor(error.errorCode);
    if (reason) return pause(reason, error.errorCode, error.message);
    await record('FAILED', { errorCode: error.errorCode });
    await moveOn();
    await notifyRecurringFailed(trx, mailer, row, run, error.message, runAfterToday(schedule, run, today)?.date ?? null, now);
    return { outcome: 'FAILED', errorCode: error.errorCode };
  }
}
