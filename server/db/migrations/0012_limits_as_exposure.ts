import { sql, type Kysely } from 'kysely';
import { achBatchDay } from '../../../api/contract/bankCalendar';

// Limits as exposure (issue 17, point 4):
// - Every bank deposit records the ACH batch day it goes out in (achBatchDay of its creation: weekend, holiday
//   and after-4-pm deposits belong to the next business day). The $50,000 daily bank limit counts by it.
// - A debit card's lifetime limit is per card, known by its fingerprint, across customers, removals and
//   relinks: one running total per fingerprint, raised in the deposit's transaction by a conditional upsert.
// - Every debit-card method has a fingerprint (the counting key); a card without one gets its own.
// Like the earlier migrations, written against Kysely<any>: the schema types are the newest, not this one's.

const BACKFILL_CHUNK = 500;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('deposits').addColumn('batch_day', 'date').execute();

  // Existing bank deposits get the batch day of their creation instant. The bank calendar (Federal Reserve
  // holidays) lives in TypeScript, so the days are computed here and written in chunks, grouped by day.
  const bank = await db
    .selectFrom('deposits')
    .select(['id', 'created_at'])
    .where('source_type', '=', 'BANK')
    .where('batch_day', 'is', null)
    .execute();
  const idsByDay = new Map<string, string[]>();
  for (const row of bank as Array<{ id: string; created_at: Date | string }>) {
    const day = achBatchDay(new Date(row.created_at));
    idsByDay.set(day, [...(idsByDay.get(day) ?? []), row.id]);
  }
  for (const [day, ids] of idsByDay) {
    for (let at = 0; at < ids.length; at += BACKFILL_CHUNK) {
      await db
        .updateTable('deposits')
        .set({ batch_day: day })
        .where('id', 'in', ids.slice(at, at + BACKFILL_CHUNK))
        .execute();
    }
  }
  // From now on every bank deposit says its batch day.
  await sql`alter table deposits add constraint deposits_bank_batch_day_check check (source_type <> 'BANK' or batch_day is not null)`.execute(
    db,
  );
  // The limit's read: one customer's bank deposits of one batch day.
  await db.schema
    .createIndex('deposits_bank_batch_day_idx')
    .on('deposits')
    .columns(['user_id', 'batch_day'])
    .where(sql.ref('source_type'), '=', 'BANK')
    .execute();

  // A card without a fingerprint (none is expected: the card provider always gives one) counts on its own.
  await sql`update payment_methods set card_fingerprint = 'method:' || id::text where type = 'DEBIT_CARD' and card_fingerprint is null`.execute(
    db,
  );
  await sql`alter table payment_methods add constraint payment_methods_card_fingerprint_check check (type <> 'DEBIT_CARD' or card_fingerprint is not null)`.execute(
    db,
  );

  await db.schema
    .createTable('card_deposit_totals')
    .addColumn('fingerprint', 'text', (c) => c.primaryKey())
    .addColumn('deposited_cents', 'bigint', (c) => c.notNull().check(sql`deposited_cents >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // What each card has taken so far: the sum over every method that carries its fingerprint, any customer,
  // removed ones included (a card replaced in place may bring an older card's share: counting it is the safe side).
  await sql`
    insert into card_deposit_totals (fingerprint, deposited_cents, updated_at)
    select card_fingerprint, sum(amount_deposited_cents), now()
    from payment_methods
    where type = 'DEBIT_CARD'
    group by card_fingerprint
    having sum(amount_deposited_cents) > 0
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('card_deposit_totals').execute();
  await sql`alter table payment_methods drop constraint if exists payment_methods_card_fingerprint_check`.execute(db);
  await db.schema.dropIndex('deposits_bank_batch_day_idx').ifExists().execute();
  await sql`alter table deposits drop constraint if exists deposits_bank_batch_day_check`.execute(db);
  await db.schema.alterTable('deposits').dropColumn('batch_day').execute();
}
