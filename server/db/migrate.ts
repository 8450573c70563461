import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

/**
 * Brings the database to the newest schema; safe to run on every start and from many instances at once. A
 * database with nothing pending is answered from two reads, without the migrator's lock table and its
 * transaction (start-up on an existing database, issue 20); otherwise the migrator runs under its lock, which
 * decides again what is pending.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  if ((await pendingMigrations(db)).length === 0) return [];
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(
      `Database migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error)}`,
      {
        cause: error,
      },
    );
  }
  return results;
}

/**
 * The migrations this code knows that the database has not run yet, oldest first; every one when the
 * migration table is missing. Reads only. Migrations the database ran that this code does not know (a newer
 * version's expand step during a rolling deploy) are not pending: this instance's schema is there.
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const known = await migrator.getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
