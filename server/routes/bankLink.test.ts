import {
  ApiPaths,
  FundingMessages,
  type ErrorBody,
  type InstitutionsResponse,
  type LinkedPaymentMethodResponse,
  type LinkTokenResponse,
  type PaymentMethod,
  type ProvidersResponse,
  type SandboxPlaidLoginResponse,
} from '../../api/contract';
import { isValidRoutingNumber } from '../../api/contract';
import { INSTITUTION_DIRECTORY, POPULAR_INSTITUTION_IDS } from '../db/institutionDirectory';
import { freshCustomer, linkPlaidChecking, methodPath, sandboxPartnerLogin, type Customer } from '../testing/fundingKit';
import { buildTestApp, TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db } = useTestApp({ clockAt: TEST_NOW });

const errorOf = (response: { json: <T>() => T }) => response.json<ErrorBody>();

describe('providers and the institution directory', () => {
  it('answers sandbox modes and no publishable key by default', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.get(ApiPaths.providers);
    expect(response.json<ProvidersResponse>()).toEqual({ plaid: 'sandbox', stripe: 'sandbox', stripePublishableKey: null });
  });

  it('every routing number of the directory passes the ABA checksum', () => {
    const numbers = INSTITUTION_DIRECTORY.flatMap((institution) => institution.routingNumbers);
    expect(numbers.length).toBeGreaterThanOrEqual(25);
    for (const number of numbers) expect(isValidRoutingNumber(number)).toBe(true);
  });

  it('searches names case-insensitively, prefix matches first, at most 10', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const chase = (await customer.get(`${ApiPaths.institutions}?query=cHaSe`)).json<InstitutionsResponse>();
    expect(chase.institutions[0]).toEqual({
      id: 'chase',
      name: 'Chase',
      logo: null,
      linkOptions: ['PLAID', 'VERIFICATION_SERVICE'],
      oauth: false,
    });
    const bank = (await customer.get(`${ApiPaths.institutions}?query=bank`)).json<InstitutionsResponse>();
    expect(bank.institutions).toHaveLength(10);
    expect(bank.institutions[0].name.toLowerCase().startsWith('bank')).toBe(true);
    const none = (await customer.get(`${ApiPaths.institutions}?query=${encodeURIComponent('%_')}`)).json<InstitutionsResponse>();
    expect(none.institutions).toEqual([]);
  });

  it('popular banks: the eight the search opens on, in the directory order chosen, each one of the directory', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const popular = (await customer.get(ApiPaths.popularInstitutions)).json<InstitutionsResponse>();
    expect(popular.institutions.map((i) => i.id)).toEqual([...POPULAR_INSTITUTION_IDS]);
    expect(popular.institutions).toHaveLength(8);
    expect(popular.institutions[0]).toEqual({
      id: 'chase',
      name: 'Chase',
      logo: null,
      linkOptions: ['PLAID', 'VERIFICATION_SERVICE'],
      oauth: false,
    });
    expect((await app.inject({ method: 'GET', url: ApiPaths.popularInstitutions })).statusCode).toBe(401);
  });

  it('finds a bank by its exact routing number in search and in the lookup', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const search = (await customer.get(`${ApiPaths.institutions}?query=026009593`)).json<InstitutionsResponse>();
    expect(search.institutions.map((i) => i.id)).toEqual(['bank-of-america']);
    const lookup = await customer.get(ApiPaths.institutionsByRoutingNumber.replace(':routingNumber', '121000248'));
    expect(lookup.json<InstitutionsResponse>().institutions.map((i) => i.name)).toEqual(['Wells Fargo']);
  });

  it('answers an empty list for an unknown or malformed routing number (the app falls through silently)', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const url = (n: string) => ApiPaths.institutionsByRoutingNumber.replace(':routingNumber', n);
    expect((await customer.get(url('011000015'))).json<InstitutionsResponse>().institutions).toEqual([]);
    expect((await customer.get(url('123456789'))).json<InstitutionsResponse>().institutions).toEqual([]);
  });

  it('reaches every link-option branch: both, partner only, number only, neither, and the OAuth bank', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const find = async (query: string) =>
      (await customer.get(`${ApiPaths.institutions}?query=${encodeURIComponent(query)}`)).json<InstitutionsResponse>().institutions[0];
    expect((await find('Ally')).linkOptions).toEqual(['PLAID']);
    expect((await find('Navy Federal')).linkOptions).toEqual(['VERIFICATION_SERVICE']);
    expect((await find('Goldman')).linkOptions).toEqual([]);
    expect(await find('Platypus OAuth')).toMatchObject({ oauth: true, linkOptions: ['PLAID'] });
  });

  it('needs a signed-in customer', async () => {
    expect((await app.inject({ method: 'GET', url: `${ApiPaths.institutions}?query=chase` })).statusCode).toBe(401);
  });
});

describe('link tokens and the sandbox bank login', () => {
  it('creates a link-sandbox token valid for 4 hours', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.send('POST', ApiPaths.linkToken, { institutionId: 'chase' });
    expect(response.statusCode).toBe(200);
    const { linkToken, expiration } = response.json<LinkTokenResponse>();
    expect(linkToken).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    expect(expiration).toBe('2026-03-02T19:00:00.000Z');
  });

  it('refuses an institution without the partner option, and an unknown one', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const numberOnly = await customer.send('POST', ApiPaths.linkToken, { institutionId: 'navy-federal' });
    expect(numberOnly.statusCode).toBe(409);
    expect(errorOf(numberOnly).errorCode).toBe('LINK_OPTION_UNAVAILABLE');
    const unknown = await customer.send('POST', ApiPaths.linkToken, { institutionId: 'no-such-bank' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).errorCode).toBe('INSTITUTION_NOT_FOUND');
  });

  it('user_good / pass_good log in and answer a public token with Plaid Checking 0000 and Plaid Saving 1111', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const { login } = await sandboxPartnerLogin(customer, 'first-platypus');
    expect(login.statusCode).toBe(200);
    const body = login.json<SandboxPlaidLoginResponse>();
    expect(body.publicToken).toMatch(/^public-sandbox-[0-9a-f-]{36}$/);
    expect(body.institution).toEqual({ id: 'first-platypus', name: 'First Platypus Bank' });
    expect(body.accounts.map(({ name, mask, subtype }) => ({ name, mask, subtype }))).toEqual([
      { name: 'Plaid Checking', mask: '0000', subtype: 'checking' },
      { name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
    ]);
  });

  it('a password error_<CODE> fails with that code; other credentials fail with INVALID_CREDENTIALS', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const locked = (await sandboxPartnerLogin(customer, 'chase', 'error_ITEM_LOCKED')).login;
    expect(locked.statusCode).toBe(400);
    expect(errorOf(locked).errorCode).toBe('ITEM_LOCKED');
    const down = (await sandboxPartnerLogin(customer, 'chase', 'error_INSTITUTION_DOWN')).login;
    expect(errorOf(down).errorCode).toBe('INSTITUTION_DOWN');
    const wrong = (await sandboxPartnerLogin(customer, 'chase', 'not-the-password')).login;
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({ errorCode: 'INVALID_CREDENTIALS', message: 'the provided credentials were not correct' });
  });

  it('an expired or unknown link token fails with INVALID_LINK_TOKEN', async () => {
    // The lifetime is configurable (ServerConfig.linkTokenTtlSeconds): a second app on the same database.
    const shortLived = buildTestApp(db, { config: { linkTokenTtlSeconds: 60 } });
    const customer = await freshCustomer(shortLived.app, 'new@fundflow.test');
    const { linkToken, expiration } = (
      await customer.send('POST', ApiPaths.linkToken, { institutionId: 'chase' })
    ).json<LinkTokenResponse>();
    expect(expiration).toBe('2026-03-02T15:01:00.000Z');
    shortLived.clock.advance(61_000);
    const expired = await customer.send('POST', ApiPaths.sandboxPlaidLogin, { linkToken, username: 'user_good', password: 'pass_good' });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).errorCode).toBe('INVALID_LINK_TOKEN');
    const unknown = await customer.send('POST', ApiPaths.sandboxPlaidLogin, {
      linkToken: 'link-sandbox-nope',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(errorOf(unknown).errorCode).toBe('INVALID_LINK_TOKEN');
    await shortLived.app.close();
  });

  it("another customer's link token is not valid for me", async () => {
    const owner = await freshCustomer(app, 'new@fundflow.test');
    const other = await freshCustomer(app, 'new@fundflow.test');
    const { linkToken } = (await owner.send('POST', ApiPaths.linkToken, { institutionId: 'chase' })).json<LinkTokenResponse>();
    const response = await other.send('POST', ApiPaths.sandboxPlaidLogin, { linkToken, username: 'user_good', password: 'pass_good' });
    expect(errorOf(response).errorCode).toBe('INVALID_LINK_TOKEN');
  });
});

describe('partner link', () => {
  it('links the chosen account as an approved, verified partner account; the first method becomes default', async () => {
    const customer = await freshCustomer(app, 'pending@fundflow.test');
    const response = await linkPlaidChecking(customer, 'first-platypus');
    expect(response.statusCode).toBe(200);
    const method = response.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    expect(method).toMatchObject({
      type: 'PLAID_ACCOUNT',
      displayName: 'Plaid Checking',
      originalName: 'Plaid Checking',
      paymentMethodNumber: '0000',
      defaultPaymentMethod: true,
      status: 'APPROVED',
      readiness: 'READY',
      verificationStatus: 'VERIFIED',
      verificationSource: 'PLAID',
      bankAccountType: 'CHECKING',
      issuingBank: 'First Platypus Bank',
      canUpdateNickname: true,
    });
    expect((await customer.methods()).map((m) => m.id)).toEqual([method.id]);
  });

  it('a later link is not the default when one exists', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const method = (await linkPlaidChecking(customer, 'chase')).json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    expect(method.defaultPaymentMethod).toBe(false);
  });

  it('refuses a duplicate (same bank and last 4) with 409 and adds nothing', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expect((await linkPlaidChecking(customer, 'tartan-bank')).statusCode).toBe(200);
    const before = await customer.methods();
    const again = await linkPlaidChecking(customer, 'tartan-bank');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ errorCode: 'DUPLICATE_BANK_ACCOUNT', message: 'This bank account is already linked.' });
    expect(await customer.methods()).toEqual(before);
  });

  it('a public token works once, and only for its customer', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const other = await freshCustomer(app, 'new@fundflow.test');
    const { login } = await sandboxPartnerLogin(customer, 'chase');
    const { publicToken, accounts } = login.json<SandboxPlaidLoginResponse>();
    const body = { publicToken, institutionId: 'chase', accountId: accounts[1].id };
    const stolen = await other.send('POST', ApiPaths.partnerLink, body);
    expect(errorOf(stolen).errorCode).toBe('PARTNER_LINK_FAILED');
    expect((await customer.send('POST', ApiPaths.partnerLink, body)).statusCode).toBe(200);
    const replay = await customer.send('POST', ApiPaths.partnerLink, body);
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay).errorCode).toBe('PARTNER_LINK_FAILED');
  });

  it('refuses an account the login did not return, and a different bank than the login', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const first = (await sandboxPartnerLogin(customer, 'chase')).login.json<SandboxPlaidLoginResponse>();
    const wrongAccount = await customer.send('POST', ApiPaths.partnerLink, {
      publicToken: first.publicToken,
      institutionId: 'chase',
      accountId: 'nope',
    });
    expect(errorOf(wrongAccount).errorCode).toBe('PARTNER_LINK_FAILED');
    const second = (await sandboxPartnerLogin(customer, 'chase')).login.json<SandboxPlaidLoginResponse>();
    const wrongBank = await customer.send('POST', ApiPaths.partnerLink, {
      publicToken: second.publicToken,
      institutionId: 'pnc',
      accountId: second.accounts[0].id,
    });
    expect(errorOf(wrongBank).errorCode).toBe('PARTNER_LINK_FAILED');
  });

  it('enforces the addition rules: four methods in all, three banks', async () => {
    const full = await freshCustomer(app, 'full@fundflow.test');
    const tooMany = await full.send('POST', ApiPaths.linkToken, { institutionId: 'chase' });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).errorCode).toBe('PAYMENT_METHOD_LIMIT_REACHED');

    const card = (await full.methods()).find((m) => m.type === 'DEBIT_CARD')!;
    expect((await full.send('DELETE', methodPath(ApiPaths.paymentMethod, card.id))).statusCode).toBe(204);
    const banks = await full.send('POST', ApiPaths.linkToken, { institutionId: 'chase' });
    expect(banks.statusCode).toBe(409);
    expect(errorOf(banks)).toEqual({ errorCode: 'BANK_ACCOUNT_LIMIT_REACHED', message: expect.stringContaining('three bank accounts') });
    const byNumber = await full.send('POST', ApiPaths.numberLink, { routingNumber: '021000021', bankAccount: '123456789' });
    expect(errorOf(byNumber).errorCode).toBe('BANK_ACCOUNT_LIMIT_REACHED');
  });

  it('a closed customer links nothing, by login or by numbers (403 ACCOUNT_NOT_COMPLETE, not a limit)', async () => {
    const closed = await freshCustomer(app, 'closed@fundflow.test');
    const before = (await closed.methods()).length;
    for (const response of [
      await closed.send('POST', ApiPaths.linkToken, { institutionId: 'chase' }),
      await closed.send('POST', ApiPaths.numberLink, { routingNumber: '021000021', bankAccount: '123456789' }),
    ]) {
      expect([response.statusCode, errorOf(response)]).toEqual([
        403,
        { errorCode: 'ACCOUNT_NOT_COMPLETE', message: expect.stringContaining('closed') },
      ]);
    }
    expect((await closed.methods()).length).toBe(before);
  });
});

describe('relink (update mode)', () => {
  async function relinkCustomer(): Promise<{ customer: Customer; method: PaymentMethod }> {
    const customer = await freshCustomer(app, 'relink@fundflow.test');
    const [method] = await customer.methods();
    return { customer, method };
  }

  it('keeps the same id, nickname and default flag, and clears plaidLoginRequired', async () => {
    const { customer, method } = await relinkCustomer();
    expect(method).toMatchObject({ plaidLoginRequired: true, displayName: 'Household bills', defaultPaymentMethod: true });
    const token = await customer.send('POST', methodPath(ApiPaths.relinkToken, method.id));
    expect(token.statusCode).toBe(200);
    const { linkToken, expiration } = token.json<LinkTokenResponse>();
    expect(expiration).toBe('2026-03-02T15:30:00.000Z');
    const login = await customer.send('POST', ApiPaths.sandboxPlaidLogin, { linkToken, username: 'user_good', password: 'pass_good' });
    expect(login.json<SandboxPlaidLoginResponse>().institution.name).toBe('Chase');
    const relink = await customer.send('POST', methodPath(ApiPaths.partnerRelink, method.id), {
      publicToken: login.json<SandboxPlaidLoginResponse>().publicToken,
    });
    expect(relink.statusCode).toBe(200);
    const relinked = relink.json<LinkedPaymentMethodResponse>().linkedPaymentMethod;
    expect(relinked).toEqual({ ...method, plaidLoginRequired: false });
    expect(await customer.methods()).toEqual([relinked]);
  });

  it('refuses a relink token when no relink is needed (RELINK_NOT_REQUIRED) and a public token of a new link', async () => {
    const { customer, method } = await relinkCustomer();
    const { publicToken } = (await sandboxPartnerLogin(customer, 'chase')).login.json<SandboxPlaidLoginResponse>();
    const wrongToken = await customer.send('POST', methodPath(ApiPaths.partnerRelink, method.id), { publicToken });
    expect(wrongToken.json<ErrorBody>()).toEqual({ errorCode: 'PARTNER_LINK_FAILED', message: FundingMessages.relinkFailed });

    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const [bank] = await alex.methods();
    const notNeeded = await alex.send('POST', methodPath(ApiPaths.relinkToken, bank.id));
    expect(notNeeded.statusCode).toBe(409);
    expect(errorOf(notNeeded).errorCode).toBe('RELINK_NOT_REQUIRED');
  });

  it('the sandbox reset-login sets plaidLoginRequired, like Plaid /sandbox/item/reset_login', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const [bank] = await customer.methods();
    const reset = await customer.send('POST', methodPath(ApiPaths.sandboxResetLogin, bank.id));
    expect(reset.json<{ paymentMethod: PaymentMethod }>().paymentMethod.plaidLoginRequired).toBe(true);
    expect((await customer.send('POST', methodPath(ApiPaths.relinkToken, bank.id))).statusCode).toBe(200);
  });

  it("another customer's method is 404 PAYMENT_METHOD_NOT_FOUND", async () => {
    const { method } = await relinkCustomer();
    const stranger = await freshCustomer(app, 'new@fundflow.test');
    for (const url of [
      methodPath(ApiPaths.relinkToken, method.id),
      methodPath(ApiPaths.sandboxResetLogin, method.id),
      methodPath(ApiPaths.relinkToken, 'not-a-uuid'),
    ]) {
      const response = await stranger.send('POST', url);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).errorCode).toBe('PAYMENT_METHOD_NOT_FOUND');
    }
    const relink = await stranger.send('POST', methodPath(ApiPaths.partnerRelink, method.id), { publicToken: 'public-sandbox-x' });
    expect(errorOf(relink).errorCode).toBe('PAYMENT_METHOD_NOT_FOUND');
  });
});

describe('number link (verification service sandbox)', () => {
  it('links an ACH method checked by the verification service', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '021000021', bankAccount: '000123456789' });
    expect(response.statusCode).toBe(200);
    expect(response.json<LinkedPaymentMethodResponse>().linkedPaymentMethod).toMatchObject({
      type: 'ACH',
      displayName: 'Chase account',
      paymentMethodNumber: '6789',
      verificationSource: 'VERIFICATION_SERVICE',
      status: 'APPROVED',
      readiness: 'READY',
      issuingBank: 'Chase',
    });
    const duplicate = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '322271627', bankAccount: '99996789' });
    expect(errorOf(duplicate).errorCode).toBe('DUPLICATE_BANK_ACCOUNT');
  });

  it('refuses a routing number failing the checksum and an account number outside 4-17 digits', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const routing = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '021000022', bankAccount: '123456789' });
    expect(routing.statusCode).toBe(400);
    expect(errorOf(routing)).toEqual({ errorCode: 'INVALID_ROUTING_NUMBER', message: 'Please enter a valid 9-digit routing number' });
    // (18 digits are refused by the request schema already, naming the field.)
    expect(
      (await customer.send('POST', ApiPaths.numberLink, { routingNumber: '021000021', bankAccount: '123456789012345678' })).statusCode,
    ).toBe(400);
    for (const bankAccount of ['123', '12ab5678', '1234 5678']) {
      const account = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '021000021', bankAccount });
      expect(account.statusCode).toBe(400);
      expect(errorOf(account)).toEqual({ errorCode: 'VALIDATION_FAILED', message: 'Please enter a valid account number' });
    }
  });

  it('account numbers ending 0000 cannot be verified, ending 1111 fail this attempt', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const unable = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '121000248', bankAccount: '55550000' });
    expect(errorOf(unable).errorCode).toBe('UNABLE_TO_VERIFY_ACCOUNT');
    const failed = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '121000248', bankAccount: '55551111' });
    expect(errorOf(failed).errorCode).toBe('ACCOUNT_VERIFICATION_FAILED');
    expect(await customer.methods()).toHaveLength(1);
  });

  it('refuses a bank whose routing number is known but offers no number link', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '124003116', bankAccount: '12345678' });
    expect(errorOf(response).errorCode).toBe('LINK_OPTION_UNAVAILABLE');
  });

  it('links a bank missing from the directory under a generic name', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.send('POST', ApiPaths.numberLink, { routingNumber: '011000015', bankAccount: '12345678' });
    expect(response.json<LinkedPaymentMethodResponse>().linkedPaymentMethod).toMatchObject({
      displayName: 'Bank account',
      issuingBank: null,
    });
  });
});
