import { randomUUID } from 'node:crypto';
import {
  apiPath,
  ApiPaths,
  DepositErrorCode,
  type Deposit,
  type DepositLimitsResponse,
  type LinkedPaymentMethodResponse,
  type RecurringDepositResponse,
  type SetupIntentResponse,
} from '../../api/contract';
import { DebitCardErrorCode } from '../../api/contract';
import { encodeSandboxPaymentMethod, SANDBOX_CARDS, sandboxCardFingerprint, type CardAttributes } from '../../api/contract/sandboxCards';
import { DAILY_LIMIT_MESSAGE } from '../domain/depositErrors';
import { depositLimitRoom } from '../domain/depositLimitRoom';
import { findPaymentMethodById } from '../repositories/paymentMethods';
import { accountOf, bankOf, call, cardOf, deposit, errorOf, usd, withKey } from '../testing/depositKit';
import { freshCustomer, methodPath, signedInCustomer, type Customer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';

// Limits as exposure (issue 17, point 4), at fixed New York times around Thanksgiving 2026 (Eastern Standard
// Time, UTC-5): the $50,000 bank limit counts by the ACH batch day a deposit goes out in, and the debit-card
// limit by the card's fingerprint, whoever linked it.

const WEDNESDAY_BEFORE = '2026-11-25T15:00:00Z';
const THANKSGIVING_10AM = '2026-11-26T15:00:00Z';
const FRIDAY_10AM = '2026-11-27T15:00:00Z';
const FRIDAY_3_59PM = '2026-11-27T20:59:00Z';
const FRIDAY_4_01PM = '2026-11-27T21:01:00Z';
const SATURDAY_10AM = '2026-11-28T15:00:00Z';
const SUNDAY_10AM = '2026-11-29T15:00:00Z';
const MONDAY_10AM = '2026-11-30T15:00:00Z';
const MONDAY_3_59PM = '2026-11-30T20:59:00Z';
const MONDAY_4_01PM = '2026-11-30T21:01:00Z';

const { app, db, clock } = useTestApp({ now: WEDNESDAY_BEFORE, clockAt: WEDNESDAY_BEFORE });

/** Moves the clock and signs the customer in again (access tokens live 15 minutes). */
async function at(time: string, customer: Customer): Promise<Customer> {
  clock.set(time);
  return signedInCustomer(app, customer.email);
}

/** A customer with one bank whose own lifetime limit is raised: the daily limit is the one that binds. */
async function bankCustomer() {
  const customer = await freshCustomer(app, 'card@fundflow.test');
  const brokerage = await accountOf(customer, 'US');
  const bank = await bankOf(customer);
  await db.updateTable('payment_methods').set({ deposit_limit_cents: 100_000_000 }).where('id', '=', bank.id).execute();
  const to = (amount: string) => ({ accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount });
  return { customer, brokerage, bank, to };
}

const limitsOf = async (customer: Customer) => (await customer.get(ApiPaths.depositLimits)).json<DepositLimitsResponse>();
const batchDayOf = async (depositId: string) =>
  (await db.selectFrom('deposits').select('batch_day').where('id', '=', depositId).executeTakeFirstOrThrow()).batch_day;
const refusedForTheDay = (response: Awaited<ReturnType<typeof deposit>>) => [response.statusCode, errorOf(response)];
const DAILY_REFUSAL = [422, { errorCode: DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, message: DAILY_LIMIT_MESSAGE }];

describe('the daily bank limit counts by ACH batch day', () => {
  it('a weekend deposit counts toward Monday: $50,000 on Saturday refuses Sunday and Monday before 4 pm, not Monday after', async () => {
    const { customer, to } = await bankCustomer();
    const saturday = await at(SATURDAY_10AM, customer);
    expect(await limitsOf(saturday)).toMatchObject({ dailyBankBatchDay: '2026-11-30', dailyBankRemaining: usd('50000.00') });
    const made = await deposit(app, saturday, to('50000.00'));
    expect(made.statusCode).toBe(200);
    expect(await batchDayOf(made.json<Deposit>().id)).toBe('2026-11-30');
    expect(await limitsOf(saturday)).toMatchObject({ dailyBankBatchDay: '2026-11-30', dailyBankRemaining: usd('0.00') });

    expect(refusedForTheDay(await deposit(app, await at(SUNDAY_10AM, customer), to('1.00')))).toEqual(DAILY_REFUSAL);
    expect(refusedForTheDay(await deposit(app, await at(MONDAY_10AM, customer), to('1.00')))).toEqual(DAILY_REFUSAL);
    expect(refusedForTheDay(await deposit(app, await at(MONDAY_3_59PM, customer), to('1.00')))).toEqual(DAILY_REFUSAL);
    // After Monday's cut-off a deposit goes out in Tuesday's batch, which is empty.
    const tuesdayBatch = await at(MONDAY_4_01PM, customer);
    expect(await limitsOf(tuesdayBatch)).toMatchObject({ dailyBankBatchDay: '2026-12-01', dailyBankRemaining: usd('50000.00') });
    expect((await deposit(app, tuesdayBatch, to('50000.00'))).statusCode).toBe(200);
  });

  it('a deposit on Thanksgiving (a Federal Reserve holiday) counts toward Friday, Nov 27', async () => {
    const { customer, to } = await bankCustomer();
    const thanksgiving = await at(THANKSGIVING_10AM, customer);
    expect((await limitsOf(thanksgiving)).dailyBankBatchDay).toBe('2026-11-27');
    const made = await deposit(app, thanksgiving, to('30000.00'));
    expect(made.statusCode).toBe(200);
    expect(await batchDayOf(made.json<Deposit>().id)).toBe('2026-11-27');
    const friday = await at(FRIDAY_10AM, customer);
    expect(await limitsOf(friday)).toMatchObject({ dailyBankBatchDay: '2026-11-27', dailyBankRemaining: usd('20000.00') });
    expect(refusedForTheDay(await deposit(app, friday, to('20000.01')))).toEqual(DAILY_REFUSAL);
    expect((await deposit(app, friday, to('20000.00'))).statusCode).toBe(200);
  });

  it("Friday at 3:59 pm New York counts toward Friday's batch, at 4:01 pm toward Monday's", async () => {
    const { customer, to } = await bankCustomer();
    const before = await at(FRIDAY_3_59PM, customer);
    const beforeCutOff = await deposit(app, before, to('50000.00'));
    expect(beforeCutOff.statusCode).toBe(200);
    expect(await batchDayOf(beforeCutOff.json<Deposit>().id)).toBe('2026-11-27');

    const after = await at(FRIDAY_4_01PM, customer);
    expect(await limitsOf(after)).toMatchObject({ dailyBankBatchDay: '2026-11-30', dailyBankRemaining: usd('50000.00') });
    const afterCutOff = await deposit(app, after, to('50000.00'));
    expect(afterCutOff.statusCode).toBe(200);
    expect(await batchDayOf(afterCutOff.json<Deposit>().id)).toBe('2026-11-30');
    // Monday's batch is full now, whatever day of the weekend the next one is made on.
    expect(refusedForTheDay(await deposit(app, await at(SATURDAY_10AM, customer), to('1.00')))).toEqual(DAILY_REFUSAL);
  });

  it('a cancelled deposit frees its room in its batch', async () => {
    const { customer, to } = await bankCustomer();
    const saturday = await at(SATURDAY_10AM, customer);
    const made = (await deposit(app, saturday, to('50000.00'))).json<Deposit>();
    expect(refusedForTheDay(await deposit(app, saturday, to('1.00')))).toEqual(DAILY_REFUSAL);
    const sunday = await at(SUNDAY_10AM, customer);
    expect((await call(app, sunday, 'POST', ApiPaths.depositCancel.replace(':depositId', made.id))).statusCode).toBe(200);
    expect(await limitsOf(sunday)).toMatchObject({ dailyBankBatchDay: '2026-11-30', dailyBankRemaining: usd('50000.00') });
    expect((await deposit(app, sunday, to('50000.00'))).statusCode).toBe(200);
  });

  it('a recurring occurrence counts toward the batch day it goes out in', async () => {
    const { customer, brokerage, bank, to } = await bankCustomer();
    const schedule = await call(
      app,
      customer,
      'POST',
      apiPath(ApiPaths.recurringDeposits, { accountUuid: brokerage.accountUuid }),
      {
        recurringDeposit: {
          fundingSourceId: bank.id,
          fundingSourceType: 'ACH',
          startDate: '2026-11-30',
          schedule: { frequency: 'WEEKLY', dayOfWeek: 'MONDAY' },
          amount: usd('10000.00'),
        },
      },
      withKey(randomUUID()),
    );
    expect(schedule.statusCode).toBe(201);
    const scheduleId = schedule.json<RecurringDepositResponse>().recurringDeposit.id;

    clock.set(MONDAY_10AM);
    await app.depositJobs.runOnce();
    const occurrence = await db
      .selectFrom('deposits')
      .select(['amount_cents', 'batch_day'])
      .where('recurring_deposit_id', '=', scheduleId)
      .execute();
    expect(occurrence).toEqual([{ amount_cents: 1_000_000, batch_day: '2026-11-30' }]);

    const monday = await signedInCustomer(app, customer.email);
    expect((await limitsOf(monday)).dailyBankRemaining).toEqual(usd('40000.00'));
    expect(refusedForTheDay(await deposit(app, monday, to('40000.01')))).toEqual(DAILY_REFUSAL);
    expect((await deposit(app, monday, to('40000.00'))).statusCode).toBe(200);
  });

  it('a deposit waiting for the application (PENDING_DEPOSIT) counts toward the batch day it was confirmed in', async () => {
    const customer = await freshCustomer(app, 'pending@fundflow.test');
    const brokerage = await accountOf(customer, 'US');
    const linked = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '021000021', bankAccount: '123456789' });
    const bank = linked.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    const saturday = await at(SATURDAY_10AM, customer);
    const waiting = await deposit(app, saturday, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '250.00' });
    expect(waiting.json<Deposit>().type).toBe('PENDING_DEPOSIT');
    expect(await batchDayOf(waiting.json<Deposit>().id)).toBe('2026-11-30');
    expect((await limitsOf(saturday)).dailyBankRemaining).toEqual(usd('49750.00'));
  });
});

describe('the debit-card lifetime limit is per card (its fingerprint)', () => {
  async function setupIntentToken(customer: Customer): Promise<string> {
    const response = await customer.send('POST', ApiPaths.debitCardSetupIntent);
    expect(response.statusCode).toBe(200);
    return response.json<SetupIntentResponse>().clientSecret.split('_secret_')[0];
  }

  /** Links a debit card as the browser's sandbox describes it (Stripe test mode): the fingerprint is the card's. */
  async function linkCard(customer: Customer, fingerprint: string) {
    const attributes: CardAttributes = {
      brand: 'visa',
      funding: 'debit',
      country: 'US',
      commercial: false,
      last4: '5556',
      expMonth: 12,
      expYear: 2030,
      fingerprint,
    };
    const response = await customer.send('POST', ApiPaths.debitCardLink, {
      token: await setupIntentToken(customer),
      paymentMethodId: encodeSandboxPaymentMethod(attributes),
    });
    expect(response.statusCode).toBe(200);
    return response.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
  }

  it('customer A uses up the card and removes it; customer B links the same card and is refused', async () => {
    const first = await freshCustomer(app, 'alex@fundflow.test');
    const firstBrokerage = await accountOf(first, 'US');
    const firstCard = await cardOf(first);
    const { card_fingerprint: fingerprint } = await findPaymentMethodById(db, firstCard.id);
    // $300 already deposited with this card (the demo history): $2,200 is left.
    expect(await limitsOf(first)).toMatchObject({
      debitCardRemaining: usd('2200.00'),
      liveDebitCard: { paymentMethodId: firstCard.id, remaining: usd('2200.00') },
    });
    expect(
      (await deposit(app, first, { accountUuid: firstBrokerage.accountUuid, paymentMethodId: firstCard.id, amount: '2200.00' })).statusCode,
    ).toBe(200);
    expect((await first.send('DELETE', methodPath(ApiPaths.paymentMethod, firstCard.id))).statusCode).toBe(204);
    expect(await limitsOf(first)).toMatchObject({ debitCardRemaining: usd('2500.00'), liveDebitCard: null });

    const second = await freshCustomer(app, 'card@fundflow.test');
    const sameCard = await linkCard(second, fingerprint!);
    expect(await limitsOf(second)).toMatchObject({
      debitCardLifetimeLimit: usd('2500.00'),
      debitCardRemaining: usd('0.00'),
      liveDebitCard: { paymentMethodId: sameCard.id, remaining: usd('0.00') },
    });
    const refused = await deposit(app, second, {
      accountUuid: (await accountOf(second, 'US')).accountUuid,
      paymentMethodId: sameCard.id,
      amount: '1.00',
    });
    expect([refused.statusCode, errorOf(refused)]).toEqual([
      422,
      { errorCode: DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, message: 'A maximum of $2,500 can be deposited with a debit card.' },
    ]);

    // Once B lets it go, the first customer relinking the card gets no new room either.
    expect((await second.send('DELETE', methodPath(ApiPaths.paymentMethod, sameCard.id))).statusCode).toBe(204);
    const relinked = await linkCard(first, fingerprint!);
    expect((await limitsOf(first)).liveDebitCard).toEqual({ paymentMethodId: relinked.id, remaining: usd('0.00') });
  });

  /**
   * The payment-method id the browser's sandbox sends once Stripe test mode confirms a test number with this
   * expiry (src/providers/stripe/sandbox/sandboxCardRules.ts): the attributes, the fingerprint from the number.
   */
  async function sandboxPaymentMethodOf(number: string, expMonth: number, expYear: number) {
    const { brand, funding, country } = SANDBOX_CARDS[number];
    return encodeSandboxPaymentMethod({
      brand,
      funding,
      country,
      commercial: false,
      last4: number.slice(-4),
      expMonth,
      expYear,
      fingerprint: await sandboxCardFingerprint(number),
    });
  }
  const linkAttempt = async (customer: Customer, paymentMethodId: string) =>
    customer.send('POST', ApiPaths.debitCardLink, { token: await setupIntentToken(customer), paymentMethodId });

  it('a card number is one card whatever its expiry: a relink with a new expiry by another customer gets no new room', async () => {
    const DISCOVER_DEBIT = '6011981111111113';
    const first = await freshCustomer(app, 'card@fundflow.test');
    const linked = await linkAttempt(first, await sandboxPaymentMethodOf(DISCOVER_DEBIT, 12, 2030));
    expect(linked.statusCode).toBe(200);
    const firstCard = linked.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    expect(
      (
        await deposit(app, first, {
          accountUuid: (await accountOf(first, 'US')).accountUuid,
          paymentMethodId: firstCard.id,
          amount: '2500.00',
        })
      ).statusCode,
    ).toBe(200);

    // While the first customer holds it, the same number with another expiry is their card, not a new one.
    const second = await freshCustomer(app, 'card@fundflow.test');
    const reissued = await sandboxPaymentMethodOf(DISCOVER_DEBIT, 3, 2033);
    const whileHeld = await linkAttempt(second, reissued);
    expect([whileHeld.statusCode, errorOf(whileHeld).errorCode]).toEqual([409, DebitCardErrorCode.ALREADY_EXISTS]);

    // Once it is let go, the second customer may link it with the new expiry, but its $2,500 is used.
    expect((await first.send('DELETE', methodPath(ApiPaths.paymentMethod, firstCard.id))).statusCode).toBe(204);
    const relinked = await linkAttempt(second, reissued);
    expect(relinked.statusCode).toBe(200);
    const secondCard = relinked.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    expect(await limitsOf(second)).toMatchObject({
      debitCardRemaining: usd('0.00'),
      liveDebitCard: { paymentMethodId: secondCard.id, remaining: usd('0.00') },
    });
    const refused = await deposit(app, second, {
      accountUuid: (await accountOf(second, 'US')).accountUuid,
      paymentMethodId: secondCard.id,
      amount: '1.00',
    });
    expect([refused.statusCode, errorOf(refused)]).toEqual([
      422,
      { errorCode: DepositErrorCode.DEPOSIT_LIMIT_EXCEEDED, message: 'A maximum of $2,500 can be deposited with a debit card.' },
    ]);

    // The first customer, within the 7-day wait after removing a card, may bring the same card back with yet
    // another expiry (the same card, so not "too close to previous link"), still without room.
    expect((await second.send('DELETE', methodPath(ApiPaths.paymentMethod, secondCard.id))).statusCode).toBe(204);
    const back = await linkAttempt(first, await sandboxPaymentMethodOf(DISCOVER_DEBIT, 8, 2034));
    expect(back.statusCode).toBe(200);
    expect((await limitsOf(first)).liveDebitCard).toEqual({
      paymentMethodId: back.json<LinkedPaymentMethodResponse>().linkedPaymentMethod.id,
      remaining: usd('0.00'),
    });
  });

  it('counts across customers sharing a card: what one deposits is gone for the other', async () => {
    const first = await freshCustomer(app, 'card@fundflow.test');
    const fingerprint = `fp-limits-${randomUUID()}`;
    const firstCard = await linkCard(first, fingerprint);
    expect(
      (
        await deposit(app, first, {
          accountUuid: (await accountOf(first, 'US')).accountUuid,
          paymentMethodId: firstCard.id,
          amount: '1000.00',
        })
      ).statusCode,
    ).toBe(200);
    expect((await first.send('DELETE', methodPath(ApiPaths.paymentMethod, firstCard.id))).statusCode).toBe(204);

    const second = await freshCustomer(app, 'card@fundflow.test');
    const secondCard = await linkCard(second, fingerprint);
    const to = { accountUuid: (await accountOf(second, 'US')).accountUuid, paymentMethodId: secondCard.id };
    expect((await deposit(app, second, { ...to, amount: '1500.01' })).statusCode).toBe(422);
    expect((await deposit(app, second, { ...to, amount: '1500.00' })).statusCode).toBe(200);
    const total = await db
      .selectFrom('card_deposit_totals')
      .select('deposited_cents')
      .where('fingerprint', '=', fingerprint)
      .executeTakeFirstOrThrow();
    expect(total.deposited_cents).toBe(250_000);
    // Each method still shows what went through it (the spec's amountDeposited).
    expect((await findPaymentMethodById(db, secondCard.id)).amount_deposited_cents).toBe(150_000);
  });

  it('a card deposit the rails refuse counts nowhere: not on the card, the method or the balance', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const fingerprint = `fp-limits-${randomUUID()}`;
    const card = await linkCard(customer, fingerprint);
    const brokerage = await accountOf(customer, 'US');
    const to = (amount: string) => ({ accountUuid: brokerage.accountUuid, paymentMethodId: card.id, amount });
    expect((await deposit(app, customer, to('100.00'))).statusCode).toBe(200);
    const balance = async () =>
      (await db.selectFrom('accounts').select('balance_cents').where('id', '=', brokerage.accountUuid).executeTakeFirstOrThrow())
        .balance_cents;
    const before = await balance();
    // The sandbox rails refuse a card amount ending in .04 (insufficient funds), after the card was counted.
    expect((await deposit(app, customer, to('100.04'))).statusCode).toBe(422);
    expect(await balance()).toBe(before);
    expect(
      (
        await db
          .selectFrom('card_deposit_totals')
          .select('deposited_cents')
          .where('fingerprint', '=', fingerprint)
          .executeTakeFirstOrThrow()
      ).deposited_cents,
    ).toBe(10_000);
    expect((await findPaymentMethodById(db, card.id)).amount_deposited_cents).toBe(10_000);
    expect((await limitsOf(customer)).liveDebitCard).toEqual({ paymentMethodId: card.id, remaining: usd('2400.00') });
  });

  it("depositLimitRoom answers a bank's batch-day room and a card's room by fingerprint", async () => {
    const { customer, bank, to } = await bankCustomer();
    const saturday = await at(SATURDAY_10AM, customer);
    expect((await deposit(app, saturday, to('1000.00'))).statusCode).toBe(200);
    const bankRow = await findPaymentMethodById(db, bank.id);
    expect(await depositLimitRoom(db, { userId: customer.userId, method: bankRow, now: new Date(SUNDAY_10AM) })).toEqual({
      kind: 'BANK_DAILY',
      limitCents: 5_000_000,
      usedCents: 100_000,
      leftCents: 4_900_000,
      batchDay: '2026-11-30',
    });
    expect((await depositLimitRoom(db, { userId: customer.userId, method: bankRow, now: new Date(MONDAY_4_01PM) })).usedCents).toBe(0);

    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const cardRow = await findPaymentMethodById(db, (await cardOf(alex)).id);
    expect(await depositLimitRoom(db, { userId: alex.userId, method: cardRow, now: new Date(SUNDAY_10AM) })).toEqual({
      kind: 'DEBIT_CARD',
      limitCents: 250_000,
      usedCents: 30_000,
      leftCents: 220_000,
      batchDay: null,
    });
  });
});
