import { sql, type ColumnType, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DistributionReason, WithdrawalEventType, WithdrawalStatus } from '../../api/contract';
import type { Database } from '../db/schema';
import { listOfUserWithEvents, WITHDRAWAL_TABLES, withEventsOf } from './movementEvents';

// ---- tables (migration 0004) ----

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  account_id: string;
  payment_method_id: string;
  status: WithdrawalStatus;
  amount_cents: number;
  withholding_percent: ColumnType<number | null, number | null | undefined, number | null>;
  withheld_cents: ColumnType<number, number | undefined, number>;
  distribution_reason: ColumnType<DistributionReason | null, DistributionReason | null | undefined, DistributionReason | null>;
  created_at: Timestamp;
  send_at: Timestamp;
  settle_at: Timestamp;
  sent_at: NullableTimestamp;
  settled_at: NullableTimestamp;
}

export interface WithdrawalEventsTable {
  withdrawal_id: string;
  position: number;
  type: WithdrawalEventType;
  description: string;
  completed: boolean;
  occurred_at: NullableTimestamp;
}

export interface WithdrawalDatabase extends Database {
  withdrawals: WithdrawalsTable;
  withdrawal_events: WithdrawalEventsTable;
}

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type WithdrawalEventRow = Selectable<WithdrawalEventsTable>;

type Db = Kysely<WithdrawalDatabase> | Transaction<WithdrawalDatabase>;
/** The app's Kysely seen with the withdrawal tables (they are created by migration 0004). */
export const withWithdrawals = <T extends Kysely<Database> | Transaction<Database>>(db: T) =>
  db as unknown as T extends Transaction<Database> ? Transaction<WithdrawalDatabase> : Kysely<WithdrawalDatabase>;

/** sum() of bigint is numeric, which arrives as a string (or null over no rows). */
const cents = (value: string | number | null | undefined) => Number(value ?? 0);

// ---- what a withdrawal is checked against ----

/** The customer's confirmed deposits that may still be held: bank deposits not settled, card deposits made since `cardsSince`. */
export function listHoldableDepositsOfUser(db: Db, userId: string, cardsSince: Date) {
  return db
    .selectFrom('deposits')
    .select(['id', 'account_id', 'source_type', 'status', 'amount_cents', 'instant_cents', 'created_at', 'settle_at', 'settled_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'DEPOSIT')
    .where('status', '=', 'CONFIRMED')
    .where('type', '=', 'DEPOSIT')
    .where((eb) =>
      eb.or([
        eb.and([eb('source_type', '=', 'BANK'), eb('settled_at', 'is', null)]),
        eb.and([eb('source_type', '=', 'DEBIT_CARD'), eb('created_at', '>', cardsSince)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every account of the customer with its balance. */
export function listAccountBalancesOfUser(db: Db, userId: string): Promise<{ id: string; balance_cents: number }[]> {
  return db.selectFrom('accounts').select(['id', 'balance_cents']).where('user_id', '=', userId).execute();
}

/** The amount of the account's withdrawals not yet arrived. */
export async function pendingWithdrawalCents(db: Db, accountId: string): Promise<number> {
  const pending = await db
    .selectFrom('withdrawals')
    .select(sql<string | null>`sum(amount_cents)`.as('total'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return cents(pending?.total);
}

// ---- writing one ----

export type NewWithdrawalEvent = { type: WithdrawalEventType; description: string; completed: boolean; occurred_at: Date };

/** Writes a withdrawal and its events, in their order. */
export async function insertWithdrawalWithEvents(
  trx: Transaction<WithdrawalDatabase>,
  withdrawal: Omit<WithdrawalRow, 'sent_at' | 'settled_at'>,
  events: readonly NewWithdrawalEvent[],
): Promise<void> {
  await trx.insertInto('withdrawals').values(withdrawal).execute();
  await trx
    .insertInto('withdrawal_events')
    .values(events.map((event, position) => ({ withdrawal_id: withdrawal.id, position, ...event })))
    .execute();
}

// ---- settlement ----

/**
 * Sends the withdrawals whose cut-off has passed and completes those whose arrival time has (the customer's, or
 * everyone's), each step claimed by a conditional update; answers how many completed.
 */
export async function settleDueWithdrawalsIn(trx: Transaction<WithdrawalDatabase>, now: Date, userId?: string): Promise<number> {
  let sent = trx
    .updateTable('withdrawals')
    .set({ sent_at: sql`send_at` })
    .where('sent_at', 'is', null)
    .where('send_at', '<=', now);
  if (userId) sent = sent.where('user_id', '=', userId);
  for (const row of await sent.returning(['id', 'send_at']).execute()) {
    await trx
      .updateTable('withdrawal_events')
      .set({ completed: true, occurred_at: row.send_at })
      .where('withdrawal_id', '=', row.id)
      .where('type', '=', 'WITHDRAWAL_SENT')
      .execute();
  }
  let settled = trx
    .updateTable('withdrawals')
    .set({ status: 'COMPLETED', settled_at: sql`settle_at` })
    .where('status', '=', 'PENDING')
    .where('settle_at', '<=', now);
  if (userId) settled = settled.where('user_id', '=', userId);
  const done = await settled.returning(['id', 'settle_at']).execute();
  for (const row of done) {
    await trx
      .updateTable('withdrawal_events')
      .set({ completed: true, occurred_at: row.settle_at })
      .where('withdrawal_id', '=', row.id)
      .where('type', '=', 'WITHDRAWAL_ARRIVED')
      .execute();
  }
  return done.length;
}

/** Sandbox: the customer's pending withdrawals are due now (sent no later than now, arriving now). */
export async function makeWithdrawalsDueNow(trx: Transaction<WithdrawalDatabase>, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('withdrawals')
    .set({ settle_at: now, send_at: sql`least(send_at, ${now}::timestamptz)` })
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .execute();
  await trx
    .updateTable('withdrawal_events')
    .set({ occurred_at: now })
    .where('type', '=', 'WITHDRAWAL_ARRIVED')
    .where('completed', '=', false)
    .where('withdrawal_id', 'in', trx.selectFrom('withdrawals').select('id').where('user_id', '=', userId).where('status', '=', 'PENDING'))
    .execute();
}

// ---- reading ----

export interface WithdrawalWithEvents {
  withdrawal: WithdrawalRow;
  events: WithdrawalEventRow[];
}

async function withEvents(db: Db, rows: WithdrawalRow[]): Promise<WithdrawalWithEvents[]> {
  const read = await withEventsOf<WithdrawalRow, WithdrawalEventRow>(db, WITHDRAWAL_TABLES, rows);
  return read.map(({ row, events }) => ({ withdrawal: row, events }));
}

/** The customer's withdrawals, newest first. */
export async function listWithdrawalsOfUser(db: Db, userId: string): Promise<WithdrawalWithEvents[]> {
  const read = await listOfUserWithEvents<WithdrawalRow, WithdrawalEventRow>(db, WITHDRAWAL_TABLES, userId);
  return read.map(({ row, events }) => ({ withdrawal: row, events }));
}

export async function findWithdrawalById(db: Db, id: string): Promise<WithdrawalWithEvents> {
  const row = await db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await withEvents(db, [row]))[0];
}
