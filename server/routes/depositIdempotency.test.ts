import { randomUUID } from 'node:crypto';
import { ApiPaths, DepositErrorCode, type Deposit, type DepositIntent } from '../../api/contract';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { accountOf, balanceOf, bankOf, call, confirm, depositsOf, errorOf, initiate } from '../testing/depositKit';
import { freshCustomer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db } = useTestApp({ clockAt: TEST_NOW });

async function customerWithIntent(amount = '400.00') {
  const customer = await freshCustomer(app, 'card@fundflow.test');
  const brokerage = await accountOf(customer, 'US');
  const bank = await bankOf(customer);
  const newIntent = async (value = amount) =>
    (await initiate(app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: value })).json<DepositIntent>();
  return { customer, brokerage, bank, intent: await newIntent(), newIntent };
}

const depositRowsOf = async (userId: string) =>
  (await db.selectFrom('deposits').select('id').where('user_id', '=', userId).execute()).length;

describe('confirm is idempotent on the Idempotency-Key header', () => {
  it('refuses a confirmation without a key (400) and makes nothing', async () => {
    const { customer, intent } = await customerWithIntent();
    const missing = await call(app, customer, 'POST', ApiPaths.depositConfirm, { id: intent.id, accountUuid: intent.accountUuid });
    expect([missing.statusCode, errorOf(missing).errorCode]).toEqual([400, DepositApiErrorCode.IDEMPOTENCY_KEY_REQUIRED]);
    const tooLong = await confirm(app, customer, intent, 'k'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(await depositRowsOf(customer.userId)).toBe(0);
  });

  it('answers a repeat with the same key and body with the first answer, and makes one deposit', async () => {
    const { customer, brokerage, intent } = await customerWithIntent();
    const key = randomUUID();
    const first = await confirm(app, customer, intent, key);
    // Settled since: a fresh look at the deposit would differ, the stored answer does not.
    await call(app, customer, 'POST', ApiPaths.sandboxSettleDeposits);
    const again = await confirm(app, customer, intent, key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await depositRowsOf(customer.userId)).toBe(1);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('3500.00');
    expect((await depositsOf(customer))[0].events.every((event) => event.completed)).toBe(true);
  });

  it('refuses the same key with another body (409 IDEMPOTENCY_KEY_REUSED)', async () => {
    const { customer, intent, newIntent } = await customerWithIntent();
    const key = randomUUID();
    expect((await confirm(app, customer, intent, key)).statusCode).toBe(200);
    const other = await newIntent('50.00');
    const reused = await confirm(app, customer, other, key);
    expect([reused.statusCode, errorOf(reused).errorCode]).toEqual([409, DepositApiErrorCode.IDEMPOTENCY_KEY_REUSED]);
    expect(await depositRowsOf(customer.userId)).toBe(1);
  });

  it('makes exactly one deposit from 50 concurrent confirmations with one key, all answered alike', async () => {
    const { customer, brokerage, bank, intent } = await customerWithIntent();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => confirm(app, customer, intent, key)));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((answer) => answer.json<Deposit>().id)).size).toBe(1);
    expect(await depositRowsOf(customer.userId)).toBe(1);
    // Balance and amountDeposited moved once: 3100 + 400.
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('3500.00');
    expect((await customer.methods()).find((method) => method.id === bank.id)!.amountDeposited.amount).toBe('3500.00');
  });

  it('makes one deposit from one intent even with different keys (a double click with two keys)', async () => {
    const { customer, intent } = await customerWithIntent();
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(app, customer, intent, randomUUID())));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.json<Deposit>().id)).size).toBe(1);
    expect((await depositsOf(customer)).length).toBe(1);
  });

  it('stores a refusal as the answer: a repeat of the key answers it again, a new key is looked at afresh', async () => {
    const { customer, intent, newIntent } = await customerWithIntent('30000.00');
    const refusedIntent = await newIntent();
    const blocking = (await confirm(app, customer, intent)).json<Deposit>();
    const key = randomUUID();
    const first = await confirm(app, customer, refusedIntent, key);
    expect([first.statusCode, errorOf(first).errorCode]).toEqual([422, DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED]);
    // The limit frees up, but the key already has its answer.
    expect((await call(app, customer, 'POST', ApiPaths.depositCancel.replace(':depositId', blocking.id))).statusCode).toBe(200);
    const again = await confirm(app, customer, refusedIntent, key);
    expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
    expect((await confirm(app, customer, refusedIntent, randomUUID())).statusCode).toBe(200);
  });

  it('keeps keys apart per customer: two customers may use the same key', async () => {
    const one = await customerWithIntent();
    const two = await customerWithIntent();
    const key = randomUUID();
    const first = (await confirm(app, one.customer, one.intent, key)).json<Deposit>();
    const second = (await confirm(app, two.customer, two.intent, key)).json<Deposit>();
    expect(first.id).not.toBe(second.id);
  });
});
