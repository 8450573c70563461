import { randomUUID } from 'node:crypto';
import { ApiPaths, type AvailableToWithdraw, type Deposit, type DepositIntent, type PortfolioResponse } from '../../api/contract';
import { accountOf, bankOf, call, cardOf, deposit, depositsOf, usd, withKey } from './depositKit';
import { freshCustomer, signedInCustomer, type Customer } from './fundingKit';
import type { TestApp } from './useTestApp';

// Request builders of the holds, never-negative and ACH-return tests (server/routes/holdsAndReturns.test.ts).

export type Alex = Awaited<ReturnType<ReturnType<typeof holdsKit>['emptyAlex']>>;

/** The kit on the file's app; the demo deposits of an empty alex are cancelled at `cancelledAt`. */
export function holdsKit({ app, db }: Pick<TestApp, 'app' | 'db'>, cancelledAt: string) {
  /**
   * A copy of alex with nothing in his accounts and no deposit history in force (every demo deposit cancelled),
   * so each test starts from zero: brokerage, traditional and Roth IRA, high-yield; a bank and a debit card.
   */
  async function emptyAlex() {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    await db.updateTable('accounts').set({ balance_cents: 0 }).where('user_id', '=', customer.userId).execute();
    await db
      .updateTable('deposits')
      .set({ status: 'CANCELED', cancelled_at: new Date(cancelledAt) })
      .where('user_id', '=', customer.userId)
      .execute();
    return {
      customer,
      brokerage: await accountOf(customer, 'US'),
      highYield: await accountOf(customer, 'HIGH_YIELD'),
      bank: await bankOf(customer),
      card: await cardOf(customer),
    };
  }

  /** Signs alex in again at the clock's new time (access tokens last 15 minutes). */
  const again = (alex: Awaited<ReturnType<typeof emptyAlex>>) =>
    signedInCustomer(app, alex.customer.email).then((customer) => ({ ...alex, customer }));

  async function depositInto(customer: Customer, accountUuid: string, paymentMethodId: string, amount: string): Promise<Deposit> {
    const response = await deposit(app, customer, { accountUuid, paymentMethodId, amount });
    expect(response.statusCode).toBe(200);
    return response.json<Deposit>();
  }

  async function transfer(customer: Customer, from: string, to: string, amount: string) {
    const intent = await call(app, customer, 'POST', ApiPaths.transferIntents, {
      sourceAccountUuid: from,
      destinationAccountUuid: to,
      amount: usd(amount),
    });
    if (intent.statusCode !== 201) return intent;
    return call(app, customer, 'POST', ApiPaths.transferConfirm, { id: intent.json<DepositIntent>().id }, withKey(randomUUID()));
  }

  function withdraw(customer: Customer, accountUuid: string, paymentMethodId: string, amount: string) {
    return call(app, customer, 'POST', ApiPaths.withdrawals, { accountUuid, paymentMethodId, amount: usd(amount) }, withKey(randomUUID()));
  }

  async function availableOf(customer: Customer, accountUuid: string): Promise<AvailableToWithdraw> {
    const response = await customer.get(`${ApiPaths.withdrawalsAvailable}?accountUuid=${accountUuid}`);
    expect(response.statusCode).toBe(200);
    return response.json<AvailableToWithdraw>();
  }

  const cancel = (customer: Customer, depositId: string) =>
    call(app, customer, 'POST', ApiPaths.depositCancel.replace(':depositId', depositId));
  const returnOf = (customer: Customer, depositId: string, code: string) =>
    call(app, customer, 'POST', ApiPaths.sandboxReturnDeposit.replace(':depositId', depositId), { code });
  const portfolioOf = async (customer: Customer, accountUuid: string) =>
    (await customer.get(ApiPaths.portfolio.replace(':accountUuid', accountUuid))).json<PortfolioResponse>();
  const depositOf = async (customer: Customer, id: string) => (await depositsOf(customer)).find((candidate) => candidate.id === id)!;

  /** Every account of the customer at zero or above (the never-negative rule). */
  async function expectNoAccountBelowZero(userId: string) {
    const rows = await db.selectFrom('accounts').select(['variant', 'balance_cents']).where('user_id', '=', userId).execute();
    expect(rows.filter((row) => Number(row.balance_cents) < 0)).toEqual([]);
  }

  return {
    emptyAlex,
    again,
    depositInto,
    transfer,
    withdraw,
    availableOf,
    cancel,
    returnOf,
    portfolioOf,
    depositOf,
    expectNoAccountBelowZero,
  };
}
