import { ApiPaths, DepositErrorCode } from '../../api/contract';
import { call, errorOf, usd } from '../testing/depositKit';
import { methodPath, signedInCustomer, type Customer } from '../testing/fundingKit';
import { created, itemPath, recurringKit, skipPath } from '../testing/recurringKit';
import { buildTestApp, TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// The recurring deposit scheduler: due occurrences run once through the confirm path (also with two app
// instances), on the bank calendar. Creating and managing schedules is in recurringDeposits.test.ts.

// Monday 2 March 2026, 10:00 in New York (TEST_NOW): "tomorrow" is Tuesday 3 March.
const MONDAY_MORNING = TEST_NOW;
const testApp = useTestApp({ clockAt: MONDAY_MORNING });
const { app, db, clock } = testApp;
const { setup, recurringDepositsOf } = recurringKit(testApp);

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
    expect(made[0]).toMatchObject({
      status: 'CONFIRMED',
      amount: usd('100.00'),
      destinationAccountUuid: accountUuid,
      instantAmount: usd('100.00'),
    });
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
      await Promise.all([
        app.depositJobs.runOnce(),
        second.app.depositJobs.runOnce(),
        app.depositJobs.runOnce(),
        second.app.depositJobs.runOnce(),
      ]);
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
    (
      await db
        .selectFrom('recurring_deposit_runs')
        .selectAll()
        .where('recurring_deposit_id', '=', scheduleId)
        .orderBy('occurrence_date')
        .execute()
    ).map((run) => [run.occurrence_date, run.outcome]);
  /** Runs the jobs at each instant (twice, as two passes of a running server would) and counts the schedule's deposits after each. */
  async function depositsAfterEach(customer: Customer, scheduleId: string, instants: string[]): Promise<number[]> {
    const counts: number[] = [];
    for (const instant of instants) {
      clock.set(instant);
      await app.depositJobs.runOnce();
      await app.depositJobs.runOnce();
      const made = await db
        .selectFrom('deposits')
        .select(db.fn.countAll<string>().as('count'))
        .where('recurring_deposit_id', '=', scheduleId)
        .executeTakeFirstOrThrow();
      counts.push(Number(made.count));
    }
    // The customer sees the same deposits through the API.
    expect((await recurringDepositsOf(await signedInCustomer(app, customer.email), scheduleId)).length).toBe(counts[counts.length - 1]);
    return counts;
  }
  // Many scheduler passes per test: on a busy machine's PostgreSQL they take longer than jest's 5 seconds.
  const MANY_PASSES_MS = 30_000;

  it(
    'a weekly Thursday occurrence on Thanksgiving 2026 is shown on Friday with its own date and why',
    async () => {
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
    },
    MANY_PASSES_MS,
  );

  it(
    'the scheduler runs a moved occurrence once, on its real date (Fri 27 November), not on Thanksgiving',
    async () => {
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
      expect((await list(await signedInCustomer(app, customer.email)))[0]).toMatchObject({
        nextOccurrenceDate: '2026-12-03',
        nextOccurrences: [
          { date: '2026-12-03', movedFrom: null },
          { date: '2026-12-10', movedFrom: null },
          { date: '2026-12-17', movedFrom: null },
        ],
      });
    },
    MANY_PASSES_MS,
  );

  it(
    'a daily schedule skips Thanksgiving and the weekend: one deposit on each business day',
    async () => {
      clock.set('2026-11-25T15:00:00Z'); // Wednesday
      const { customer, create } = await setup();
      const schedule = created(await create({ startDate: '2026-11-26', schedule: { frequency: 'DAILY' } }));
      expect(schedule.nextOccurrences).toEqual(['2026-11-27', '2026-11-30', '2026-12-01'].map((date) => ({ date, movedFrom: null })));
      const counts = await depositsAfterEach(customer, schedule.id, [
        '2026-11-26T15:00:00Z',
        '2026-11-27T15:00:00Z',
        '2026-11-28T15:00:00Z',
        '2026-11-29T15:00:00Z',
        '2026-11-30T15:00:00Z',
      ]);
      expect(counts).toEqual([0, 1, 1, 1, 2]);
    },
    MANY_PASSES_MS,
  );

  it(
    'monthly on the 4th runs Tuesday 6 July 2027 (Independence Day on a Sunday, observed Monday), not on the 4th or 5th',
    async () => {
      clock.set('2027-06-10T15:00:00Z');
      const { customer, create } = await setup();
      const schedule = created(await create({ startDate: '2027-06-11', schedule: { frequency: 'MONTHLY', dayOfMonth: 4 } }));
      expect(schedule.nextOccurrences[0]).toEqual({ date: '2027-07-06', movedFrom: { date: '2027-07-04', reason: 'Independence Day' } });
      expect(
        await depositsAfterEach(customer, schedule.id, [
          '2027-07-04T15:00:00Z',
          '2027-07-05T15:00:00Z',
          '2027-07-06T15:00:00Z',
          '2027-07-07T15:00:00Z',
        ]),
      ).toEqual([0, 0, 1, 1]);
      expect(await runsOf(schedule.id)).toEqual([['2027-07-04', 'DEPOSITED']]);
    },
    MANY_PASSES_MS,
  );

  it(
    'skipping a moved occurrence skips it on its real date too',
    async () => {
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
    },
    MANY_PASSES_MS,
  );

  it(
    'a daily schedule stored on a Saturday before the bank calendar runs on the Monday, once',
    async () => {
      clock.set('2026-11-25T15:00:00Z');
      const { customer, create, list } = await setup();
      const schedule = created(await create({ startDate: '2026-11-26', schedule: { frequency: 'DAILY' } }));
      await db.updateTable('recurring_deposits').set({ next_occurrence_date: '2026-11-28' }).where('id', '=', schedule.id).execute();
      expect(await depositsAfterEach(customer, schedule.id, ['2026-11-28T15:00:00Z', '2026-11-29T15:00:00Z'])).toEqual([0, 0]);
      expect((await list(await signedInCustomer(app, customer.email)))[0].nextOccurrenceDate).toBe('2026-11-30');
      expect(await depositsAfterEach(customer, schedule.id, ['2026-11-30T15:00:00Z'])).toEqual([1]);
      expect(await runsOf(schedule.id)).toEqual([['2026-11-30', 'DEPOSITED']]);
    },
    MANY_PASSES_MS,
  );
});
