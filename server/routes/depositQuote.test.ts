import { ApiPaths, type Deposit, type DepositIntent } from '../../api/contract';
import { accountOf, bankCustomer, call, cardOf, confirm, initiate, linkBankToday, orderFrom, usd } from '../testing/depositKit';
import { freshCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// The quote Next answers (the intent's `quote`) and what Confirm's deposit says really happened, at fixed dates.

/** Thanksgiving 2026, 10:00 in New York: the Fed is closed, the batch is Fri Nov 27. */
const THANKSGIVING_MORNING = '2026-11-26T15:00:00Z';
/** Monday 2 March 2026, 10:00 in New York, before the cut-off. */
const MONDAY_MORNING = TEST_NOW;

const { app, clock } = useTestApp({ clockAt: THANKSGIVING_MORNING });

async function quoted(customer: Customer, input: Parameters<typeof initiate>[2]): Promise<DepositIntent> {
  const started = await initiate(app, customer, input);
  expect(started.statusCode).toBe(201);
  return started.json<DepositIntent>();
}

describe('the quote of a bank deposit', () => {
  it('on Thanksgiving 2026: $1,000 available now, cancellable until Fri Nov 27 4:00 PM New York, settles Wed Dec 2', async () => {
    const { customer, to } = await bankCustomer(app);
    const intent = await quoted(customer, to('1000.00'));
    expect(intent.quote).toEqual({
      availableNow: usd('1000.00'),
      availableLater: [],
      settlesOn: '2026-12-02',
      withdrawableOn: '2026-12-02',
      cancellableUntil: '2026-11-27T21:00:00.000Z', // 4:00 PM EST
      batchDay: '2026-11-27',
      limitAfter: { kind: 'BANK_DAILY', limit: usd('50000.00'), left: usd('49000.00'), batchDay: '2026-11-27' },
      waitsForApproval: false,
    });
  });

  it('with an instant part: $1,000 now and the rest on the settlement date', async () => {
    const { customer, to } = await bankCustomer(app);
    const intent = await quoted(customer, to('1750.00'));
    expect(intent.quote.availableNow).toEqual(usd('1000.00'));
    expect(intent.quote.availableLater).toEqual([{ amount: usd('750.00'), date: '2026-12-02' }]);
  });

  it('counts the deposits already made against the limit left after this one', async () => {
    const { customer, to } = await bankCustomer(app);
    const first = await quoted(customer, to('250.00'));
    expect((await confirm(app, customer, first)).statusCode).toBe(200);
    const intent = await quoted(customer, to('750.00'));
    expect(intent.quote.limitAfter.left).toEqual(usd('49000.00'));
    // The first deposit's instant $250 leaves $750 of the $1,000 instant room for this one.
    expect(intent.quote.availableNow).toEqual(usd('750.00'));
  });

  it('from a bank linked today: $0 now, everything on the settlement date', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const linked = await linkBankToday(customer);
    const intent = await quoted(customer, orderFrom(brokerage, linked)('1000.00'));
    expect(intent.quote.availableNow).toEqual(usd('0.00'));
    expect(intent.quote.availableLater).toEqual([{ amount: usd('1000.00'), date: '2026-12-02' }]);
  });

  it('on an ordinary business morning: cancellable until 4 pm today, settles 3 business days later', async () => {
    clock.set(MONDAY_MORNING);
    const { customer, to } = await bankCustomer(app);
    const intent = await quoted(customer, to('100.00'));
    expect(intent.quote).toMatchObject({ batchDay: '2026-03-02', cancellableUntil: '2026-03-02T21:00:00.000Z', settlesOn: '2026-03-05' });
  });
});

describe('the quote of a debit-card deposit', () => {
  it('is all available now, settled today, withdrawable to a bank when the 120-day hold ends, and says what is left on the card', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const card = await cardOf(customer); // $300.00 already deposited from it
    const intent = await quoted(customer, orderFrom(brokerage, card)('200.00'));
    expect(intent.quote).toEqual({
      availableNow: usd('200.00'),
      availableLater: [],
      settlesOn: '2026-11-26',
      withdrawableOn: '2027-03-26', // 120 calendar days later, a Friday
      cancellableUntil: null,
      batchDay: null,
      limitAfter: { kind: 'DEBIT_CARD', limit: usd('2500.00'), left: usd('2000.00'), batchDay: null },
      waitsForApproval: false,
    });
  });
});

describe("Confirm's deposit in the quote's terms", () => {
  it('matches the quote when nothing changed in between', async () => {
    const { customer, to } = await bankCustomer(app);
    const intent = await quoted(customer, to('1750.00'));
    const made = (await confirm(app, customer, intent)).json<Deposit>();
    expect(made).toMatchObject({
      availableNow: intent.quote.availableNow,
      availableLater: intent.quote.availableLater,
      settlesOn: intent.quote.settlesOn,
      withdrawableOn: intent.quote.withdrawableOn,
      cancellableUntil: intent.quote.cancellableUntil,
      cancelledAt: null,
    });
  });

  it('says what really happened when the instant room was used between Next and Confirm', async () => {
    const { customer, to } = await bankCustomer(app);
    const later = await quoted(customer, to('1000.00'));
    const meanwhile = await quoted(customer, to('600.00'));
    expect((await confirm(app, customer, meanwhile)).statusCode).toBe(200);
    const made = (await confirm(app, customer, later)).json<Deposit>();
    expect(later.quote.availableNow).toEqual(usd('1000.00'));
    expect(made.availableNow).toEqual(usd('400.00'));
    expect(made.availableLater).toEqual([{ amount: usd('600.00'), date: '2026-12-02' }]);
  });

  it('a card deposit is settled at once and withdrawable when its hold ends', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const card = await cardOf(customer);
    const made = (await confirm(app, customer, await quoted(customer, orderFrom(brokerage, card)('100.00')))).json<Deposit>();
    expect(made).toMatchObject({
      availableNow: usd('100.00'),
      availableLater: [],
      settlesOn: '2026-11-26',
      withdrawableOn: '2027-03-26',
      cancellableUntil: null,
    });
  });

  it('a cancelled deposit says when it was cancelled and that nothing is to come', async () => {
    const { customer, to } = await bankCustomer(app);
    const made = (await confirm(app, customer, await quoted(customer, to('300.00')))).json<Deposit>();
    clock.set('2026-11-26T15:05:00Z'); // within the access token's 15 minutes
    const cancelled = await call(app, customer, 'POST', ApiPaths.depositCancel.replace(':depositId', made.id));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Deposit>()).toMatchObject({
      status: 'CANCELED',
      cancelledAt: '2026-11-26T15:05:00.000Z',
      availableNow: usd('0.00'),
      availableLater: [],
      settlesOn: null,
      withdrawableOn: null,
    });
  });
});
