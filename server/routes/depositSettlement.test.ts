import { apiPath, ApiPaths, type Deposit } from '../../api/contract';
import { DepositApiErrorCode } from '../domain/depositErrors';
import { settleDueDeposits } from '../domain/settlement';
import { accountOf, balanceOf, bankOf, call, cardOf, deposit, depositsOf, errorOf } from '../testing/depositKit';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { buildTestApp, TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';
import { sandboxMoneyMovement } from '../vendors/moneyMovementSandbox';
import { outboxMailer } from '../vendors/outboxMailer';

// Monday 2 March 2026, 10:00 in New York (TEST_NOW), before the 4 pm cut-off.
const MONDAY_MORNING = TEST_NOW;
const { app, db, clock } = useTestApp({ clockAt: MONDAY_MORNING });

async function bankDeposit(amount: string, template = 'card@fundflow.test') {
  const customer = await freshCustomer(app, template);
  const brokerage = await accountOf(customer, 'US');
  const bank = await bankOf(customer);
  const response = await deposit(app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount });
  expect(response.statusCode).toBe(200);
  return { customer, brokerage, bank, made: response.json<Deposit>() };
}

const cancelPath = (depositId: string) => apiPath(ApiPaths.depositCancel, { depositId });

/** The customer signed in again at the clock's time (access tokens live 15 minutes). */
const at = async (time: string, customer: Customer) => {
  clock.set(time);
  return signedInCustomer(app, customer.email);
};

// First: later tests run settlement and the scheduler for every customer, demo templates included.
describe('demo deposit data', () => {
  it('gives alex settled, in-transit and cancellable deposits, a monthly schedule, and copies carry them', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const highYield = await accountOf(customer, 'HIGH_YIELD');
    const history = await depositsOf(customer);
    expect(
      history.map((made) => [
        made.amount.amount,
        made.destinationAccountUuid === highYield.accountUuid ? 'high-yield' : 'brokerage',
        made.cancellableUntil,
      ]),
    ).toEqual([
      ['100.00', 'brokerage', '2026-03-02T21:00:00.000Z'],
      // Made on Friday before the cut-off: settles on Wednesday.
      ['150.00', 'high-yield', null],
      ['300.00', 'brokerage', null],
      ['2500.00', 'brokerage', null],
    ]);
    expect(history[1].events.find((event) => event.type === 'DEPOSIT_SETTLEMENT')).toMatchObject({
      completed: false,
      date: '2026-03-04T21:00:00.000Z',
    });
    expect(history.slice(2).every((made) => made.events.every((event) => event.completed))).toBe(true);

    const schedules = (await customer.get(apiPath(ApiPaths.recurringDeposits, { accountUuid: brokerage.accountUuid }))).json<{
      recurringDeposits: Array<{ nextOccurrenceDate: string; amount: { amount: string } }>;
    }>();
    // Monthly on the 15th: 15 March 2026 is a Sunday, so the deposit is made Monday 16 March (bank calendar).
    expect(schedules.recurringDeposits).toMatchObject([{ nextOccurrenceDate: '2026-03-16', amount: { amount: '250.00' } }]);

    // The demo balances already hold the in-transit money (all of it instant): settling changes nothing.
    const later = await at('2026-03-05T15:00:00Z', customer);
    expect(await balanceOf(later, brokerage.accountUuid)).toBe('12480.55');
    expect(await balanceOf(later, highYield.accountUuid)).toBe('2055.18');
  });
});

describe('settlement on the server clock', () => {
  it('settles a bank deposit three business days after the cut-off: the rest of the money arrives, once', async () => {
    const { customer, brokerage, made } = await bankDeposit('1500.00');
    expect(made.instantAmount.amount).toBe('1000.00');
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('4100.00');

    const before = await at('2026-03-05T20:59:59Z', customer);
    expect((await depositsOf(before))[0].events.find((event) => event.type === 'DEPOSIT_SETTLEMENT')?.completed).toBe(false);
    expect(await balanceOf(before, brokerage.accountUuid)).toBe('4100.00');

    const after = await at('2026-03-05T21:00:00Z', customer);
    const settled = (await depositsOf(after))[0];
    expect(settled.events.map((event) => [event.type, event.completed, event.date])).toEqual([
      ['DEPOSIT_INITIATION', true, '2026-03-02T15:00:00.000Z'],
      ['DEPOSIT_BUYING_POWER_ALLOCATION', true, '2026-03-02T15:00:00.000Z'],
      ['DEPOSIT_BUYING_POWER_UPGRADE', true, '2026-03-05T21:00:00.000Z'],
      ['DEPOSIT_SETTLEMENT', true, '2026-03-05T21:00:00.000Z'],
      ['DEPOSIT_ARRIVED', true, '2026-03-05T21:00:00.000Z'],
    ]);
    expect(settled.cancellableUntil).toBeNull();
    // Read again and settled again by the scheduler: the balance moves only once.
    await settleDueDeposits(db, clock.now(), undefined, sandboxMoneyMovement, outboxMailer({ db, clock }));
    expect(await balanceOf(after, brokerage.accountUuid)).toBe('4600.00');
    expect(await balanceOf(after, brokerage.accountUuid)).toBe('4600.00');
  });

  it('settles concurrently requested settlements exactly once', async () => {
    const { customer, brokerage } = await bankDeposit('1800.00');
    clock.set('2026-03-06T12:00:00Z');
    await Promise.all(
      Array.from({ length: 10 }, () => settleDueDeposits(db, clock.now(), undefined, sandboxMoneyMovement, outboxMailer({ db, clock }))),
    );
    const later = await signedInCustomer(app, customer.email);
    expect(await balanceOf(later, brokerage.accountUuid)).toBe('4900.00');
  });

  it('settles faster with a settlement speed (demos)', async () => {
    const fast = buildTestApp(db, { config: { settlementSpeed: 1440 }, now: MONDAY_MORNING });
    await fast.app.ready();
    try {
      const customer = await freshCustomer(fast.app, 'card@fundflow.test');
      const brokerage = await accountOf(customer, 'US');
      const bank = await bankOf(customer);
      const made = (
        await deposit(fast.app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '100.00' })
      ).json<Deposit>();
      // Six hours to the cut-off become 15 seconds; 78 hours to settlement become 195 seconds.
      expect(made.cancellableUntil).toBe('2026-03-02T15:00:15.000Z');
      expect(made.events.find((event) => event.type === 'DEPOSIT_SETTLEMENT')?.date).toBe('2026-03-02T15:03:15.000Z');
      fast.clock.advance(195_000);
      expect((await depositsOf(customer))[0].events.every((event) => event.completed)).toBe(true);
    } finally {
      await fast.app.close();
    }
  });

  it('settles everything now with the sandbox call', async () => {
    const { customer, brokerage } = await bankDeposit('1500.00');
    const settle = await call(app, customer, 'POST', ApiPaths.sandboxSettleDeposits);
    expect(settle.statusCode).toBe(200);
    const [settled] = settle.json<{ deposits: Deposit[] }>().deposits;
    expect(settled.events.every((event) => event.completed && event.date === '2026-03-02T15:00:00.000Z')).toBe(true);
    expect(settled.cancellableUntil).toBeNull();
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('4600.00');
  });
});

describe('cancelling a bank deposit before the daily cut-off (4 pm New York time)', () => {
  it('cancels before the cut-off: status CANCELED, buying power and amountDeposited taken back', async () => {
    const { customer, brokerage, bank, made } = await bankDeposit('700.00');
    const late = await at('2026-03-02T20:59:59Z', customer);
    const cancelled = await call(app, late, 'POST', cancelPath(made.id));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Deposit>()).toMatchObject({ id: made.id, status: 'CANCELED', cancellableUntil: null });
    expect(
      cancelled
        .json<Deposit>()
        .events.filter((event) => !event.completed)
        .every((event) => event.date === null),
    ).toBe(true);
    expect(await balanceOf(late, brokerage.accountUuid)).toBe('3100.00');
    expect((await late.methods()).find((method) => method.id === bank.id)!.amountDeposited.amount).toBe('3100.00');
    // A cancelled deposit never settles.
    const later = await at('2026-03-10T12:00:00Z', customer);
    expect(await balanceOf(later, brokerage.accountUuid)).toBe('3100.00');
    const again = await call(app, later, 'POST', cancelPath(made.id));
    expect([again.statusCode, errorOf(again).errorCode]).toEqual([409, DepositApiErrorCode.NOT_CANCELLABLE]);
  });

  it('refuses after the cut-off (it has gone to the bank)', async () => {
    const { customer, made } = await bankDeposit('700.00');
    const late = await at('2026-03-02T21:00:00Z', customer);
    const refused = await call(app, late, 'POST', cancelPath(made.id));
    expect([refused.statusCode, errorOf(refused).errorCode]).toEqual([409, DepositApiErrorCode.NOT_CANCELLABLE]);
    expect((await depositsOf(late))[0]).toMatchObject({ status: 'CONFIRMED', cancellableUntil: null });
  });

  it('refuses card deposits, which are instant', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const made = (
      await deposit(app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: (await cardOf(customer)).id, amount: '50.00' })
    ).json<Deposit>();
    const refused = await call(app, customer, 'POST', cancelPath(made.id));
    expect(refused.statusCode).toBe(409);
  });

  it('answers 404 for an unknown deposit id', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    expect((await call(app, customer, 'POST', cancelPath('not-a-uuid'))).statusCode).toBe(404);
    expect(errorOf(await call(app, customer, 'POST', cancelPath('00000000-0000-4000-8000-000000000000'))).errorCode).toBe('NOT_FOUND');
  });
});
