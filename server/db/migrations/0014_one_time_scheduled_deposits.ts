import { sql, type Kysely } from 'kysely';

// A schedule can be one-time (issue 17, the split of a deposit over the day's bank limit): the rest of a split
// deposit is a ONE_TIME schedule for the next business day, run by the recurring-deposit runner once (its next
// occurrence after the run is none). Only the frequency's check changes.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table recurring_deposits drop constraint recurring_deposits_frequency_check`.execute(db);
  await sql`alter table recurring_deposits add constraint recurring_deposits_frequency_check check (frequency in ('ONE_TIME', 'DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('recurring_deposits').where('frequency', '=', 'ONE_TIME').execute();
  await sql`alter table recurring_deposits drop constraint recurring_deposits_frequency_check`.execute(db);
  await sql`alter table recurring_deposits add constraint recurring_deposits_frequency_check check (frequency in ('DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'))`.execute(
    db,
  );
}
