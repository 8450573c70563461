import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

/** Brings the database to the newest schema; safe to run on every start and from many instances at once. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results;
}
