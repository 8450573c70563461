import { sql, type Kysely, type QueryCreator, type RawBuilder, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { achBatchDay, marketDate, startOfMarketDay } from '../../api/contract/bankCalendar';
import type {
  AccountRow,
  AccountsTable,
  Database,
  DepositEventRow,
  DepositsTable,
  DepositIntentRow,
  DepositIntentsTable,
  DepositRow,
  NewDeposit,
  PaymentMethodRow,
  PaymentMethodsTable,
  UserRow,
  UsersTable,
} from '../db/schema';
import type { NewDepositEvent } from '../domain/depositTimeline';
import { isUuid } from '../domain/tokens';
import { instantDepositsOffSql } from './achReturns';
import { preparedQuery } from '../db/preparedQuery';
import { storeAnswerQuery, type AnswerWrite } from './idempotencyKeys';
import { DEPOSIT_TABLES, listOfUserWithEvents, withEventsOf } from './movementEvents';

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
export async function bankFigures(db: Db, userId: string, batchDay: string): Promise<BankFigures> {
  return bankFiguresOf(await customerFiguresQuery(db, userId, batchDay).executeTakeFirst());
}

export interface BankFigures {
  onBatchDayCents: number;
  unsettledInstantCents: number;
  instantOff: boolean;
}

/**
 * The figures of all of the customer's deposits, in one pass over them: bankFigures's three, and whether a
 * deposit of theirs still waits for the application's approval (a confirmed, unsettled PENDING_DEPOSIT, from a
 * bank or a card). To run alone (bankFigures) or inside a deposit's facts (readDepositFacts, readConfirmFacts).
 */
function customerFiguresQuery(qc: QueryCreator<Database>, userId: string, batchDay: string) {
  return qc
    .selectFrom('deposits')
    .select([
      sql<
        string | null
      >`sum(amount_cents) filter (where source_type = 'BANK' and status != 'CANCELED' and batch_day = ${batchDay}::date)`.as(
        'on_batch_day',
      ),
      sql<string | null>`sum(instant_cents) filter (where source_type = 'BANK' and status = 'CONFIRMED' and settled_at is null)`.as(
        'unsettled_instant',
      ),
      instantDepositsOffSql(userId).as('instant_off'),
      sql<boolean | null>`bool_or(type = 'PENDING_DEPOSIT' and status = 'CONFIRMED' and settled_at is null)`.as('waiting_pending'),
    ])
    .where('user_id', '=', userId);
}

const bankFiguresOf = (
  row: { on_batch_day: string | null; unsettled_instant: string | null; instant_off: boolean | null } | undefined,
): BankFigures => ({
  onBatchDayCents: cents(row?.on_batch_day),
  unsettledInstantCents: cents(row?.unsettled_instant),
  instantOff: row?.instant_off === true,
});

// Every column of a table, checked against the schema both ways at compile time: a column added to the table
// and not here fails the typecheck (readConfirmFacts would otherwise drop it silently).
type EveryColumn<Table, List extends readonly (keyof Table)[]> = Exclude<keyof Table, List[number]> extends never ? List : never;
const columnsOf =
  <Table>() =>
  <const List extends readonly (keyof Table & string)[]>(list: EveryColumn<Table, List>) =>
    list;
const ACCOUNT_COLUMNS = columnsOf<AccountsTable>()([
  'id',
  'account_id',
  'user_id',
  'account_number',
  'variant',
  'status',
  'display_name',
  'parent_account_id',
  'balance_cents',
  'account_type',
  'user_type',
  'date_joined',
  'has_funded',
  'settings',
  'actions',
  'created_at',
]);
const METHOD_COLUMNS = columnsOf<PaymentMethodsTable>()([
  'id',
  'user_id',
  'type',
  'display_name',
  'original_name',
  'last4',
  'is_default',
  'created_at',
  'status',
  'readiness',
  'verification_status',
  'bank_account_type',
  'verification_source',
  'plaid_login_required',
  'amount_deposited_cents',
  'deposit_limit_cents',
  'updatable',
  'issuing_bank',
  'can_update_nickname',
  'approval_method',
  'approval_amount_cents',
  'institution_id',
  'partner_item_id',
  'partner_account_id',
  'card_fingerprint',
  'card_brand',
  'card_exp_month',
  'card_exp_year',
  'provider_payment_method_id',
]);

/** A row's columns under a prefix, back as the table's row. */
const columnsUnder = <Row>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): Row =>
  Object.fromEntries(columns.map((column) => [column, row[`${prefix}${column}`]])) as Row;

/** columnsUnder, or undefined when the outer join found no row. */
function unprefix<Row>(row: Record<string, unknown>, prefix: string, columns: readonly string[]): Row | undefined {
  return row[`${prefix}id`] == null ? undefined : columnsUnder<Row>(row, prefix, columns);
}

const USER_COLUMNS = columnsOf<UsersTable>()([
  'id',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'user_type',
  'status',
  'application_status',
  'must_accept_terms',
  'has_funded',
  'events_subscription_id',
  'is_demo',
  'created_at',
  'address1',
  'address2',
  'city',
  'state',
  'zipcode',
  'address_change_attempts',
  'birth_date',
]);
const INTENT_COLUMNS = columnsOf<DepositIntentsTable>()([
  'id',
  'user_id',
  'kind',
  'account_id',
  'source_account_id',
  'payment_method_id',
  'amount_cents',
  'ira_contribution_year',
  'created_at',
  'expires_at',
]);

/** The key a card's deposits are counted under: its fingerprint (a card without one counts on its own). */
export const cardKeyOf = (method: Pick<PaymentMethodRow, 'id' | 'card_fingerprint'>): string =>
  method.card_fingerprint ?? `method:${method.id}`;
/** cardKeyOf of the method `m` of a statement. */
const cardKeyOfM = sql<string>`coalesce(m.card_fingerprint, 'method:' || m.id::text)`;

/**
 * What one card (its key: cardKeyOf) has deposited in its lifetime, by any customer, removed methods included: its
 * running total, or, before its first counted deposit, what the methods carrying it have recorded (cards
 * linked before the total existed, demo and copied sandbox cards). To run alone or inside a larger read.
 */
const cardDepositedSql = (key: string | RawBuilder<string>) => sql<string | number | null>`coalesce(
  (select deposited_cents from card_deposit_totals where fingerprint = ${key}::text),
  (select sum(amount_deposited_cents) from payment_methods where type = 'DEBIT_CARD' and card_fingerprint = ${key}::text)
)`;

export async function cardDepositedCents(db: Db, fingerprint: string): Promise<number> {
  const { rows } = await sql<{ deposited: string | number | null }>`select ${cardDepositedSql(fingerprint)} as deposited`.execute(db);
  return cents(rows[0]?.deposited);
}

/** The customer's IRA contributions in one tax year, per IRA variant (traditional and Roth share one limit). */
export interface IraContributions {
  traditionalCents: number;
  rothCents: number;
}

/** The read of iraContributionsOf, to run alone or inside a larger read (a deposit's facts). */
function iraContributionsQuery(qc: QueryCreator<Database>, userId: string, taxYear: number | RawBuilder<number>) {
  return qc
    .selectFrom('ira_contributions')
    .innerJoin('accounts', 'accounts.id', 'ira_contributions.account_id')
    .select(['accounts.variant', sql<string | number | null>`sum(ira_contributions.amount_cents)`.as('total')])
    .where('ira_contributions.user_id', '=', userId)
    .where('ira_contributions.tax_year', '=', taxYear)
    .groupBy('accounts.variant');
}

const iraContributionsFrom = (rows: readonly { variant: string; total: string | number | null }[]): IraContributions => {
  const of = (variant: string) => cents(rows.find((row) => row.variant === variant)?.total);
  return { traditionalCents: of('TRADITIONAL_IRA'), rothCents: of('ROTH_IRA') };
};

/** IRA contributions of the customer for a tax year, per IRA variant. */
export async function iraContributionsOf(db: Db, userId: string, taxYear: number): Promise<IraContributions> {
  return iraContributionsFrom(await iraContributionsQuery(db, userId, taxYear).execute());
}

/**
 * Every fact a deposit's rules decide from (planDeposit, server/domain/deposits.ts), read in one statement. Each
 * is what the named read would answer on its own; the ones only some deposits need are read only for them.
 */
export interface DepositFacts {
  /** The destination, if it is the customer's (findOwnAccount). */
  account: AccountRow | undefined;
  /** The method, if it is one of the customer's live methods (findOwnLiveMethod). */
  method: PaymentMethodRow | undefined;
  /** The ACH batch day of a bank deposit made now (achBatchDay), and the customer's figures for it (bankFigures). */
  batchDay: string;
  bank: BankFigures;
  /** A deposit of the customer waits for the application's approval (a confirmed, unsettled PENDING_DEPOSIT). */
  waitingPendingDeposit: boolean;
  /** Whether the method has made a deposit that was not cancelled; read only for a method linked today (New York). */
  methodHasDeposits: boolean | null;
  /** A debit card's: what the card has deposited (cardDepositedCents) and the remote config (readAppConfig). */
  card: { depositedCents: number; appConfig: Map<string, unknown> } | null;
  /** The customer's contributions in the order's tax year (iraContributionsOf); none when it names no year. */
  ira: IraContributions;
}

/** A deposit intent's row, from which the facts read takes the order's account, method and tax year. */
const intentSource = (db: Kysely<Database>) => db.selectFrom('deposit_intents as o');

/**
 * The facts' joins and columns over an order `o` (an intent's row, or the order's own values in its place). The
 * figures of the customer's deposits come from one lateral pass (customerFiguresQuery); a method's deposits are
 * looked for only when it was linked on today's New York date (the only time the instant rule asks, and the
 * deposits have no index by method); a card's figures only for a card; the IRA's only when a tax year is named.
 */
function selectDepositFacts(source: ReturnType<typeof intentSource>, userId: string, batchDay: string, marketDayStart: Date) {
  return source
    .leftJoin('accounts as a', (join) => join.onRef('a.id', '=', 'o.account_id').on('a.user_id', '=', userId))
    .leftJoin('payment_methods as m', (join) =>
      join.onRef('m.id', '=', 'o.payment_method_id').on('m.user_id', '=', userId).on('m.status', '!=', 'CANCELED'),
    )
    .leftJoinLateral(
      (eb) => customerFiguresQuery(eb as unknown as QueryCreator<Database>, userId, batchDay).as('figures'),
      (join) => join.onTrue(),
    )
    .select(['figures.on_batch_day', 'figures.unsettled_instant', 'figures.instant_off', 'figures.waiting_pending'])
    .select((eb) => [
      sql<boolean | null>`case when m.created_at >= ${marketDayStart}::timestamptz then exists (
        select 1 from deposits where deposits.payment_method_id = m.id and deposits.status != 'CANCELED'
      ) end`.as('method_has_deposits'),
      sql<string | number | null>`case when m.type = 'DEBIT_CARD' then ${cardDepositedSql(cardKeyOfM)} end`.as('card_deposited'),
      sql<Record<
        string,
        unknown
      > | null>`case when m.type = 'DEBIT_CARD' then (select jsonb_object_agg(key, value) from app_config) end`.as('app_config'),
      sql<{ variant: string; total: string | number | null }[] | null>`case when o.ira_contribution_year is not null then ${jsonArrayFrom(
        iraContributionsQuery(eb as unknown as QueryCreator<Database>, userId, sql.ref<number>('o.ira_contribution_year')),
      )} end`.as('ira_contributions'),
    ])
    .select(ACCOUNT_COLUMNS.map((column) => sql.ref(`a.${column}`).as(`a__${column}`)))
    .select(METHOD_COLUMNS.map((column) => sql.ref(`m.${column}`).as(`m__${column}`)));
}

interface FactsRow {
  on_batch_day: string | null;
  unsettled_instant: string | null;
  instant_off: boolean | null;
  waiting_pending: boolean | null;
  method_has_deposits: boolean | null;
  card_deposited: string | number | null;
  app_config: Record<string, unknown> | null;
  ira_contributions: { variant: string; total: string | number | null }[] | null;
}

function depositFactsOf(row: FactsRow, batchDay: string): DepositFacts {
  const all = row as unknown as Record<string, unknown>;
  const method = unprefix<PaymentMethodRow>(all, 'm__', METHOD_COLUMNS);
  return {
    account: unprefix<AccountRow>(all, 'a__', ACCOUNT_COLUMNS),
    method,
    batchDay,
    bank: bankFiguresOf(row),
    waitingPendingDeposit: row.waiting_pending === true,
    methodHasDeposits: row.method_has_deposits,
    card:
      method?.type === 'DEBIT_CARD'
        ? { depositedCents: cents(row.card_deposited), appConfig: new Map(Object.entries(row.app_config ?? {})) }
        : null,
    ira: iraContributionsFrom(row.ira_contributions ?? []),
  };
}

/** The moment a facts read is for: the batch day of a deposit made now and the start of today's New York date. */
const momentOf = (now: Date) => ({ batchDay: achBatchDay(now), marketDayStart: startOfMarketDay(marketDate(now)) });

/** readDepositFacts's statement, prepared once: the order's own values stand in for an intent's row. */
const orderFactsRead = preparedQuery(
  (
    db,
    p: {
      userId: string;
      accountId: string | null;
      paymentMethodId: string | null;
      iraYear: number | null;
      batchDay: string;
      marketDayStart: Date;
    },
  ) => {
    const order = db.selectFrom(
      sql`(select ${p.accountId}::uuid as account_id, ${p.paymentMethodId}::uuid as payment_method_id, ${p.iraYear}::int as ira_contribution_year)`.as(
        'o',
      ),
    );
    // Only account_id, payment_method_id and ira_contribution_year of `o` are read (selectDepositFacts).
    return selectDepositFacts(order as unknown as ReturnType<typeof intentSource>, p.userId, p.batchDay, p.marketDayStart)
      .innerJoin('users as u', (join) => join.on('u.id', '=', p.userId))
      .select(USER_COLUMNS.map((column) => sql.ref(`u.${column}`).as(`u__${column}`)));
  },
);

/**
 * Every fact of a deposit order at `now` (DepositFacts) with the customer's row, in one statement; undefined when
 * there is no such customer. An account or method id that is not a UUID finds nothing, as findOwnAccount's does.
 */
export async function readDepositFacts(
  db: Db,
  order: { userId: string; accountUuid: string; paymentMethodId: string; iraContributionYear?: number | null },
  now: Date,
): Promise<(DepositFacts & { user: UserRow }) | undefined> {
  const moment = momentOf(now);
  const [row] = (
    await orderFactsRead(db, {
      userId: order.userId,
      accountId: isUuid(order.accountUuid) ? order.accountUuid : null,
      paymentMethodId: isUuid(order.paymentMethodId) ? order.paymentMethodId : null,
      iraYear: order.iraContributionYear ?? null,
      ...moment,
    })
  ).rows;
  if (!row) return undefined;
  const user = columnsUnder<UserRow>(row, 'u__', USER_COLUMNS);
  return { ...depositFactsOf(row, moment.batchDay), user };
}

/** An intent with the id of the deposit it made, if any, and the facts of its deposit (readConfirmFacts). */
export interface ConfirmFacts {
  intent: DepositIntentRow & { made_deposit_id: string | null };
  facts: DepositFacts;
}

/** readConfirmFacts's statement, prepared once (the confirm runs it on every request). */
const confirmFactsRead = preparedQuery((db, p: { userId: string; intentId: string; batchDay: string; marketDayStart: Date }) =>
  selectDepositFacts(intentSource(db), p.userId, p.batchDay, p.marketDayStart)
    .select((eb) =>
      eb.selectFrom('deposits').select('deposits.id').whereRef('deposits.intent_id', '=', 'o.id').limit(1).as('made_deposit_id'),
    )
    .select(INTENT_COLUMNS.map((column) => sql.ref(`o.${column}`).as(`i__${column}`)))
    .where('o.id', '=', p.intentId)
    .where('o.user_id', '=', p.userId)
    .where('o.kind', '=', 'DEPOSIT'),
);

/**
 * What confirming a deposit intent at `now` reads, in one statement once the customer's row is locked: the
 * customer's intent of this kind with the deposit it already made (if any), and the facts of its deposit
 * (DepositFacts) as readDepositFacts reads them. Undefined when the intent is not theirs.
 */
export async function readConfirmFacts(
  trx: Transaction<Database>,
  input: { userId: string; intentId: string; now: Date },
): Promise<ConfirmFacts | undefined> {
  if (!isUuid(input.intentId)) return undefined;
  const moment = momentOf(input.now);
  const [row] = (await confirmFactsRead(trx, { userId: input.userId, intentId: input.intentId, ...moment })).rows;
  if (!row) return undefined;
  const intent = columnsUnder<DepositIntentRow>(row, 'i__', INTENT_COLUMNS);
  return { intent: { ...intent, made_deposit_id: row.made_deposit_id }, facts: depositFactsOf(row, moment.batchDay) };
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
  input: {
    fingerprint: string;
    paymentMethodId: string;
    amountCents: number;
    limitCents: number;
    accountId: string;
    balanceCents: number;
    now: Date;
  },
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

/** Writes a deposit and its events; answers both as stored (the rows PostgreSQL returns). */
export async function insertDepositWithEvents(
  trx: Transaction<Database>,
  deposit: NewDeposit,
  events: readonly NewDepositEvent[],
): Promise<DepositWithEvents> {
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

/** The writes that go with a new deposit, all in writeDeposit's one statement. */
export interface DepositWrites {
  deposit: NewDeposit & DepositRow;
  events: readonly NewDepositEvent[];
  /** A bank deposit: counted on its method's amountDeposited (a card's is counted by countCardDeposit). */
  countOnMethod: { methodId: string; amountCents: number } | null;
  /** Added to the destination's balance (its instant part), and whether the destination is now funded. */
  account: { id: string; addCents: number; markFunded: boolean };
  /** The customer, when it has to be marked funded now. */
  markUserFunded: string | null;
  ira: { id: string; userId: string; accountId: string; taxYear: number; amountCents: number; contributedAt: Date } | null;
  /** The idempotency key's answer, stored by the same statement. */
  storeAnswer?: AnswerWrite;
}

/** The events of a new deposit as they are stored. */
const eventRowsOf = (depositId: string, events: readonly NewDepositEvent[]): DepositEventRow[] =>
  events.map((event, position) => ({
    deposit_id: depositId,
    position,
    type: event.type,
    description: event.description,
    completed: event.completed,
    occurred_at: event.occurredAt,
  }));

/**
 * Writes a deposit with its events, the method's count, the destination's balance and funded flag, the
 * customer's funded flag, the IRA contribution and the idempotency key's answer, in one statement
 * (data-modifying WITHs each run once, whether or not anything reads them; each touches a different row).
 * Answers the deposit and its events as stored: the values written, which is what PostgreSQL would return (no
 * column of these tables has a default or trigger, so a value left undefined is written as null).
 * The statement is prepared once per shape (which WITHs it has, how many events): every bank confirm has the same.
 */
export async function writeDeposit(trx: Transaction<Database>, writes: DepositWrites): Promise<DepositWithEvents> {
  const { deposit, countOnMethod, account, markUserFunded, ira, storeAnswer } = writes;
  const events = eventRowsOf(deposit.id, writes.events);
  const shape: WriteShape = {
    events: events.length,
    countOnMethod: countOnMethod !== null,
    account: account.addCents !== 0 || account.markFunded,
    markFunded: account.markFunded,
    markUserFunded: markUserFunded !== null,
    ira: ira !== null,
    storeAnswer: storeAnswer !== undefined,
  };
  const params: Record<string, unknown> = {};
  for (const column of DEPOSIT_COLUMNS) params[`d_${column}`] = deposit[column] ?? null;
  events.forEach((event, index) => {
    for (const column of EVENT_COLUMNS) params[`e${index}_${column}`] = event[column];
  });
  if (countOnMethod) Object.assign(params, { methodId: countOnMethod.methodId, methodAddCents: countOnMethod.amountCents });
  if (shape.account) Object.assign(params, { accountId: account.id, accountAddCents: account.addCents });
  if (markUserFunded) params.fundedUserId = markUserFunded;
  if (ira)
    Object.assign(params, {
      iraId: ira.id,
      iraUserId: ira.userId,
      iraAccountId: ira.accountId,
      iraTaxYear: ira.taxYear,
      iraAmountCents: ira.amountCents,
      iraContributedAt: ira.contributedAt,
    });
  if (storeAnswer)
    Object.assign(params, {
      keyUserId: storeAnswer.id.userId,
      keyEndpoint: storeAnswer.id.endpoint,
      keyKey: storeAnswer.id.key,
      answerStatus: storeAnswer.status,
      answerBodyJson: storeAnswer.bodyJson,
    });
  await writeDepositStatement(shape)(trx, params as Record<string, never>);
  return { deposit, events };
}

/** Which parts writeDeposit's statement has; each shape is prepared once. */
interface WriteShape {
  events: number;
  countOnMethod: boolean;
  account: boolean;
  markFunded: boolean;
  markUserFunded: boolean;
  ira: boolean;
  storeAnswer: boolean;
}

const DEPOSIT_COLUMNS = columnsOf<DepositsTable>()([
  'id',
  'user_id',
  'kind',
  'status',
  'type',
  'source_type',
  'amount_cents',
  'instant_cents',
  'account_id',
  'source_account_id',
  'payment_method_id',
  'ira_contribution_year',
  'recurring_deposit_id',
  'intent_id',
  'created_at',
  'batch_day',
  'send_at',
  'settle_at',
  'settled_at',
  'cancelled_at',
]);
const EVENT_COLUMNS = [
  'deposit_id',
  'position',
  'type',
  'description',
  'completed',
  'occurred_at',
] as const satisfies readonly (keyof DepositEventRow)[];

const writeDepositStatements = new Map<string, ReturnType<typeof prepareWriteDeposit>>();
function writeDepositStatement(shape: WriteShape) {
  const key = JSON.stringify(shape);
  let statement = writeDepositStatements.get(key);
  if (!statement) {
    statement = prepareWriteDeposit(shape);
    writeDepositStatements.set(key, statement);
  }
  return statement;
}

/** writeDeposit's statement for one shape, with a placeholder for every value. */
function prepareWriteDeposit(shape: WriteShape) {
  return preparedQuery((db, p: Record<string, never>) => {
    // Each WITH is added only when the shape has it; the type of the growing query is not worth spelling out.
    type Creator = QueryCreator<Database>;
    const depositRow = Object.fromEntries(DEPOSIT_COLUMNS.map((column) => [column, p[`d_${column}`]]));
    let query = db.with('deposit', (qc) => qc.insertInto('deposits').values(depositRow as never)) as unknown as Creator;
    const add = (name: string, write: (qc: Creator) => { toOperationNode: () => unknown }) => {
      query = query.with(name, write as never) as unknown as Creator;
    };
    if (shape.events > 0) {
      const rows = Array.from({ length: shape.events }, (_, index) =>
        Object.fromEntries(EVENT_COLUMNS.map((column) => [column, p[`e${index}_${column}`]])),
      );
      add('events', (qc) => qc.insertInto('deposit_events').values(rows as never));
    }
    if (shape.countOnMethod) {
      add('method_count', (qc) =>
        qc
          .updateTable('payment_methods')
          .set((eb) => ({ amount_deposited_cents: eb('amount_deposited_cents', '+', p.methodAddCents) }))
          .where('id', '=', p.methodId),
      );
    }
    if (shape.account) {
      add('account', (qc) =>
        qc
          .updateTable('accounts')
          .set((eb) => ({
            balance_cents: eb('balance_cents', '+', p.accountAddCents),
            ...(shape.markFunded ? { has_funded: true } : {}),
          }))
          .where('id', '=', p.accountId),
      );
    }
    if (shape.markUserFunded)
      add('user_funded', (qc) => qc.updateTable('users').set({ has_funded: true }).where('id', '=', p.fundedUserId));
    if (shape.ira) {
      add('ira', (qc) =>
        qc.insertInto('ira_contributions').values({
          id: p.iraId,
          user_id: p.iraUserId,
          account_id: p.iraAccountId,
          tax_year: p.iraTaxYear,
          amount_cents: p.iraAmountCents,
          deposit_id: p.d_id,
          contributed_at: p.iraContributedAt,
        }),
      );
    }
    if (shape.storeAnswer) {
      add('stored_answer', (qc) =>
        storeAnswerQuery(qc, {
          id: { userId: p.keyUserId, endpoint: p.keyEndpoint, key: p.keyKey },
          status: p.answerStatus,
          bodyJson: p.answerBodyJson,
        }),
      );
    }
    return query.selectNoFrom(sql<number>`1`.as('one'));
  });
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

/** The movement rows with their events, as the deposit repository answers them. */
async function withEvents(db: Db, rows: DepositRow[]): Promise<DepositWithEvents[]> {
  const read = await withEventsOf<DepositRow, DepositEventRow>(db, DEPOSIT_TABLES, rows);
  return read.map(({ row, events }) => ({ deposit: row, events }));
}

/** The customer's deposits and transfers, newest first. */
export async function listDepositsOfUser(db: Db, userId: string): Promise<DepositWithEvents[]> {
  const read = await listOfUserWithEvents<DepositRow, DepositEventRow>(db, DEPOSIT_TABLES, userId);
  return read.map(({ row, events }) => ({ deposit: row, events }));
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

/** Money of the account's unsettled deposits not yet in its balance (each amount minus its instant part). */
export async function unsettledPendingCents(db: Db, accountId: string): Promise<number> {
  const unsettled = await db
    .selectFrom('deposits')
    .select([sql<string | null>`sum(amount_cents - instant_cents)`.as('pending')])
    .where('account_id', '=', accountId)
    .where('status', '=', 'CONFIRMED')
    .where('settled_at', 'is', null)
    .executeTakeFirst();
  return Number(unsettled?.pending ?? 0);
}

/**
 * Confirmed deposits made from an intent (not by a schedule) since `since` whose DEPOSIT_INITIATED notice is missing:
 * the notice's dedupe key is `keyPrefix` followed by the deposit's id.
 */
export function listUntoldInitiatedDeposits(db: Db, since: Date, keyPrefix: string): Promise<{ id: string }[]> {
  return db
    .selectFrom('deposits')
    .select('deposits.id')
    .where('deposits.kind', '=', 'DEPOSIT')
    .where('deposits.intent_id', 'is not', null)
    .where('deposits.recurring_deposit_id', 'is', null)
    .where('deposits.created_at', '>=', since)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('notifications')
            .select('notifications.id')
            .where('notifications.dedupe_key', '=', sql<string>`${keyPrefix} || deposits.id`),
        ),
      ),
    )
    .execute();
}

/** The customer and the account have been funded (has_funded never goes back to false). */
export async function markFunded(trx: Transaction<Database>, userId: string, accountId: string): Promise<void> {
  await trx.updateTable('users').set({ has_funded: true }).where('id', '=', userId).where('has_funded', '=', false).execute();
  await trx.updateTable('accounts').set({ has_funded: true }).where('id', '=', accountId).where('has_funded', '=', false).execute();
}

export async function insertIraContribution(
  trx: Transaction<Database>,
  contribution: {
    id: string;
    userId: string;
    accountId: string;
    taxYear: number;
    amountCents: number;
    depositId: string;
    contributedAt: Date;
  },
): Promise<void> {
  await trx
    .insertInto('ira_contributions')
    .values({
      id: contribution.id,
      user_id: contribution.userId,
      account_id: contribution.accountId,
      tax_year: contribution.taxYear,
      amount_cents: contribution.amountCents,
      deposit_id: contribution.depositId,
      contributed_at: contribution.contributedAt,
    })
    .execute();
}
