import { sql, type QueryExecutorProvider } from 'kysely';

// Deposits and withdrawals are each a table of money movements with a table of their events (the timeline the
// customer sees), read the same way: the rows, then all their events in one more read, in position order.

/** A table of money movements and its events table (the events point to their movement by `owner`). */
export interface MovementTables {
  movements: 'deposits' | 'withdrawals';
  events: 'deposit_events' | 'withdrawal_events';
  owner: 'deposit_id' | 'withdrawal_id';
}

export const DEPOSIT_TABLES = { movements: 'deposits', events: 'deposit_events', owner: 'deposit_id' } as const satisfies MovementTables;
export const WITHDRAWAL_TABLES = {
  movements: 'withdrawals',
  events: 'withdrawal_events',
  owner: 'withdrawal_id',
} as const satisfies MovementTables;

/** Each movement with its events in position order, in one read for all of them (none for no rows). */
export async function withEventsOf<Row extends { id: string }, Event>(
  db: QueryExecutorProvider,
  tables: MovementTables,
  rows: Row[],
): Promise<{ row: Row; events: Event[] }[]> {
  if (rows.length === 0) return [];
  const { rows: events } = await sql<Event & Record<string, unknown>>`select * from ${sql.table(tables.events)} where ${sql.ref(
    tables.owner,
  )} in (${sql.join(rows.map((row) => row.id))}) order by position`.execute(db);
  return rows.map((row) => ({ row, events: events.filter((event) => event[tables.owner] === row.id) }));
}

/** The customer's movements of one table, newest first, each with its events. */
export async function listOfUserWithEvents<Row extends { id: string }, Event>(
  db: QueryExecutorProvider,
  tables: MovementTables,
  userId: string,
): Promise<{ row: Row; events: Event[] }[]> {
  const { rows } =
    await sql<Row>`select * from ${sql.table(tables.movements)} where user_id = ${userId} order by created_at desc, id`.execute(db);
  return withEventsOf<Row, Event>(db, tables, rows);
}
