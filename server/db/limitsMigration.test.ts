import { Migrator, sql, type Kysely } from 'kysely';
import { achBatchDay } from '../../api/contract/bankCalendar';
import { createSeededTestDatabase } from '../testing/testApp';
import { migrations } from './migrations';
import type { Database } from './schema';

// Migration 0012 on a database with history: the demo data seeded on Thanksgiving 2026 (its deposits dated
// around it), the migration rolled back and applied again, so its backfill runs on existing rows.

let db: Kysely<Database>;

beforeAll(async () => {
  db = await createSeededTestDatabase('2026-11-26T15:00:00Z');
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  // Back to just before 0012 (later migrations roll back first), then up again.
  const down = await migrator.migrateTo('0011_rate_limits');
  expect(down.error).toBeUndefined();
  expect(down.results?.find((result) => result.migrationName === '0012_limits_as_exposure')?.status).toBe('Success');
  // Legacy rows: a card method without a fingerprint.
  await sql`update payment_methods set card_fingerprint = null where id = (select id from payment_methods where type = 'DEBIT_CARD' order by id limit 1)`.execute(
    db,
  );
  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
}, 60_000);
afterAll(async () => {
  await db.destroy();
});

describe('migration 0012 (limits as exposure)', () => {
  it('backfills the ACH batch day of every existing bank deposit from its creation instant, and of no other', async () => {
    const rows = await db.selectFrom('deposits').select(['source_type', 'created_at', 'batch_day']).execute();
    const bank = rows.filter((row) => row.source_type === 'BANK');
    expect(bank.length).toBeGreaterThan(0);
    expect(bank.map((row) => row.batch_day)).toEqual(bank.map((row) => achBatchDay(row.created_at)));
    // The seeded deposit made a minute ago, on Thanksgiving, goes out in Friday's batch.
    expect(bank.map((row) => row.batch_day)).toContain('2026-11-27');
    expect(rows.filter((row) => row.source_type !== 'BANK').every((row) => row.batch_day === null)).toBe(true);
  });

  it('gives every card a fingerprint and a running total of what its methods recorded', async () => {
    const cards = await db
      .selectFrom('payment_methods')
      .select(['id', 'card_fingerprint', 'amount_deposited_cents'])
      .where('type', '=', 'DEBIT_CARD')
      .execute();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.card_fingerprint !== null)).toBe(true);
    expect(cards.some((card) => card.card_fingerprint === `method:${card.id}`)).toBe(true);
    const totals = await db.selectFrom('card_deposit_totals').select(['fingerprint', 'deposited_cents']).execute();
    const expected = new Map<string, number>();
    for (const card of cards)
      expected.set(card.card_fingerprint!, (expected.get(card.card_fingerprint!) ?? 0) + card.amount_deposited_cents);
    expect(new Map(totals.map((total) => [total.fingerprint, total.deposited_cents]))).toEqual(
      new Map([...expected].filter(([, cents]) => cents > 0)),
    );
  });

  it('refuses a bank deposit without a batch day and a card without a fingerprint from now on', async () => {
    await expect(sql`update deposits set batch_day = null where source_type = 'BANK'`.execute(db)).rejects.toThrow(
      /deposits_bank_batch_day_check/,
    );
    await expect(sql`update payment_methods set card_fingerprint = null where type = 'DEBIT_CARD'`.execute(db)).rejects.toThrow(
      /payment_methods_card_fingerprint_check/,
    );
  });
});
