import {
  ApiPaths,
  FundingMessages,
  MICRO_DEPOSIT_MAX_ATTEMPTS,
  type ErrorBody,
  type LinkedPaymentMethodResponse,
  type PaymentMethod,
  type PaymentMethodResponse,
  type PaymentMethodsResponse,
  type SandboxMicroDepositsResponse,
} from '../../api/contract';
import { freshCustomer, linkPlaidChecking, methodPath, type Customer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';

const { app, db } = useTestApp();

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>();

describe('micro-deposits', () => {
  async function linkMicro(customer: Customer, bankAccount = '7654321', routingNumber = '021000089'): Promise<PaymentMethod> {
    const response = await customer.send('POST', ApiPaths.microDepositLink, { routingNumber, bankAccount, bankAccountType: 'SAVINGS' });
    expect(response.statusCode).toBe(200);
    return response.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
  }
  const amountsOf = async (customer: Customer, id: string) =>
    (await customer.get(methodPath(ApiPaths.sandboxMicroDeposits, id))).json<SandboxMicroDepositsResponse>();
  const verify = (customer: Customer, paymentMethodId: string, amount1: string, amount2: string) =>
    customer.send('POST', ApiPaths.microDepositVerify, { paymentMethodId, amount1, amount2 });
  /** Two amounts that are surely not the deposits. */
  const wrongPair = (amounts: SandboxMicroDepositsResponse) => {
    const used = new Set([amounts.amount1, amounts.amount2]);
    const free = ['0.01', '0.02', '0.03', '0.04'].filter((a) => !used.has(a));
    return [free[0], free[1]] as const;
  };

  it('links a pending method verifiable via micro-deposits, with two different amounts under $1 kept on the server', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const method = await linkMicro(customer);
    expect(method).toMatchObject({
      type: 'ACH',
      displayName: 'Citibank Savings',
      paymentMethodNumber: '4321',
      approvalMethod: 'MICRO_DEPOSIT',
      status: 'PENDING',
      readiness: 'VERIFICATION_NEEDED',
      verificationStatus: 'UNVERIFIED',
      verificationSource: 'MICRO_DEPOSIT',
      bankAccountType: 'SAVINGS',
      defaultPaymentMethod: false,
    });
    expect(JSON.stringify(await customer.methods())).not.toMatch(/amount1|amount2/);
    const { amount1, amount2 } = await amountsOf(customer, method.id);
    expect(amount1).toMatch(/^0\.\d\d$/);
    expect(amount1).not.toBe(amount2);
    for (const amount of [amount1, amount2]) expect(Number(amount)).toBeGreaterThanOrEqual(0.01);
  });

  it('validates the form per the table and allows one micro-deposit method at a time', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const short = await customer.send('POST', ApiPaths.microDepositLink, {
      routingNumber: '02100002',
      bankAccount: '1234',
      bankAccountType: 'CHECKING',
    });
    expect(errorOf(short)).toEqual({ errorCode: 'VALIDATION_FAILED', message: 'Routing number is a 9 digit number' });
    const checksum = await customer.send('POST', ApiPaths.microDepositLink, {
      routingNumber: '021000022',
      bankAccount: '1234',
      bankAccountType: 'CHECKING',
    });
    expect(errorOf(checksum).errorCode).toBe('INVALID_ROUTING_NUMBER');
    const account = await customer.send('POST', ApiPaths.microDepositLink, {
      routingNumber: '021000021',
      bankAccount: '12',
      bankAccountType: 'CHECKING',
    });
    expect(errorOf(account)).toEqual({ errorCode: 'VALIDATION_FAILED', message: 'Bank account usually consists of at least three digits' });
    expect(
      (
        await customer.send('POST', ApiPaths.microDepositLink, {
          routingNumber: '021000021',
          bankAccount: '123',
          bankAccountType: 'CHECKING',
        })
      ).statusCode,
    ).toBe(200);
    const second = await customer.send('POST', ApiPaths.microDepositLink, {
      routingNumber: '043000096',
      bankAccount: '98765',
      bankAccountType: 'CHECKING',
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second).errorCode).toBe('MICRO_DEPOSIT_METHOD_EXISTS');
  });

  it('verifies with the amounts in either order; the method becomes approved and ready', async () => {
    const customer = await freshCustomer(app, 'micro@fundflow.test');
    const pending = (await customer.methods()).find((m) => m.approvalMethod === 'MICRO_DEPOSIT')!;
    const { amount1, amount2 } = await amountsOf(customer, pending.id);
    expect([amount1, amount2]).toEqual(['0.32', '0.45']);
    const response = await verify(customer, pending.id, `$${amount2}`, amount1.slice(1));
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentMethodResponse>().paymentMethod).toMatchObject({
      id: pending.id,
      status: 'APPROVED',
      readiness: 'READY',
      verificationStatus: 'VERIFIED',
    });
    expect((await customer.get(methodPath(ApiPaths.sandboxMicroDeposits, pending.id))).statusCode).toBe(404);
    const again = await verify(customer, pending.id, amount1, amount2);
    expect(errorOf(again).errorCode).toBe('MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND');
  });

  it('wrong amounts count; after the maximum two new deposits are reissued; after those fail too the relationship is canceled', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const method = await linkMicro(customer);
    const first = await amountsOf(customer, method.id);
    for (let attempt = 1; attempt < MICRO_DEPOSIT_MAX_ATTEMPTS; attempt += 1) {
      const wrong = await verify(customer, method.id, ...wrongPair(first));
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong)).toEqual({ errorCode: 'MICRO_DEPOSIT_WRONG_AMOUNTS', message: FundingMessages.microWrongAmounts });
    }
    const reissuing = await verify(customer, method.id, ...wrongPair(first));
    expect(errorOf(reissuing)).toEqual({ errorCode: 'MICRO_DEPOSIT_REISSUING', message: FundingMessages.microReissuing });

    const second = await amountsOf(customer, method.id);
    for (let attempt = 1; attempt < MICRO_DEPOSIT_MAX_ATTEMPTS; attempt += 1) {
      expect(errorOf(await verify(customer, method.id, ...wrongPair(second))).errorCode).toBe('MICRO_DEPOSIT_WRONG_AMOUNTS');
    }
    const canceled = await verify(customer, method.id, ...wrongPair(second));
    expect(errorOf(canceled)).toEqual({
      errorCode: 'MICRO_DEPOSIT_RELATIONSHIP_CANCELED',
      message: FundingMessages.microRelationshipCanceled,
    });
    expect((await customer.methods()).some((m) => m.id === method.id)).toBe(false);
    const afterwards = await verify(customer, method.id, second.amount1, second.amount2);
    expect(errorOf(afterwards)).toEqual({
      errorCode: 'MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND',
      message: FundingMessages.microRelationshipNotFound,
    });
  });

  it('the reissued amounts verify after a reissue', async () => {
    const customer = await freshCustomer(app, 'micro@fundflow.test');
    const pending = (await customer.methods()).find((m) => m.approvalMethod === 'MICRO_DEPOSIT')!;
    const first = await amountsOf(customer, pending.id);
    for (let attempt = 0; attempt < MICRO_DEPOSIT_MAX_ATTEMPTS; attempt += 1) await verify(customer, pending.id, ...wrongPair(first));
    const second = await amountsOf(customer, pending.id);
    expect((await verify(customer, pending.id, second.amount1, second.amount2)).statusCode).toBe(200);
  });

  it('malformed amounts are refused with the table message and do not count as attempts', async () => {
    const customer = await freshCustomer(app, 'micro@fundflow.test');
    const pending = (await customer.methods()).find((m) => m.approvalMethod === 'MICRO_DEPOSIT')!;
    for (const bad of ['1.00', '0.00', 'abc', '.5', '0.123']) {
      const response = await verify(customer, pending.id, bad, '0.45');
      expect(errorOf(response)).toEqual({ errorCode: 'VALIDATION_FAILED', message: 'Amount must be between $0.01 and $0.99' });
    }
    // "0.5" is a 3-character amount from 0.01 to 0.99: read as $0.50 (not micro@'s pair, so a wrong attempt).
    expect(errorOf(await verify(customer, pending.id, '0.5', '0.45')).errorCode).toBe('MICRO_DEPOSIT_WRONG_AMOUNTS');
    expect((await verify(customer, pending.id, '0.45', '0.32')).statusCode).toBe(200);
  });

  it('an unknown, not-micro-deposit or other customer method is RELATIONSHIP_NOT_FOUND', async () => {
    const owner = await freshCustomer(app, 'micro@fundflow.test');
    const [verified, pending] = await owner.methods();
    const stranger = await freshCustomer(app, 'new@fundflow.test');
    for (const [who, id] of [
      [stranger, pending.id],
      [owner, verified.id],
      [owner, 'not-a-uuid'],
    ] as const) {
      const response = await verify(who, id, '0.32', '0.45');
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).errorCode).toBe('MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND');
    }
    expect((await stranger.get(methodPath(ApiPaths.sandboxMicroDeposits, pending.id))).statusCode).toBe(404);
  });
});

describe('set default', () => {
  it('moves the default and answers the list', async () => {
    const customer = await freshCustomer(app, 'full@fundflow.test');
    const methods = await customer.methods();
    const target = methods.find((m) => m.displayName === 'Truist One Checking')!;
    const response = await customer.send('PUT', methodPath(ApiPaths.setDefaultPaymentMethod, target.id));
    expect(response.statusCode).toBe(200);
    const list = response.json<PaymentMethodsResponse>().paymentMethods;
    expect(list.filter((m) => m.defaultPaymentMethod).map((m) => m.id)).toEqual([target.id]);
    expect((await customer.send('PUT', methodPath(ApiPaths.setDefaultPaymentMethod, target.id))).statusCode).toBe(200);
  });

  it('refuses a method at its deposit limit or not usable yet (DEFAULT_NOT_ALLOWED)', async () => {
    const customer = await freshCustomer(app, 'micro@fundflow.test');
    const pending = (await customer.methods()).find((m) => m.status === 'PENDING')!;
    const notUsable = await customer.send('PUT', methodPath(ApiPaths.setDefaultPaymentMethod, pending.id));
    expect(notUsable.statusCode).toBe(409);
    expect(errorOf(notUsable).errorCode).toBe('DEFAULT_NOT_ALLOWED');

    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const card = (await alex.methods()).find((m) => m.type === 'DEBIT_CARD')!;
    await db.updateTable('payment_methods').set({ amount_deposited_cents: 250_000 }).where('id', '=', card.id).execute();
    const atLimit = await alex.send('PUT', methodPath(ApiPaths.setDefaultPaymentMethod, card.id));
    expect(errorOf(atLimit)).toEqual({ errorCode: 'DEFAULT_NOT_ALLOWED', message: expect.stringContaining('deposit limit') });
  });

  it("another customer's method is 404", async () => {
    const owner = await freshCustomer(app, 'alex@fundflow.test');
    const stranger = await freshCustomer(app, 'new@fundflow.test');
    const [method] = await owner.methods();
    const response = await stranger.send('PUT', methodPath(ApiPaths.setDefaultPaymentMethod, method.id));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).errorCode).toBe('PAYMENT_METHOD_NOT_FOUND');
  });
});

describe('remove', () => {
  it('removes a method; a removed default hands the default to the newest usable method', async () => {
    const customer = await freshCustomer(app, 'full@fundflow.test');
    const methods = await customer.methods();
    const byName = (name: string) => methods.find((m) => m.displayName === name)!;
    expect(byName('Capital One 360 Checking').defaultPaymentMethod).toBe(true);
    const response = await customer.send('DELETE', methodPath(ApiPaths.paymentMethod, byName('Capital One 360 Checking').id));
    expect(response.statusCode).toBe(204);
    const after = await customer.methods();
    expect(after).toHaveLength(3);
    // The card is newest, then Truist (2024-01-20): the card is usable and below its limit.
    expect(after.find((m) => m.defaultPaymentMethod)?.displayName).toBe('Mastercard debit card');
    const again = await customer.send('DELETE', methodPath(ApiPaths.paymentMethod, byName('Capital One 360 Checking').id));
    expect(errorOf(again).errorCode).toBe('PAYMENT_METHOD_NOT_FOUND');
  });

  it("another customer's method is 404 and stays", async () => {
    const owner = await freshCustomer(app, 'new@fundflow.test');
    const stranger = await freshCustomer(app, 'alex@fundflow.test');
    const [method] = await owner.methods();
    expect((await stranger.send('DELETE', methodPath(ApiPaths.paymentMethod, method.id))).statusCode).toBe(404);
    expect(await owner.methods()).toHaveLength(1);
  });
});

describe('nickname', () => {
  it('normalises and saves a nickname, answers every method, and null goes back to the original name', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const [bank] = await customer.methods();
    const response = await customer.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: bank.id, nickname: '  Rent   money ' });
    expect(response.statusCode).toBe(200);
    const list = response.json<PaymentMethodsResponse>().paymentMethods;
    expect(list).toHaveLength(2);
    expect(list.find((m) => m.id === bank.id)).toMatchObject({ displayName: 'Rent money', originalName: 'Chase Total Checking' });
    const cleared = await customer.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: bank.id, nickname: null });
    expect(cleared.json<PaymentMethodsResponse>().paymentMethods.find((m) => m.id === bank.id)?.displayName).toBe('Chase Total Checking');
  });

  it.each([
    ['   ', 'Please enter a nickname'],
    ['Fun 🎉', 'No emojis'],
    ['x'.repeat(31), 'Nickname must be at most 30 characters'],
  ])('refuses %p with NICKNAME_INVALID', async (nickname, message) => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const [bank] = await customer.methods();
    const response = await customer.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: bank.id, nickname });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ errorCode: 'NICKNAME_INVALID', message });
  });

  it("refuses a debit card (no canUpdateNickname) and another customer's method", async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const card = (await customer.methods()).find((m) => m.type === 'DEBIT_CARD')!;
    const response = await customer.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: card.id, nickname: 'Card' });
    expect(errorOf(response).errorCode).toBe('NICKNAME_NOT_ALLOWED');
    const stranger = await freshCustomer(app, 'new@fundflow.test');
    const [bank] = await customer.methods();
    expect((await stranger.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: bank.id, nickname: 'Mine' })).statusCode).toBe(
      404,
    );
  });

  it('a partner-linked bank can be nicknamed', async () => {
    const customer = await freshCustomer(app, 'pending@fundflow.test');
    const method = (await linkPlaidChecking(customer, 'first-platypus')).json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    const response = await customer.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: method.id, nickname: 'Savings pot' });
    expect(response.statusCode).toBe(200);
  });
});
