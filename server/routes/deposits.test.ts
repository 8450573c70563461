import { randomUUID } from 'node:crypto';
import { ApiPaths, DepositErrorCode, type Deposit, type DepositIntent, type DepositLimitsResponse } from '../../api/contract';
import { DAILY_LIMIT_MESSAGE, DepositApiErrorCode } from '../domain/depositErrors';
import { writeAppConfig } from '../repositories/appConfig';
import {
  accountOf,
  balanceOf,
  bankCustomer,
  bankOf,
  call,
  cardCustomer,
  cardOf,
  confirm,
  deposit,
  depositsOf,
  errorOf,
  initiate,
  linkBankToday,
  orderFrom,
  usd,
} from '../testing/depositKit';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Monday 2 March 2026, 10:00 in New York (TEST_NOW), before the 4 pm cut-off.
const MONDAY_MORNING = TEST_NOW;
const { app, db, clock } = useTestApp({ clockAt: MONDAY_MORNING });

describe('one-time bank deposits', () => {
  it('initiates an intent and confirms it into a deposit with instant buying power, events and a cut-off', async () => {
    const { customer, brokerage, bank, to } = await bankCustomer(app);
    const started = await initiate(app, customer, to('500.00'));
    expect(started.statusCode).toBe(201);
    const intent = started.json<DepositIntent>();
    expect(intent).toMatchObject({
      accountUuid: brokerage.accountUuid,
      amount: usd('500.00'),
      paymentMethodId: bank.id,
      sourceAccountUuid: null,
      iraContributionYear: null,
    });
    expect(intent.expiresAt).toBe('2026-03-02T15:30:00.000Z');

    const confirmed = await confirm(app, customer, intent);
    expect(confirmed.statusCode).toBe(200);
    const made = confirmed.json<Deposit>();
    expect(made).toMatchObject({
      kind: 'DEPOSIT',
      status: 'CONFIRMED',
      type: 'DEPOSIT',
      amount: usd('500.00'),
      instantAmount: usd('500.00'),
      accountUuid: brokerage.accountUuid,
      destinationAccountUuid: brokerage.accountUuid,
      paymentMethodId: bank.id,
      createdAt: '2026-03-02T15:00:00.000Z',
      // 4 pm in New York (EST) on the same business day.
      cancellableUntil: '2026-03-02T21:00:00.000Z',
    });
    expect(made.events.map((event) => [event.type, event.completed, event.date])).toEqual([
      ['DEPOSIT_INITIATION', true, '2026-03-02T15:00:00.000Z'],
      ['DEPOSIT_BUYING_POWER_ALLOCATION', true, '2026-03-02T15:00:00.000Z'],
      // Three business days after it is sent: Thursday's cut-off.
      ['DEPOSIT_SETTLEMENT', false, '2026-03-05T21:00:00.000Z'],
      ['DEPOSIT_ARRIVED', false, '2026-03-05T21:00:00.000Z'],
    ]);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('3600.00');
    expect((await bankOf(customer)).amountDeposited).toEqual(usd('3600.00'));
    expect((await depositsOf(customer)).map((listed) => listed.id)).toEqual([made.id]);
  });

  it('gives bank deposits instant buying power up to $1,000 across unsettled ones: full, partial, then none', async () => {
    const { customer, brokerage, to } = await bankCustomer(app);
    const full = (await deposit(app, customer, to('600.00'))).json<Deposit>();
    const partial = (await deposit(app, customer, to('1500.00'))).json<Deposit>();
    const none = (await deposit(app, customer, to('200.00'))).json<Deposit>();
    expect([full.instantAmount.amount, partial.instantAmount.amount, none.instantAmount.amount]).toEqual(['600.00', '400.00', '0.00']);
    expect(partial.events.map((event) => event.type)).toEqual([
      'DEPOSIT_INITIATION',
      'DEPOSIT_BUYING_POWER_ALLOCATION',
      'DEPOSIT_BUYING_POWER_UPGRADE',
      'DEPOSIT_SETTLEMENT',
      'DEPOSIT_ARRIVED',
    ]);
    expect(none.events.map((event) => event.type)).not.toContain('DEPOSIT_BUYING_POWER_ALLOCATION');
    // Only the instant parts are in the balance before settlement: 3100 + 600 + 400.
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('4100.00');
  });

  it('gives no instant buying power to the first deposit from a bank linked today, and some to the next one', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const linked = await linkBankToday(customer);
    const first = (await deposit(app, customer, orderFrom(brokerage, linked)('300.00'))).json<Deposit>();
    expect(first.instantAmount).toEqual(usd('0.00'));
    const second = (await deposit(app, customer, orderFrom(brokerage, linked)('300.00'))).json<Deposit>();
    expect(second.instantAmount).toEqual(usd('300.00'));
  });

  it('makes a deposit after the cut-off, or on a weekend, belong to the next business day', async () => {
    clock.set('2026-03-06T21:30:00Z'); // Friday 4:30 pm in New York
    const { customer, to } = await bankCustomer(app);
    const late = (await deposit(app, customer, to('100.00'))).json<Deposit>();
    expect(late.cancellableUntil).toBe('2026-03-09T20:00:00.000Z'); // Monday 4 pm, daylight saving time (EDT) from 8 March
    expect(late.events.find((event) => event.type === 'DEPOSIT_SETTLEMENT')?.date).toBe('2026-03-12T20:00:00.000Z');
  });
});

describe('debit-card deposits', () => {
  it('are instant in full, settled at once and never cancellable', async () => {
    const { customer, brokerage, card } = await cardCustomer(app);
    const before = await balanceOf(customer, brokerage.accountUuid);
    const made = (await deposit(app, customer, orderFrom(brokerage, card)('100.00'))).json<Deposit>();
    expect(made).toMatchObject({ status: 'CONFIRMED', type: 'DEPOSIT', instantAmount: usd('100.00'), cancellableUntil: null });
    expect(made.events.every((event) => event.completed)).toBe(true);
    expect(Number(await balanceOf(customer, brokerage.accountUuid)) * 100).toBe(Number(before) * 100 + 10_000);
    expect((await cardOf(customer)).amountDeposited).toEqual(usd('400.00'));
  });

  it('enforce the lifetime limit from dcfLimit (default $2,500) at its edge', async () => {
    const { customer, brokerage, card } = await cardCustomer(app);
    const input = orderFrom(brokerage, card);
    // $300 already deposited with the card: $2,200.00 is the room left.
    const over = await deposit(app, customer, input('2200.01'));
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toEqual({
      errorCode: DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED,
      message: 'A maximum of $2,500 can be deposited with a debit card.',
    });
    expect((await deposit(app, customer, input('2200.00'))).statusCode).toBe(200);
    const limits = (await customer.get(ApiPaths.depositLimits)).json<DepositLimitsResponse>();
    expect(limits.debitCardRemaining).toEqual(usd('0.00'));
  });

  it('follow a lowered dcfLimit from remote config', async () => {
    const { customer, brokerage, card } = await cardCustomer(app);
    await writeAppConfig(db, 'flags.dcfLimit', 500, new Date());
    try {
      const refused = await deposit(app, customer, orderFrom(brokerage, card)('200.01'));
      expect(errorOf(refused)).toEqual({
        errorCode: DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED,
        message: 'A maximum of $500 can be deposited with a debit card.',
      });
      const limits = (await customer.get(ApiPaths.depositLimits)).json<DepositLimitsResponse>();
      expect(limits).toMatchObject({ debitCardLifetimeLimit: usd('500.00'), debitCardRemaining: usd('200.00') });
    } finally {
      await db.deleteFrom('app_config').where('key', '=', 'flags.dcfLimit').execute();
    }
  });

  it('cannot fund a retirement or high-yield account (DE#00000)', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const card = await cardOf(customer);
    for (const variant of ['TRADITIONAL_IRA', 'HIGH_YIELD'] as const) {
      const account = await accountOf(customer, variant);
      const refused = await initiate(app, customer, {
        accountUuid: account.accountUuid,
        paymentMethodId: card.id,
        amount: '100.00',
        iraContributionYear: variant === 'HIGH_YIELD' ? null : 2026,
      });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).errorCode).toBe(DepositErrorCode.INVALID_PAYMENT_METHOD);
    }
  });
});

describe('the daily bank limit of $50,000 (per ACH batch day)', () => {
  it('lets $50,000.00 through and refuses one cent more, with the spec message', async () => {
    const { customer, to } = await bankCustomer(app);
    const over = await deposit(app, customer, to('50000.01'));
    expect(over.statusCode).toBe(422);
    expect(errorOf(over)).toEqual({ errorCode: DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, message: DAILY_LIMIT_MESSAGE });
    expect((await deposit(app, customer, to('50000.00'))).statusCode).toBe(200);
    expect(errorOf(await deposit(app, customer, to('1.00'))).errorCode).toBe(DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED);
  });

  it("adds up the batch day across deposits and banks, tells what is left, and starts again with the next day's batch at the 4 pm cut-off", async () => {
    const { customer, brokerage, bank, to } = await bankCustomer(app);
    await db.updateTable('payment_methods').set({ deposit_limit_cents: 100_000_000 }).where('id', '=', bank.id).execute();
    expect((await deposit(app, customer, to('30000.00'))).statusCode).toBe(200);
    const other = await linkBankToday(customer);
    const limits = (await customer.get(ApiPaths.depositLimits)).json<DepositLimitsResponse>();
    expect(limits).toMatchObject({ dailyBankLimit: usd('50000.00'), dailyBankRemaining: usd('20000.00') });
    expect(errorOf(await deposit(app, customer, orderFrom(brokerage, other)('20000.01'))).errorCode).toBe(
      DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED,
    );
    expect((await deposit(app, customer, orderFrom(brokerage, other)('20000.00'))).statusCode).toBe(200);
    // 3:59 pm in New York still goes out in Monday's batch; from the 4 pm cut-off a deposit goes in Tuesday's.
    clock.set('2026-03-02T20:59:00Z');
    const afternoon = await signedInCustomer(app, customer.email);
    expect(errorOf(await deposit(app, afternoon, to('1.00'))).errorCode).toBe(DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED);
    clock.set('2026-03-02T21:00:00Z');
    expect((await deposit(app, afternoon, to('1.00'))).statusCode).toBe(200);
  });

  it('counts a cancelled deposit no more', async () => {
    const { customer, to } = await bankCustomer(app);
    const made = (await deposit(app, customer, to('50000.00'))).json<Deposit>();
    expect((await call(app, customer, 'POST', ApiPaths.depositCancel.replace(':depositId', made.id))).statusCode).toBe(200);
    expect((await deposit(app, customer, to('50000.00'))).statusCode).toBe(200);
  });
});

describe('refusals, each with its code', () => {
  it('refuses amounts under $1, and a first deposit under $20', async () => {
    const { customer, to } = await bankCustomer(app);
    const small = await initiate(app, customer, to('0.99'));
    expect(small.statusCode).toBe(400);
    expect(errorOf(small)).toEqual({ errorCode: DepositApiErrorCode.AMOUNT_TOO_SMALL, message: 'The minimum amount is $1.00.' });
    expect(errorOf(await initiate(app, customer, to('-5.00'))).errorCode).toBe(DepositApiErrorCode.AMOUNT_TOO_SMALL);

    const newcomer = await freshCustomer(app, 'new@fundflow.test');
    const brokerage = await accountOf(newcomer, 'US');
    const bank = await bankOf(newcomer);
    const first = await initiate(app, newcomer, orderFrom(brokerage, bank)('19.99'));
    expect(errorOf(first)).toEqual({
      errorCode: DepositApiErrorCode.AMOUNT_TOO_SMALL,
      message: 'Your first deposit must be at least $20.00.',
    });
    expect((await deposit(app, newcomer, orderFrom(brokerage, bank)('20.00'))).statusCode).toBe(200);
    // Funded now: the $20 rule no longer applies.
    expect((await deposit(app, newcomer, orderFrom(brokerage, bank)('5.00'))).statusCode).toBe(200);
  });

  it('refuses another currency with DE#00012 and other malformed bodies as validation errors', async () => {
    const { customer, brokerage, bank } = await bankCustomer(app);
    const euros = await call(app, customer, 'POST', ApiPaths.depositIntents, {
      accountUuid: brokerage.accountUuid,
      paymentMethodId: bank.id,
      amount: { amount: '100.00', currency: 'EUR' },
    });
    expect(euros.statusCode).toBe(400);
    expect(errorOf(euros).errorCode).toBe(DepositErrorCode.CURRENCY_NOT_SUPPORTED);
    const malformed = await call(app, customer, 'POST', ApiPaths.depositIntents, {
      accountUuid: brokerage.accountUuid,
      paymentMethodId: bank.id,
      amount: { amount: '1.234', currency: 'USD' },
    });
    expect(errorOf(malformed).errorCode).toBe('VALIDATION_FAILED');
  });

  it("answers 404 for another customer's account, funding method, intent and deposit", async () => {
    const { customer, to } = await bankCustomer(app);
    const other = await bankCustomer(app);
    const otherAccount = await initiate(app, customer, { ...to('100.00'), accountUuid: other.brokerage.accountUuid });
    expect([otherAccount.statusCode, errorOf(otherAccount).errorCode]).toEqual([404, DepositApiErrorCode.ACCOUNT_NOT_FOUND]);
    const otherMethod = await initiate(app, customer, { ...to('100.00'), paymentMethodId: other.bank.id });
    expect([otherMethod.statusCode, errorOf(otherMethod).errorCode]).toEqual([404, DepositErrorCode.INVALID_PAYMENT_METHOD]);

    const theirs = (await initiate(app, other.customer, other.to('100.00'))).json<DepositIntent>();
    const stolen = await confirm(app, customer, theirs);
    expect([stolen.statusCode, errorOf(stolen).errorCode]).toEqual([404, DepositApiErrorCode.INTENT_NOT_FOUND]);
    const theirDeposit = (await confirm(app, other.customer, theirs)).json<Deposit>();
    const cancel = await call(app, customer, 'POST', ApiPaths.depositCancel.replace(':depositId', theirDeposit.id));
    expect([cancel.statusCode, errorOf(cancel).errorCode]).toEqual([404, 'NOT_FOUND']);
    expect((await depositsOf(customer)).map((listed) => listed.id)).not.toContain(theirDeposit.id);
  });

  it('refuses methods that are not approved or need attention (DE#00007)', async () => {
    const cases: Array<[string, (customer: Customer) => Promise<string>]> = [
      [
        'micro@fundflow.test',
        async (customer) => (await customer.methods()).find((method) => method.approvalMethod === 'MICRO_DEPOSIT')!.id,
      ],
      ['relink@fundflow.test', async (customer) => (await customer.methods())[0].id],
      ['unverified@fundflow.test', async (customer) => (await customer.methods())[0].id],
    ];
    for (const [template, methodOf] of cases) {
      const customer = await freshCustomer(app, template);
      const brokerage = await accountOf(customer, 'US');
      const refused = await initiate(app, customer, {
        accountUuid: brokerage.accountUuid,
        paymentMethodId: await methodOf(customer),
        amount: '100.00',
      });
      expect([template, refused.statusCode, errorOf(refused).errorCode]).toEqual([
        template,
        422,
        DepositErrorCode.PAYMENT_METHOD_NOT_APPROVED,
      ]);
    }
  });

  it('refuses a method at its deposit limit (DE#00003)', async () => {
    const customer = await freshCustomer(app, 'joint@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const refused = await initiate(app, customer, orderFrom(brokerage, (await customer.methods())[0])('100.00'));
    expect(errorOf(refused)).toEqual({
      errorCode: DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED,
      message: 'This funding method has reached its deposit limit.',
    });
  });

  it('refuses customers and accounts without deposit rights (DE#00008)', async () => {
    const closed = await freshCustomer(app, 'closed@fundflow.test');
    const closedAccount = await accountOf(closed, 'US');
    const refused = await initiate(app, closed, {
      accountUuid: closedAccount.accountUuid,
      paymentMethodId: randomUUID(),
      amount: '100.00',
    });
    expect([refused.statusCode, errorOf(refused).errorCode]).toEqual([403, DepositErrorCode.NO_DEPOSIT_RIGHTS]);

    const entity = await freshCustomer(app, 'entity@fundflow.test');
    const entityAccount = await accountOf(entity, 'ENTITY');
    const bank = await bankOf(entity);
    expect((await initiate(app, entity, orderFrom(entityAccount, bank)('100.00'))).statusCode).toBe(201);
    await db
      .updateTable('accounts')
      .set({ settings: JSON.stringify({ depositsDisabled: true }) })
      .where('id', '=', entityAccount.accountUuid)
      .execute();
    const disabled = await initiate(app, entity, orderFrom(entityAccount, bank)('100.00'));
    expect(errorOf(disabled).errorCode).toBe(DepositErrorCode.NO_DEPOSIT_RIGHTS);
  });

  it('refuses an account that is not open yet (DE#00011)', async () => {
    const { customer, brokerage, to } = await bankCustomer(app);
    await db.updateTable('accounts').set({ status: 'ACTION_REQUIRED' }).where('id', '=', brokerage.accountUuid).execute();
    const refused = await initiate(app, customer, to('100.00'));
    expect([refused.statusCode, errorOf(refused).errorCode]).toEqual([409, DepositErrorCode.ACCOUNT_PENDING]);
  });

  it('accepts one deposit while the application is pending, as PENDING_DEPOSIT, and refuses a second (DE#00010)', async () => {
    const customer = await freshCustomer(app, 'pending@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const bank = await linkBankToday(customer);
    const input = orderFrom(brokerage, bank)('250.00');
    const waiting = (await deposit(app, customer, input)).json<Deposit>();
    expect(waiting).toMatchObject({ status: 'CONFIRMED', type: 'PENDING_DEPOSIT', instantAmount: usd('0.00'), cancellableUntil: null });
    expect(waiting.events.map((event) => [event.type, event.completed])).toEqual([
      ['DEPOSIT_INITIATION', true],
      ['APPLICATION_REVIEWED', false],
      ['APPLICATION_APPROVED', false],
      ['DEPOSIT_SETTLEMENT', false],
      ['DEPOSIT_ARRIVED', false],
    ]);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('0.00');
    const second = await initiate(app, customer, input);
    expect([second.statusCode, errorOf(second).errorCode]).toEqual([409, DepositErrorCode.PENDING_DEPOSIT_EXISTS]);
    // Settling does not touch a deposit that waits for the approval.
    await call(app, customer, 'POST', ApiPaths.sandboxSettleDeposits);
    expect((await depositsOf(customer))[0].events.find((event) => event.type === 'DEPOSIT_SETTLEMENT')?.completed).toBe(false);
  });
});

describe('sandbox bank and card outcomes (the cents of the amount)', () => {
  it.each([
    ['100.04', 'bank', 422, DepositErrorCode.INSUFFICIENT_FUNDS],
    ['100.06', 'bank', 502, DepositErrorCode.BANK_BALANCE_ERROR],
    ['100.02', 'bank', 502, DepositErrorCode.EXCEPTION_DURING_FLOW],
    ['100.09', 'card', 422, DepositErrorCode.UNSUPPORTED_CARD],
    ['100.04', 'card', 422, DepositErrorCode.INSUFFICIENT_FUNDS],
    ['100.02', 'card', 502, DepositErrorCode.EXCEPTION_DURING_FLOW],
  ])('%s from a %s answers %i %s at confirm and makes no deposit', async (amount, source, status, errorCode) => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const method = source === 'bank' ? await bankOf(customer) : await cardOf(customer);
    const before = (await depositsOf(customer)).length;
    const started = await initiate(app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: method.id, amount });
    expect(started.statusCode).toBe(201);
    const refused = await confirm(app, customer, started.json<DepositIntent>());
    expect([refused.statusCode, errorOf(refused).errorCode]).toEqual([status, errorCode]);
    expect((await depositsOf(customer)).length).toBe(before);
  });

  it('lets .06 through from a card and .09 from a bank', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    expect((await deposit(app, customer, orderFrom(brokerage, await cardOf(customer))('10.06'))).statusCode).toBe(200);
    expect((await deposit(app, customer, orderFrom(brokerage, await bankOf(customer))('10.09'))).statusCode).toBe(200);
  });
});

describe('intents', () => {
  it('expire after 30 minutes', async () => {
    const { customer, to } = await bankCustomer(app);
    const intent = (await initiate(app, customer, to('100.00'))).json<DepositIntent>();
    clock.advance(30 * 60 * 1000);
    const late = await confirm(app, await signedInCustomer(app, customer.email), intent);
    expect([late.statusCode, errorOf(late).errorCode]).toEqual([409, DepositApiErrorCode.INTENT_EXPIRED]);
  });

  it('are checked again at confirm: a limit used up in between refuses the confirmation', async () => {
    const { customer, to } = await bankCustomer(app);
    const first = (await initiate(app, customer, to('30000.00'))).json<DepositIntent>();
    const second = (await initiate(app, customer, to('30000.00'))).json<DepositIntent>();
    expect((await confirm(app, customer, first)).statusCode).toBe(200);
    expect(errorOf(await confirm(app, customer, second)).errorCode).toBe(DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED);
  });
});
