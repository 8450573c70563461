import type { Kysely } from 'kysely';
import type { FundflowMode } from '../config';
import { upsertInstitutionDirectory } from './institutionDirectory';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { addMissingDemoCustomers, seedDemoDataIfEmpty } from './seed';

export interface PreparedDatabase {
  /** Migrations run now, in order. */
  migrated: string[];
  /** Whether the demo customers were added to an empty database. */
  seeded: boolean;
  /** Demo customers added to a demo database made by an earlier version. */
  addedDemoCustomers: string[];
}

/**
 * The one step that writes the schema and this version's reference data: migrations, the bank directory, and
 * in the sandbox the demo customers. `npm run migrate` runs it once per deploy; the one-machine start runs it
 * at boot (FUNDFLOW_MIGRATE_ON_START). Instances of a cluster never do, so a deploy changes the schema once,
 * from one place, before the new instances start.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  options: { mode: FundflowMode; now: Date; seed?: boolean },
): Promise<PreparedDatabase> {
  const results = await migrateToLatest(db);
  await upsertInstitutionDirectory(db);
  const seedDemo = options.seed ?? options.mode === 'sandbox';
  const seeded = seedDemo ? await seedDemoDataIfEmpty(db, options.now) : false;
  const addedDemoCustomers = seedDemo && !seeded ? await addMissingDemoCustomers(db) : [];
  return { migrated: results.map((result) => result.migrationName), seeded, addedDemoCustomers };
}
