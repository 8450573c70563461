import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ApiPaths, type Deposit, type DepositIntent } from '../../api/contract';
import type { Database } from '../db/schema';
import { accountOf, bankOf, confirm, initiate } from '../testing/depositKit';
import { freshCustomer, type Customer } from '../testing/fundingKit';
import { buildTestApp, createSeededTestDatabase, openAnotherHandle, TEST_NOW } from '../testing/testApp';
import { onPostgres } from './raceKit';

// A server restarted in the middle of a deposit flow: each instance has its own handle on the database
// (its own pool on PostgreSQL) and is closed with it, as a process that stops; the next one starts afresh.
// What was committed stays, an answer stored under an Idempotency-Key is answered again, and a transaction
// cut off before its commit leaves nothing behind, so its retry makes the one deposit.

let db: Kysely<Database>;
beforeAll(async () => {
  db = await createSeededTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.destroy();
});

async function startInstance() {
  const handle = await openAnotherHandle(db);
  const instance = buildTestApp(handle.db, { now: TEST_NOW });
  await instance.app.ready();
  return {
    ...instance,
    async stop() {
      await instance.app.close();
      await handle.close();
    },
  };
}

async function customerWithIntent(
  instance: Awaited<ReturnType<typeof startInstance>>,
): Promise<{ customer: Customer; intent: DepositIntent }> {
  const customer = await freshCustomer(instance.app, 'card@fundflow.test');
  const brokerage = await accountOf(customer, 'US');
  const bank = await bankOf(customer);
  const started = await initiate(instance.app, customer, {
    accountUuid: brokerage.accountUuid,
    paymentMethodId: bank.id,
    amount: '300.00',
  });
  expect(started.statusCode).toBe(201);
  return { customer, intent: started.json<DepositIntent>() };
}

const depositsOfIntent = (intentId: string) => db.selectFrom('deposits').select('id').where('intent_id', '=', intentId).execute();
const keyRows = (userId: string, key: string) =>
  db.selectFrom('idempotency_keys').select('response_status').where('user_id', '=', userId).where('key', '=', key).execute();

describe('restarting the server in the middle of a deposit flow', () => {
  it('confirms, after the restart, an intent made before it', async () => {
    const before = await startInstance();
    const { customer, intent } = await customerWithIntent(before);
    await before.stop();

    const after = await startInstance();
    try {
      const confirmed = await confirm(after.app, customer, intent, randomUUID());
      expect(confirmed.statusCode).toBe(200);
      expect(await depositsOfIntent(intent.id)).toEqual([{ id: confirmed.json<Deposit>().id }]);
    } finally {
      await after.stop();
    }
  }, 60_000);

  it('answers a key whose confirmation committed before the restart with the stored answer, and makes no second deposit', async () => {
    const before = await startInstance();
    const { customer, intent } = await customerWithIntent(before);
    const key = randomUUID();
    const first = await confirm(before.app, customer, intent, key);
    expect(first.statusCode).toBe(200);
    await before.stop();

    const after = await startInstance();
    try {
      const again = await confirm(after.app, customer, intent, key);
      expect([again.statusCode, again.json()]).toEqual([first.statusCode, first.json()]);
      expect(await depositsOfIntent(intent.id)).toEqual([{ id: first.json<Deposit>().id }]);
    } finally {
      await after.stop();
    }
  }, 60_000);

  // Cutting a transaction off half-way needs a server to cut its connection: PostgreSQL only.
  (onPostgres ? it : it.skip)(
    'leaves nothing of a confirmation cut off before its commit; its retry after the restart makes the one deposit',
    async () => {
      const before = await startInstance();
      const { customer, intent } = await customerWithIntent(before);
      const key = randomUUID();

      // Hold the customer's row as a confirmation does, so this one stops half-way: its idempotency key
      // written, waiting for the row. Then its connection is killed, as when the process dies.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', customer.userId).forNoKeyUpdate().executeTakeFirst();
        holding();
        await released;
      });
      try {
        await held;
        const cutOff = confirm(before.app, customer, intent, key);
        const waiting = async () =>
          (
            await sql<{
              pid: number;
              query: string;
            }>`select pid, query from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
          ).rows;
        const deadline = Date.now() + 10_000;
        while ((await waiting()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
        const blocked = await waiting();
        // The key's claim and the lock are one statement (runIdempotent's lockUser).
        expect(blocked.map((row) => row.query)).toEqual([
          expect.stringMatching(/^with "claimed" as \(insert into "idempotency_keys" .*\) select .* from "users" .* for no key update$/),
        ]);
        await sql`select pg_terminate_backend(${blocked[0].pid})`.execute(db);
        const answer = await cutOff;
        expect(answer.statusCode).toBeGreaterThanOrEqual(500);
        expect(Object.keys(answer.json()).sort()).toEqual(['errorCode', 'message']);
      } finally {
        release();
        await holder;
        await before.stop();
      }
      expect(await keyRows(customer.userId, key)).toEqual([]);
      expect(await depositsOfIntent(intent.id)).toEqual([]);

      const after = await startInstance();
      try {
        const retried = await confirm(after.app, customer, intent, key);
        expect(retried.statusCode).toBe(200);
        expect(await depositsOfIntent(intent.id)).toEqual([{ id: retried.json<Deposit>().id }]);
        expect(await keyRows(customer.userId, key)).toEqual([{ response_status: 200 }]);
      } finally {
        await after.stop();
      }
    },
    60_000,
  );

  (onPostgres ? it : it.skip)(
    'keeps serving when the database ends its connections, as a database restart does',
    async () => {
      const instance = await startInstance();
      try {
        const customer = await freshCustomer(instance.app, 'card@fundflow.test');
        const ended = await sql<{
          ended: boolean;
        }>`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
          db,
        );
        expect(ended.rows.length).toBeGreaterThan(0);
        // The pools hear of it as the server's messages arrive; then the next requests open new connections.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await customer.get(ApiPaths.accounts)).statusCode).toBe(200);
        expect((await customer.get(ApiPaths.deposits)).statusCode).toBe(200);
      } finally {
        await instance.stop();
      }
    },
    60_000,
  );
});
