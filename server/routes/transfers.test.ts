import { randomUUID } from 'node:crypto';
import { ApiPaths, DepositErrorCode, type Deposit, type DepositIntent } from '../../api/contract';
import { DepositApiErrorCode, INSUFFICIENT_FUNDS_TRANSFER_MESSAGE } from '../domain/depositErrors';
import { accountOf, balanceOf, call, depositsOf, errorOf, usd, withKey } from '../testing/depositKit';
import { freshCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app } = useTestApp({ clockAt: TEST_NOW });

interface TransferInput {
  sourceAccountUuid: string;
  destinationAccountUuid: string;
  amount: string;
  iraContributionYear?: number | null;
}

const initiateTransfer = (customer: Customer, { amount, ...rest }: TransferInput) =>
  call(app, customer, 'POST', ApiPaths.transferIntents, { ...rest, amount: usd(amount) });
const confirmTransfer = (customer: Customer, intent: DepositIntent, key: string = randomUUID()) =>
  call(app, customer, 'POST', ApiPaths.transferConfirm, { id: intent.id }, withKey(key));

async function transfer(customer: Customer, input: TransferInput) {
  const started = await initiateTransfer(customer, input);
  if (started.statusCode !== 201) return started;
  return confirmTransfer(customer, started.json<DepositIntent>());
}

async function alex() {
  const customer = await freshCustomer(app, 'alex@fundflow.test');
  return {
    customer,
    brokerage: await accountOf(customer, 'US'),
    highYield: await accountOf(customer, 'HIGH_YIELD'),
    traditional: await accountOf(customer, 'TRADITIONAL_IRA'),
  };
}

describe('internal transfers', () => {
  it('move money between two own accounts at once, in one transaction', async () => {
    const { customer, brokerage, highYield } = await alex();
    const started = await initiateTransfer(customer, {
      sourceAccountUuid: brokerage.accountUuid,
      destinationAccountUuid: highYield.accountUuid,
      amount: '1000.00',
    });
    expect(started.statusCode).toBe(201);
    const intent = started.json<DepositIntent>();
    expect(intent).toMatchObject({
      accountUuid: highYield.accountUuid,
      sourceAccountUuid: brokerage.accountUuid,
      paymentMethodId: null,
      amount: usd('1000.00'),
    });

    const confirmed = await confirmTransfer(customer, intent);
    expect(confirmed.statusCode).toBe(200);
    const made = confirmed.json<Deposit>();
    expect(made).toMatchObject({
      kind: 'INTERNAL_TRANSFER',
      status: 'CONFIRMED',
      type: 'DEPOSIT',
      amount: usd('1000.00'),
      instantAmount: usd('1000.00'),
      sourceAccountUuid: brokerage.accountUuid,
      destinationAccountUuid: highYield.accountUuid,
      paymentMethodId: null,
      cancellableUntil: null,
    });
    expect(made.events.map((event) => [event.type, event.completed])).toEqual([
      ['DEPOSIT_INITIATION', true],
      ['DEPOSIT_SETTLEMENT', true],
      ['DEPOSIT_ARRIVED', true],
    ]);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('11480.55');
    expect(await balanceOf(customer, highYield.accountUuid)).toBe('3055.18');
    expect((await depositsOf(customer)).some((listed) => listed.id === made.id)).toBe(true);
  });

  it('refuses more than the source holds, with the spec message (DE#00004)', async () => {
    const { customer, brokerage, highYield } = await alex();
    const refused = await transfer(customer, {
      sourceAccountUuid: highYield.accountUuid,
      destinationAccountUuid: brokerage.accountUuid,
      amount: '2055.19',
    });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused)).toEqual({ errorCode: DepositErrorCode.INSUFFICIENT_FUNDS, message: INSUFFICIENT_FUNDS_TRANSFER_MESSAGE });
    expect(
      (
        await transfer(customer, {
          sourceAccountUuid: highYield.accountUuid,
          destinationAccountUuid: brokerage.accountUuid,
          amount: '2055.18',
        })
      ).statusCode,
    ).toBe(200);
    expect(await balanceOf(customer, highYield.accountUuid)).toBe('0.00');
  });

  it('checks the balance again at confirm: two intents cannot both spend it', async () => {
    const { customer, brokerage, highYield } = await alex();
    const input = { sourceAccountUuid: highYield.accountUuid, destinationAccountUuid: brokerage.accountUuid, amount: '1500.00' };
    const first = (await initiateTransfer(customer, input)).json<DepositIntent>();
    const second = (await initiateTransfer(customer, input)).json<DepositIntent>();
    const [a, b] = await Promise.all([confirmTransfer(customer, first), confirmTransfer(customer, second)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect(await balanceOf(customer, highYield.accountUuid)).toBe('555.18');
  });

  it('counts a transfer into an IRA toward the chosen tax year, and refuses one over the room left', async () => {
    const { customer, brokerage, traditional } = await alex();
    const input = { sourceAccountUuid: brokerage.accountUuid, destinationAccountUuid: traditional.accountUuid };
    const missingYear = await initiateTransfer(customer, { ...input, amount: '100.00' });
    expect(errorOf(missingYear).errorCode).toBe(DepositApiErrorCode.IRA_YEAR_REQUIRED);
    const made = (await transfer(customer, { ...input, amount: '100.00', iraContributionYear: 2026 })).json<Deposit>();
    expect(made.iraContributionYear).toBe(2026);
    const over = await transfer(customer, { ...input, amount: '7500.00', iraContributionYear: 2026 });
    expect([over.statusCode, errorOf(over).errorCode]).toEqual([422, DepositApiErrorCode.IRA_LIMIT_EXCEEDED]);
  });

  it('refuses the same account on both sides, and transfers out of an IRA', async () => {
    const { customer, brokerage, traditional } = await alex();
    const same = await initiateTransfer(customer, {
      sourceAccountUuid: brokerage.accountUuid,
      destinationAccountUuid: brokerage.accountUuid,
      amount: '10.00',
    });
    expect([same.statusCode, errorOf(same).errorCode]).toEqual([409, DepositApiErrorCode.TRANSFER_NOT_ALLOWED]);
    const fromIra = await initiateTransfer(customer, {
      sourceAccountUuid: traditional.accountUuid,
      destinationAccountUuid: brokerage.accountUuid,
      amount: '10.00',
    });
    expect(errorOf(fromIra).errorCode).toBe(DepositApiErrorCode.TRANSFER_NOT_ALLOWED);
  });

  it("answers 404 for another customer's account or intent", async () => {
    const one = await alex();
    const two = await alex();
    const foreign = await initiateTransfer(one.customer, {
      sourceAccountUuid: one.brokerage.accountUuid,
      destinationAccountUuid: two.highYield.accountUuid,
      amount: '10.00',
    });
    expect([foreign.statusCode, errorOf(foreign).errorCode]).toEqual([404, DepositApiErrorCode.ACCOUNT_NOT_FOUND]);
    const theirs = (
      await initiateTransfer(two.customer, {
        sourceAccountUuid: two.brokerage.accountUuid,
        destinationAccountUuid: two.highYield.accountUuid,
        amount: '10.00',
      })
    ).json<DepositIntent>();
    expect((await confirmTransfer(one.customer, theirs)).statusCode).toBe(404);
  });

  it('is idempotent: a repeat answers the first result, one key makes one transfer', async () => {
    const { customer, brokerage, highYield } = await alex();
    const intent = (
      await initiateTransfer(customer, {
        sourceAccountUuid: brokerage.accountUuid,
        destinationAccountUuid: highYield.accountUuid,
        amount: '250.00',
      })
    ).json<DepositIntent>();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirmTransfer(customer, intent, key)));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await balanceOf(customer, brokerage.accountUuid)).toBe('12230.55');
    const missing = await call(app, customer, 'POST', ApiPaths.transferConfirm, { id: intent.id });
    expect(errorOf(missing).errorCode).toBe(DepositApiErrorCode.IDEMPOTENCY_KEY_REQUIRED);
  });
});
