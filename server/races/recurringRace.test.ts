import { randomUUID } from 'node:crypto';
import { apiPath, ApiPaths, type RecurringDepositResponse } from '../../api/contract';
import { accountOf, bankOf, call, usd, withKey } from '../testing/depositKit';
import { freshCustomer } from '../testing/fundingKit';
import { useTwoInstances } from './raceKit';
import { TEST_NOW } from '../testing/testApp';

// Two instances whose deposit jobs run the same due occurrences at the same moment, as two server processes
// would with their own timers: each occurrence of a schedule makes exactly one deposit.

const instances = useTwoInstances();
const MONDAY_MORNING = TEST_NOW;
const NEXT_MONDAY = '2026-03-09T15:00:00Z';

async function weeklySchedule(template: string, amount: string) {
  const customer = await freshCustomer(instances.a.app, template);
  const { accountUuid } = await accountOf(customer, 'US');
  const bank = await bankOf(customer);
  const response = await call(
    instances.a.app,
    customer,
    'POST',
    apiPath(ApiPaths.recurringDeposits, { accountUuid }),
    {
      recurringDeposit: {
        fundingSourceId: bank.id,
        fundingSourceType: 'ACH',
        startDate: '2026-03-03',
        schedule: { frequency: 'WEEKLY', dayOfWeek: 'MONDAY' },
        amount: usd(amount),
      },
    },
    withKey(randomUUID()),
  );
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`schedule failed: ${response.statusCode} ${response.body}`);
  return { userId: customer.userId, scheduleId: response.json<RecurringDepositResponse>().recurringDeposit.id };
}

const depositsOfSchedule = (scheduleId: string) =>
  instances.db.selectFrom('deposits').select(['id', 'amount_cents', 'created_at']).where('recurring_deposit_id', '=', scheduleId).execute();
const runsOf = (scheduleId: string) =>
  instances.db
    .selectFrom('recurring_deposit_runs')
    .select(['occurrence_date', 'outcome', 'deposit_id'])
    .where('recurring_deposit_id', '=', scheduleId)
    .orderBy('occurrence_date')
    .execute();

describe('two instances running the recurring deposits at the same moment', () => {
  it('make exactly one deposit per schedule occurrence', async () => {
    instances.setClocks(MONDAY_MORNING);
    const schedules = [
      await weeklySchedule('card@fundflow.test', '100.00'),
      await weeklySchedule('card@fundflow.test', '75.00'),
      await weeklySchedule('alex@fundflow.test', '120.00'),
    ];

    instances.setClocks(NEXT_MONDAY);
    const { a, b } = instances;
    await Promise.all([a.app.depositJobs.runOnce(), b.app.depositJobs.runOnce(), a.app.depositJobs.runOnce(), b.app.depositJobs.runOnce()]);

    for (const { scheduleId } of schedules) {
      const deposits = await depositsOfSchedule(scheduleId);
      expect(deposits).toHaveLength(1);
      expect(await runsOf(scheduleId)).toEqual([{ occurrence_date: '2026-03-09', outcome: 'DEPOSITED', deposit_id: deposits[0].id }]);
      const row = await instances.db
        .selectFrom('recurring_deposits')
        .select('next_occurrence_date')
        .where('id', '=', scheduleId)
        .executeTakeFirstOrThrow();
      expect(row.next_occurrence_date).toBe('2026-03-16');
    }

    // The same moment again, from both: nothing more. The next Monday: one more each.
    await Promise.all([a.app.depositJobs.runOnce(), b.app.depositJobs.runOnce()]);
    for (const { scheduleId } of schedules) expect(await depositsOfSchedule(scheduleId)).toHaveLength(1);
    instances.setClocks('2026-03-16T15:00:00Z');
    await Promise.all([b.app.depositJobs.runOnce(), a.app.depositJobs.runOnce(), b.app.depositJobs.runOnce()]);
    for (const { scheduleId } of schedules) {
      expect((await runsOf(scheduleId)).map((run) => [run.occurrence_date, run.outcome])).toEqual([
        ['2026-03-09', 'DEPOSITED'],
        ['2026-03-16', 'DEPOSITED'],
      ]);
      expect(await depositsOfSchedule(scheduleId)).toHaveLength(2);
    }
  }, 60_000);
});
