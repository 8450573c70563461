import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import {
  ApiPaths,
  DepositErrorCode,
  type Deposit,
  type DepositIntent,
  type DepositLimitsResponse,
  type AvailableToWithdraw,
  type IraContributionsResponse,
  WithdrawalErrorCode,
} from '../../api/contract';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { accountOf, bankOf, call, confirm, errorOf, initiate, usd, withKey } from '../testing/depositKit';
import { freshCustomer, type Customer } from '../testing/fundingKit';
import { useTwoInstances } from './raceKit';
import { TEST_NOW } from '../testing/testApp';

// Confirmations racing each other through two app instances on one database. The rules that protect money
// (one deposit per key, the $50,000 daily bank limit, the IRA contribution room, what is available to
// withdraw) must hold however the requests interleave: on PostgreSQL they run in parallel transactions on
// separate pools.

const instances = useTwoInstances();
const { setClocks } = instances;
const TODAY = TEST_NOW;
beforeEach(() => setClocks(TODAY));

/** Every other request goes to the second instance. */
const appFor = (index: number): FastifyInstance => (index % 2 === 0 ? instances.a.app : instances.b.app);

async function newIntent(
  customer: Customer,
  input: { accountUuid: string; paymentMethodId: string; amount: string; iraContributionYear?: number },
) {
  const response = await initiate(instances.a.app, customer, input);
  if (response.statusCode !== 201) throw new Error(`initiate failed: ${response.statusCode} ${response.body}`);
  return response.json<DepositIntent>();
}

const depositRowsOf = async (userId: string) =>
  instances.db
    .selectFrom('deposits')
    .select(['id', 'amount_cents', 'intent_id'])
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELED')
    .execute();

const statusesOf = (answers: LightMyRequestResponse[]) => answers.map((answer) => answer.statusCode);

describe('50 concurrent confirmations with one Idempotency-Key, through two instances', () => {
  it('make exactly one deposit, and every answer is the same success', async () => {
    const customer = await freshCustomer(instances.a.app, 'card@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const bank = await bankOf(customer);
    const intent = await newIntent(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '400.00' });
    const key = randomUUID();

    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => confirm(appFor(index), customer, intent, key)));

    expect(statusesOf(answers)).toEqual(Array(50).fill(200));
    const bodies = answers.map((answer) => answer.json<Deposit>());
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    const rows = await depositRowsOf(customer.userId);
    expect(rows).toEqual([{ id: bodies[0].id, amount_cents: 40_000, intent_id: intent.id }]);
    // One key row holding that answer, and the money counted once on the method.
    const keys = await instances.db
      .selectFrom('idempotency_keys')
      .select(['response_status'])
      .where('user_id', '=', customer.userId)
      .where('key', '=', key)
      .execute();
    expect(keys).toEqual([{ response_status: 200 }]);
    const method = (await customer.methods()).find((candidate) => candidate.id === bank.id)!;
    expect(method.amountDeposited.amount).toBe((Number(bank.amountDeposited.amount) + 400).toFixed(2));
  }, 60_000);
});

describe('concurrent deposits racing the daily bank limit ($50,000)', () => {
  it('commit only what fits the limit; the others are refused with DE#00003', async () => {
    const customer = await freshCustomer(instances.a.app, 'card@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const bank = await bankOf(customer);
    // The bank's own lifetime limit is $50,000 too: raised, so the daily limit is the one that binds.
    await instances.db.updateTable('payment_methods').set({ deposit_limit_cents: 100_000_000 }).where('id', '=', bank.id).execute();
    const limits = async () => (await customer.get(ApiPaths.depositLimits)).json<DepositLimitsResponse>();
    const remainingCents = Math.round(Number((await limits()).dailyBankRemaining.amount) * 100);
    const before = await depositRowsOf(customer.userId);

    // Each intent fits on its own (initiation checks the limit too); together they are four too many.
    const amountCents = 500_000;
    const fitting = Math.floor(remainingCents / amountCents);
    expect(fitting).toBeGreaterThan(0);
    const intents = [];
    for (let i = 0; i < fitting + 4; i += 1) {
      intents.push(
        await newIntent(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: (amountCents / 100).toFixed(2) }),
      );
    }

    const answers = await Promise.all(intents.map((intent, index) => confirm(appFor(index), customer, intent)));

    const accepted = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(accepted).toHaveLength(fitting);
    expect(refused.map((answer) => [answer.statusCode, errorOf(answer).errorCode, errorOf(answer).message])).toEqual(
      Array(4).fill([422, DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, 'A maximum of $50,000 can be deposited per day.']),
    );
    const made = (await depositRowsOf(customer.userId)).filter((row) => !before.some((earlier) => earlier.id === row.id));
    expect(made).toHaveLength(fitting);
    const remainingAfter = Math.round(Number((await limits()).dailyBankRemaining.amount) * 100);
    expect(remainingAfter).toBe(remainingCents - fitting * amountCents);
    // Today's bank total, read straight from the table, stays within the limit.
    const { total } = await instances.db
      .selectFrom('deposits')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
      .where('user_id', '=', customer.userId)
      .where('source_type', '=', 'BANK')
      .where('status', '!=', 'CANCELED')
      .where('created_at', '>=', new Date('2026-03-02T05:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(Number(total)).toBeLessThanOrEqual(5_000_000);
  }, 60_000);
});

describe("concurrent IRA contributions racing the year's contribution room", () => {
  it('commit only what fits the room, across the traditional and Roth IRAs; the others are refused', async () => {
    // alex has contributed to both IRAs for 2026; the room is shared by the two.
    const customer = await freshCustomer(instances.a.app, 'alex@fundflow.test');
    const roth = await accountOf(customer, 'ROTH_IRA');
    const traditional = await accountOf(customer, 'TRADITIONAL_IRA');
    const bank = await bankOf(customer);
    const room = async () => {
      const response = await customer.get(`${ApiPaths.iraContributions}?accountUuid=${roth.accountUuid}`);
      const year = response.json<IraContributionsResponse>().yearlyContributions.find((entry) => entry.year === 2026)!;
      return {
        remainingCents: Math.round(Number(year.remainingAmount.amount) * 100),
        limitCents: Math.round(Number(year.limitContributionAmount.amount) * 100),
        totalCents: Math.round(Number(year.totalContributions.amount) * 100),
      };
    };
    const start = await room();
    const amountCents = 100_000;
    const fitting = Math.floor(start.remainingCents / amountCents);
    expect(fitting).toBeGreaterThan(0);
    const intents = [];
    for (let i = 0; i < fitting + 3; i += 1) {
      const account = i % 2 === 0 ? roth : traditional;
      intents.push(
        await newIntent(customer, {
          accountUuid: account.accountUuid,
          paymentMethodId: bank.id,
          amount: (amountCents / 100).toFixed(2),
          iraContributionYear: 2026,
        }),
      );
    }

    const answers = await Promise.all(intents.map((intent, index) => confirm(appFor(index), customer, intent)));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(fitting);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => [answer.statusCode, errorOf(answer).errorCode])).toEqual(
      Array(3).fill([422, DepositApiErrorCode.IRA_LIMIT_EXCEEDED]),
    );
    const end = await room();
    expect(end.totalCents).toBe(start.totalCents + fitting * amountCents);
    expect(end.totalCents).toBeLessThanOrEqual(end.limitCents);
    const contributions = await instances.db
      .selectFrom('ira_contributions')
      .select(sql<string>`coalesce(sum(amount_cents), 0)`.as('total'))
      .where('user_id', '=', customer.userId)
      .where('tax_year', '=', 2026)
      .executeTakeFirstOrThrow();
    expect(Number(contributions.total)).toBe(end.totalCents);
  }, 60_000);
});

describe('one intent confirmed at once with different keys through two instances', () => {
  it('makes one deposit, and every answer names it', async () => {
    const customer = await freshCustomer(instances.a.app, 'card@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const bank = await bankOf(customer);
    const intent = await newIntent(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '250.00' });

    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => confirm(appFor(index), customer, intent, randomUUID())));

    expect(statusesOf(answers)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.json<Deposit>().id)).size).toBe(1);
    expect((await depositRowsOf(customer.userId)).filter((row) => row.intent_id === intent.id)).toHaveLength(1);
  }, 60_000);
});

describe('concurrent withdrawals racing the amount available to withdraw', () => {
  it('commit only what is available; the others are refused with WD#00001', async () => {
    const customer = await freshCustomer(instances.a.app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const bank = await bankOf(customer);
    const available = async () =>
      Math.round(
        Number(
          (await customer.get(`${ApiPaths.withdrawalsAvailable}?accountUuid=${brokerage.accountUuid}`)).json<AvailableToWithdraw>()
            .availableToWithdraw.amount,
        ) * 100,
      );
    const startCents = await available();
    const amountCents = 200_000;
    const fitting = Math.floor(startCents / amountCents);
    expect(fitting).toBeGreaterThan(0);

    const answers = await Promise.all(
      Array.from({ length: fitting + 3 }, (_, index) =>
        call(
          appFor(index),
          customer,
          'POST',
          ApiPaths.withdrawals,
          { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: usd((amountCents / 100).toFixed(2)) },
          withKey(randomUUID()),
        ),
      ),
    );

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(fitting);
    const refused = answers.filter((answer) => answer.statusCode >= 400);
    expect(refused.map((answer) => [answer.statusCode, errorOf(answer).errorCode])).toEqual(
      Array(3).fill([422, WithdrawalErrorCode.INSUFFICIENT_AVAILABLE]),
    );
    expect(await available()).toBe(startCents - fitting * amountCents);
  }, 60_000);
});
