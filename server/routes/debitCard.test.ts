import {
  ApiPaths,
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  type AddressResponse,
  type AddressUpdateResponse,
  type DebitCardErrorBody,
  type LinkedPaymentMethodResponse,
  type SandboxOutboxResponse,
  type SetupIntentResponse,
} from '../../api/contract';
import { encodeSandboxPaymentMethod, type CardAttributes } from '../../api/contract/sandboxCards';
import { writeAppConfig } from '../repositories/appConfig';
import { freshCustomer, methodPath, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db, clock } = useTestApp({ clockAt: TEST_NOW });

let cardSerial = 0;
/** A card as the browser's sandbox would describe it; a fresh fingerprint unless one is given. */
const card = (overrides: Partial<CardAttributes> = {}): CardAttributes => ({
  brand: 'visa',
  funding: 'debit',
  country: 'US',
  commercial: false,
  last4: '5556',
  expMonth: 12,
  expYear: 2030,
  fingerprint: `fp-test-${(cardSerial += 1)}`,
  ...overrides,
});

async function setupIntent(customer: Customer): Promise<{ token: string; body: SetupIntentResponse }> {
  const response = await customer.send('POST', ApiPaths.debitCardSetupIntent);
  expect(response.statusCode).toBe(200);
  const body = response.json<SetupIntentResponse>();
  return { token: body.clientSecret.split('_secret_')[0], body };
}

async function linkCard(customer: Customer, attributes: CardAttributes) {
  const { token } = await setupIntent(customer);
  return customer.send('POST', ApiPaths.debitCardLink, { token, paymentMethodId: encodeSandboxPaymentMethod(attributes) });
}

const errorOf = (response: { json: <T>() => T }) => response.json<DebitCardErrorBody>();

describe('setup intent', () => {
  it("answers a Stripe-like client secret and the customer's zip code and first address line", async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const { token, body } = await setupIntent(customer);
    expect(token).toMatch(/^seti_sandbox_[A-Za-z0-9]{24}$/);
    expect(body).toEqual({
      clientSecret: expect.stringMatching(/^seti_sandbox_\w+_secret_\w+$/),
      zipcode: '80202',
      addressLine1: '42 Wallaby Way',
      hasAddress: true,
      addressChangeAttempts: 0,
    });
    const none = await freshCustomer(app, 'unverified@fundflow.test');
    // What the card dialog needs to say its blockers before the card: no address on file here.
    expect((await setupIntent(none)).body).toMatchObject({
      zipcode: null,
      addressLine1: null,
      hasAddress: false,
      addressChangeAttempts: 0,
    });
  });
});

describe('link a debit card', () => {
  it('links a US personal debit card named after its brand, with the dcfLimit as deposit limit', async () => {
    const now = new Date('2026-03-02T15:00:00Z');
    await writeAppConfig(db, 'flags.dcfLimit', 3000, now);
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const response = await linkCard(customer, card());
    await db.deleteFrom('app_config').execute();
    expect(response.statusCode).toBe(200);
    expect(response.json<LinkedPaymentMethodResponse>().linkedPaymentMethod).toMatchObject({
      type: 'DEBIT_CARD',
      displayName: 'Visa debit card',
      paymentMethodNumber: '5556',
      updatable: true,
      canUpdateNickname: false,
      defaultPaymentMethod: false,
      status: 'APPROVED',
      readiness: 'READY',
      depositLimit: { amount: '3000.00', currency: 'USD' },
    });
    const second = await linkCard(customer, card({ brand: 'mastercard' }));
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ errorCode: 'DEBIT_CARD_LIMIT_REACHED', source: 'PUBLIC_API' });
  });

  it.each([
    ['a credit card', { funding: 'credit' as const }, 'DEBIT_CARD_UNSUPPORTED_TYPE'],
    ['a prepaid card', { funding: 'prepaid' as const }, 'DEBIT_CARD_PREPAID'],
    ['a commercial card', { commercial: true }, 'DEBIT_CARD_COMMERCIAL'],
    ['a Canadian card', { country: 'CA' }, 'DEBIT_CARD_UNSUPPORTED_COUNTRY'],
    ['a card of unknown country', { country: '' }, 'DEBIT_CARD_UNKNOWN_COUNTRY'],
    ['a card expiring within 90 days', { expMonth: 4, expYear: 2026 }, 'DEBIT_CARD_TOO_CLOSE_TO_EXPIRY'],
    ['an expired card', { expMonth: 1, expYear: 2026 }, 'DEBIT_CARD_TOO_CLOSE_TO_EXPIRY'],
  ])('refuses %s', async (_name, overrides, errorCode) => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const response = await linkCard(customer, card(overrides));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ errorCode, message: expect.any(String), source: 'PUBLIC_API' });
    expect(await customer.methods()).toHaveLength(1);
  });

  it('accepts a sandbox payment-method id longer than 200 characters (it carries the card attributes)', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const attributes = card({ brand: 'mastercard', fingerprint: `fp-${'x'.repeat(60)}-${(cardSerial += 1)}` });
    expect(encodeSandboxPaymentMethod(attributes).length).toBeGreaterThan(200);
    expect((await linkCard(customer, attributes)).statusCode).toBe(200);
  });

  it('accepts a card expiring just over 90 days from now', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    // Good through 2026-06-30: 120 days away.
    expect((await linkCard(customer, card({ expMonth: 6, expYear: 2026 }))).statusCode).toBe(200);
  });

  it('refuses when the trading account is not active (Finish Application) or no address is on file', async () => {
    const pending = await freshCustomer(app, 'pending@fundflow.test');
    const inactive = await linkCard(pending, card());
    expect(inactive.statusCode).toBe(403);
    expect(errorOf(inactive)).toEqual({
      errorCode: 'DEBIT_CARD_TRADING_ACCOUNT_NOT_ACTIVE',
      message: expect.stringContaining('set up your account - it only takes 2 minutes'),
      source: 'PUBLIC_API',
    });
    const noAddress = await freshCustomer(app, 'unverified@fundflow.test');
    expect(errorOf(await linkCard(noAddress, card())).errorCode).toBe('DEBIT_CARD_MISSING_USER_ADDRESS');
  });

  it('refuses an unknown setup intent, an intent of another customer, a used intent and an unknown payment method (NOT_FOUND)', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const other = await freshCustomer(app, 'card@fundflow.test');
    const pm = encodeSandboxPaymentMethod(card());
    const unknown = await customer.send('POST', ApiPaths.debitCardLink, { token: 'seti_sandbox_nope', paymentMethodId: pm });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ errorCode: 'DEBIT_CARD_NOT_FOUND', source: 'PUBLIC_API' });
    const { token } = await setupIntent(other);
    expect(errorOf(await customer.send('POST', ApiPaths.debitCardLink, { token, paymentMethodId: pm })).errorCode).toBe(
      'DEBIT_CARD_NOT_FOUND',
    );
    const mine = await setupIntent(customer);
    expect(
      errorOf(await customer.send('POST', ApiPaths.debitCardLink, { token: mine.token, paymentMethodId: 'pm_card_visa' })).errorCode,
    ).toBe('DEBIT_CARD_NOT_FOUND');
    expect((await customer.send('POST', ApiPaths.debitCardLink, { token: mine.token, paymentMethodId: pm })).statusCode).toBe(200);
  });

  it('refuses a card already linked by another customer (ALREADY_EXISTS)', async () => {
    const first = await freshCustomer(app, 'card@fundflow.test');
    const second = await freshCustomer(app, 'card@fundflow.test');
    const shared = card();
    expect((await linkCard(first, shared)).statusCode).toBe(200);
    const response = await linkCard(second, shared);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).errorCode).toBe('DEBIT_CARD_ALREADY_EXISTS');
  });

  it('after removing a card, a different card within 7 days is TOO_CLOSE_TO_PREVIOUS_LINK; the old card may come back', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const old = card();
    const linked = (await linkCard(customer, old)).json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    expect((await customer.send('DELETE', methodPath(ApiPaths.paymentMethod, linked.id))).statusCode).toBe(204);
    const other = await linkCard(customer, card());
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).errorCode).toBe('DEBIT_CARD_TOO_CLOSE_TO_PREVIOUS_LINK');
    expect((await linkCard(customer, old)).statusCode).toBe(200);
  });

  it('a different card is fine 7 days after the removal', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const linked = (await linkCard(customer, card())).json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    await customer.send('DELETE', methodPath(ApiPaths.paymentMethod, linked.id));
    clock.advance(7 * 24 * 60 * 60 * 1000);
    const { accessToken } = await (async () => {
      const response = await app.inject({
        method: 'POST',
        url: ApiPaths.login,
        headers: { 'x-fundflow-client': 'web' },
        payload: { email: customer.email, password: 'fundflow-demo' },
      });
      return response.json<{ accessToken: string }>();
    })();
    const headers = { authorization: `Bearer ${accessToken}`, 'x-fundflow-client': 'web' };
    const intent = await app.inject({ method: 'POST', url: ApiPaths.debitCardSetupIntent, headers });
    const token = intent.json<SetupIntentResponse>().clientSecret.split('_secret_')[0];
    const response = await app.inject({
      method: 'POST',
      url: ApiPaths.debitCardLink,
      headers,
      payload: { token, paymentMethodId: encodeSandboxPaymentMethod(card()) },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('replace a debit card', () => {
  it('replaces the card in place: same id and default flag, new brand and last 4', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const old = (await customer.methods()).find((m) => m.type === 'DEBIT_CARD')!;
    const { token } = await setupIntent(customer);
    const response = await customer.send('POST', ApiPaths.debitCardReplace, {
      paymentMethodId: old.id,
      token,
      providerPaymentMethodId: encodeSandboxPaymentMethod(card({ brand: 'mastercard', last4: '8210' })),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<LinkedPaymentMethodResponse>().linkedPaymentMethod).toMatchObject({
      id: old.id,
      displayName: 'Mastercard debit card',
      paymentMethodNumber: '8210',
      defaultPaymentMethod: old.defaultPaymentMethod,
      amountDeposited: old.amountDeposited,
    });
    expect((await customer.methods()).filter((m) => m.type === 'DEBIT_CARD')).toHaveLength(1);
  });

  it('applies the card rules, and refuses a method that is not own debit card', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const [bank, old] = await customer.methods();
    const prepaid = await (async () => {
      const { token } = await setupIntent(customer);
      return customer.send('POST', ApiPaths.debitCardReplace, {
        paymentMethodId: old.id,
        token,
        providerPaymentMethodId: encodeSandboxPaymentMethod(card({ funding: 'prepaid' })),
      });
    })();
    expect(errorOf(prepaid)).toMatchObject({ errorCode: 'DEBIT_CARD_PREPAID', source: 'PUBLIC_API' });
    const { token } = await setupIntent(customer);
    const notACard = await customer.send('POST', ApiPaths.debitCardReplace, {
      paymentMethodId: bank.id,
      token,
      providerPaymentMethodId: encodeSandboxPaymentMethod(card()),
    });
    expect(notACard.statusCode).toBe(404);
    expect(errorOf(notACard)).toMatchObject({ errorCode: 'PAYMENT_METHOD_NOT_FOUND', source: 'PUBLIC_API' });
    const stranger = await freshCustomer(app, 'card@fundflow.test');
    const strangerIntent = await setupIntent(stranger);
    const theirs = await stranger.send('POST', ApiPaths.debitCardReplace, {
      paymentMethodId: old.id,
      token: strangerIntent.token,
      providerPaymentMethodId: encodeSandboxPaymentMethod(card()),
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('address change with email verification', () => {
  const address = { address1: '10 Downing Lane', address2: null, city: 'Boulder', state: 'CO', zipcode: '80301', country: 'USA' };

  it("mails a verification link; confirming makes the address the customer's and clears the counter", async () => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    const update = await customer.send('PUT', ApiPaths.debitCardAddress, address);
    expect(update.statusCode).toBe(200);
    expect(update.json<AddressUpdateResponse>()).toEqual({
      verificationSent: true,
      attempts: 1,
      maxAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
    });
    const { messages } = (await customer.get(ApiPaths.sandboxOutbox)).json<SandboxOutboxResponse>();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ to: customer.email, subject: 'Confirm your new address' });
    const link = new URL(messages[0].link, 'http://app.test');
    expect(link.pathname).toBe('/settings/payment-methods');
    expect(link.searchParams.get('m')).toBe('debit');
    const token = link.searchParams.get('auv')!;

    const confirm = await customer.send('POST', ApiPaths.debitCardAddressConfirm, { token });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json<AddressResponse>().address).toEqual(address);
    const intent = (await customer.send('POST', ApiPaths.debitCardSetupIntent)).json<SetupIntentResponse>();
    expect(intent).toMatchObject({ zipcode: '80301', addressLine1: '10 Downing Lane' });
    const user = await db
      .selectFrom('users')
      .select('address_change_attempts')
      .where('email', '=', customer.email)
      .executeTakeFirstOrThrow();
    expect(user.address_change_attempts).toBe(0);

    const reused = await customer.send('POST', ApiPaths.debitCardAddressConfirm, { token });
    expect(reused.json<DebitCardErrorBody>().errorCode).toBe('ADDRESS_TOKEN_INVALID');
  });

  it("refuses another customer's token and malformed addresses", async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const stranger = await freshCustomer(app, 'card@fundflow.test');
    await customer.send('PUT', ApiPaths.debitCardAddress, address);
    const token = new URL(
      (await customer.get(ApiPaths.sandboxOutbox)).json<SandboxOutboxResponse>().messages[0].link,
      'http://x',
    ).searchParams.get('auv')!;
    expect((await stranger.send('POST', ApiPaths.debitCardAddressConfirm, { token })).statusCode).toBe(400);
    expect((await customer.send('PUT', ApiPaths.debitCardAddress, { ...address, zipcode: '8030' })).statusCode).toBe(400);
    expect((await customer.send('PUT', ApiPaths.debitCardAddress, { ...address, state: 'co' })).statusCode).toBe(400);
  });

  it(`after ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} attempts answers 429 ADDRESS_ATTEMPTS_EXCEEDED`, async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    for (let attempt = 1; attempt <= DEBIT_CARD_MAX_ADDRESS_ATTEMPTS; attempt += 1) {
      expect((await customer.send('PUT', ApiPaths.debitCardAddress, address)).json<AddressUpdateResponse>().attempts).toBe(attempt);
    }
    const over = await customer.send('PUT', ApiPaths.debitCardAddress, address);
    expect(over.statusCode).toBe(429);
    expect(over.json<DebitCardErrorBody>().errorCode).toBe('ADDRESS_ATTEMPTS_EXCEEDED');
    const { messages } = (await customer.get(ApiPaths.sandboxOutbox)).json<SandboxOutboxResponse>();
    expect(messages).toHaveLength(DEBIT_CARD_MAX_ADDRESS_ATTEMPTS);
  });

  it(`with the ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} address changes used up, the setup intent says so and a card link is refused (429 ADDRESS_ATTEMPTS_EXCEEDED)`, async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    for (let attempt = 1; attempt <= DEBIT_CARD_MAX_ADDRESS_ATTEMPTS; attempt += 1)
      await customer.send('PUT', ApiPaths.debitCardAddress, address);
    expect((await setupIntent(customer)).body).toMatchObject({ hasAddress: true, addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS });
    const refused = await linkCard(customer, card());
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      errorCode: 'ADDRESS_ATTEMPTS_EXCEEDED',
      message: expect.stringContaining('contact support'),
      source: 'PUBLIC_API',
    });
    // Confirming one of the emailed links clears the count: the card goes through.
    const link = (await customer.get(ApiPaths.sandboxOutbox)).json<SandboxOutboxResponse>().messages[0].link;
    const token = new URL(link, 'http://x').searchParams.get('auv')!;
    expect((await customer.send('POST', ApiPaths.debitCardAddressConfirm, { token })).statusCode).toBe(200);
    expect((await linkCard(customer, card())).statusCode).toBe(200);
  });
});
