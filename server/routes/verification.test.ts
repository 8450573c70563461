import {
  ApiPaths,
  IMAGE_UPLOAD_MAX_BYTES,
  type ErrorBody,
  type PaymentMethodResponse,
  type SandboxCustomerResponse,
  type UploadFileResponse,
  type WireInstructions,
} from '../../api/contract';
import { freshCustomer, methodPath, type Customer } from '../testing/fundingKit';
import { bearer, buildTestApp, CSRF, signIn } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db } = useTestApp();

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>();

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

const upload = (customer: Customer, fileName: string, bytes: Buffer | string) =>
  customer.send('POST', ApiPaths.verificationFiles, {
    fileType: 'BANK_STATEMENT',
    fileName,
    base64file: typeof bytes === 'string' ? bytes : bytes.toString('base64'),
  });

describe('statement upload', () => {
  it.each([
    ['statement.png', PNG],
    ['scan.JPG', JPEG],
    ['photo.jpeg', JPEG],
    ['march.pdf', PDF],
  ])('stores %s and answers its id and name', async (fileName, bytes) => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    const response = await upload(customer, fileName, bytes);
    expect(response.statusCode).toBe(200);
    const body = response.json<UploadFileResponse>();
    expect(body.fileName).toBe(fileName);
    const stored = await db.selectFrom('uploaded_files').selectAll().where('id', '=', body.fileId).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.content).equals(bytes)).toBe(true);
    expect(stored.size_bytes).toBe(bytes.length);
  });

  it('refuses an unsupported extension and content that does not match its extension', async () => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    for (const [name, bytes] of [
      ['statement.gif', PNG],
      ['statement.png', PDF],
      ['statement.pdf', JPEG],
      ['statement', PNG],
    ] as const) {
      const response = await upload(customer, name, bytes);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ errorCode: 'FILE_TYPE_NOT_SUPPORTED', message: 'This image type is not supported.' });
    }
  });

  it('refuses an image over 5,242,880 bytes (the route accepts bodies of that size)', async () => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1 - PNG.length)]);
    const response = await upload(customer, 'big.png', big);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ errorCode: 'FILE_TOO_BIG', message: 'This image is too big.' });
    const justRight = Buffer.concat([PNG, Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES - PNG.length)]);
    expect((await upload(customer, 'ok.png', justRight)).statusCode).toBe(200);
  }, 30_000);

  it('refuses invalid base64', async () => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    const response = await upload(customer, 'statement.png', 'not*base64!');
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
  });

  it('other routes keep the small body limit', async () => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    const response = await customer.send('PUT', ApiPaths.paymentMethodNickname, { paymentMethodId: 'x', nickname: 'y'.repeat(70_000) });
    expect(response.statusCode).toBe(413);
  });
});

describe('submit verification', () => {
  async function uploaded(customer: Customer) {
    return (await upload(customer, 'statement.pdf', PDF)).json<UploadFileResponse>().fileId;
  }

  it('puts the bank into review (readiness and status PENDING)', async () => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    const [bank] = await customer.methods();
    expect(bank.readiness).toBe('VERIFICATION_NEEDED');
    const fileId = await uploaded(customer);
    const response = await customer.send('POST', ApiPaths.verificationSubmit, { paymentMethodId: bank.id, fileUniqueIds: [fileId] });
    expect(response.statusCode).toBe(200);
    expect(response.json<PaymentMethodResponse>().paymentMethod).toMatchObject({ id: bank.id, readiness: 'PENDING', status: 'PENDING' });
    const again = await customer.send('POST', ApiPaths.verificationSubmit, { paymentMethodId: bank.id, fileUniqueIds: [fileId] });
    expect(errorOf(again).errorCode).toBe('VERIFICATION_NOT_NEEDED');
  });

  it("refuses a method that needs no verification, files of another customer, and another customer's method", async () => {
    const customer = await freshCustomer(app, 'unverified@fundflow.test');
    const stranger = await freshCustomer(app, 'alex@fundflow.test');
    const [bank] = await customer.methods();
    const [strangerBank] = await stranger.methods();
    const strangerFile = await uploaded(stranger);
    const myFile = await uploaded(customer);
    const notNeeded = await stranger.send('POST', ApiPaths.verificationSubmit, {
      paymentMethodId: strangerBank.id,
      fileUniqueIds: [strangerFile],
    });
    expect(notNeeded.statusCode).toBe(409);
    expect(errorOf(notNeeded).errorCode).toBe('VERIFICATION_NOT_NEEDED');
    const foreignFile = await customer.send('POST', ApiPaths.verificationSubmit, {
      paymentMethodId: bank.id,
      fileUniqueIds: [myFile, strangerFile],
    });
    expect(errorOf(foreignFile).errorCode).toBe('FILE_NOT_FOUND');
    const junkFile = await customer.send('POST', ApiPaths.verificationSubmit, { paymentMethodId: bank.id, fileUniqueIds: ['nope'] });
    expect(errorOf(junkFile).errorCode).toBe('FILE_NOT_FOUND');
    const foreignMethod = await stranger.send('POST', ApiPaths.verificationSubmit, {
      paymentMethodId: bank.id,
      fileUniqueIds: [strangerFile],
    });
    expect(foreignMethod.statusCode).toBe(404);
    expect(errorOf(foreignMethod).errorCode).toBe('PAYMENT_METHOD_NOT_FOUND');
    expect((await customer.methods())[0].readiness).toBe('VERIFICATION_NEEDED');
  });
});

describe('wire instructions', () => {
  it("gives the instructions with the customer's brokerage account number as reference and a 1 business day timing", async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const response = await customer.get(ApiPaths.wireInstructions);
    expect(response.statusCode).toBe(200);
    const accounts = (await customer.get(ApiPaths.accounts)).json<{
      accounts: Array<{ account: string; parentAccountId: string | null }>;
    }>().accounts;
    const brokerage = accounts.find((a) => a.parentAccountId === null)!;
    const body = response.json<WireInstructions>();
    expect(body.reference).toBe(`FFC ${brokerage.account} Alex Morgan`);
    expect(body.timing).toBe('1 business day');
    expect(body.routingNumber).toMatch(/^\d{9}$/);
  });

  it('is 403 ACCOUNT_NOT_COMPLETE until the application is complete', async () => {
    const customer = await freshCustomer(app, 'pending@fundflow.test');
    const response = await customer.get(ApiPaths.wireInstructions);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).errorCode).toBe('ACCOUNT_NOT_COMPLETE');
  });
});

describe('analytics events', () => {
  it('stores the events and answers 202', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.send('POST', ApiPaths.analyticsEvents, {
      events: [
        { name: 'bank_link_edit', occurredAt: '2026-03-02T14:59:00.000Z', properties: { step: 'number-bank-verification' } },
        {
          name: 'bank_link_cancel',
          occurredAt: '2026-03-02T14:59:30.000Z',
          properties: { step: 'bank-selector', modal: true, attempts: 1, origin: null },
        },
      ],
    });
    expect(response.statusCode).toBe(202);
    const rows = await db
      .selectFrom('analytics_events')
      .selectAll()
      .where('user_id', '=', customer.userId)
      .orderBy('occurred_at')
      .execute();
    expect(rows.map((row) => [row.name, row.properties])).toEqual([
      ['bank_link_edit', { step: 'number-bank-verification' }],
      ['bank_link_cancel', { step: 'bank-selector', modal: true, attempts: 1, origin: null }],
    ]);
  });

  it('refuses an empty batch', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expect((await customer.send('POST', ApiPaths.analyticsEvents, { events: [] })).statusCode).toBe(400);
  });
});

describe('sandbox customers', () => {
  it('copies a demo customer with a unique email, the demo password, new account numbers and copies of its methods', async () => {
    const response = await app.inject({
      method: 'POST',
      url: ApiPaths.sandboxCustomers,
      headers: CSRF,
      payload: { template: 'alex@fundflow.test' },
    });
    expect(response.statusCode).toBe(201);
    const { email, password } = response.json<SandboxCustomerResponse>();
    expect(email).toMatch(/^alex-[0-9a-f]{10}@fundflow\.test$/);
    expect(password).toBe('fundflow-demo');
    const { accessToken } = await signIn(app, email, password);
    const original = await signIn(app, 'alex@fundflow.test');
    const get = async (token: string, url: string) =>
      (await app.inject({ method: 'GET', url, headers: bearer(token) })).json<Record<string, Array<Record<string, unknown>>>>();
    const copyAccounts = (await get(accessToken, ApiPaths.accounts)).accounts;
    const originalAccounts = (await get(original.accessToken, ApiPaths.accounts)).accounts;
    expect(copyAccounts.map((a) => a.variant)).toEqual(originalAccounts.map((a) => a.variant));
    expect(copyAccounts.some((a) => originalAccounts.some((o) => o.account === a.account))).toBe(false);
    expect(copyAccounts[1].parentAccountId).toBe(copyAccounts[0].accountId);
    const copyMethods = (await get(accessToken, ApiPaths.paymentMethods)).paymentMethods;
    expect(copyMethods.map((m) => m.displayName)).toEqual(['Chase Total Checking', 'Visa debit card']);
  });

  it('refuses an email that is not a demo customer, including a copy', async () => {
    const copy = await freshCustomer(app, 'new@fundflow.test');
    for (const template of ['nobody@fundflow.test', copy.email]) {
      const response = await app.inject({ method: 'POST', url: ApiPaths.sandboxCustomers, headers: CSRF, payload: { template } });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('sandbox outbox', () => {
  it("lists only the signed-in customer's messages, newest first", async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const other = await freshCustomer(app, 'card@fundflow.test');
    const address = { address1: '1 Main Street', address2: null, city: 'Denver', state: 'CO', zipcode: '80202', country: 'USA' };
    await customer.send('PUT', ApiPaths.debitCardAddress, address);
    await customer.send('PUT', ApiPaths.debitCardAddress, { ...address, address1: '2 Main Street' });
    const messages = (await customer.get(ApiPaths.sandboxOutbox)).json<{ messages: Array<{ sentAt: string }> }>().messages;
    expect(messages).toHaveLength(2);
    expect((await other.get(ApiPaths.sandboxOutbox)).json<{ messages: unknown[] }>().messages).toEqual([]);
  });
});

describe('live mode', () => {
  it('answers 404 on every sandbox-only path', async () => {
    const live = buildTestApp(db, { config: { mode: 'live' } });
    await live.app.ready();
    const copy = await freshCustomer(app, 'new@fundflow.test');
    // Demo logins are refused in live mode, so a customer signs in through a non-demo row.
    await db.updateTable('users').set({ is_demo: false }).where('email', '=', copy.email).execute();
    const { accessToken } = await signIn(live.app, copy.email);
    const headers = { ...bearer(accessToken), ...CSRF };
    const [bank] = await copy.methods();
    const calls = [
      {
        method: 'POST' as const,
        url: ApiPaths.sandboxPlaidLogin,
        payload: { linkToken: 'link-sandbox-x', username: 'user_good', password: 'pass_good' },
      },
      { method: 'POST' as const, url: methodPath(ApiPaths.sandboxResetLogin, bank.id) },
      { method: 'GET' as const, url: methodPath(ApiPaths.sandboxMicroDeposits, bank.id) },
      { method: 'GET' as const, url: ApiPaths.sandboxOutbox },
      { method: 'POST' as const, url: ApiPaths.sandboxSettleDeposits },
      { method: 'POST' as const, url: ApiPaths.sandboxCustomers, payload: { template: 'alex@fundflow.test' } },
    ];
    for (const call of calls) {
      const response = await live.app.inject({ ...call, headers });
      expect([call.url, response.statusCode]).toEqual([call.url, 404]);
      expect(response.json<ErrorBody>().errorCode).toBe('NOT_FOUND');
    }
    // The real calls still answer.
    expect((await live.app.inject({ method: 'GET', url: ApiPaths.providers, headers })).statusCode).toBe(200);
    await live.app.close();
  });
});

describe('errors never carry a stack trace', () => {
  it('answers exactly errorCode and message for a refused call', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '123456789', bankAccount: '12345678' });
    expect(Object.keys(response.json()).sort()).toEqual(['errorCode', 'message']);
    expect(response.body).not.toMatch(/at .*\.ts/);
  });
});
