import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  ApiErrorCode,
  ApiPaths,
  CreateRecurringDepositRequest,
  DAILY_BANK_DEPOSIT_LIMIT_CENTS,
  dayNumber,
  moneyToCents,
  runAfter,
  RecurringAccountParams,
  RecurringDepositParams,
  RecurringDepositResponse,
  RecurringDepositsResponse,
  recurringStartDate,
  scheduleProblem,
  UpdateRecurringDepositRequest,
  type ScheduleProblem,
} from '../../api/contract';
import type { Database, RecurringDepositRow } from '../db/schema';
import { DepositApiErrorCode, DepositRefusals } from '../domain/depositErrors';
import { assertAmount, assertDepositRights, assertUsableMethod, isIra } from '../domain/deposits';
import { idempotencyKeyOf, runIdempotent } from '../domain/idempotency';
import { marketDate } from '../../api/contract/bankCalendar';
import { firstRunOf, presentRecurringDeposit, runFrom } from '../domain/recurringDeposits';
import { isUuid } from '../domain/tokens';
import { ApiError } from '../errors';
import { findOwnAccount, lockUser } from '../repositories/deposits';
import { findOwnLiveMethod } from '../repositories/paymentMethods';
import { rejectInvalidBody } from '../http/depositValidation';
import { isBusinessDay } from '../../api/contract/bankCalendar';
import type { RouteDeps } from './routeDeps';
import { notifyRecurringSkipped } from '../domain/notifications';

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
async function ownSchedule(db: Db, userId: string, accountUuid: string, id: string, lock = false): Promise<RecurringDepositRow> {
  if (!isUuid(id) || !isUuid(accountUuid)) throw scheduleNotFound();
  let query = db
    .selectFrom('recurring_deposits')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountUuid)
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELED');
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw scheduleNotFound();
  return row;
}

/** Recurring deposits at the spec's community-service paths (section 7). */
export function recurringDepositRoutes(deps: RouteDeps): FastifyPluginAsync {
  const { db, clock } = deps;

  return async (app) => {
    app.get<{ Params: { accountUuid: string }; Reply: RecurringDepositsResponse }>(
      ApiPaths.recurringDeposits,
      { schema: { params: RecurringAccountParams, response: { 200: RecurringDepositsResponse } } },
      async (request) => {
        const account = await findOwnAccount(db, request.userId, request.params.accountUuid);
        if (!account) throw DepositRefusals.accountNotFound();
        const rows = await db
          .selectFrom('recurring_deposits')
          .selectAll()
          .where('account_id', '=', account.id)
          .where('status', '!=', 'CANCELED')
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        return { recurringDeposits: rows.map(presentRecurringDeposit) };
      },
    );

    // Create: idempotent like a confirmation. Starts tomorrow at the earliest (the server's New York day); the
    // first deposit is on the first business day of the schedule from then (bank calendar).
    app.post<{ Params: { accountUuid: string }; Body: CreateRecurringDepositRequest; Reply: RecurringDepositResponse }>(
      ApiPaths.recurringDeposits,
      { schema: { params: RecurringAccountParams, body: CreateRecurringDepositRequest, response: { 201: RecurringDepositResponse } }, attachValidation: true },
      async (request, reply) => {
        rejectInvalidBody(request);
        const key = idempotencyKeyOf(request);
        const now = clock.now();
        const { userId } = request;
        const input = request.body.recurringDeposit;
        const answer = await runIdempotent<RecurringDepositResponse>(
          db,
          { userId, endpoint: 'recurringDepositCreate', key, request: { accountUuid: request.params.accountUuid, body: request.body }, now },
          async (trx) => {
            const user = await lockUser(trx, userId);
            const account = user ? await findOwnAccount(trx, userId, request.params.accountUuid) : undefined;
            if (!user || !account) throw DepositRefusals.accountNotFound();
            if (assertDepositRights(user, account).waitsForApproval) throw DepositRefusals.accountPending();
            if (input.fundingSourceType !== 'ACH') {
              throw DepositRefusals.invalidPaymentMethod('Recurring deposits come from a linked bank account.');
            }
            const method = await findOwnLiveMethod(trx, userId, input.fundingSourceId);
            if (!method) throw DepositRefusals.paymentMethodNotFound();
            if (assertUsableMethod(method, account) !== 'BANK') throw DepositRefusals.invalidPaymentMethod('Recurring deposits come from a linked bank account.');

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

            const row = await trx
              .insertInto('recurring_deposits')
              .values({
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
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            return { status: 201, body: { recurringDeposit: presentRecurringDeposit(row) } };
          },
        );
        return reply.code(answer.status).send(answer.body);
      },
    );

    // Pause or resume. Resuming checks the funding method again and moves a stale next date on to today.
    app.patch<{ Params: { accountUuid: string; recurringDepositId: string }; Body: UpdateRecurringDepositRequest; Reply: RecurringDepositResponse }>(
      ApiPaths.recurringDeposit,
      { schema: { params: RecurringDepositParams, body: UpdateRecurringDepositRequest, response: { 200: RecurringDepositResponse } } },
      async (request) => {
        const now = clock.now();
        const { userId } = request;
        const { accountUuid, recurringDepositId } = request.params;
        const row = await db.transaction().execute(async (trx) => {
          const current = await ownSchedule(trx, userId, accountUuid, recurringDepositId, true);
          if (request.body.status === 'PAUSED') {
            if (current.status === 'PAUSED') return current;
            return trx
              .updateTable('recurring_deposits')
              .set({ status: 'PAUSED', pause_reason: 'CUSTOMER', updated_at: now })
              .where('id', '=', current.id)
              .returningAll()
              .executeTakeFirstOrThrow();
          }
          if (current.status === 'ACTIVE') return current;
          const account = await findOwnAccount(trx, userId, current.account_id);
          const method = await findOwnLiveMethod(trx, userId, current.payment_method_id);
          if (!account || !method) throw DepositRefusals.notApproved('The bank account of this recurring deposit was removed. Please set up a new recurring deposit.');
          assertUsableMethod(method, account);
          const next = runFrom(
            { frequency: current.frequency, dayOfWeek: current.day_of_week, dayOfMonth: current.day_of_month },
            current.next_occurrence_date,
            marketDate(now),
          );
          return trx
            .updateTable('recurring_deposits')
            .set({ status: 'ACTIVE', pause_reason: null, next_occurrence_date: next.date, updated_at: now })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return { recurringDeposit: presentRecurringDeposit(row) };
      },
    );

    // Cancel: the schedule is kept as history (CANCELED) and no longer listed or run.
    app.delete<{ Params: { accountUuid: string; recurringDepositId: string } }>(
      ApiPaths.recurringDeposit,
      { schema: { params: RecurringDepositParams } },
      async (request, reply) => {
        const now = clock.now();
        await db.transaction().execute(async (trx) => {
          const current = await ownSchedule(trx, request.userId, request.params.accountUuid, request.params.recurringDepositId, true);
          await trx
            .updateTable('recurring_deposits')
            .set({ status: 'CANCELED', pause_reason: null, next_occurrence_date: null, updated_at: now })
            .where('id', '=', current.id)
            .execute();
        });
        return reply.code(204).send();
      },
    );

    // Skip the next occurrence: its date is recorded as skipped, so no instance can run it afterwards.
    app.post<{ Params: { accountUuid: string; recurringDepositId: string }; Reply: RecurringDepositResponse }>(
      ApiPaths.recurringDepositSkip,
      { schema: { params: RecurringDepositParams, response: { 200: RecurringDepositResponse } } },
      async (request) => {
        const now = clock.now();
        const row = await db.transaction().execute(async (trx) => {
          const current = await ownSchedule(trx, request.userId, request.params.accountUuid, request.params.recurringDepositId, true);
          if (current.status !== 'ACTIVE' || current.next_occurrence_date === null) {
            throw new ApiError(409, DepositApiErrorCode.RECURRING_NOT_ACTIVE, 'Only an active recurring deposit has a next deposit to skip.');
          }
          const schedule = { frequency: current.frequency, dayOfWeek: current.day_of_week, dayOfMonth: current.day_of_month };
          const skipped = runFrom(schedule, current.next_occurrence_date, marketDate(now));
          // Recorded under the occurrence's own date, as the scheduler claims it.
          await trx
            .insertInto('recurring_deposit_runs')
            .values({ recurring_deposit_id: current.id, occurrence_date: skipped.nominalDate, outcome: 'SKIPPED', created_at: now })
            .onConflict((oc) => oc.columns(['recurring_deposit_id', 'occurrence_date']).doNothing())
            .execute();
          const next = runAfter(schedule, skipped);
          await notifyRecurringSkipped(trx, deps.providers.mailer, current, skipped, next?.date ?? null, now);
          return trx
            .updateTable('recurring_deposits')
            .set({ next_occurrence_date: next?.date ?? null, updated_at: now })
            .where('id', '=', current.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return { recurringDeposit: presentRecurringDeposit(row) };
      },
    );
  };
}
