import { sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type { AchReturnCode, DepositEventType } from '../../api/contract';
import type { Database } from '../db/schema';

/**
 * The rule that an unpaid ACH return switches instant bank deposits off (docs/money-rules.md, ACH returns): some account of the
 * customer that had a deposit returned is below zero. As an SQL boolean, so a statement that reads other figures
 * can ask it too (bankFigures, inside every bank confirm) instead of a round trip of its own.
 */
export function instantDepositsOffSql(userId: string): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from ach_returns
    join accounts on accounts.id = ach_returns.account_id
    where ach_returns.user_id = ${userId} and accounts.balance_cents < 0
  )`;
}

export interface AchReturnsTable {
  deposit_id: string;
  user_id: string;
  account_id: string;
  code: AchReturnCode;
  taken_back_cents: number;
  after_settlement: boolean;
  returned_at: Date;
}

export interface AchReturnDatabase extends Database {
  ach_returns: AchReturnsTable;
}
export type AchReturnRow = Selectable<AchReturnsTable>;

type Db = Kysely<Database> | Transaction<Database>;
/** The app's Kysely seen with the ach_returns table (migration 0013). */
const withReturns = <T extends Db>(db: T) =>
  db as unknown as T extends Transaction<Database> ? Transaction<AchReturnDatabase> : Kysely<AchReturnDatabase>;

/** Marks a confirmed deposit RETURNED; undefined when it was not CONFIRMED any more (returned or settled-and-returned first). */
export function claimDepositReturn(
  trx: Transaction<Database>,
  depositId: string,
): Promise<{ id: string; settled_at: Date | null } | undefined> {
  return trx
    .updateTable('deposits')
    .set({ status: 'RETURNED' })
    .where('id', '=', depositId)
    .where('status', '=', 'CONFIRMED')
    .returning(['id', 'settled_at'])
    .executeTakeFirst();
}

export async function insertAchReturn(trx: Transaction<Database>, row: AchReturnRow): Promise<void> {
  await withReturns(trx).insertInto('ach_returns').values(row).execute();
}

/** A returned deposit's IRA contribution no longer counts. */
export async function deleteIraContributionOfDeposit(trx: Transaction<Database>, depositId: string): Promise<void> {
  await trx.deleteFrom('ira_contributions').where('deposit_id', '=', depositId).execute();
}

/** Ends a deposit's timeline with one more event: what happened stays, what was only expected goes. */
export async function endTimelineWith(
  trx: Transaction<Database>,
  depositId: string,
  event: { type: DepositEventType; description: string; occurredAt: Date },
): Promise<void> {
  await trx.deleteFrom('deposit_events').where('deposit_id', '=', depositId).where('completed', '=', false).execute();
  const last = await trx
    .selectFrom('deposit_events')
    .select(sql<number | null>`max(position)`.as('position'))
    .where('deposit_id', '=', depositId)
    .executeTakeFirst();
  await trx
    .insertInto('deposit_events')
    .values({
      deposit_id: depositId,
      position: Number(last?.position ?? -1) + 1,
      type: event.type,
      description: event.description,
      completed: true,
      occurred_at: event.occurredAt,
    })
    .execute();
}

/** The account's latest return, with the returned deposit's amount. */
export function findLatestReturnOfAccount(db: Db, accountId: string) {
  return withReturns(db)
    .selectFrom('ach_returns')
    .innerJoin('deposits', 'deposits.id', 'ach_returns.deposit_id')
    .select(['ach_returns.code', 'ach_returns.returned_at', 'deposits.amount_cents'])
    .where('ach_returns.account_id', '=', accountId)
    .orderBy('ach_returns.returned_at', 'desc')
    .executeTakeFirst();
}
