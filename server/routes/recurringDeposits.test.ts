import { randomUUID } from 'node:crypto';
import { DepositErrorCode, type RecurringSchedule } from '../../api/contract';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { accountOf, call, cardOf, errorOf, usd, withKey } from '../testing/depositKit';
import { freshCustomer, signedInCustomer } from '../testing/fundingKit';
import { created, itemPath, listPath, recurringKit, skipPath, type Input } from '../testing/recurringKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Recurring deposits through their routes: creating one (the rules it must meet) and managing it (edit, skip,
// pause, cancel). The scheduler that runs them is in recurringScheduler.test.ts.

// Monday 2 March 2026, 10:00 in New York (TEST_NOW): "tomorrow" is Tuesday 3 March.
const MONDAY_MORNING = TEST_NOW;
const testApp = useTestApp({ clockAt: MONDAY_MORNING });
const { app, db, clock } = testApp;
const { setup, at, recurringDepositsOf } = recurringKit(testApp);

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
    [
      'every two weeks on Friday',
      { frequency: 'FORTNIGHTLY', dayOfWeek: 'FRIDAY' },
      '2026-03-03',
      ['2026-03-06', '2026-03-20', '2026-04-03'],
    ],
    [
      'monthly on the 31st (short months end early)',
      { frequency: 'MONTHLY', dayOfMonth: 31 },
      '2026-03-03',
      ['2026-03-31', '2026-04-30', '2026-06-01'],
    ], // 31 May 2026 is a Sunday,
    [
      'monthly on the 30th across a leap February',
      { frequency: 'MONTHLY', dayOfMonth: 30 },
      '2028-02-01',
      ['2028-02-29', '2028-03-30', '2028-05-01'],
    ], // 30 April 2028 is a Sunday,
    [
      'monthly on the 29th in a common year',
      { frequency: 'MONTHLY', dayOfMonth: 29 },
      '2027-01-30',
      ['2027-03-01', '2027-03-29', '2027-04-29'],
    ], // 28 February 2027 is a Sunday,
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
      expect([JSON.stringify(input), refused.statusCode, errorOf(refused).errorCode]).toEqual([
        JSON.stringify(input),
        400,
        'VALIDATION_FAILED',
      ]);
    }
    expect(errorOf(await create({ startDate: '2026-03-02' })).message).toBe('A recurring deposit starts tomorrow at the earliest.');
    expect(errorOf(await create({ schedule: { frequency: 'WEEKLY', dayOfWeek: 'SUNDAY' } })).message).toBe(
      'Deposits cannot be scheduled on a Saturday or Sunday.',
    );
  });

  it('a ONE_TIME schedule (the rest of a split deposit) is made once, on its business day, then has no next date', async () => {
    const { create } = await setup();
    const made = created(await create({ schedule: { frequency: 'ONE_TIME' }, startDate: '2026-03-03' }));
    expect(made).toMatchObject({
      startDate: '2026-03-03',
      nextOccurrenceDate: '2026-03-03',
      upcomingDates: [],
      schedules: [{ frequency: 'ONE_TIME', dayOfWeek: null, dayOfMonth: null }],
    });
    const madeFromIt = () => db.selectFrom('deposits').select('amount_cents').where('recurring_deposit_id', '=', made.id).execute();
    clock.set('2026-03-03T14:00:00Z');
    await app.depositJobs.runOnce();
    clock.set('2026-03-04T14:00:00Z');
    await app.depositJobs.runOnce();
    expect(await madeFromIt()).toHaveLength(1);
    const row = await db
      .selectFrom('recurring_deposits')
      .select('next_occurrence_date')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.next_occurrence_date).toBeNull();
  });

  it('refuses debit cards and buying power as sources (DE#00000) and amounts over the daily limit (DE#00003)', async () => {
    const alex = await setup('alex@fundflow.test');
    const card = await cardOf(alex.customer);
    expect(errorOf(await alex.create({ fundingSourceType: 'DEBIT_CARD', fundingSourceId: card.id })).errorCode).toBe(
      DepositErrorCode.INVALID_PAYMENT_METHOD,
    );
    expect(errorOf(await alex.create({ fundingSourceType: 'ACH', fundingSourceId: card.id })).errorCode).toBe(
      DepositErrorCode.INVALID_PAYMENT_METHOD,
    );
    expect(errorOf(await alex.create({ fundingSourceType: 'BUYING_POWER', fundingSourceId: alex.accountUuid })).errorCode).toBe(
      DepositErrorCode.INVALID_PAYMENT_METHOD,
    );
    expect(errorOf(await alex.create({ amount: '50000.01' })).errorCode).toBe(DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED);
    expect((await alex.create({ amount: '50000.00' })).statusCode).toBe(201);
  });

  it('needs an Idempotency-Key; a repeat answers the first result; another body with the key is refused', async () => {
    const { customer, accountUuid, create, list } = await setup();
    const missing = await call(app, customer, 'POST', listPath(accountUuid), {
      recurringDeposit: {
        amount: usd('10.00'),
        fundingSourceId: randomUUID(),
        fundingSourceType: 'ACH',
        startDate: '2026-03-03',
        schedule: { frequency: 'DAILY' },
      },
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
      recurringDeposit: {
        amount: usd('50.00'),
        fundingSourceId,
        fundingSourceType: 'ACH',
        startDate: '2026-03-03',
        schedule: { frequency: 'DAILY' },
      },
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
    expect(
      (await db.selectFrom('recurring_deposits').select('status').where('id', '=', schedule.id).executeTakeFirstOrThrow()).status,
    ).toBe('CANCELED');
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
