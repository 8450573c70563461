import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** The savepoints our transactions set, by name: work that may fail and be undone without losing what came before. */
export type SavepointName = 'recurring_run' | 'idempotent_work';

export async function setSavepoint(trx: Transaction<Database>, name: SavepointName): Promise<void> {
  await sql`savepoint ${sql.raw(name)}`.execute(trx);
}

export async function rollbackToSavepoint(trx: Transaction<Database>, name: SavepointName): Promise<void> {
  await sql`rollback to savepoint ${sql.raw(name)}`.execute(trx);
}
