import {
  ApiPaths,
  type Deposit,
  type HighYieldAccountResponse,
  type IraConfiguration,
  type IraContributionsResponse,
  type UserPropertiesResponse,
} from '../../api/contract';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { writeAppConfig } from '../repositories/appConfig';
import { DEFAULT_HIGH_YIELD_RATE } from '../domain/highYieldRate';
import { accountOf, bankOf, call, deposit, errorOf, usd } from '../testing/depositKit';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db, clock } = useTestApp({ clockAt: TEST_NOW });

const contributionsOf = async (customer: Customer, accountUuid: string) => {
  const response = await customer.get(`${ApiPaths.iraContributions}?accountUuid=${accountUuid}`);
  expect(response.statusCode).toBe(200);
  return response.json<IraContributionsResponse>();
};
const yearOf = (answer: IraContributionsResponse, year: number) => answer.yearlyContributions.find((entry) => entry.year === year)!;

describe('IRA configuration', () => {
  it('answers the limits by tax year with their deadlines, the match and the catch-up age', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const answer = (await customer.get(ApiPaths.iraConfiguration)).json<IraConfiguration>();
    expect(answer).toMatchObject({ matchPercent: 1, matchHoldYears: 5, catchUpAge: 50 });
    expect(answer.years.map((year) => [year.year, year.limit.amount, year.catchUp.amount, year.deadline])).toEqual([
      [2026, '7500.00', '1100.00', '2027-04-15'],
      [2025, '7000.00', '1000.00', '2026-04-15'],
      [2024, '7000.00', '1000.00', '2025-04-15'],
    ]);
    expect(answer.years[2]).toMatchObject({ rothIncomeLimitSingle: usd('161000.00'), rothIncomeLimitJoint: usd('240000.00') });
  });

  it('takes the match percent from the iraMatchPercent flag', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    await writeAppConfig(db, 'flags.iraMatchPercent', 3, new Date());
    try {
      expect((await customer.get(ApiPaths.iraConfiguration)).json<IraConfiguration>().matchPercent).toBe(3);
    } finally {
      await db.deleteFrom('app_config').where('key', '=', 'flags.iraMatchPercent').execute();
    }
  });
});

describe('IRA contributions', () => {
  it("answers the open years and each year's traditional and Roth totals, limit, room and cut-off", async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const roth = await accountOf(customer, 'ROTH_IRA');
    const answer = await contributionsOf(customer, roth.accountUuid);
    expect(answer.availableYears).toEqual([2026, 2025]);
    expect(answer.yearlyContributions).toEqual([
      {
        year: 2026,
        totalContributions: usd('2500.00'),
        traditionalContributionAmount: usd('1500.00'),
        rothContributionAmount: usd('1000.00'),
        limitContributionAmount: usd('7500.00'),
        remainingAmount: usd('5000.00'),
        cutOffDate: '2027-04-15',
      },
      {
        year: 2025,
        totalContributions: usd('6000.00'),
        traditionalContributionAmount: usd('4000.00'),
        rothContributionAmount: usd('2000.00'),
        limitContributionAmount: usd('7000.00'),
        remainingAmount: usd('1000.00'),
        cutOffDate: '2026-04-15',
      },
    ]);
  });

  it('closes the previous year after its filing deadline', async () => {
    clock.set('2026-04-15T15:00:00Z');
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const traditional = await accountOf(customer, 'TRADITIONAL_IRA');
    expect((await contributionsOf(customer, traditional.accountUuid)).availableYears).toEqual([2026, 2025]);
    clock.set('2026-04-16T15:00:00Z');
    expect((await contributionsOf(await signedInCustomer(app, customer.email), traditional.accountUuid)).availableYears).toEqual([2026]);
  });

  it('adds the catch-up amount for customers 50 or older by the end of the year', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    await db.updateTable('users').set({ birth_date: '1976-12-31' }).where('id', '=', customer.userId).execute();
    const answer = await contributionsOf(customer, (await accountOf(customer, 'ROTH_IRA')).accountUuid);
    expect(yearOf(answer, 2026).limitContributionAmount).toEqual(usd('8600.00'));
    expect(yearOf(answer, 2025).limitContributionAmount).toEqual(usd('7000.00'));
  });

  it("starts the year list at the customer's join year when it is after 2025", async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    await db.updateTable('users').set({ created_at: '2026-01-20T15:00:00Z' }).where('id', '=', customer.userId).execute();
    const answer = await contributionsOf(customer, (await accountOf(customer, 'ROTH_IRA')).accountUuid);
    expect(answer.availableYears).toEqual([2026]);
    expect(answer.yearlyContributions.map((entry) => entry.year)).toEqual([2026]);
  });

  it('answers 404 for a non-IRA account or an account of another customer', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const other = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const theirs = await accountOf(other, 'ROTH_IRA');
    for (const accountUuid of [brokerage.accountUuid, theirs.accountUuid, 'nonsense']) {
      const response = await customer.get(`${ApiPaths.iraContributions}?accountUuid=${accountUuid}`);
      expect([response.statusCode, errorOf(response).errorCode]).toEqual([404, DepositApiErrorCode.ACCOUNT_NOT_FOUND]);
    }
    expect((await customer.get(ApiPaths.iraContributions)).statusCode).toBe(400);
  });
});

describe('IRA deposits', () => {
  it('need an open tax year and fit its room; a cancelled one gives the room back', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const roth = await accountOf(customer, 'ROTH_IRA');
    const bank = await bankOf(customer);
    const input = (amount: string, iraContributionYear?: number | null) => ({
      accountUuid: roth.accountUuid,
      paymentMethodId: bank.id,
      amount,
      iraContributionYear,
    });

    expect(errorOf(await deposit(app, customer, input('100.00'))).errorCode).toBe(DepositApiErrorCode.IRA_YEAR_REQUIRED);
    expect(errorOf(await deposit(app, customer, input('100.00', 2024))).errorCode).toBe(DepositApiErrorCode.IRA_YEAR_CLOSED);
    const over = await deposit(app, customer, input('1000.01', 2025));
    expect([over.statusCode, errorOf(over)]).toEqual([
      422,
      {
        errorCode: DepositApiErrorCode.IRA_LIMIT_EXCEEDED,
        message: 'This is more than your 2025 IRA contribution limit allows. You can contribute up to $1,000.00 more for 2025.',
      },
    ]);
    const made = (await deposit(app, customer, input('1000.00', 2025))).json<Deposit>();
    expect(made.iraContributionYear).toBe(2025);
    const full = await contributionsOf(customer, roth.accountUuid);
    expect(yearOf(full, 2025)).toMatchObject({ rothContributionAmount: usd('3000.00'), remainingAmount: usd('0.00') });
    expect(errorOf(await deposit(app, customer, input('1.00', 2025))).message).toBe('You have reached your 2025 IRA contribution limit.');

    expect((await call(app, customer, 'POST', ApiPaths.depositCancel.replace(':depositId', made.id))).statusCode).toBe(200);
    expect(yearOf(await contributionsOf(customer, roth.accountUuid), 2025).remainingAmount).toEqual(usd('1000.00'));
  });

  it('refuses a contribution year for an account that is not an IRA', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const refused = await deposit(app, customer, {
      accountUuid: brokerage.accountUuid,
      paymentMethodId: (await bankOf(customer)).id,
      amount: '100.00',
      iraContributionYear: 2026,
    });
    expect([refused.statusCode, errorOf(refused).errorCode]).toEqual([400, 'VALIDATION_FAILED']);
  });
});

describe('high-yield account', () => {
  it('answers the balance fields and the rate; money in transit is on hold or pending', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const highYield = await accountOf(customer, 'HIGH_YIELD');
    const first = (await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>();
    // The demo $150 deposit in transit is in the balance (instant) but on hold until it settles.
    expect(first.highYieldAccount).toEqual({
      accountUuid: highYield.accountUuid,
      status: 'OPEN',
      availableToWithdraw: usd('1905.18'),
      depositsOnHold: usd('150.00'),
      pendingDeposits: usd('0.00'),
      pendingWithdrawals: usd('0.00'),
      rate: '4.10',
    });
    // $250 of the $1,000 instant allowance is used by the demo deposits in flight: $750 is instant now.
    await deposit(app, customer, { accountUuid: highYield.accountUuid, paymentMethodId: (await bankOf(customer)).id, amount: '1500.00' });
    const after = (await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>().highYieldAccount!;
    expect([after.depositsOnHold, after.pendingDeposits, after.availableToWithdraw]).toEqual([
      usd('900.00'),
      usd('750.00'),
      usd('1905.18'),
    ]);

    await call(app, customer, 'POST', ApiPaths.sandboxSettleDeposits);
    const settled = (await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>().highYieldAccount!;
    expect([settled.depositsOnHold, settled.pendingDeposits, settled.availableToWithdraw]).toEqual([
      usd('0.00'),
      usd('0.00'),
      usd('3555.18'),
    ]);
  });

  it('takes the rate from app_config (highYield.rate), ignoring a malformed one', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    await writeAppConfig(db, 'highYield.rate', '4.25', new Date());
    expect((await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>().highYieldAccount?.rate).toBe('4.25');
    await writeAppConfig(db, 'highYield.rate', 'lots', new Date());
    expect((await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>().highYieldAccount?.rate).toBe('4.10');
    await writeAppConfig(db, 'highYield.rate', '4.10', new Date());
  });

  it('answers null for a customer without a high-yield account', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    expect((await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>()).toEqual({
      highYieldAccount: null,
      rate: DEFAULT_HIGH_YIELD_RATE,
    });
  });
});

describe('user properties', () => {
  it('start empty, merge patches, remove keys patched to null, and stay per customer', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const other = await freshCustomer(app, 'card@fundflow.test');
    expect((await customer.get(ApiPaths.userProperties)).json<UserPropertiesResponse>()).toEqual({ properties: {} });
    const first = await call(app, customer, 'PATCH', ApiPaths.userProperties, { properties: { iraMatchWelcomeSeen: true, theme: 'dark' } });
    expect(first.json<UserPropertiesResponse>()).toEqual({ properties: { iraMatchWelcomeSeen: true, theme: 'dark' } });
    const second = await call(app, customer, 'PATCH', ApiPaths.userProperties, { properties: { theme: null, visits: 3 } });
    expect(second.json<UserPropertiesResponse>()).toEqual({ properties: { iraMatchWelcomeSeen: true, visits: 3 } });
    expect((await customer.get(ApiPaths.userProperties)).json<UserPropertiesResponse>()).toEqual({
      properties: { iraMatchWelcomeSeen: true, visits: 3 },
    });
    expect((await other.get(ApiPaths.userProperties)).json<UserPropertiesResponse>()).toEqual({ properties: {} });
  });

  it('refuses more than 100 properties and values that are not scalars', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`key${i}`, i]));
    expect((await call(app, customer, 'PATCH', ApiPaths.userProperties, { properties: many })).statusCode).toBe(400);
    expect((await call(app, customer, 'PATCH', ApiPaths.userProperties, { properties: { nested: { a: 1 } } })).statusCode).toBe(400);
  });
});
