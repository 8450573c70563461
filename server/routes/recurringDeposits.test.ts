import { randomUUID } from 'node:crypto';
import {
  apiPath,
  ApiPaths,
  DepositErrorCode,
  type CreateRecurringDepositRequest,
  type RecurringDeposit,
  type RecurringDepositResponse,
  type RecurringDepositsResponse,
  type RecurringSchedule,
} from '../../api/contract';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { accountOf, bankOf, call, cardOf, depositsOf, errorOf, usd, withKey } from '../testing/depositKit';
import { freshCustomer, methodPath, signedInCustomer, type Customer } from '../testing/fundingKit';
import { buildTestApp, TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Monday 2 March 2026, 10:00 in New York (TEST_NOW): "tomorrow" is Tuesday 3 March.
const MONDAY_MORNING = TEST_NOW;
const { app, db, clock } = useTestApp({ clockAt: MONDAY_MORNING });

const listPath = (accountUuid: string) => apiPath(ApiPaths.recurringDeposits, { accountUuid });
const itemPath = (accountUuid: string, recurringDepositId: string) => apiPath(ApiPaths.recurringDeposit, { accountUuid, recurringDepositId });
const skipPath = (accountUuid: string, recurringDepositId: string) => apiPath(ApiPaths.recurringDepositSkip, { accountUuid, recurringDepositId });

type Input = Partial<Omit<CreateRecurringDepositRequest['recurringDeposit'], 'amount'>> & { amount?: string };

interface Setup {
  customer: Customer;
  accountUuid: string;
  methodId: string;
  create(input?: Input, key?: string): ReturnType<typeof call>;
  list(as?: Customer): Promise<RecurringDeposit[]>;
}

async function setup(template = 'card@fundflow.test', variant: 'US' | 'ROTH_IRA' = 'US'): Promise<Setup> {
  const customer = await freshCustomer(app, template);
  const accountUuid = (await accountOf(customer, variant)).accountUuid;
  const methodId = (await bankOf(customer)).id;
  const weeklyMonday: RecurringSchedule = { frequency: 'WEEKLY', dayOfWeek: 'MONDAY' };
  return {
    customer,
    accountUuid,
    methodId,
    create: ({ amount = '100.00', ...input } = {}, key = randomUUID()) =>
      call(
        app,
        customer,
        'POST',
        listPath(accountUuid),
        { recurringDeposit: { fundingSourceId: methodId, fundingSourceType: 'ACH', startDate: '2026-03-03', schedule: weeklyMonday, ...input, amount: usd(amount) } },
        withKey(key),
      ),
    list: async (as = customer) => (await as.get(listPath(accountUuid))).json<RecurringDepositsResponse>().recurringDeposits,
  };
}

const created = (response: { json: <T>() => T }) => response.json<RecurringDepositResponse>().recurringDeposit;
/** Sets the clock and signs the customer in again (access tokens live 15 minutes). */
async function at(time: string, customer: Customer) {
  clock.set(time);
  return signedInCustomer(app, customer.email);
}
const recurringDepositsOf = async (customer: Customer, scheduleId: string) => (await depositsOf(customer)).filter((deposit) => deposit.recurringDepositId === scheduleId);

describe('creating a recurring deposit', () => {
  it('creates a weekly schedule starting tomorrow with its next three dates, and lists it', async () => {
    const { create, list, accountUuid, methodId } = await setup();
    const response = await create();
    expect(response.statusCode).toBe(201);
    const schedule = created(response);
    expect(schedule).toEqual({
      id: schedule.id,
      recurringDepositId: schedule.id,
      accountUuid,
      amount: usd('100.00'),
      status: 'ACTIVE',
      pauseReason: null,
      startDate: '2026-03-03',
      nextOccurrenceDate: '2026-03-09',
      upcomingDates: ['2026-03-16', '2026-03-23'],
      nextOccurrences: ['2026-03-09', '2026-03-16', '2026-03-23'].map((date) => ({ date, movedFrom: null })),
      fundingSourceId: methodId,
      fundingSourceType: 'ACH',
      schedules: [{ frequency: 'WEEKLY', dayOfWeek: 'MONDAY', dayOfMonth: null }],
      iraContributionYear: null,
    });
    expect(await list()).toEqual([schedule]);
  });

  it.each<[string, RecurringSchedule, string, string[]]>([
    ['daily', { frequency: 'DAILY' }, '2026-03-03', ['2026-03-03', '2026-03-04', '2026-03-05']],
    ['every two weeks on Friday', { frequency: 'FORTNIGHTLY', dayOfWeek: 'FRIDAY' }, '2026-03-03', ['2026-03-06', '2026-03-20', '2026-04-03']],
    ['monthly on the 31st (short months end early)', { frequency: 'MONTHLY', dayOfMonth: 31 }, '2026-03-03', ['2026-03-31', '2026-04-30', '2026-06-01']], // 31 May 2026 is a Sunday,
    ['monthly on the 30th across a leap February', { frequency: 'MONTHLY', dayOfMonth: 30 }, '2028-02-01', ['2028-02-29', '2028-03-30', '2028-05-01']], // 30 April 2028 is a Sunday,
    ['monthly on the 29th in a common year', { frequency: 'MONTHLY', dayOfMonth: 29 }, '2027-01-30', ['2027-03-01', '2027-03-29', '2027-04-29']], // 28 February 2027 is a Sunday,
    ['monthly at the year end', { frequency: 'MONTHLY', dayOfMonth: 15 }, '2026-11-20', ['2026-12-15', '2027-01-15', '2027-02-16']], // 15 February 2027 is Washington's Birthday,
  ])('computes the days a %s schedule deposits (moved off weekends and Fed holidays)', async (_name, schedule, startDate, dates) => {
    const { create } = await setup();
    const made = created(await create({ schedule, startDate }));
    expect([made.nextOccurrenceDate, ...made.upcomingDates]).toEqual(dates);
  });

  it('refuses a start before tomorrow, a bad schedule, weekends and one-time schedules on a non-business day (400)', async () => {
    const { create } = await setup();
    const cases: Input[] = [
      { startDate: '2026-03-02' },
      { startDate: '2026-02-30' },
      { schedule: { frequency: 'WEEKLY' } },
      { schedule: { frequency: 'WEEKLY', dayOfWeek: 'SATURDAY' } },
      { schedule: { frequency: 'MONTHLY', dayOfWeek: 'MONDAY', dayOfMonth: 3 } },
      { schedule: { frequency: 'MONTHLY' } },
      { schedule: { frequency: 'ONE_TIME' }, startDate: '2026-03-07' }, // a Saturday
      { schedule: { frequency: 'ONE_TIME' }, startDate: '2026-05-25' }, // Memorial Day
    ];
    for (const input of cases) {
      const refused = await create(input);
      expect([JSON.stringify(input), refused.statusCode, errorOf(refused).errorCode]).toEqual([JSON.stringify(input), 400, 'VALIDATION_FAILED']);
    }
    expect(errorOf(await create({ startDate: '2026-03-02' })).message).toBe('A recurring deposit starts tomorrow at the earliest.');
    expect(errorOf(await create({ schedule: { frequency: 'WEEKLY', dayOfWeek: 'SUNDAY' } })).message).toBe('Deposits cannot be scheduled on a Saturday or Sunday.');
  });

  it('a ONE_TIME schedule (the rest of a split deposit) is made once, on its business day, then has no next date', async () => {
    const { create } = await setup();
    const made = created(await create({ schedule: { frequency: 'ONE_TIME' }, startDate: '2026-03-03' }));
    expect(made).toMatchObject({ startDate: '2026-03-03', nextOccurrenceDate: '2026-03-03', upcomingDates: [], schedules: [{ frequency: 'ONE_TIME', dayOfWeek: null, dayOfMonth: null }] });
    const madeFromIt = () => db.selectFrom('deposits').select('amount_cents').where('recurring_deposit_id', '=', made.id).execute();
    clock.set('2026-03-03T14:00:00Z');
    await app.depositJobs.runOnce();
    clock.set('2026-03-04T14:00:00Z');
    await app.depositJobs.runOnce();
    expect(await madeFromIt()).toHaveLength(1);
    const row = await db.selectFrom('recurring_deposits').select('next_occurrence_date').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.next_occurrence_date).toBeNull();
  });

  it('refuses debit cards and buying power as sources (DE#00000) and amounts over the daily limit (DE#00003)', async () => {
    const alex = await setup('alex@fundflow.test');
    const card = await cardOf(alex.customer);
    expect(errorOf(await alex.create({ fundingSourceType: 'DEBIT_CARD', fundingSourceId: card.id })).errorCode).toBe(DepositErrorCode.INVALID_PAYMENT_METHOD);
    expect(errorOf(await alex.create({ fundingSourceType: 'ACH', fundingSourceId: card.id })).errorCode).toBe(DepositErrorCode.INVALID_PAYMENT_METHOD);
    expect(errorOf(await alex.create({ fundingSourceType: 'BUYING_POWER', fundingSourceId: alex.accountUuid })).errorCode).toBe(DepositErrorCode.INVALID_PAYMENT_METHOD);
    expect(errorOf(await alex.create({ amount: '50000.01' })).errorCode).toBe(DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED);
    expect((await alex.create({ amount: '50000.00' })).statusCode).toBe(201);
  });

  it('needs an Idempotency-Key; a repeat answers the first result; another body with the key is refused', async () => {
    const { customer, accountUuid, create, list } = await setup();
    const missing = await call(app, customer, 'POST', listPath(accountUuid), {
      recurringDeposit: { amount: usd('10.00'), fundingSourceId: randomUUID(), fundingSourceType: 'ACH', startDate: '2026-03-03', schedule: { frequency: 'DAILY' } },
    });
    expect(errorOf(missing).errorCode).toBe(DepositApiErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    const key = randomUUID();
    const [first, second] = await Promise.all([create({}, key), create({}, key)]);
    expect([second.statusCode, second.json()]).toEqual([first.statusCode, first.json()]);
    expect((await list()).length).toBe(1);
    expect(errorOf(await create({ amount: '200.00' }, key)).errorCode).toBe(DepositApiErrorCode.IDEMPOTENCY_KEY_REUSED);
  });

  it('counts IRA schedules toward the current tax year only', async () => {
    const { create } = await setup('alex@fundflow.test', 'ROTH_IRA');
    expect(errorOf(await create()).errorCode).toBe(DepositApiErrorCode.IRA_YEAR_REQUIRED);
    expect(errorOf(await create({ iraContributionYear: 2025 })).errorCode).toBe(DepositApiErrorCode.IRA_YEAR_CLOSED);
    expect(created(await create({ iraContributionYear: 2026 })).iraContributionYear).toBe(2026);
  });

  it("answers 404 for another customer's account and refuses a pending application (DE#00011)", async () => {
    const mine = await setup();
    const theirs = await setup();
    const daily = (fundingSourceId: string) => ({
      recurringDeposit: { amount: usd('50.00'), fundingSourceId, fundingSourceType: 'ACH', startDate: '2026-03-03', schedule: { frequency: 'DAILY' } },
    });
    const foreign = await call(app, mine.customer, 'POST', listPath(theirs.accountUuid), daily(mine.methodId), withKey(randomUUID()));
    expect([foreign.statusCode, errorOf(foreign).errorCode]).toEqual([404, DepositApiErrorCode.ACCOUNT_NOT_FOUND]);
    expect((await mine.customer.get(listPath(theirs.accountUuid))).statusCode).toBe(404);

    const pending = await freshCustomer(app, 'pending@fundflow.test');
    const brokerage = await accountOf(pending, 'US');
    const refused = await call(app, pending, 'POST', listPath(brokerage.accountUuid), daily(randomUUID()), withKey(randomUUID()));
    expect(errorOf(refused).errorCode).toBe(DepositErrorCode.ACCOUNT_PENDING);
  });
});

describe('managing a recurring deposit', () => {
  it('pauses (no dates shown) and resumes', async () => {
    const { customer, accountUuid, create } = await setup();
    const schedule = created(await create());
    const paused = await call(app, customer, 'PATCH', itemPath(accountUuid, schedule.id), { status: 'PAUSED' });
    expect(paused.statusCode).toBe(200);
    expect(created(paused)).toMatchObject({ status: 'PAUSED', pauseReason: 'CUSTOMER', nextOccurrenceDate: null, upcomingDates: [] });
    const resumed = created(await call(app, customer, 'PATCH', itemPath(accountUuid, schedule.id), { status: 'ACTIVE' }));
    expect(resumed).toMatchObject({ status: 'ACTIVE', pauseReason: null, nextOccurrenceDate: '2026-03-09' });
  });

  it('resumes a schedule paused past its next date from today on', async () => {
    const { customer, accountUuid, create } = await setup();
    const schedule = created(await create());
    await call(app, customer, 'PATCH', itemPath(accountUuid, schedule.id), { status: 'PAUSED' });
    const later = await at('2026-03-18T15:00:00Z', customer); // a Wednesday
    const resumed = created(await call(app, later, 'PATCH', itemPath(accountUuid, schedule.id), { status: 'ACTIVE' }));
    expect([resumed.nextOccurrenceDate, ...resumed.upcomingDates]).toEqual(['2026-03-23', '2026-03-30', '2026-04-06']);
  });

  it('skips the next occurrence, which then never runs', async () => {
    const { customer, accountUuid, create } = await setup();
    const schedule = created(await create());
    const skipped = await call(app, customer, 'POST', skipPath(accountUuid, schedule.id));
    expect(skipped.statusCode).toBe(200);
    expect(created(skipped)).toMatchObject({ nextOccurrenceDate: '2026-03-16', upcomingDates: ['2026-03-23', '2026-03-30'] });
    clock.set('2026-03-09T15:00:00Z');
    await app.depositJobs.runOnce();
    const monday = await signedInCustomer(app, customer.email);
    expect(await recurringDepositsOf(monday, schedule.id)).toEqual([]);
    clock.set('2026-03-16T15:00:00Z');
    await app.depositJobs.runOnce();
    expect((await recurringDepositsOf(await signedInCustomer(app, customer.email), schedule.id)).length).toBe(1);
  });

  it('cancels with DELETE: 204, no longer listed, no longer run or changed', async () => {
    const { customer, accountUuid, create, list } = await setup();
    const schedule = created(await create());
    const deleted = await call(app, customer, 'DELETE', itemPath(accountUuid, schedule.id));
    expect(deleted.statusCode).toBe(204);
    expect(await list()).toEqual([]);
    expect((await call(app, customer, 'PATCH', itemPath(accountUuid, schedule.id), { status: 'ACTIVE' })).statusCode).toBe(404);
    expect((await call(app, customer, 'POST', skipPath(accountUuid, schedule.id))).statusCode).toBe(404);
    expect((await db.selectFrom('recurring_deposits').select('status').where('id', '=', schedule.id).executeTakeFirstOrThrow()).status).toBe('CANCELED');
    clock.set('2026-03-09T15:00:00Z');
    await app.depositJobs.runOnce();
    expect(await recurringDepositsOf(await signedInCustomer(app, customer.email), schedule.id)).toEqual([]);
  });

  it("answers 404 for another customer's schedule", async () => {
    const mine = await setup();
    const theirs = await setup();
    const schedule = created(await theirs.create());
    for (const response of [
      await call(app, mine.customer, 'PATCH', itemPath(theirs.accountUuid, schedule.id), { status: 'PAUSED' }),
      await call(app, mine.customer, 'DELETE', itemPath(theirs.accountUuid, schedule.id)),
      await call(app, mine.customer, 'POST', skipPath(theirs.accountUuid, schedule.id)),
      await call(app, mine.customer, 'DELETE', itemPath(mine.accountUuid, schedule.id)),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect((await theirs.list()).map((listed) => listed.status)).toEqual(['ACTIVE']);
  });
});

describe('the recurring deposit scheduler', () => {
  it('runs a due occurrence once through the confirm path and moves to the next date', async () => {
    const { customer, accountUuid, create, list } = await setup();
    const schedule = created(await create());
    clock.set('2026-03-09T05:00:00Z'); // midnight in New York: the day has come
    await app.depositJobs.runOnce();
    await app.depositJobs.runOnce();
    const monday = await signedInCustomer(app, customer.email);
    const made = await recurringDepositsOf(monday, schedule.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'CONFIRMED', amount: usd('100.00'), destinationAccountUuid: accountUuid, instantAmount: usd('100.00') });
    expect(made[0].events[0]).toMatchObject({ type: 'DEPOSIT_SCHEDULED', completed: true });
    expect((await list(monday))[0]).toMatchObject({ nextOccurrenceDate: '2026-03-16', upcomingDates: ['2026-03-23', '2026-03-30'] });
  });

  it('makes one deposit when two app instances run the scheduler at the same time', async () => {
    const { customer, create } = await setup();
    const schedule = created(await create());
    const second = buildTestApp(db, { now: '2026-03-09T15:00:00Z' });
    await second.app.ready();
    try {
      clock.set('2026-03-09T15:00:00Z');
      await Promise.all([app.depositJobs.runOnce(), second.app.depositJobs.runOnce(), app.depositJobs.runOnce(), second.app.depositJobs.runOnce()]);
      expect(await recurringDepositsOf(await signedInCustomer(app, customer.email), schedule.id)).toHaveLength(1);
      const runs = await db.selectFrom('recurring_deposit_runs').selectAll().where('recurring_deposit_id', '=', schedule.id).execute();
      expect(runs.map((run) => [run.occurrence_date, run.outcome])).toEqual([['2026-03-09', 'DEPOSITED']]);
    } finally {
      await second.app.close();
    }
  });

  it('pauses itself on insufficient funds', async () => {
    const { customer, create, list } = await setup();
    const schedule = created(await create({ amount: '100.04' }));
    clock.set('2026-03-09T15:00:00Z');
    await app.depositJobs.runOnce();
    const monday = await signedInCustomer(app, customer.email);
    expect(await recurringDepositsOf(monday, schedule.id)).toEqual([]);
    expect((await list(monday))[0]).toMatchObject({ status: 'PAUSED', pauseReason: 'INSUFFICIENT_FUNDS' });
  });

  it('pauses itself when its bank needs relinking, and at once when the bank is removed', async () => {
    const relinking = await setup();
    const first = created(await relinking.create());
    expect((await relinking.customer.send('POST', methodPath(ApiPaths.sandboxResetLogin, relinking.methodId))).statusCode).toBe(200);
    const removed = await setup();
    const second = created(await removed.create());
    expect((await removed.customer.send('DELETE', methodPath(ApiPaths.paymentMethod, removed.methodId))).statusCode).toBe(204);
    expect((await removed.list())[0]).toMatchObject({ id: second.id, status: 'PAUSED', pauseReason: 'METHOD_UNAVAILABLE' });
    const resume = await call(app, removed.customer, 'PATCH', itemPath(removed.accountUuid, second.id), { status: 'ACTIVE' });
    expect([resume.statusCode, errorOf(resume).errorCode]).toEqual([422, DepositErrorCode.PAYMENT_METHOD_NOT_APPROVED]);

    clock.set('2026-03-09T15:00:00Z');
    await app.depositJobs.runOnce();
    const monday = await signedInCustomer(app, relinking.customer.email);
    expect(await recurringDepositsOf(monday, first.id)).toEqual([]);
    expect((await relinking.list(monday))[0]).toMatchObject({ status: 'PAUSED', pauseReason: 'METHOD_UNAVAILABLE' });
  });

  it('pauses itself near the IRA limit: the occurrence that would not fit is not made', async () => {
    // alex has contributed $2,500 of the $7,500 for 2026: one $3,000 deposit fits, the next does not.
    const { customer, create, list } = await setup('alex@fundflow.test', 'ROTH_IRA');
    const schedule = created(await create({ amount: '3000.00', iraContributionYear: 2026 }));
    clock.set('2026-03-09T15:00:00Z');
    await app.depositJobs.runOnce();
    clock.set('2026-03-16T15:00:00Z');
    await app.depositJobs.runOnce();
    const later = await signedInCustomer(app, customer.email);
    const made = await recurringDepositsOf(later, schedule.id);
    expect(made.map((deposit) => [deposit.amount.amount, deposit.iraContributionYear])).toEqual([['3000.00', 2026]]);
    expect((await list(later)).find((listed) => listed.id === schedule.id)).toMatchObject({ status: 'PAUSED', pauseReason: 'IRA_LIMIT' });
  });
});

describe('recurring deposits on the bank calendar', () => {
  const runsOf = async (scheduleId: string) =>
    (await db.selectFrom('recurring_deposit_runs').selectAll().where('recurring_deposit_id', '=', scheduleId).orderBy('occurrence_date').execute()).map((run) => [
      run.occurrence_date,
      run.outcome,
    ]);
  /** Runs the jobs at each instant (twice, as two passes of a running server would) and counts the schedule's deposits after each. */
  async function depositsAfterEach(customer: Customer, scheduleId: string, instants: string[]): Promise<number[]> {
    const counts: number[] = [];
    for (const instant of instants) {
      clock.set(instant);
      await app.depositJobs.runOnce();
      await app.depositJobs.runOnce();
      const made = await db.selectFrom('deposits').select(db.fn.countAll<string>().as('count')).where('recurring_deposit_id', '=', scheduleId).executeTakeFirstOrThrow();
      counts.push(Number(made.count));
    }
    // The customer sees the same deposits through the API.
    expect((await recurringDepositsOf(await signedInCustomer(app, customer.email), scheduleId)).length).toBe(counts[counts.length - 1]);
    return counts;
  }
  // Many scheduler passes per test: on a busy machine's PostgreSQL they take longer than jest's 5 seconds.
  const MANY_PASSES_MS = 30_000;

  it('a weekly Thursday occurrence on Thanksgiving 2026 is shown on Friday with its own date and why', async () => {
    clock.set('2026-11-17T15:00:00Z'); // Tuesday
    const { create, list } = await setup();
    const made = created(await create({ startDate: '2026-11-18', schedule: { frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' } }));
    expect(made).toMatchObject({
      nextOccurrenceDate: '2026-11-19',
      upcomingDates: ['2026-11-27', '2026-12-03'],
      nextOccurrences: [
        { date: '2026-11-19', movedFrom: null },
        { date: '2026-11-27', movedFrom: { date: '2026-11-26', reason: 'Thanksgiving Day' } },
        { date: '2026-12-03', movedFrom: null },
      ],
    });
    expect((await list())[0]).toEqual(made);
  }, MANY_PASSES_MS);

  it('the scheduler runs a moved occurrence once, on its real date (Fri 27 November), not on Thanksgiving', async () => {
    clock.set('2026-11-24T15:00:00Z'); // Tuesday
    const { customer, create, list } = await setup();
    const schedule = created(await create({ startDate: '2026-11-25', schedule: { frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' } }));
    expect(schedule.nextOccurrences[0]).toEqual({ date: '2026-11-27', movedFrom: { date: '2026-11-26', reason: 'Thanksgiving Day' } });
    const counts = await depositsAfterEach(customer, schedule.id, [
      '2026-11-26T05:00:00Z', // Thanksgiving, midnight in New York
      '2026-11-26T20:00:00Z',
      '2026-11-27T05:00:00Z', // Friday has come
      '2026-11-27T20:00:00Z',
      '2026-11-28T15:00:00Z',
    ]);
    expect(counts).toEqual([0, 0, 1, 1, 1]);
    // One run, under the occurrence's own date; the next one is back on Thursday.
    expect(await runsOf(schedule.id)).toEqual([['2026-11-26', 'DEPOSITED']]);
    expect((await list(await signedInCustomer(app, customer.email)))[0]).toMatchObject({ nextOccurrenceDate: '2026-12-03', nextOccurrences: [{ date: '2026-12-03', movedFrom: null }, { date: '2026-12-10', movedFrom: null }, { date: '2026-12-17', movedFrom: null }] });
  }, MANY_PASSES_MS);

  it('a daily schedule skips Thanksgiving and the weekend: one deposit on each business day', async () => {
    clock.set('2026-11-25T15:00:00Z'); // Wednesday
    const { customer, create } = await setup();
    const schedule = created(await create({ startDate: '2026-11-26', schedule: { frequency: 'DAILY' } }));
    expect(schedule.nextOccurrences).toEqual(['2026-11-27', '2026-11-30', '2026-12-01'].map((date) => ({ date, movedFrom: null })));
    const counts = await depositsAfterEach(customer, schedule.id, ['2026-11-26T15:00:00Z', '2026-11-27T15:00:00Z', '2026-11-28T15:00:00Z', '2026-11-29T15:00:00Z', '2026-11-30T15:00:00Z']);
    expect(counts).toEqual([0, 1, 1, 1, 2]);
  }, MANY_PASSES_MS);

  it('monthly on the 4th runs Tuesday 6 July 2027 (Independence Day on a Sunday, observed Monday), not on the 4th or 5th', async () => {
    clock.set('2027-06-10T15:00:00Z');
    const { customer, create } = await setup();
    const schedule = created(await create({ startDate: '2027-06-11', schedule: { frequency: 'MONTHLY', dayOfMonth: 4 } }));
    expect(schedule.nextOccurrences[0]).toEqual({ date: '2027-07-06', movedFrom: { date: '2027-07-04', reason: 'Independence Day' } });
    expect(await depositsAfterEach(customer, schedule.id, ['2027-07-04T15:00:00Z', '2027-07-05T15:00:00Z', '2027-07-06T15:00:00Z', '2027-07-07T15:00:00Z'])).toEqual([0, 0, 1, 1]);
    expect(await runsOf(schedule.id)).toEqual([['2027-07-04', 'DEPOSITED']]);
  }, MANY_PASSES_MS);

  it('skipping a moved occurrence skips it on its real date too', async () => {
    clock.set('2026-11-24T15:00:00Z');
    const { customer, accountUuid, create } = await setup();
    const schedule = created(await create({ startDate: '2026-11-25', schedule: { frequency: 'WEEKLY', dayOfWeek: 'THURSDAY' } }));
    const skipped = created(await call(app, customer, 'POST', skipPath(accountUuid, schedule.id)));
    expect(skipped.nextOccurrenceDate).toBe('2026-12-03');
    expect(await depositsAfterEach(customer, schedule.id, ['2026-11-27T15:00:00Z', '2026-12-03T15:00:00Z'])).toEqual([0, 1]);
    expect(await runsOf(schedule.id)).toEqual([
      ['2026-11-26', 'SKIPPED'],
      ['2026-12-03', 'DEPOSITED'],
    ]);
  }, MANY_PASSES_MS);

  it('a daily schedule stored on a Saturday before the bank calendar runs on the Monday, once', async () => {
    clock.set('2026-11-25T15:00:00Z');
    const { customer, create, list } = await setup();
    const schedule = created(await create({ startDate: '2026-11-26', schedule: { frequency: 'DAILY' } }));
    await db.updateTable('recurring_deposits').set({ next_occurrence_date: '2026-11-28' }).where('id', '=', schedule.id).execute();
    expect(await depositsAfterEach(customer, schedule.id, ['2026-11-28T15:00:00Z', '2026-11-29T15:00:00Z'])).toEqual([0, 0]);
    expect((await list(await signedInCustomer(app, customer.email)))[0].nextOccurrenceDate).toBe('2026-11-30');
    expect(await depositsAfterEach(customer, schedule.id, ['2026-11-30T15:00:00Z'])).toEqual([1]);
    expect(await runsOf(schedule.id)).toEqual([['2026-11-30', 'DEPOSITED']]);
  }, MANY_PASSES_MS);
});
