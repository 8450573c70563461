import { sql, type Kysely, type Transaction } from 'kysely';
import type { AccountRow, Database, DepositEventRow, DepositRow, NewDeposit, UserRow } from '../db/schema';
import type { NewDepositEvent } from '../domain/depositTimeline';
import { isUuid } from '../domain/tokens';
import { instantDepositsOffSql } from './achReturns';

type Db = Kysely<Database> | Transaction<Database>;

/** sum() of bigint is numeric, which arrives as a string (or null over no rows). */
const cents = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Locks the customer's row: every money movement of one customer runs one at a time, limits included.
 * FOR NO KEY UPDATE, not FOR UPDATE: a row that references the customer (an idempotency key, a deposit)
 * takes a KEY SHARE lock on it, which FOR UPDATE waits for. Two confirmations that had each written their
 * idempotency key would then wait for each other (a deadlock on PostgreSQL); NO KEY UPDATE still makes
 * lockers wait for one another, and the customer's id is never changed.
 */
export function lockUser(trx: Transaction<Database>, userId: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
}

/** One of the customer's own accounts; undefined for anything else, including another customer's. */
export function findOwnAccount(db: Db, userId: string, accountUuid: string): Promise<AccountRow | undefined> {
  if (!isUuid(accountUuid)) return Promise.resolve(undefined);
  return db.selectFrom('accounts').selectAll().where('id', '=', accountUuid).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The bank figures a deposit's rules need, in one read: the customer's bank deposits counted toward an ACH batch
 * day (cancelled ones excepted; waiting PENDING_DEPOSITs included), the instant buying power still held by
 * unsettled bank deposits, and whether an unpaid return has switched instant deposits off.
 */
export async function bankFigures(db: Db, userId: string, batchDay: string): Promise<{ onBatchDayCents: number; unsettledInstantCents: number; instantOff: boolean }> {
  const row = await db
    .selectFrom('deposits')
    .select([
      sql<string | null>`sum(amount_cents) filter (where status != 'CANCELED' and batch_day = ${batchDay}::date)`.as('on_batch_day'),
      sql<string | null>`sum(instant_cents) filter (where status = 'CONFIRMED' and settled_at is null)`.as('unsettled_instant'),
      instantDepositsOffSql(userId).as('instant_off'),
    ])
    .where('user_id', '=', userId)
    .where('source_type', '=', 'BANK')
    .executeTakeFirst();
  return { onBatchDayCents: cents(row?.on_batch_day), unsettledInstantCents: cents(row?.unsettled_instant), instantOff: row?.instant_off === true };
}

/**
 * What one card (its fingerprint) has deposited in its lifetime, by any customer, removed methods included: its
 * running total, or, before its first counted deposit, what the methods carrying it have recorded (cards
 * linked before the total existed, demo and copied sandbox cards).
 */
export async function cardDepositedCents(db: Db, fingerprint: string): Promise<number> {
  const { rows } = await sql<{ deposited: string | number | null }>`
    select coalesce(
      (select deposited_cents from card_deposit_totals where fingerprint = ${fingerprint}::text),
      (select sum(amount_deposited_cents) from payment_methods where type = 'DEBIT_CARD' and card_fingerprint = ${fingerprint}::text)
    ) as deposited
  `.execute(db);
  return cents(rows[0]?.deposited);
}

/**
 * Counts a card deposit on the card's running total and on the method's amountDeposited, and credits the
 * destination's balance, in one statement, only if the card's total stays within `limitCents`. Answers the
 * card's new total, or null when it would not fit: the caller refuses and rolls back (the method's count and
 * the balance with it, as data-modifying WITHs run to completion whatever the main statement does).
 *
 * Race-safe without a prior lock: two transactions raising one fingerprint's row meet on its row lock; on
 * PostgreSQL the second waits, then re-evaluates the WHERE against the committed total (READ COMMITTED's
 * ON CONFLICT re-check), so two customers depositing from one card at the same instant cannot both pass. A
 * card's first counted deposit inserts the row, starting from what its methods recorded before (the same
 * figure cardDepositedCents reads; the statement's snapshot does not see its own method update); a concurrent
 * first deposit conflicts with that insert, waits for it, and takes the update path, which adds only its amount.
 */
export async function countCardDeposit(
  trx: Transaction<Database>,
  input: { fingerprint: string; paymentMethodId: string; amountCents: number; limitCents: number; accountId: string; balanceCents: number; now: Date },
): Promise<number | null> {
  const { fingerprint, paymentMethodId, amountCents, limitCents, accountId, balanceCents, now } = input;
  const { rows } = await sql<{ deposited_cents: string | number }>`
    with counted_on_method as (
      update payment_methods set amount_deposited_cents = amount_deposited_cents + ${amountCents}::bigint
      where id = ${paymentMethodId}::uuid
      returning id
    ),
    credited as (
      update accounts set balance_cents = balance_cents + ${balanceCents}::bigint
      where id = ${accountId}::uuid and ${balanceCents}::bigint <> 0
      returning id
    ),
    first_total as (
      select coalesce(sum(amount_deposited_cents), 0) + ${amountCents}::bigint as deposited_cents
      from payment_methods where type = 'DEBIT_CARD' and card_fingerprint = ${fingerprint}::text
    )
    insert into card_deposit_totals as totals (fingerprint, deposited_cents, updated_at)
    select ${fingerprint}::text, first_total.deposited_cents, ${now}::timestamptz
    from first_total
    -- The limit of a first row; an existing row is checked by the update's own WHERE.
    where first_total.deposited_cents <= ${limitCents}::bigint or exists (select 1 from card_deposit_totals where fingerprint = ${fingerprint}::text)
    on conflict (fingerprint) do update
      set deposited_cents = totals.deposited_cents + ${amountCents}::bigint, updated_at = excluded.updated_at
      where totals.deposited_cents + ${amountCents}::bigint <= ${limitCents}::bigint
    returning deposited_cents
  `.execute(trx);
  return rows.length === 0 ? null : cents(rows[0].deposited_cents);
}

export async function hasWaitingPendingDeposit(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('deposits')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'PENDING_DEPOSIT')
    .where('status', '=', 'CONFIRMED')
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function methodHasDeposits(db: Db, paymentMethodId: string): Promise<boolean> {
  const row = await db.selectFrom('deposits').select('id').where('payment_method_id', '=', paymentMethodId).where('status', '!=', 'CANCELED').executeTakeFirst();
  return row !== undefined;
}

/** IRA contributions of the customer for a tax year, per IRA variant. */
export async function iraContributionsOf(db: Db, userId: string, taxYear: number): Promise<{ traditionalCents: number; rothCents: number }> {
  const rows = await db
    .selectFrom('ira_contributions')
    .innerJoin('accounts', 'accounts.id', 'ira_contributions.account_id')
    .select(['accounts.variant', sql<string | null>`sum(ira_contributions.amount_cents)`.as('total')])
    .where('ira_contributions.user_id', '=', userId)
    .where('ira_contributions.tax_year', '=', taxYear)
    .groupBy('accounts.variant')
    .execute();
  const of = (variant: string) => cents(rows.find((row) => row.variant === variant)?.total);
  return { traditionalCents: of('TRADITIONAL_IRA'), rothCents: of('ROTH_IRA') };
}

/** Writes a deposit and its events; answers both as stored (the rows PostgreSQL returns). */
export async function insertDepositWithEvents(trx: Transaction<Database>, deposit: NewDeposit, events: readonly NewDepositEvent[]): Promise<DepositWithEvents> {
  const stored = await trx.insertInto('deposits').values(deposit).returningAll().executeTakeFirstOrThrow();
  const storedEvents = await trx
    .insertInto('deposit_events')
    .values(
      events.map((event, position) => ({
        deposit_id: deposit.id,
        position,
        type: event.type,
        description: event.description,
        completed: event.completed,
        occurred_at: event.occurredAt,
      })),
    )
    .returningAll()
    .execute();
  return { deposit: stored, events: storedEvents.sort((a, b) => a.position - b.position) };
}

export async function addToBalance(trx: Transaction<Database>, accountId: string, deltaCents: number): Promise<void> {
  if (deltaCents === 0) return;
  await trx
    .updateTable('accounts')
    .set((eb) => ({ balance_cents: eb('balance_cents', '+', deltaCents) }))
    .where('id', '=', accountId)
    .execute();
}

export interface DepositWithEvents {
  deposit: DepositRow;
  events: DepositEventRow[];
}

async function withEvents(db: Db, deposits: DepositRow[]): Promise<DepositWithEvents[]> {
  if (deposits.length === 0) return [];
  const events = await db
    .selectFrom('deposit_events')
    .selectAll()
    .where(
      'deposit_id',
      'in',
      deposits.map((deposit) => deposit.id),
    )
    .orderBy('position')
    .execute();
  return deposits.map((deposit) => ({ deposit, events: events.filter((event) => event.deposit_id === deposit.id) }));
}

/** The customer's deposits and transfers, newest first. */
export async function listDepositsOfUser(db: Db, userId: string): Promise<DepositWithEvents[]> {
  const rows = await db.selectFrom('deposits').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  return withEvents(db, rows);
}

export async function findDepositOfUser(db: Db, userId: string, depositId: string): Promise<DepositWithEvents | undefined> {
  if (!isUuid(depositId)) return undefined;
  const row = await db.selectFrom('deposits').selectAll().where('id', '=', depositId).where('user_id', '=', userId).executeTakeFirst();
  return row ? (await withEvents(db, [row]))[0] : undefined;
}

export async function findDepositById(db: Db, depositId: string): Promise<DepositWithEvents> {
  const row = await db.selectFrom('deposits').selectAll().where('id', '=', depositId).executeTakeFirstOrThrow();
  return (await withEvents(db, [row]))[0];
}
