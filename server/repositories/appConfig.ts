import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Read on every request, so a flag changed in the table takes effect without a restart or rebuild. */
export async function readAppConfig(db: Kysely<Database>): Promise<Map<string, unknown>> {
  const rows = await db.selectFrom('app_config').select(['key', 'value']).execute();
  return new Map(rows.map((row) => [row.key, row.value]));
}

export async function writeAppConfig(db: Kysely<Database>, key: string, value: unknown, now: Date): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('app_config')
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
