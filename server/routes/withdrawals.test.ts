import { randomUUID } from 'node:crypto';
import {
  ApiErrorCode,
  ApiPaths,
  WithdrawalErrorCode,
  type AvailableToWithdraw,
  type DepositIntent,
  type Withdrawal,
  type WithdrawalsResponse,
} from '../../api/contract';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { accountOf, balanceOf, bankOf, call, cardOf, errorOf, usd, withKey } from '../testing/depositKit';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db, clock } = useTestApp({ clockAt: TEST_NOW });
// Monday 2 March 2026, 10:00 in New York: before the day's 4 pm cut-off.

interface WithdrawalInput {
  accountUuid: string;
  paymentMethodId: string;
  amount: string;
  federalWithholdingPercent?: number | null;
  distributionReason?: string | null;
}

function withdraw(customer: Customer, input: WithdrawalInput, key: string = randomUUID()) {
  const { amount, ...rest } = input;
  return call(app, customer, 'POST', ApiPaths.withdrawals, { ...rest, amount: usd(amount) }, withKey(key));
}

async function availableOf(customer: Customer, accountUuid: string) {
  const response = await customer.get(`${ApiPaths.withdrawalsAvailable}?accountUuid=${accountUuid}`);
  expect(response.statusCode).toBe(200);
  return response.json<AvailableToWithdraw>();
}

const withdrawalsOf = async (customer: Customer) => (await customer.get(ApiPaths.withdrawals)).json<WithdrawalsResponse>().withdrawals;
const withdrawalRows = async (userId: string) =>
  Number(
    (
      await db
        .selectFrom('withdrawals' as never)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id' as never, '=', userId as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

async function alex() {
  const customer = await freshCustomer(app, 'alex@fundflow.test');
  return { customer, brokerage: await accountOf(customer, 'US'), bank: await bankOf(customer) };
}

describe('available to withdraw', () => {
  it('is the balance minus the holds (unsettled bank deposits, debit-card deposits in their 120-day hold), per account', async () => {
    const { customer, brokerage } = await alex();
    // alex: $12,480.55 in brokerage, of which $100.00 is the instant part of a deposit not yet settled and $300.00
    // came from his debit card 25 days ago (held 120 days).
    expect(await availableOf(customer, brokerage.accountUuid)).toEqual({
      accountUuid: brokerage.accountUuid,
      availableToWithdraw: usd('12080.55'),
      balance: usd('12480.55'),
      depositsOnHold: usd('400.00'),
      pendingWithdrawals: usd('0.00'),
      holds: [
        expect.objectContaining({
          reason: 'DEBIT_CARD',
          amount: usd('300.00'),
          until: '2026-06-05',
          description: '$300.00 from your debit card is held until Fri, Jun 5, 2026',
        }),
        expect.objectContaining({ reason: 'BANK_NOT_SETTLED', amount: usd('100.00'), until: '2026-03-05' }),
      ],
      sendsOn: '2026-03-02',
      arrivesOn: '2026-03-04',
    });
    const highYield = await accountOf(customer, 'HIGH_YIELD');
    expect((await availableOf(customer, highYield.accountUuid)).availableToWithdraw).toEqual(usd('1905.18'));
  });

  it('money on hold stays on hold when a transfer moves it to another account', async () => {
    const { customer, brokerage } = await alex();
    const highYield = await accountOf(customer, 'HIGH_YIELD');
    // No other settled money (the IRAs emptied), so the customer-wide figure decides.
    for (const variant of ['TRADITIONAL_IRA', 'ROTH_IRA'] as const) {
      await db
        .updateTable('accounts')
        .set({ balance_cents: 0 })
        .where('id', '=', (await accountOf(customer, variant)).accountUuid)
        .execute();
    }
    const intent = await call(app, customer, 'POST', ApiPaths.transferIntents, {
      sourceAccountUuid: brokerage.accountUuid,
      destinationAccountUuid: highYield.accountUuid,
      amount: usd('12480.55'),
    });
    expect(intent.statusCode).toBe(201);
    const moved = await call(
      app,
      customer,
      'POST',
      ApiPaths.transferConfirm,
      { id: intent.json<DepositIntent>().id },
      withKey(randomUUID()),
    );
    expect(moved.statusCode).toBe(200);
    // High-yield alone would offer $14,385.73; across the customer $100.00 + $150.00 is still unsettled and $300.00
    // from the debit card is held.
    expect((await availableOf(customer, highYield.accountUuid)).availableToWithdraw).toEqual(usd('13985.73'));
    expect((await availableOf(customer, brokerage.accountUuid)).availableToWithdraw).toEqual(usd('0.00'));
  });

  it('settled deposits are no longer on hold', async () => {
    const { customer, brokerage } = await alex();
    await call(app, customer, 'POST', ApiPaths.sandboxSettleDeposits);
    // The debit card's $300.00 is still in its hold.
    expect((await availableOf(customer, brokerage.accountUuid)).availableToWithdraw).toEqual(usd('12180.55'));
  });
});

describe('making a withdrawal', () => {
  it('exactly the available amount passes; one cent more is refused with WD#00001 and writes nothing', async () => {
    const { customer, brokerage, bank } = await alex();
    const over = await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '12080.56' });
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toEqual({
      errorCode: WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
      message:
        'This is more than is available to withdraw. You can withdraw up to $12,080.55 from this account. $300.00 from your debit card is held until Fri, Jun 5, 2026. 1 more deposit is held.',
    });
    expect(await withdrawalRows(customer.userId)).toBe(0);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('12480.55');

    const exact = await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '12080.55' });
    expect(exact.statusCode).toBe(201);
    const made = exact.json<Withdrawal>();
    expect(made).toMatchObject({
      status: 'PENDING',
      accountUuid: brokerage.accountUuid,
      paymentMethodId: bank.id,
      amount: usd('12080.55'),
      netAmount: usd('12080.55'),
      federalTaxWithheld: usd('0.00'),
      federalWithholdingPercent: null,
      distributionReason: null,
    });
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('400.00');
    expect(await availableOf(customer, brokerage.accountUuid)).toMatchObject({
      availableToWithdraw: usd('0.00'),
      pendingWithdrawals: usd('12080.55'),
      depositsOnHold: usd('400.00'),
    });
    const again = await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '1.00' });
    expect(errorOf(again)).toEqual({
      errorCode: WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
      message:
        'Nothing in this account is available to withdraw right now. $300.00 from your debit card is held until Fri, Jun 5, 2026. 1 more deposit is held.',
    });
  });

  it('is sent at the 4 pm cut-off and arrives two business days later, on the server clock, with its events', async () => {
    const { customer, brokerage, bank } = await alex();
    const made = (
      await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '250.00' })
    ).json<Withdrawal>();
    expect(made.expectedArrival).toBe('2026-03-04T21:00:00.000Z');
    expect(made.events.map(({ type, completed, date }) => [type, completed, date])).toEqual([
      ['WITHDRAWAL_INITIATION', true, '2026-03-02T15:00:00.000Z'],
      ['WITHDRAWAL_SENT', false, '2026-03-02T21:00:00.000Z'],
      ['WITHDRAWAL_ARRIVED', false, '2026-03-04T21:00:00.000Z'],
    ]);
    expect(made.events[1].description).toMatch(/^Sent to .+ •••• \d{4}$/);

    clock.set('2026-03-02T21:00:00Z');
    const later = await signedInCustomer(app, customer.email);
    const sent = (await withdrawalsOf(later))[0];
    expect([sent.status, sent.events.map((event) => event.completed)]).toEqual(['PENDING', [true, true, false]]);

    clock.set('2026-03-04T21:00:00Z');
    const latest = await signedInCustomer(app, customer.email);
    const arrived = (await withdrawalsOf(latest))[0];
    expect([arrived.status, arrived.events.map((event) => event.completed)]).toEqual(['COMPLETED', [true, true, true]]);
    // The amount left the balance when the withdrawal was made; arriving changes nothing more.
    expect(await balanceOf(latest, brokerage.accountUuid)).toBe('12230.55');
    expect((await availableOf(latest, brokerage.accountUuid)).pendingWithdrawals).toEqual(usd('0.00'));
  });

  it("the sandbox settles the customer's withdrawals now", async () => {
    const { customer, brokerage, bank } = await alex();
    await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '20.00' });
    const settled = await call(app, customer, 'POST', ApiPaths.sandboxSettleWithdrawals);
    expect(settled.json()).toEqual({ settled: 1 });
    expect((await withdrawalsOf(customer))[0].status).toBe('COMPLETED');
  });

  it('a high-yield withdrawal goes to a linked bank', async () => {
    const { customer, bank } = await alex();
    const highYield = await accountOf(customer, 'HIGH_YIELD');
    const made = await withdraw(customer, { accountUuid: highYield.accountUuid, paymentMethodId: bank.id, amount: '1905.18' });
    expect(made.statusCode).toBe(201);
    expect(await balanceOf(customer, highYield.accountUuid)).toBe('150.00');
  });
});

describe('concurrency', () => {
  it('20 concurrent creates with one key make one withdrawal and all get its answer', async () => {
    const { customer, brokerage, bank } = await alex();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '300.00' }, key),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((answer) => answer.json<Withdrawal>().id)).size).toBe(1);
    expect(await withdrawalRows(customer.userId)).toBe(1);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('12180.55');
  });

  it('concurrent withdrawals with different keys cannot together take more than is available', async () => {
    const { customer, brokerage, bank } = await alex();
    // $12,080.55 available: four of $3,000.00 fit, the other six do not.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '3000.00' }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(4).fill(201), ...Array(6).fill(422)]);
    expect(await withdrawalRows(customer.userId)).toBe(4);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('480.55');
    expect((await availableOf(customer, brokerage.accountUuid)).availableToWithdraw).toEqual(usd('80.55'));
  });

  it('a key reused with another body is refused', async () => {
    const { customer, brokerage, bank } = await alex();
    const key = randomUUID();
    await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '10.00' }, key);
    const reused = await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '11.00' }, key);
    expect([reused.statusCode, errorOf(reused).errorCode]).toEqual([409, DepositApiErrorCode.IDEMPOTENCY_KEY_REUSED]);
  });
});

describe('refusals', () => {
  it("another customer's account or bank is not found (404), and nothing of theirs is revealed", async () => {
    const mine = await alex();
    const theirs = await alex();
    const foreignAccount = await withdraw(mine.customer, {
      accountUuid: theirs.brokerage.accountUuid,
      paymentMethodId: mine.bank.id,
      amount: '10.00',
    });
    expect([foreignAccount.statusCode, errorOf(foreignAccount).errorCode]).toEqual([404, ApiErrorCode.NOT_FOUND]);
    const foreignBank = await withdraw(mine.customer, {
      accountUuid: mine.brokerage.accountUuid,
      paymentMethodId: theirs.bank.id,
      amount: '10.00',
    });
    expect([foreignBank.statusCode, errorOf(foreignBank).errorCode]).toEqual([404, ApiErrorCode.NOT_FOUND]);
    const peek = await mine.customer.get(`${ApiPaths.withdrawalsAvailable}?accountUuid=${theirs.brokerage.accountUuid}`);
    expect(peek.statusCode).toBe(404);
    expect(await balanceOf(theirs.customer, theirs.brokerage.accountUuid)).toBe('12480.55');
  });

  it('a debit card cannot receive a withdrawal (WD#00002); a bank waiting for micro-deposits is not approved (WD#00003)', async () => {
    const { customer, brokerage } = await alex();
    const card = await cardOf(customer);
    const toCard = await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: card.id, amount: '10.00' });
    expect([toCard.statusCode, errorOf(toCard).errorCode]).toEqual([400, WithdrawalErrorCode.DESTINATION_NOT_BANK]);

    const micro = await freshCustomer(app, 'micro@fundflow.test');
    const waiting = (await micro.methods()).find((method) => method.status !== 'APPROVED')!;
    const microBrokerage = await accountOf(micro, 'US');
    const toWaiting = await withdraw(micro, { accountUuid: microBrokerage.accountUuid, paymentMethodId: waiting.id, amount: '10.00' });
    expect([toWaiting.statusCode, errorOf(toWaiting).errorCode]).toEqual([422, WithdrawalErrorCode.DESTINATION_NOT_APPROVED]);
  });

  it('needs an Idempotency-Key, at least $1.00 and a valid body', async () => {
    const { customer, brokerage, bank } = await alex();
    const body = { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: usd('10.00') };
    const noKey = await call(app, customer, 'POST', ApiPaths.withdrawals, body);
    expect([noKey.statusCode, errorOf(noKey).errorCode]).toEqual([400, DepositApiErrorCode.IDEMPOTENCY_KEY_REQUIRED]);
    const small = await withdraw(customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '0.99' });
    expect([small.statusCode, errorOf(small).errorCode]).toEqual([400, WithdrawalErrorCode.AMOUNT_TOO_SMALL]);
    const badAmount = await call(
      app,
      customer,
      'POST',
      ApiPaths.withdrawals,
      { ...body, amount: { amount: '1.001', currency: 'USD' } },
      withKey(randomUUID()),
    );
    expect([badAmount.statusCode, errorOf(badAmount).errorCode]).toEqual([400, ApiErrorCode.VALIDATION]);
    expect(badAmount.body).not.toMatch(/at \w+ \(/);
    const extra = await call(app, customer, 'POST', ApiPaths.withdrawals, { ...body, note: 'x' }, withKey(randomUUID()));
    expect(extra.statusCode).toBe(400);
    const closed = await freshCustomer(app, 'closed@fundflow.test');
    const closedBrokerage = await accountOf(closed, 'US');
    const refused = await withdraw(closed, { accountUuid: closedBrokerage.accountUuid, paymentMethodId: bank.id, amount: '10.00' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await withdrawalRows(customer.userId)).toBe(0);
  });
});

describe('IRA withdrawals', () => {
  it('need a withholding choice and a distribution reason; other accounts take neither', async () => {
    const { customer, brokerage, bank } = await alex();
    const ira = await accountOf(customer, 'TRADITIONAL_IRA');
    const bare = await withdraw(customer, { accountUuid: ira.accountUuid, paymentMethodId: bank.id, amount: '100.00' });
    expect([bare.statusCode, errorOf(bare).errorCode]).toEqual([400, WithdrawalErrorCode.IRA_DETAILS_REQUIRED]);
    const half = await withdraw(customer, {
      accountUuid: ira.accountUuid,
      paymentMethodId: bank.id,
      amount: '100.00',
      federalWithholdingPercent: 10,
    });
    expect(errorOf(half).errorCode).toBe(WithdrawalErrorCode.IRA_DETAILS_REQUIRED);
    const onBrokerage = await withdraw(customer, {
      accountUuid: brokerage.accountUuid,
      paymentMethodId: bank.id,
      amount: '100.00',
      federalWithholdingPercent: 10,
      distributionReason: 'EARLY',
    });
    expect([onBrokerage.statusCode, errorOf(onBrokerage).errorCode]).toEqual([400, ApiErrorCode.VALIDATION]);
  });

  it('a normal distribution needs age 59½ (alex was born in 1990): WD#00007', async () => {
    const { customer, bank } = await alex();
    const ira = await accountOf(customer, 'ROTH_IRA');
    const normal = await withdraw(customer, {
      accountUuid: ira.accountUuid,
      paymentMethodId: bank.id,
      amount: '100.00',
      federalWithholdingPercent: 0,
      distributionReason: 'NORMAL',
    });
    expect([normal.statusCode, errorOf(normal).errorCode]).toEqual([422, WithdrawalErrorCode.DISTRIBUTION_REASON_NOT_ALLOWED]);
  });

  it('withholds federal tax to the cent and sends the rest to the bank', async () => {
    const { customer, bank } = await alex();
    const ira = await accountOf(customer, 'TRADITIONAL_IRA');
    const made = await withdraw(customer, {
      accountUuid: ira.accountUuid,
      paymentMethodId: bank.id,
      amount: '1000.05',
      federalWithholdingPercent: 10,
      distributionReason: 'EARLY',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json<Withdrawal>()).toMatchObject({
      amount: usd('1000.05'),
      federalWithholdingPercent: 10,
      federalTaxWithheld: usd('100.01'),
      netAmount: usd('900.04'),
      distributionReason: 'EARLY',
    });
    expect(made.json<Withdrawal>().events[0].description).toBe('Withdrawal requested: $100.01 federal tax withheld, $900.04 to your bank');
    expect(await balanceOf(customer, ira.accountUuid)).toBe('5499.95');
  });
});
