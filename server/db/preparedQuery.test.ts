import { sql, type Kysely } from 'kysely';
import { countingStatements } from '../testing/statementCounter';
import { createTestDatabase, testDatabaseServerUrl } from '../testing/testApp';
import { migrateToLatest } from './migrate';
import { preparedQuery } from './preparedQuery';
import type { Database } from './schema';

describe('a prepared query (built and compiled once, run with new values)', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateToLatest(db);
    await db
      .insertInto('institutions')
      .values([
        {
          id: 'ins_prepared_a',
          name: 'Prepared Bank A',
          logo: null,
          link_options: JSON.stringify([]),
          oauth: false,
          plaid_institution_id: null,
        },
        {
          id: 'ins_prepared_b',
          name: 'Prepared Bank B',
          logo: null,
          link_options: JSON.stringify([]),
          oauth: true,
          plaid_institution_id: null,
        },
      ])
      .execute();
  });
  afterAll(() => db.destroy());

  const built: string[] = [];
  const byIdAndOauth = preparedQuery((qc, { id, oauth }: { id: string; oauth: boolean }) => {
    built.push('built');
    return qc.selectFrom('institutions').select(['id', 'name']).where('id', '=', id).where('oauth', '=', oauth);
  });

  it('answers each run with its own values, and builds the query only once', async () => {
    expect((await byIdAndOauth(db, { id: 'ins_prepared_a', oauth: false })).rows).toEqual([
      { id: 'ins_prepared_a', name: 'Prepared Bank A' },
    ]);
    expect((await byIdAndOauth(db, { id: 'ins_prepared_b', oauth: true })).rows).toEqual([
      { id: 'ins_prepared_b', name: 'Prepared Bank B' },
    ]);
    expect((await byIdAndOauth(db, { id: 'ins_prepared_a', oauth: true })).rows).toEqual([]);
    expect(built).toHaveLength(1);
  });

  it('runs inside a transaction on the transaction', async () => {
    const rows = await db.transaction().execute(async (trx) => (await byIdAndOauth(trx, { id: 'ins_prepared_b', oauth: true })).rows);
    expect(rows).toEqual([{ id: 'ins_prepared_b', name: 'Prepared Bank B' }]);
  });

  it('refuses an undefined parameter instead of sending it as null', async () => {
    await expect(byIdAndOauth(db, { id: undefined as unknown as string, oauth: true })).rejects.toThrow('the parameter "id" is undefined');
  });

  it('is seen by plugins on every run (the statement counter counts it)', async () => {
    const { db: counted, counter } = countingStatements(db);
    counter.counting = true;
    await byIdAndOauth(counted, { id: 'ins_prepared_a', oauth: true });
    await byIdAndOauth(counted, { id: 'ins_prepared_b', oauth: true });
    expect(counter.kinds).toEqual(['SelectQueryNode', 'SelectQueryNode']);
  });

  it('is kept prepared by the database, so later runs are not parsed and planned again', async () => {
    const texts = await db.transaction().execute(async (trx) => {
      await byIdAndOauth(trx, { id: 'ins_prepared_a', oauth: false });
      await byIdAndOauth(trx, { id: 'ins_prepared_b', oauth: true });
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((row) => row.statement);
    });
    const compiled = db.selectFrom('institutions').select(['id', 'name']).where('id', '=', 'x').where('oauth', '=', true).compile().sql;
    expect(texts).toContain(compiled);
  });

  it('prepares a statement again after a migration changed what its `*` means', async () => {
    await sql`create table prepared_probe (id int primary key)`.execute(db);
    await sql`insert into prepared_probe values (1)`.execute(db);
    const everything = preparedQuery((qc, { id }: { id: number }) =>
      qc
        .selectFrom('prepared_probe' as never)
        .selectAll()
        .where('id' as never, '=', id as never),
    );
    expect((await everything(db, { id: 1 })).rows).toEqual([{ id: 1 }]);
    await sql`alter table prepared_probe add column note text default 'added'`.execute(db);
    if (testDatabaseServerUrl()) {
      // PostgreSQL refuses the kept plan once ("cached plan must not change result type"); the next run prepares anew.
      await expect(everything(db, { id: 1 })).rejects.toMatchObject({ code: '0A000' });
    }
    // PGlite's driver drops its prepared statements when it runs a schema change, so there the first run answers.
    expect((await everything(db, { id: 1 })).rows).toEqual([{ id: 1, note: 'added' }]);
  });
});
