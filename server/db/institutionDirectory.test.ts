import type { Kysely } from 'kysely';
import { countingStatements } from '../testing/statementCounter';
import { createTestDatabase } from '../testing/testApp';
import { INSTITUTION_DIRECTORY, upsertInstitutionDirectory } from './institutionDirectory';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

describe('the bank directory written at start-up', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateToLatest(db);
  });
  afterAll(() => db.destroy());

  const storedNames = async () =>
    (await db.selectFrom('institutions').select(['id', 'name']).execute()).map((row) => `${row.id} ${row.name}`).sort();
  const wantedNames = INSTITUTION_DIRECTORY.map((institution) => `${institution.id} ${institution.name}`).sort();

  it('writes every institution and routing number into an empty database', async () => {
    await upsertInstitutionDirectory(db);
    expect(await storedNames()).toEqual(wantedNames);
    const routing = await db.selectFrom('institution_routing_numbers').select('routing_number').execute();
    expect(routing.map((row) => row.routing_number).sort()).toEqual(
      INSTITUTION_DIRECTORY.flatMap((institution) => institution.routingNumbers).sort(),
    );
  });

  it('leaves a database that already holds this directory alone: reads only, no write', async () => {
    const { db: counted, counter } = countingStatements(db);
    counter.counting = true;
    await upsertInstitutionDirectory(counted);
    expect(counter.writes).toBe(0);
    expect(counter.statements).toBeGreaterThan(0);
  });

  it('rewrites the directory when a stored institution or routing number differs from this version', async () => {
    const withNumbers = INSTITUTION_DIRECTORY.find((institution) => institution.routingNumbers.length > 0)!;
    await db.updateTable('institutions').set({ name: 'Renamed by hand' }).where('id', '=', withNumbers.id).execute();
    await db.deleteFrom('institution_routing_numbers').where('routing_number', '=', withNumbers.routingNumbers[0]).execute();
    const { db: counted, counter } = countingStatements(db);
    counter.counting = true;
    await upsertInstitutionDirectory(counted);
    expect(counter.writes).toBeGreaterThan(0);
    expect(await storedNames()).toEqual(wantedNames);
    const restored = await db
      .selectFrom('institution_routing_numbers')
      .select('institution_id')
      .where('routing_number', '=', withNumbers.routingNumbers[0])
      .executeTakeFirst();
    expect(restored?.institution_id).toBe(withNumbers.id);
  });
});
