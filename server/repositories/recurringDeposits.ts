import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, RecurringDepositRow, RecurringDepositsTable, RecurringRunOutcome } from '../db/schema';
import type { RecurringPauseReason } from '../../api/contract';

type Db = Kysely<Database> | Transaction<Database>;

/** A live (not cancelled) schedule of the customer's account, locked for the transaction when asked. */
export function findOwnSchedule(
  db: Db,
  userId: string,
  accountUuid: string,
  id: string,
  lock = false,
): Promise<RecurringDepositRow | undefined> {
  let query = db
    .selectFrom('recurring_deposits')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountUuid)
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELED');
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The account's live schedules, oldest first. */
export function listLiveSchedulesOfAccount(db: Db, accountId: string): Promise<RecurringDepositRow[]> {
  return db
    .selectFrom('recurring_deposits')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('status', '!=', 'CANCELED')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertSchedule(trx: Transaction<Database>, schedule: Insertable<RecurringDepositsTable>): Promise<RecurringDepositRow> {
  return trx.insertInto('recurring_deposits').values(schedule).returningAll().executeTakeFirstOrThrow();
}

/** The customer paused the schedule. */
export function pauseScheduleByCustomer(trx: Transaction<Database>, id: string, now: Date): Promise<RecurringDepositRow> {
  return trx
    .updateTable('recurring_deposits')
    .set({ status: 'PAUSED', pause_reason: 'CUSTOMER', updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The schedule runs again from `nextDate`. */
export function resumeSchedule(trx: Transaction<Database>, id: string, nextDate: string, now: Date): Promise<RecurringDepositRow> {
  return trx
    .updateTable('recurring_deposits')
    .set({ status: 'ACTIVE', pause_reason: null, next_occurrence_date: nextDate, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Cancelled: kept as history, no longer listed or run. */
export async function cancelSchedule(trx: Transaction<Database>, id: string, now: Date): Promise<void> {
  await trx
    .updateTable('recurring_deposits')
    .set({ status: 'CANCELED', pause_reason: null, next_occurrence_date: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Moves the schedule's next run day. */
export async function setNextOccurrence(trx: Transaction<Database>, id: string, nextDate: string | null, now: Date): Promise<void> {
  await trx.updateTable('recurring_deposits').set({ next_occurrence_date: nextDate, updated_at: now }).where('id', '=', id).execute();
}

/** Moves the schedule's next run day past a skipped one, and answers the schedule. */
export function skipToOccurrence(trx: Transaction<Database>, id: string, nextDate: string | null, now: Date): Promise<RecurringDepositRow> {
  return trx
    .updateTable('recurring_deposits')
    .set({ next_occurrence_date: nextDate, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The schedule pauses for a reason of the runner (a refused occurrence, a method gone). */
export async function pauseScheduleFor(trx: Transaction<Database>, id: string, reason: RecurringPauseReason, now: Date): Promise<void> {
  await trx
    .updateTable('recurring_deposits')
    .set({ status: 'PAUSED', pause_reason: reason, updated_at: now })
    .where('id', '=', id)
    .execute();
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

/** The ids of the active schedules whose next run day has come, earliest first. */
export async function listDueScheduleIds(db: Db, today: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('recurring_deposits')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .where('next_occurrence_date', '<=', today)
    .orderBy('next_occurrence_date')
    .execute();
}

/** A due schedule, locked and re-read: another instance may have run this occurrence in the meantime. */
export function lockDueSchedule(trx: Transaction<Database>, id: string, today: string): Promise<RecurringDepositRow | undefined> {
  return trx
    .selectFrom('recurring_deposits')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where('next_occurrence_date', '<=', today)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Claims an occurrence by its (schedule, date) row, as FAILED until it is known better; false when it was already
 * run or skipped.
 */
export async function claimOccurrence(trx: Transaction<Database>, scheduleId: string, occurrenceDate: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('recurring_deposit_runs')
    .values({ recurring_deposit_id: scheduleId, occurrence_date: occurrenceDate, outcome: 'FAILED', created_at: now })
    .onConflict((oc) => oc.columns(['recurring_deposit_id', 'occurrence_date']).doNothing())
    .returning('occurrence_date')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The customer skipped an occurrence: no instance can run it afterwards. */
export async function recordSkippedOccurrence(
  trx: Transaction<Database>,
  scheduleId: string,
  occurrenceDate: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('recurring_deposit_runs')
    .values({ recurring_deposit_id: scheduleId, occurrence_date: occurrenceDate, outcome: 'SKIPPED', created_at: now })
    .onConflict((oc) => oc.columns(['recurring_deposit_id', 'occurrence_date']).doNothing())
    .execute();
}

/** What a claimed occurrence came to. */
export async function recordOccurrenceOutcome(
  trx: Transaction<Database>,
  scheduleId: string,
  occurrenceDate: string,
  outcome: Exclude<RecurringRunOutcome, 'SKIPPED'>,
  fields: { depositId?: string; errorCode?: string },
): Promise<void> {
  await trx
    .updateTable('recurring_deposit_runs')
    .set({ outcome, deposit_id: fields.depositId ?? null, error_code: fields.errorCode ?? null })
    .where('recurring_deposit_id', '=', scheduleId)
    .where('occurrence_date', '=', occurrenceDate)
    .execute();
}
