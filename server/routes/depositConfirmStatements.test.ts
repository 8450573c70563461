import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Deposit, DepositIntent } from '../../api/contract';
import type { Database } from '../db/schema';
import { accountOf, bankOf, cardOf, confirm, depositsOf, initiate } from '../testing/depositKit';
import { freshCustomer } from '../testing/fundingKit';
import { buildTestApp, createSeededTestDatabase } from '../testing/testApp';
import { countingStatements } from '../testing/statementCounter';

// Issue 20: an intent is two statements (one read of every fact its rules decide from, then its insert), and a
// confirm is one transaction of three statements (the key's claim with the customer's lock, one read
// of every fact, one write of the deposit with its answer) and the savepoint a refusal rolls back to. The
// answer is made from the values written, so it must be what the stored rows present.

let base: Kysely<Database>;
let app: FastifyInstance;
let counter: ReturnType<typeof countingStatements>['counter'];

beforeAll(async () => {
  base = await createSeededTestDatabase();
  const counted = countingStatements(base);
  counter = counted.counter;
  const db = counted.db;
  app = buildTestApp(db, { now: '2026-03-02T15:00:00Z' }).app;
  await app.ready();
}, 240_000);
afterAll(async () => {
  await app.close();
  await base.destroy();
});

const countedOn = async (methodId: string) =>
  (await base.selectFrom('payment_methods').select('amount_deposited_cents').where('id', '=', methodId).executeTakeFirstOrThrow())
    .amount_deposited_cents;

/**
 * Confirms the intent with a fresh key, counting the statements it sends. Its notice (made after the commit, in
 * a batch of its own: depositNotices.ts) is held back until the count is taken.
 */
async function countedConfirm(customer: Parameters<typeof confirm>[1], intent: DepositIntent, key = randomUUID()) {
  const notices = app.depositNotices;
  const tell = notices.madeDeposit;
  const owed: string[] = [];
  notices.madeDeposit = (id) => void owed.push(id);
  counter.reset();
  counter.counting = true;
  try {
    const response = await confirm(app, customer, intent, key);
    return { response, statements: counter.statements };
  } finally {
    counter.counting = false;
    notices.madeDeposit = tell;
    for (const id of owed) notices.madeDeposit(id);
    await notices.flush();
  }
}

it('a bank deposit confirm is three statements and its savepoint, and answers what its stored rows present', async () => {
  const customer = await freshCustomer(app, 'alex@fundflow.test');
  const brokerage = await accountOf(customer, 'US');
  const bank = await bankOf(customer);
  const intent = (
    await initiate(app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '300.00' })
  ).json<DepositIntent>();
  const key = randomUUID();
  const { response, statements: sent } = await countedConfirm(customer, intent, key);
  expect(response.statusCode).toBe(200);
  expect(sent).toBe(4);
  const answer = response.json<Deposit>();
  expect((await depositsOf(customer)).find((deposit) => deposit.id === answer.id)).toEqual(answer);
  // The answer stored with the deposit is the one a repeat gets.
  expect((await confirm(app, customer, intent, key)).json()).toEqual(answer);
});

it('a deposit intent is one read of every fact and its insert, from a bank or a card, into an IRA too', async () => {
  const customer = await freshCustomer(app, 'alex@fundflow.test');
  const brokerage = await accountOf(customer, 'US');
  const ira = await accountOf(customer, 'ROTH_IRA');
  const orders = [
    { accountUuid: brokerage.accountUuid, paymentMethodId: (await bankOf(customer)).id, amount: '300.00' },
    { accountUuid: brokerage.accountUuid, paymentMethodId: (await cardOf(customer)).id, amount: '200.00' },
    { accountUuid: ira.accountUuid, paymentMethodId: (await bankOf(customer)).id, amount: '100.00', iraContributionYear: 2026 },
  ];
  for (const order of orders) {
    counter.reset();
    counter.counting = true;
    const response = await initiate(app, customer, order).finally(() => (counter.counting = false));
    expect(response.statusCode).toBe(201);
    expect(counter.kinds).toEqual(['SelectQueryNode', 'InsertQueryNode']);
  }
});

it('a debit-card deposit confirm answers what its stored rows present, and counts on the card once', async () => {
  const customer = await freshCustomer(app, 'alex@fundflow.test');
  const brokerage = await accountOf(customer, 'US');
  const card = await cardOf(customer);
  const intent = (
    await initiate(app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: card.id, amount: '200.00' })
  ).json<DepositIntent>();
  const before = await countedOn(card.id);
  const { response } = await countedConfirm(customer, intent);
  expect(response.statusCode).toBe(200);
  const answer = response.json<Deposit>();
  expect((await depositsOf(customer)).find((deposit) => deposit.id === answer.id)).toEqual(answer);
  const countedOnMethod = await countedOn(card.id);
  expect(countedOnMethod - before).toBe(20_000);
});
