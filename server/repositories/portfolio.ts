import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { DepositFigures, PositionRow, PositionsTable } from '../domain/portfolio';

// Every query of positions (migration 0005), the Treasury quick picks and the deposit figures of a balance.

type Db = Kysely<Database> | Transaction<Database>;

export async function positionsOfAccount(db: Db, accountId: string): Promise<PositionRow[]> {
  return db.selectFrom('positions').selectAll().where('account_id', '=', accountId).orderBy('asset_type').orderBy('symbol').execute();
}

/** The account's unsettled deposits (waiting for settlement, or for an application approval). */
export async function unsettledDepositFigures(db: Db, accountId: string): Promise<DepositFigures> {
  const row = await db
    .selectFrom('deposits')
    .select([
      sql<string | null>`sum(instant_cents)`.as('onHold'),
      sql<string | null>`sum(amount_cents - instant_cents)`.as('pending'),
      sql<string | null>`sum(case when instant_cents = 0 then amount_cents else 0 end)`.as('nonInstant'),
    ])
    .where('account_id', '=', accountId)
    .where('status', '=', 'CONFIRMED')
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return { onHoldCents: Number(row?.onHold ?? 0), pendingCents: Number(row?.pending ?? 0), nonInstantCents: Number(row?.nonInstant ?? 0) };
}

export const treasuryQuickPicks = (db: Db) =>
  db.selectFrom('treasury_quick_picks').selectAll().orderBy('sort_order').orderBy('cusip').execute();

export async function insertPositions(trx: Transaction<Database>, rows: ReadonlyArray<Insertable<PositionsTable>>): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto('positions')
      .values([...rows])
      .execute();
}

/** The demo customer's accounts (id and accountId) when they have some and hold no position; undefined otherwise. */
export async function demoAccountsWithoutPositions(trx: Transaction<Database>, email: string) {
  const user = await trx.selectFrom('users').select('id').where('email', '=', email).where('is_demo', '=', true).executeTakeFirst();
  if (!user) return undefined;
  const accounts = await trx.selectFrom('accounts').select(['id', 'account_id']).where('user_id', '=', user.id).execute();
  if (accounts.length === 0) return undefined;
  const held = await trx
    .selectFrom('positions')
    .select('id')
    .where(
      'account_id',
      'in',
      accounts.map((a) => a.id),
    )
    .limit(1)
    .executeTakeFirst();
  return held ? undefined : accounts;
}

/** Copies the positions of a demo customer's accounts onto the accounts of its copy (sandbox customer copies). */
export async function copyPositions(trx: Transaction<Database>, accountUuids: ReadonlyMap<string, string>): Promise<void> {
  if (accountUuids.size === 0) return;
  const rows = await trx
    .selectFrom('positions')
    .selectAll()
    .where('account_id', 'in', [...accountUuids.keys()])
    .execute();
  if (rows.length === 0) return;
  await trx
    .insertInto('positions')
    .values(
      rows.map((row) => ({
        ...row,
        id: randomUUID(),
        account_id: accountUuids.get(row.account_id)!,
        strategy_ids: JSON.stringify(row.strategy_ids),
      })),
    )
    .execute();
}
