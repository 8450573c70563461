import { sql, type Kysely, type Transaction } from 'kysely';
import type { NotificationKind } from '../../api/contract';
import type { Database, NotificationRow, PaymentMethodRow } from '../db/schema';
import { LIVE_EVENTS_CHANNEL } from '../events/liveEventChannel';

// Every query of the notifications (issue 18): making them once, the facts they word, the list, reads and email
// preferences.

type Db = Kysely<Database> | Transaction<Database>;

/** A notification as written: its id and dedupe key chosen by the caller. */
export interface NotificationInsert {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  subjectId: string;
  dedupeKey: string;
}

export interface MadeNotification {
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  email: string | null;
  email_off: boolean;
}

/**
 * One statement whatever the number: inserts the notifications not made before (the dedupe key is unique),
 * publishes each customer's `payload` once when one of theirs was made, and reads back, for each one made, the
 * address and whether its kind of email is off. Arrays, not a VALUES list: the statement's text is the same
 * whatever the number (prepared once on PGlite).
 */
export async function insertNotificationsOnce(
  trx: Transaction<Database>,
  notifications: readonly NotificationInsert[],
  tell: ReadonlyArray<{ userId: string; payload: string }>,
  now: Date,
): Promise<MadeNotification[]> {
  const column = <K extends keyof NotificationInsert>(key: K) => notifications.map((n) => n[key]);
  // A customer is told once, and only when one of theirs was made ('told' is read by the last line, so it runs).
  const { rows } = await sql<MadeNotification>`
    with made as (
      insert into notifications (id, user_id, kind, title, body, link, subject_id, dedupe_key, created_at, read_at)
      select n.id, n.user_id, n.kind, n.title, n.body, n.link, n.subject_id, n.dedupe_key, ${now}::timestamptz, null
      from unnest(
        ${column('id')}::uuid[], ${column('userId')}::uuid[], ${column('kind')}::text[], ${column('title')}::text[],
        ${column('body')}::text[], ${column('link')}::text[], ${column('subjectId')}::uuid[], ${column('dedupeKey')}::text[]
      ) as n(id, user_id, kind, title, body, link, subject_id, dedupe_key)
      on conflict (dedupe_key) do nothing
      returning user_id, kind, title, body, link
    ),
    told as (
      select count(pg_notify(${LIVE_EVENTS_CHANNEL}, p.payload)) as customers
      from unnest(${tell.map((t) => t.userId)}::uuid[], ${tell.map((t) => t.payload)}::text[]) as p(user_id, payload)
      where p.user_id in (select made.user_id from made)
    )
    select made.user_id, made.kind, made.title, made.body, made.link, users.email,
      exists (select 1 from notification_email_opt_outs off where off.user_id = made.user_id and off.kind = made.kind) as email_off
    from made
    left join users on users.id = made.user_id
    cross join told
  `.execute(trx);
  return rows;
}

/** What a deposit notice words: each deposit with its account's name and its method's name and last four digits. */
export function depositNoticeRows(db: Db, depositIds: readonly string[]) {
  return db
    .selectFrom('deposits')
    .innerJoin('accounts', 'accounts.id', 'deposits.account_id')
    .leftJoin('payment_methods', 'payment_methods.id', 'deposits.payment_method_id')
    .select([
      'deposits.id',
      'deposits.user_id',
      'deposits.type',
      'deposits.amount_cents',
      'deposits.source_type',
      'deposits.settle_at',
      'deposits.send_at',
      'accounts.display_name as account_name',
      'payment_methods.display_name as method_name',
      'payment_methods.last4',
    ])
    .where('deposits.id', 'in', [...depositIds])
    .execute();
}

/** The customer's payment method of that id, whatever its status. */
export const findMethodOfUser = (db: Db, userId: string, id: string): Promise<PaymentMethodRow | undefined> =>
  db.selectFrom('payment_methods').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** The customer's newest notifications and how many of all are unread. */
export async function newestNotifications(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ rows: NotificationRow[]; unreadCount: number }> {
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const unread = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { rows, unreadCount: Number(unread.count) };
}

/** Marks one of the customer's notifications read (the first read time is kept); false when it is not theirs. */
export async function markNotificationRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const own = await db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return own !== undefined;
}

export async function markAllNotificationsRead(db: Db, userId: string, now: Date): Promise<void> {
  await db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}

/** The kinds the customer turned email off for. */
export async function emailOptOuts(db: Db, userId: string): Promise<Set<NotificationKind>> {
  const rows = await db.selectFrom('notification_email_opt_outs').select('kind').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.kind));
}

/** Turns the email of one kind on (no opt-out row) or off (one row). */
export async function setEmailOfKind(db: Db, userId: string, kind: NotificationKind, email: boolean): Promise<void> {
  if (email) await db.deleteFrom('notification_email_opt_outs').where('user_id', '=', userId).where('kind', '=', kind).execute();
  else
    await db
      .insertInto('notification_email_opt_outs')
      .values({ user_id: userId, kind })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
}
