import { randomUUID } from 'node:crypto';
import {
  apiPath,
  ApiPaths,
  type CreateRecurringDepositRequest,
  type RecurringDeposit,
  type RecurringDepositResponse,
  type RecurringDepositsResponse,
  type RecurringSchedule,
} from '../../api/contract';
import { accountOf, bankOf, call, depositsOf, usd, withKey } from './depositKit';
import { freshCustomer, signedInCustomer, type Customer } from './fundingKit';
import type { TestApp } from './useTestApp';

// Helpers for the recurring-deposit tests (server/routes/recurringDeposits.test.ts and recurringScheduler.test.ts),
// bound to the file's test app.

export const listPath = (accountUuid: string) => apiPath(ApiPaths.recurringDeposits, { accountUuid });
export const itemPath = (accountUuid: string, recurringDepositId: string) =>
  apiPath(ApiPaths.recurringDeposit, { accountUuid, recurringDepositId });
export const skipPath = (accountUuid: string, recurringDepositId: string) =>
  apiPath(ApiPaths.recurringDepositSkip, { accountUuid, recurringDepositId });

export type Input = Partial<Omit<CreateRecurringDepositRequest['recurringDeposit'], 'amount'>> & { amount?: string };

export interface Setup {
  customer: Customer;
  accountUuid: string;
  methodId: string;
  create: (input?: Input, key?: string) => ReturnType<typeof call>;
  list: (as?: Customer) => Promise<RecurringDeposit[]>;
}

export const created = (response: { json: <T>() => T }) => response.json<RecurringDepositResponse>().recurringDeposit;

export function recurringKit({ app, clock }: Pick<TestApp, 'app' | 'clock'>) {
  /** A copy of the template with its account of the variant and its bank; create() makes a weekly Monday schedule from tomorrow. */
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
          {
            recurringDeposit: {
              fundingSourceId: methodId,
              fundingSourceType: 'ACH',
              startDate: '2026-03-03',
              schedule: weeklyMonday,
              ...input,
              amount: usd(amount),
            },
          },
          withKey(key),
        ),
      list: async (as = customer) => (await as.get(listPath(accountUuid))).json<RecurringDepositsResponse>().recurringDeposits,
    };
  }
  /** Sets the clock and signs the customer in again (access tokens live 15 minutes). */
  async function at(time: string, customer: Customer) {
    clock.set(time);
    return signedInCustomer(app, customer.email);
  }
  const recurringDepositsOf = async (customer: Customer, scheduleId: string) =>
    (await depositsOf(customer)).filter((deposit) => deposit.recurringDepositId === scheduleId);
  return { setup, at, recurringDepositsOf };
}
