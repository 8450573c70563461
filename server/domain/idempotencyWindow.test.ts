import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { ApiPaths, type DepositIntent, type SandboxCustomerResponse } from '../../api/contract';
import { accountOf, bankOf, confirm, initiate } from '../testing/depositKit';
import { signedInCustomer } from '../testing/fundingKit';
import { CSRF, TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';
import { IDEMPOTENCY_KEY_TTL_MS, pruneIdempotencyKeys, runIdempotent } from './idempotency';

// Rule: idempotency keys are kept 24 hours, then pruned by the deposit jobs (Stripe's rule); a repeat inside the
// window answers the stored answer whether or not a prune ran; at 24 hours or later the key is gone and a
// request with it is a new request. Times are fixed on the test clock.

const START = TEST_NOW;
const { app, db, clock } = useTestApp({ clockAt: START });
const MINUTE = 60_000;

describe('idempotency keys are kept 24 hours', () => {
  it('a repeat answers the stored answer before 24 h and is a new request from 24 h, pruned or not', async () => {
    const user = await db.selectFrom('users').select('id').where('email', '=', 'alex@fundflow.test').executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(
        // Minutes after the first request: around the edge mostly, anywhere in two days sometimes.
        fc.oneof(fc.integer({ min: 24 * 60 - 3, max: 24 * 60 + 3 }), fc.integer({ min: 0, max: 48 * 60 })),
        fc.boolean(),
        async (minutesLater, pruneFirst) => {
          const key = randomUUID();
          const first = new Date(START);
          const later = new Date(first.getTime() + minutesLater * MINUTE);
          let runs = 0;
          const work = async () => ({ status: 201, body: { run: ++runs } });
          const call = { userId: user.id, endpoint: 'test:window', key, request: { amount: '10.00' } };
          await runIdempotent(db, { ...call, now: first }, work);
          const pruned = pruneFirst ? await pruneIdempotencyKeys(db, later) : 0;
          const repeat = await runIdempotent(db, { ...call, now: later }, work);
          const expired = minutesLater * MINUTE >= IDEMPOTENCY_KEY_TTL_MS;
          expect([minutesLater, pruneFirst, repeat.body]).toEqual([minutesLater, pruneFirst, { run: expired ? 2 : 1 }]);
          if (pruneFirst) expect(pruned).toBeGreaterThanOrEqual(expired ? 1 : 0);
          const row = await db.selectFrom('idempotency_keys').select('created_at').where('key', '=', key).executeTakeFirstOrThrow();
          expect(row.created_at.toISOString()).toBe((expired ? later : first).toISOString());
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('the deposit jobs prune keys older than 24 hours by their clock; a confirm repeated at 23:59 still answers the stored deposit', async () => {
    const copy = await app.inject({
      method: 'POST',
      url: ApiPaths.sandboxCustomers,
      headers: CSRF,
      payload: { template: 'card@fundflow.test' },
    });
    const { email, password } = copy.json<SandboxCustomerResponse>();
    let customer = await signedInCustomer(app, email, password);
    const brokerage = await accountOf(customer, 'US');
    const bank = await bankOf(customer);
    const intent = (
      await initiate(app, customer, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '40.00' })
    ).json<DepositIntent>();
    const key = randomUUID();
    const first = await confirm(app, customer, intent, key);
    expect(first.statusCode).toBe(200);
    const keyRow = () =>
      db
        .selectFrom('idempotency_keys')
        .select('created_at')
        .where('user_id', '=', customer.userId)
        .where('key', '=', key)
        .executeTakeFirst();

    clock.set(new Date(new Date(START).getTime() + IDEMPOTENCY_KEY_TTL_MS - MINUTE).toISOString());
    await app.depositJobs.runOnce();
    expect(await keyRow()).toBeDefined();
    customer = await signedInCustomer(app, email, password);
    const repeat = await confirm(app, customer, intent, key);
    expect([repeat.statusCode, repeat.json()]).toEqual([first.statusCode, first.json()]);

    clock.set(new Date(new Date(START).getTime() + IDEMPOTENCY_KEY_TTL_MS).toISOString());
    const summary = await app.depositJobs.runOnce();
    expect(summary.prunedIdempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await keyRow()).toBeUndefined();
    customer = await signedInCustomer(app, email, password);
    // A request with the key now is a new one (stored anew at this time); the intent's own rules answer it, and
    // the intent still makes one deposit.
    const afterwards = await confirm(app, customer, intent, key);
    expect(afterwards.statusCode).toBeLessThan(500);
    expect((await keyRow())?.created_at.toISOString()).toBe(new Date(new Date(START).getTime() + IDEMPOTENCY_KEY_TTL_MS).toISOString());
    expect((await db.selectFrom('deposits').select('id').where('user_id', '=', customer.userId).execute()).length).toBe(1);
  }, 60_000);
});
