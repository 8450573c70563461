import { sql, type Transaction } from 'kysely';
import {
  centsToMoney,
  DepositErrorCode,
  firstOccurrenceOnOrAfter,
  iraRemainingCents,
  nextOccurrenceAfter,
  upcomingOccurrences,
  type RecurringDeposit,
  type RecurringPauseReason,
  type Schedule,
} from '../../api/contract';
import type { Database, RecurringDepositRow } from '../db/schema';
import { ApiError } from '../errors';
import { findOwnAccount, iraContributionsOf } from '../repositories/deposits';
import { findOwnLiveMethod } from '../repositories/paymentMethods';
import { DepositApiErrorCode } from './depositErrors';
import { assertUsableMethod, isIra, placeDeposit, type MoneyDeps } from './deposits';
import { marketDate } from '../../api/contract/bankCalendar';
import { publishLiveEvent } from '../events/liveEventChannel';

/** Dates shown for a schedule: the next occurrence and the ones after it, three in all. */
export const DATES_SHOWN = 3;

export const scheduleOf = (row: Pick<RecurringDepositRow, 'frequency' | 'day_of_week' | 'day_of_month'>): Schedule => ({
  frequency: row.frequency,
  dayOfWeek: row.day_of_week,
  dayOfMonth: row.day_of_month,
});

/** A paused schedule shows no dates: nothing will happen until it is resumed. */
export function presentRecurringDeposit(row: RecurringDepositRow): RecurringDeposit {
  const schedule = scheduleOf(row);
  const next = row.status === 'ACTIVE' ? row.next_occurrence_date : null;
  return {
    id: row.id,
    recurringDepositId: row.id,
    accountUuid: row.account_id,
    amount: centsToMoney(row.amount_cents),
    status: row.status,
    pauseReason: row.pause_reason,
    startDate: row.start_date,
    nextOccurrenceDate: next,
    upcomingDates: next ? upcomingOccurrences(schedule, next, DATES_SHOWN).slice(1) : [],
    fundingSourceId: row.payment_method_id,
    fundingSourceType: row.funding_source_type,
    schedules: [{ frequency: row.frequency, dayOfWeek: row.day_of_week, dayOfMonth: row.day_of_month }],
    iraContributionYear: row.ira_contribution_year,
  };
}

/** The first occurrence after `today` (missed occurrences are not made up for: one run per due date). */
export function occurrenceAfter(schedule: Schedule, occurrence: string, today: string): string | null {
  let next = nextOccurrenceAfter(schedule, occurrence);
  while (next !== null && next <= today) next = nextOccurrenceAfter(schedule, next);
  return next;
}

/** The first occurrence on or after `today`, counted from the stored next date (resuming a schedule). */
export function occurrenceFrom(schedule: Schedule, next: string | null, today: string): string {
  if (next === null) return firstOccurrenceOnOrAfter(schedule, today);
  let candidate: string | null = next;
  while (candidate !== null && candidate < today) candidate = nextOccurrenceAfter(schedule, candidate);
  return candidate ?? firstOccurrenceOnOrAfter(schedule, today);
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
  const due = await deps.db
    .selectFrom('recurring_deposits')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('next_occurrence_date', '<=', today)
    .orderBy('next_occurrence_date')
    .execute();
  const summary: RecurringRunSummary = { deposited: 0, paused: 0, failed: 0 };
  for (const { id } of due) {
    const outcome = await deps.db.transaction().execute((trx) => runOccurrence(trx, deps, id, now, today));
    if (outcome === 'DEPOSITED') summary.deposited += 1;
    else if (outcome === 'PAUSED') summary.paused += 1;
    else if (outcome === 'FAILED') summary.failed += 1;
  }
  return summary;
}

async function runOccurrence(trx: Transaction<Database>, deps: MoneyDeps, id: string, now: Date, today: string): Promise<'DEPOSITED' | 'PAUSED' | 'FAILED' | null> {
  // Locked and re-read: another instance may have run this occurrence while we were listing.
  const row = await trx
    .selectFrom('recurring_deposits')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where('next_occurrence_date', '<=', today)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.next_occurrence_date === null) return null;
  const occurrence = row.next_occurrence_date;
  const schedule = scheduleOf(row);

  const claimed = await trx
    .insertInto('recurring_deposit_runs')
    .values({ recurring_deposit_id: row.id, occurrence_date: occurrence, outcome: 'FAILED', created_at: now })
    .onConflict((oc) => oc.columns(['recurring_deposit_id', 'occurrence_date']).doNothing())
    .returning('occurrence_date')
    .executeTakeFirst();
  if (!claimed) {
    // This date was already run or skipped (say before a pause and resume): only move on.
    await trx.updateTable('recurring_deposits').set({ next_occurrence_date: occurrenceAfter(schedule, occurrence, today), updated_at: now }).where('id', '=', row.id).execute();
    return null;
  }

  const record = async (outcome: 'DEPOSITED' | 'PAUSED' | 'FAILED', fields: { depositId?: string; errorCode?: string } = {}) => {
    await trx
      .updateTable('recurring_deposit_runs')
      .set({ outcome, deposit_id: fields.depositId ?? null, error_code: fields.errorCode ?? null })
      .where('recurring_deposit_id', '=', row.id)
      .where('occurrence_date', '=', occurrence)
      .execute();
    // Every run changes what the customer sees (a new deposit, or a paused schedule): sent at commit.
    await publishLiveEvent(trx, row.user_id, { type: 'ORDER_UPDATED', ...(fields.depositId ? { depositId: fields.depositId } : {}) }, now);
  };
  const pause = async (reason: RecurringPauseReason, errorCode: string) => {
    await trx.updateTable('recurring_deposits').set({ status: 'PAUSED', pause_reason: reason, updated_at: now }).where('id', '=', row.id).execute();
    await record('PAUSED', { errorCode });
    return 'PAUSED' as const;
  };

  // Pause before trying when the method is gone or needs attention, or the IRA year has no room for it.
  const account = await findOwnAccount(trx, row.user_id, row.account_id);
  const method = await findOwnLiveMethod(trx, row.user_id, row.payment_method_id);
  if (!account) return pause('METHOD_UNAVAILABLE', DepositApiErrorCode.ACCOUNT_NOT_FOUND);
  if (!method) return pause('METHOD_UNAVAILABLE', DepositErrorCode.INVALID_PAYMENT_METHOD);
  try {
    assertUsableMethod(method, account);
  } catch (error) {
    if (error instanceof ApiError) return pause('METHOD_UNAVAILABLE', error.errorCode);
    throw error;
  }
  const taxYear = isIra(account) ? Number(occurrence.slice(0, 4)) : null;
  if (taxYear !== null) {
    const user = await trx.selectFrom('users').select(['birth_date']).where('id', '=', row.user_id).executeTakeFirstOrThrow();
    const { traditionalCents, rothCents } = await iraContributionsOf(trx, row.user_id, taxYear);
    if (row.amount_cents > iraRemainingCents(taxYear, user.birth_date, traditionalCents + rothCents)) return pause('IRA_LIMIT', DepositApiErrorCode.IRA_LIMIT_EXCEEDED);
  }

  await sql`savepoint recurring_run`.execute(trx);
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
    await trx.updateTable('recurring_deposits').set({ next_occurrence_date: occurrenceAfter(schedule, occurrence, today), updated_at: now }).where('id', '=', row.id).execute();
    return 'DEPOSITED';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    await sql`rollback to savepoint recurring_run`.execute(trx);
    const reason = pauseReasonFor(error.errorCode);
    if (reason) return pause(reason, error.errorCode);
    await record('FAILED', { errorCode: error.errorCode });
    await trx.updateTable('recurring_deposits').set({ next_occurrence_date: occurrenceAfter(schedule, occurrence, today), updated_at: now }).where('id', '=', row.id).execute();
    return 'FAILED';
  }
}

/** Schedules funded by a removed method pause at once (not only at their next run). */
export async function pauseSchedulesOfMethod(trx: Transaction<Database>, paymentMethodId: string, now: Date): Promise<void> {
  await trx
    .updateTable('recurring_deposits')
    .set({ status: 'PAUSED', pause_reason: 'METHOD_UNAVAILABLE', updated_at: now })
    .where('payment_method_id', '=', paymentMethodId)
    .where('status', '=', 'ACTIVE')
    .execute();
}
