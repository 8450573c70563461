import { ApiPaths, type Account, type HighYieldAccountResponse, type OpenHighYieldAccountResponse } from '../../api/contract';
import { freshCustomer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';
import { HIGH_YIELD_NOT_ELIGIBLE } from './highYieldSetup';

const { app } = useTestApp();

const ACCEPTED = { agreementAccepted: true };

describe('opening high-yield cash (/setup-high-yield-account)', () => {
  it('opens one OPEN account under the brokerage account; the answer before shows the APY without an account', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const before = (await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>();
    expect(before.highYieldAccount).toBeNull();
    expect(before.rate).toMatch(/^\d{1,2}\.\d{2}$/);

    const opened = await customer.send('POST', ApiPaths.highYieldAccount, ACCEPTED);
    expect(opened.statusCode).toBe(201);
    const { accountUuid, created } = opened.json<OpenHighYieldAccountResponse>();
    expect(created).toBe(true);

    const after = (await customer.get(ApiPaths.highYieldAccount)).json<HighYieldAccountResponse>();
    expect(after.highYieldAccount).toMatchObject({ accountUuid, status: 'OPEN', availableToWithdraw: { amount: '0.00', currency: 'USD' } });
    const accounts = (await customer.get(ApiPaths.accounts)).json<{ accounts: Account[] }>().accounts;
    const highYield = accounts.filter((account) => account.variant === 'HIGH_YIELD');
    expect(highYield).toHaveLength(1);
    expect(highYield[0].account).toMatch(/^\d{9}$/);
  });

  it('a second call, or ten at once, gives back the same account and never makes another', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const answers = await Promise.all(Array.from({ length: 10 }, () => customer.send('POST', ApiPaths.highYieldAccount, ACCEPTED)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json<OpenHighYieldAccountResponse>().accountUuid)).size).toBe(1);
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const existing = await alex.send('POST', ApiPaths.highYieldAccount, ACCEPTED);
    expect(existing.statusCode).toBe(200);
    expect(existing.json<OpenHighYieldAccountResponse>().created).toBe(false);
  });

  it('refuses without the agreement, and for an application still under review', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    for (const body of [{}, { agreementAccepted: false }, { agreementAccepted: 'yes' }, { agreementAccepted: true, extra: 1 }]) {
      const refused = await customer.send('POST', ApiPaths.highYieldAccount, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errorCode: expect.any(String), message: expect.any(String) });
    }
    const pending = await freshCustomer(app, 'pending@fundflow.test');
    const refused = await pending.send('POST', ApiPaths.highYieldAccount, ACCEPTED);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: HIGH_YIELD_NOT_ELIGIBLE });
  });
});
