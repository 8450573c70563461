import { ApiPaths, WithdrawalErrorCode, type Deposit, type SandboxOutboxResponse } from '../../api/contract';
import { AchReturnErrorCode } from '../domain/achReturns';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { balanceOf, errorOf, usd } from '../testing/depositKit';
import { holdsKit } from '../testing/holdsKit';
import { useTestApp } from '../testing/useTestApp';

// Holds, never-negative and ACH returns, at fixed dates. Thanksgiving 2026 (a Fed holiday), 10:00 in New York: a
// bank deposit made now goes out in Friday 27 November's batch (cancellable until 4 pm that day) and settles on
// Wednesday 2 December at 4 pm; a debit-card deposit made now may leave to a bank from Friday 26 March 2027
// (120 days later).
const THANKSGIVING = '2026-11-26T15:00:00Z';
const testApp = useTestApp({ now: THANKSGIVING, clockAt: THANKSGIVING });
const { db, clock } = testApp;
// Each test walks the clock through days and signs in again at each step: more than the default 5 s on a busy machine.
jest.setTimeout(30_000);

const {
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
} = holdsKit(testApp, THANKSGIVING);

describe('holds: available to withdraw subtracts every hold', () => {
  it('a $2,000 debit-card deposit is not withdrawable to a bank until its 120-day hold ends, then is', async () => {
    let alex = await emptyAlex();
    await depositInto(alex.customer, alex.brokerage.accountUuid, alex.card.id, '2000.00');
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('2000.00');

    const held = await availableOf(alex.customer, alex.brokerage.accountUuid);
    expect(held).toMatchObject({ availableToWithdraw: usd('0.00'), balance: usd('2000.00'), depositsOnHold: usd('2000.00') });
    expect(held.holds).toEqual([
      expect.objectContaining({
        reason: 'DEBIT_CARD',
        amount: usd('2000.00'),
        until: '2027-03-26',
        description: '$2,000.00 from your debit card is held until Fri, Mar 26, 2027',
      }),
    ]);
    const refused = await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '2000.00');
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({
      errorCode: WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
      message:
        'Nothing in this account is available to withdraw right now. $2,000.00 from your debit card is held until Fri, Mar 26, 2027.',
    });

    // The day before the hold ends: still held.
    clock.set('2027-03-25T20:00:00Z');
    alex = await again(alex);
    expect(errorOf(await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '1.00')).errorCode).toBe(
      WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
    );

    // The day it ends: it may leave.
    clock.set('2027-03-26T14:00:00Z');
    alex = await again(alex);
    expect(await availableOf(alex.customer, alex.brokerage.accountUuid)).toMatchObject({
      availableToWithdraw: usd('2000.00'),
      depositsOnHold: usd('0.00'),
      holds: [],
    });
    expect((await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '2000.00')).statusCode).toBe(201);
  });

  it("a bank deposit's instant part is not withdrawable until it settles", async () => {
    let alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '1500.00');
    expect(made.instantAmount).toEqual(usd('1000.00'));

    // Tuesday 1 December, the day before settlement.
    clock.set('2026-12-01T20:00:00Z');
    alex = await again(alex);
    const before = await availableOf(alex.customer, alex.brokerage.accountUuid);
    expect(before).toMatchObject({ availableToWithdraw: usd('0.00'), balance: usd('1000.00'), depositsOnHold: usd('1000.00') });
    expect(before.holds.map((hold) => [hold.reason, hold.until, hold.description])).toEqual([
      ['BANK_NOT_SETTLED', '2026-12-02', '$1,000.00 from a bank deposit that has not settled is held until Wed, Dec 2, 2026'],
    ]);
    const refused = await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '1.00');
    expect(errorOf(refused)).toEqual({
      errorCode: WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
      message:
        'Nothing in this account is available to withdraw right now. $1,000.00 from a bank deposit that has not settled is held until Wed, Dec 2, 2026.',
    });

    // Wednesday 2 December at the 4 pm settlement: all of it.
    clock.set('2026-12-02T21:00:00Z');
    alex = await again(alex);
    expect(await availableOf(alex.customer, alex.brokerage.accountUuid)).toMatchObject({ availableToWithdraw: usd('1500.00'), holds: [] });
  });

  it('held money moved to another account by a transfer stays held there (the customer-wide figure), and says why', async () => {
    const alex = await emptyAlex();
    await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '500.00');
    expect((await transfer(alex.customer, alex.brokerage.accountUuid, alex.highYield.accountUuid, '500.00')).statusCode).toBe(200);
    const highYield = await availableOf(alex.customer, alex.highYield.accountUuid);
    expect(highYield).toMatchObject({ availableToWithdraw: usd('0.00'), balance: usd('500.00'), depositsOnHold: usd('0.00') });
    expect(highYield.holds.map((hold) => [hold.accountUuid, hold.amount])).toEqual([[alex.brokerage.accountUuid, usd('500.00')]]);
    expect(errorOf(await withdraw(alex.customer, alex.highYield.accountUuid, alex.bank.id, '500.00')).errorCode).toBe(
      WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
    );
  });

  it('the answer says when a withdrawal made now goes out and arrives, from the bank calendar', async () => {
    const alex = await emptyAlex();
    // Thanksgiving: the batch is Friday, arrival two business days later (Tuesday).
    expect(await availableOf(alex.customer, alex.brokerage.accountUuid)).toMatchObject({ sendsOn: '2026-11-27', arrivesOn: '2026-12-01' });
    await db.updateTable('accounts').set({ balance_cents: 30_000 }).where('id', '=', alex.brokerage.accountUuid).execute();
    const made = await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '100.00');
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ arrivalDate: '2026-12-01' });
  });

  it('the portfolio and high-yield figures subtract the same holds', async () => {
    const alex = await emptyAlex();
    await depositInto(alex.customer, alex.brokerage.accountUuid, alex.card.id, '300.00');
    await depositInto(alex.customer, alex.highYield.accountUuid, alex.bank.id, '200.00');
    const portfolio = await portfolioOf(alex.customer, alex.brokerage.accountUuid);
    expect(portfolio.balance.depositsOnHold).toEqual(usd('300.00'));
    expect(portfolio.balance.availableToWithdrawSummary).toMatchObject({ availableToWithdraw: usd('0.00'), depositsOnHold: usd('300.00') });
    const highYield = (await alex.customer.get(ApiPaths.highYieldAccount)).json<{ highYieldAccount: unknown }>();
    expect(highYield.highYieldAccount).toMatchObject({ availableToWithdraw: usd('0.00'), depositsOnHold: usd('200.00') });
  });
});

describe('never negative: cancelling a deposit whose instant money has left is refused', () => {
  const refusal = (amount: string, account: string) => ({
    errorCode: DepositApiErrorCode.NOT_CANCELLABLE,
    message: `This deposit can't be canceled: the $500.00 it made available at once has been withdrawn, moved or invested. Move ${amount} back into your ${account} account to cancel it, or let it complete.`,
  });

  it("after an internal transfer to high-yield (the issue's -$700): refused, says how much must come back; then cancellable once it has", async () => {
    const alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '500.00');
    expect((await transfer(alex.customer, alex.brokerage.accountUuid, alex.highYield.accountUuid, '200.00')).statusCode).toBe(200);

    const refused = await cancel(alex.customer, made.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual(refusal('$200.00', 'Brokerage'));
    expect((await depositOf(alex.customer, made.id)).status).toBe('CONFIRMED');
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('300.00');
    await expectNoAccountBelowZero(alex.customer.userId);

    expect((await transfer(alex.customer, alex.highYield.accountUuid, alex.brokerage.accountUuid, '200.00')).statusCode).toBe(200);
    expect((await cancel(alex.customer, made.id)).statusCode).toBe(200);
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');
    await expectNoAccountBelowZero(alex.customer.userId);
  });

  it("after a high-yield deposit's instant money moved to brokerage: refused", async () => {
    const alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.highYield.accountUuid, alex.bank.id, '500.00');
    expect((await transfer(alex.customer, alex.highYield.accountUuid, alex.brokerage.accountUuid, '500.00')).statusCode).toBe(200);
    expect(errorOf(await cancel(alex.customer, made.id))).toEqual(refusal('$500.00', 'High-yield cash'));
    await expectNoAccountBelowZero(alex.customer.userId);
  });

  it('a withdrawal cannot take instant money; one of settled money leaves the instant money in place, and the cancel passes', async () => {
    const alex = await emptyAlex();
    await db.updateTable('accounts').set({ balance_cents: 30_000 }).where('id', '=', alex.brokerage.accountUuid).execute();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '500.00');
    expect(errorOf(await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '300.01')).errorCode).toBe(
      WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
    );
    expect((await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '300.00')).statusCode).toBe(201);
    expect((await cancel(alex.customer, made.id)).statusCode).toBe(200);
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');
    await expectNoAccountBelowZero(alex.customer.userId);
  });

  it('moved to high-yield and withdrawn from there: the withdrawal is refused (still held), so nothing can go below zero', async () => {
    const alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '500.00');
    expect((await transfer(alex.customer, alex.brokerage.accountUuid, alex.highYield.accountUuid, '500.00')).statusCode).toBe(200);
    expect(errorOf(await withdraw(alex.customer, alex.highYield.accountUuid, alex.bank.id, '500.00')).errorCode).toBe(
      WithdrawalErrorCode.INSUFFICIENT_AVAILABLE,
    );
    expect(errorOf(await cancel(alex.customer, made.id))).toEqual(refusal('$500.00', 'Brokerage'));
    await expectNoAccountBelowZero(alex.customer.userId);
  });

  it('a cancel racing a transfer of the instant money: never both, never below zero', async () => {
    const alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '500.00');
    const [cancelled, moved] = await Promise.all([
      cancel(alex.customer, made.id),
      transfer(alex.customer, alex.brokerage.accountUuid, alex.highYield.accountUuid, '500.00'),
    ]);
    expect([cancelled.statusCode, moved.statusCode].filter((status) => status === 200)).toHaveLength(1);
    await expectNoAccountBelowZero(alex.customer.userId);
  });

  it('each way money leaves refuses to go below zero itself: a transfer or a withdrawal of more than the account holds', async () => {
    const alex = await emptyAlex();
    await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '500.00');
    expect((await transfer(alex.customer, alex.brokerage.accountUuid, alex.highYield.accountUuid, '500.01')).statusCode).toBe(422);
    expect((await withdraw(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '500.01')).statusCode).toBe(422);
    await expectNoAccountBelowZero(alex.customer.userId);
  });
});

describe('ACH returns', () => {
  it.each([
    ['100.07', 'R01', 'insufficient funds in your bank account'],
    ['100.08', 'R02', 'your bank account is closed'],
    ['100.03', 'R03', 'your bank could not find the account'],
  ])('the sandbox returns a $%s bank deposit with %s when it would settle', async (amount, code, reason) => {
    let alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, amount);
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe(amount);

    clock.set('2026-12-02T21:00:00Z');
    alex = await again(alex);
    const returned = await depositOf(alex.customer, made.id);
    expect(returned.status).toBe('RETURNED');
    // Its instant part is taken back; the rest never arrived.
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');
    expect(returned.events.map((event) => [event.type, event.completed])).toEqual([
      ['DEPOSIT_INITIATION', true],
      ['DEPOSIT_BUYING_POWER_ALLOCATION', true],
      ['DEPOSIT_RETURNED', true],
    ]);
    expect(returned.events.at(-1)).toMatchObject({
      description: `Returned by your bank on Wed, Dec 2, 2026 (${code}: ${reason})`,
      date: '2026-12-02T21:00:00.000Z',
    });
  });

  it('a return before settlement takes back the instant part; the endpoint refuses a deposit not yet sent', async () => {
    let alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '1500.00');
    const early = await returnOf(alex.customer, made.id, 'R01');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).errorCode).toBe(AchReturnErrorCode.NOT_RETURNABLE);

    // Monday 30 November: sent on Friday, not settled.
    clock.set('2026-11-30T15:00:00Z');
    alex = await again(alex);
    const answer = await returnOf(alex.customer, made.id, 'R02');
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Deposit>()).toMatchObject({ status: 'RETURNED', cancellableUntil: null });
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');

    // It never settles afterwards.
    clock.set('2026-12-03T15:00:00Z');
    alex = await again(alex);
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');
    expect((await depositOf(alex.customer, made.id)).status).toBe('RETURNED');
  });

  it('a return after settlement takes back the whole amount; a second return of the same deposit is refused', async () => {
    let alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '1500.00');
    clock.set('2026-12-03T15:00:00Z');
    alex = await again(alex);
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('1500.00');
    expect((await returnOf(alex.customer, made.id, 'R03')).statusCode).toBe(200);
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');
    const events = (await depositOf(alex.customer, made.id)).events.map((event) => event.type);
    expect(events.slice(-2)).toEqual(['DEPOSIT_ARRIVED', 'DEPOSIT_RETURNED']);

    const second = await returnOf(alex.customer, made.id, 'R01');
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toEqual({
      errorCode: AchReturnErrorCode.ALREADY_RETURNED,
      message: 'This deposit has already been returned by the bank.',
    });
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');
  });

  it('what is owed shows as negative buying power with its explanation; instant deposits are off until every account is back at zero', async () => {
    let alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '1000.00');
    expect(made.instantAmount).toEqual(usd('1000.00'));
    // The instant money leaves brokerage before the bank sends it back.
    expect((await transfer(alex.customer, alex.brokerage.accountUuid, alex.highYield.accountUuid, '1000.00')).statusCode).toBe(200);
    clock.set('2026-11-30T15:00:00Z');
    alex = await again(alex);
    expect((await returnOf(alex.customer, made.id, 'R01')).statusCode).toBe(200);

    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('-1000.00');
    const { buyingPowerSummary } = (await portfolioOf(alex.customer, alex.brokerage.accountUuid)).balance;
    expect(buyingPowerSummary).toEqual({
      cashBalance: usd('-1000.00'),
      buyingPower: usd('-1000.00'),
      owed: {
        amount: usd('1000.00'),
        explanation:
          'Your bank returned your $1,000.00 deposit on Mon, Nov 30, 2026 (R01: insufficient funds in your bank account). The money it gave you was taken back, ' +
          'so you owe $1,000.00. Deposit or transfer at least that amount into this account; instant bank deposits are off until then.',
      },
    });
    // Nothing can leave to a bank while money is owed: the customer-wide figure is zero.
    expect((await availableOf(alex.customer, alex.highYield.accountUuid)).availableToWithdraw).toEqual(usd('0.00'));

    // Instant deposits are off: a new bank deposit gives nothing at once.
    const off = await depositInto(alex.customer, alex.highYield.accountUuid, alex.bank.id, '50.00');
    expect(off.instantAmount).toEqual(usd('0.00'));

    // Cleared by moving the money back: instant deposits are on again.
    expect((await transfer(alex.customer, alex.highYield.accountUuid, alex.brokerage.accountUuid, '1000.00')).statusCode).toBe(200);
    expect((await portfolioOf(alex.customer, alex.brokerage.accountUuid)).balance.buyingPowerSummary).toEqual({
      cashBalance: usd('0.00'),
      buyingPower: usd('0.00'),
    });
    const on = await depositInto(alex.customer, alex.highYield.accountUuid, alex.bank.id, '50.00');
    expect(on.instantAmount).toEqual(usd('50.00'));
  });

  it('the customer is told: a message in their outbox', async () => {
    let alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '250.07');
    clock.set('2026-12-02T21:00:00Z');
    alex = await again(alex);
    expect((await depositOf(alex.customer, made.id)).status).toBe('RETURNED');
    const outbox = (await alex.customer.get(ApiPaths.sandboxOutbox)).json<SandboxOutboxResponse>();
    expect(outbox.messages[0]).toMatchObject({
      subject: 'Your $250.07 deposit was returned by your bank (R01)',
      link: '/settings/v2/transfers/history',
    });
  });

  it('concurrent returns of one deposit: one happens, the others are refused, the money is taken back once', async () => {
    let alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '700.00');
    clock.set('2026-11-30T15:00:00Z');
    alex = await again(alex);
    const answers = await Promise.all(['R01', 'R02', 'R03', 'R01', 'R02'].map((code) => returnOf(alex.customer, made.id, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await balanceOf(alex.customer, alex.brokerage.accountUuid)).toBe('0.00');
    expect((await depositOf(alex.customer, made.id)).events.filter((event) => event.type === 'DEPOSIT_RETURNED')).toHaveLength(1);
  });

  it("bad input: an unknown code is a 400 with errorCode and message; another customer's deposit is not found", async () => {
    const alex = await emptyAlex();
    const made = await depositInto(alex.customer, alex.brokerage.accountUuid, alex.bank.id, '100.00');
    const bad = await returnOf(alex.customer, made.id, 'R99');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad)).sort()).toEqual(['errorCode', 'message']);
    const other = await emptyAlex();
    expect((await returnOf(other.customer, made.id, 'R01')).statusCode).toBe(404);
    const malformed = await returnOf(alex.customer, 'not-a-deposit-id', 'R01');
    expect([malformed.statusCode, Object.keys(errorOf(malformed)).sort()]).toEqual([404, ['errorCode', 'message']]);
  });
});
