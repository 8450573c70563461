import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ApiPaths,
  IDEMPOTENCY_HEADER,
  type Account,
  type AccountsResponse,
  type AccountVariant,
  type Deposit,
  type DepositIntent,
  type DepositsResponse,
  type ErrorBody,
  type LinkedPaymentMethodResponse,
  type PaymentMethod,
} from '../../api/contract';
import { freshCustomer, type Customer } from './fundingKit';
import { bearer, CSRF } from './testApp';

// Helpers for the deposit tests: calls with an Idempotency-Key, the customer's accounts and methods by kind.

export const usd = (amount: string) => ({ amount, currency: 'USD' as const });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(
  app: FastifyInstance,
  customer: Customer,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...bearer(customer.accessToken), ...(method === 'GET' ? {} : CSRF), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

export async function accountsOf(customer: Customer): Promise<Account[]> {
  return (await customer.get(ApiPaths.accounts)).json<AccountsResponse>().accounts;
}

export async function accountOf(customer: Customer, variant: AccountVariant): Promise<Account> {
  const account = (await accountsOf(customer)).find((candidate) => candidate.variant === variant);
  if (!account) throw new Error(`${customer.email} has no ${variant} account`);
  return account;
}

export async function bankOf(customer: Customer): Promise<PaymentMethod> {
  const method = (await customer.methods()).find((candidate) => candidate.type !== 'DEBIT_CARD' && candidate.status === 'APPROVED');
  if (!method) throw new Error(`${customer.email} has no approved bank`);
  return method;
}

export async function cardOf(customer: Customer): Promise<PaymentMethod> {
  const method = (await customer.methods()).find((candidate) => candidate.type === 'DEBIT_CARD');
  if (!method) throw new Error(`${customer.email} has no debit card`);
  return method;
}

export async function depositsOf(customer: Customer): Promise<Deposit[]> {
  return (await customer.get(ApiPaths.deposits)).json<DepositsResponse>().deposits;
}

export const errorOf = (response: LightMyRequestResponse) => response.json<ErrorBody>();

export interface DepositInput {
  accountUuid: string;
  paymentMethodId: string;
  amount: string;
  iraContributionYear?: number | null;
}

export async function initiate(app: FastifyInstance, customer: Customer, input: DepositInput): Promise<LightMyRequestResponse> {
  const { amount, ...rest } = input;
  return call(app, customer, 'POST', ApiPaths.depositIntents, { ...rest, amount: usd(amount) });
}

export async function confirm(
  app: FastifyInstance,
  customer: Customer,
  intent: Pick<DepositIntent, 'id' | 'accountUuid'>,
  key: string = randomUUID(),
) {
  const response = await call(
    app,
    customer,
    'POST',
    ApiPaths.depositConfirm,
    { id: intent.id, accountUuid: intent.accountUuid },
    withKey(key),
  );
  // The deposit's initiated notice follows the commit in a batch (server/domain/depositNotices.ts): a test goes on
  // once it is made, at the clock's time of the confirm.
  await app.depositNotices.flush();
  return response;
}

/** Initiate and confirm; answers the confirm response (or the initiate one when it was refused). */
export async function deposit(app: FastifyInstance, customer: Customer, input: DepositInput): Promise<LightMyRequestResponse> {
  const started = await initiate(app, customer, input);
  if (started.statusCode !== 201) return started;
  return confirm(app, customer, started.json<DepositIntent>());
}

export const balanceOf = async (customer: Customer, accountUuid: string) =>
  (await accountsOf(customer)).find((account) => account.accountUuid === accountUuid)!.balance.amount;

/** A deposit order builder: from `method` into `account`, for an amount. */
export const orderFrom =
  (account: Pick<Account, 'accountUuid'>, method: Pick<PaymentMethod, 'id'>) =>
  (amount: string): DepositInput => ({ accountUuid: account.accountUuid, paymentMethodId: method.id, amount });

/** A funded customer (a copy of card@) with one bank linked long ago and no deposits of its own yet; `to` orders from it into the brokerage. */
export async function bankCustomer(app: FastifyInstance) {
  const customer = await freshCustomer(app, 'card@fundflow.test');
  const brokerage = await accountOf(customer, 'US');
  const bank = await bankOf(customer);
  return { customer, brokerage, bank, to: orderFrom(brokerage, bank) };
}

/** A copy of alex@ (its card has $300 deposited already) with its brokerage and its debit card. */
export async function cardCustomer(app: FastifyInstance) {
  const customer = await freshCustomer(app, 'alex@fundflow.test');
  return { customer, brokerage: await accountOf(customer, 'US'), card: await cardOf(customer) };
}

/** Links a bank today by routing and account number (the verification sandbox verifies it). */
export async function linkBankToday(customer: Customer) {
  const linked = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '021000021', bankAccount: '123456789' });
  expect(linked.statusCode).toBe(200);
  return linked.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
}
