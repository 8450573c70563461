import type { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { loadPglite } from './loadPglite';
import { PGliteDialect } from './pgliteDialect';

// The PGlite driver sends each statement in one call, keeps data statements prepared under a name, and holds
// BEGIN and SAVEPOINT back until the next statement. These tests pin what that must not change: results,
// parameter conversion, errors, transactions and savepoints, and a schema change under prepared statements.

interface Tables {
  notes: {
    id: number;
    body: string | null;
    tags: string[] | null;
    doc: unknown;
    at: Date | null;
    flag: boolean | null;
    raw: Uint8Array | null;
  };
}

let pglite: PGlite;
let db: Kysely<Tables>;
/** Every protocol message the driver hands PGlite, as its first byte and SQL text where it has one. */
let calls: string[] = [];

beforeAll(async () => {
  pglite = await loadPglite().PGlite.create();
  const execProtocolStream = pglite.execProtocolStream.bind(pglite);
  pglite.execProtocolStream = (message, options) => {
    calls.push(describeMessage(message));
    return execProtocolStream(message, options);
  };
  db = new Kysely<Tables>({ dialect: new PGliteDialect(pglite) });
  await sql`create table notes (id int primary key, body text, tags text[], doc jsonb, at timestamptz, flag boolean, raw bytea)`.execute(
    db,
  );
}, 60_000);
afterAll(async () => {
  await db.destroy();
});
beforeEach(async () => {
  await sql`truncate notes`.execute(db);
  calls = [];
});

/** 'P' parse, 'B' bind, 'Q' simple query...: the message types in one call, e.g. "Q P B D E S". */
function describeMessage(message: Uint8Array): string {
  const types: string[] = [];
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  for (let offset = 0; offset < message.length; offset += 1 + view.getInt32(offset + 1)) types.push(String.fromCharCode(message[offset]));
  return types.join(' ');
}

describe('values', () => {
  it('converts parameters as node-postgres does and reads every column type back', async () => {
    const at = new Date('2026-03-02T15:00:00.123Z');
    await db
      .insertInto('notes')
      .values({
        id: 1,
        body: 'it\'s "quoted"',
        tags: ['a', 'b,c', 'd"e'],
        doc: JSON.stringify({ nested: [1, 2] }),
        at,
        flag: true,
        raw: Buffer.from([0, 1, 254, 255]),
      })
      .execute();
    const row = await db.selectFrom('notes').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.body).toBe('it\'s "quoted"');
    expect(row.tags).toEqual(['a', 'b,c', 'd"e']);
    expect(row.doc).toEqual({ nested: [1, 2] });
    expect(new Date(row.at as unknown as string).toISOString()).toBe(at.toISOString());
    expect(row.flag).toBe(true);
    expect(Array.from(row.raw as Uint8Array)).toEqual([0, 1, 254, 255]);
  });

  it('sends an object parameter as JSON and null as NULL', async () => {
    await db
      .insertInto('notes')
      .values({ id: 2, body: null, tags: null, doc: { plain: 'object' } as unknown as string, at: null, flag: null, raw: null })
      .execute();
    const row = await db.selectFrom('notes').select(['body', 'doc', 'flag']).where('id', '=', 2).executeTakeFirstOrThrow();
    expect(row).toEqual({ body: null, doc: { plain: 'object' }, flag: null });
  });

  it('answers the affected row count of writes', async () => {
    await db
      .insertInto('notes')
      .values([
        { id: 3, body: 'x' },
        { id: 4, body: 'y' },
      ] as never)
      .execute();
    const updated = await db.updateTable('notes').set({ body: 'z' }).where('id', 'in', [3, 4]).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(2n);
  });
});

describe('prepared statements', () => {
  it('parses a data statement once and afterwards only binds and executes it', async () => {
    const read = (id: number) => db.selectFrom('notes').select('id').where('id', '=', id).execute();
    await read(1);
    await read(2);
    expect(calls).toEqual(['P B D E S', 'B D E S']);
  });

  it('keeps working after a schema change: statements prepared against the old table are dropped', async () => {
    await db.insertInto('notes').values({ id: 5, body: 'before' }).execute();
    const readAll = () => db.selectFrom('notes').selectAll().where('id', '=', 5).executeTakeFirstOrThrow();
    expect(Object.keys(await readAll())).not.toContain('extra');
    await sql`alter table notes add column extra text default 'added'`.execute(db);
    expect((await readAll()) as Record<string, unknown>).toMatchObject({ body: 'before', extra: 'added' });
    await sql`alter table notes drop column extra`.execute(db);
    expect(Object.keys(await readAll())).not.toContain('extra');
  });

  it('throws PostgreSQL errors with their SQLSTATE, and a statement whose first run failed is parsed afresh', async () => {
    await db.insertInto('notes').values({ id: 6, body: 'once' }).execute();
    const insertSix = () => db.insertInto('notes').values({ id: 6, body: 'twice' }).execute();
    await expect(insertSix()).rejects.toMatchObject({ code: '23505' });
    // A parameter PostgreSQL cannot read fails in the bind, after the parse of a first run.
    const byTextId = (id: string) => sql`select id from notes where id = ${id}::int`.execute(db);
    await expect(byTextId('not a number')).rejects.toMatchObject({ code: '22P02' });
    expect((await byTextId('6')).rows).toEqual([{ id: 6 }]);
  });
});

describe('transactions', () => {
  it('sends BEGIN and SAVEPOINT with the next statement, in one call', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`savepoint work`.execute(trx);
      await trx.insertInto('notes').values({ id: 7, body: 'in' }).execute();
    });
    expect(calls[0]).toBe('Q Q P B D E S');
    expect(calls[1]).toBe('P B D E S'); // commit (not a data statement: unnamed)
    expect(await db.selectFrom('notes').select('body').where('id', '=', 7).executeTakeFirst()).toEqual({ body: 'in' });
  });

  it('rolls back to a savepoint that was sent, and skips one that never was', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 8, body: 'kept' }).execute();
      await sql`savepoint undo_me`.execute(trx);
      await trx.insertInto('notes').values({ id: 9, body: 'undone' }).execute();
      await sql`rollback to savepoint undo_me`.execute(trx);
      await sql`savepoint never_used`.execute(trx);
      await sql`rollback to savepoint never_used`.execute(trx);
    });
    expect(await db.selectFrom('notes').select('id').orderBy('id').execute()).toEqual([{ id: 8 }]);
  });

  it('rolls everything back when the work throws, and a transaction that ran nothing makes no call', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 10, body: 'gone' }).execute();
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await db.selectFrom('notes').select('id').where('id', '=', 10).execute()).toEqual([]);

    calls = [];
    await db.transaction().execute(async () => undefined);
    expect(calls).toEqual([]);
    expect(pglite.isInTransaction()).toBe(false);
  });

  it('leaves no transaction open after a failed statement inside one', async () => {
    await db.insertInto('notes').values({ id: 11, body: 'first' }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 11, body: 'duplicate' }).execute();
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(pglite.isInTransaction()).toBe(false);
    expect(await db.selectFrom('notes').select('body').where('id', '=', 11).executeTakeFirst()).toEqual({ body: 'first' });
  });
});
