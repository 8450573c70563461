import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  ACH_RETURN_REASONS,
  formatCents,
  type AchReturnCode,
  type Frequency,
  type Notification,
  type NotificationKind,
  type RecurringPauseReason,
} from '../../api/contract';
import { formatBankDay } from '../../api/contract/fundsAvailability';
import { marketDate } from '../../api/contract/bankCalendar';
import type { Database, NotificationRow, RecurringDepositRow } from '../db/schema';
import { liveEventPayload } from '../events/liveEventChannel';
import { depositNoticeRows, findMethodOfUser, insertNotificationsOnce } from '../repositories/notifications';
import type { Mailer } from '../providers';
import { outboxMailer } from '../vendors/outboxMailer';

/*
 * Money notifications (issue 18). Each is made once: its dedupe key (kind and the deposit, or the schedule and
 * occurrence) is unique, so a retried job, a second server instance or a second read that settles inserts nothing
 * and sends nothing. Most are made in the transaction of the change they tell about; a deposit's initiated notice
 * is made just after its confirm commits, in batches (depositNotices.ts), to keep the confirm short. When one is
 * made, the customer's open pages hear NOTIFICATION_CREATED (at commit) and, unless they turned that kind's email
 * off, the mailer writes the email in the same transaction.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Where a notification points in the app. */
export const NOTIFICATION_LINKS = {
  deposit: '/settings/v2/transfers/history',
  schedules: '/settings/recurring-deposits',
} as const;

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** The deposit or schedule it is about. */
  subjectId: string;
  /** What makes the event one event: the deposit for a deposit's kinds, the occurrence for a schedule's. */
  occurrence?: string;
  title: string;
  body: string;
  link: string;
}

export const dedupeKeyOf = (n: Pick<NewNotification, 'kind' | 'subjectId' | 'occurrence'>) =>
  `${n.kind}:${n.subjectId}${n.occurrence ? `:${n.occurrence}` : ''}`;

/**
 * When the caller has no mailer at hand (a settlement run from a read): the outbox, which is the mailer of every
 * mode today (server/providers.ts), written in the caller's transaction.
 */
export const defaultMailer = (db: Kysely<Database>, now: Date): Mailer => outboxMailer({ db, clock: { now: () => now } });

/** Makes the notification once; true when it was made now (and so published and emailed). */
export async function notify(trx: Transaction<Database>, mailer: Mailer | undefined, input: NewNotification, now: Date): Promise<boolean> {
  return (await notifyAll(trx, mailer, [input], now)) === 1;
}

/**
 * Makes each notification once, in two statements whatever their number: one inserts those not made before,
 * publishes NOTIFICATION_CREATED once to each customer concerned and reads back, for each one made, the address
 * and whether its kind of email is off; then the mailer emails the others. Answers how many were made now.
 */
export async function notifyAll(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  inputs: readonly NewNotification[],
  now: Date,
): Promise<number> {
  if (inputs.length === 0) return 0;
  const customers = [...new Set(inputs.map((input) => input.userId))];
  const made = await insertNotificationsOnce(
    trx,
    inputs.map((input) => ({ ...input, id: randomUUID(), dedupeKey: dedupeKeyOf(input) })),
    customers.map((userId) => ({ userId, payload: liveEventPayload(userId, { type: 'NOTIFICATION_CREATED' }, now) })),
    now,
  );
  if (made.length === 0) return 0;
  const emails = made.flatMap((row) =>
    row.email === null || row.email_off ? [] : [{ userId: row.user_id, to: row.email, subject: row.title, text: row.body, link: row.link }],
  );
  await (mailer ?? defaultMailer(trx, now)).sendAll(emails, trx);
  return made.length;
}

// ---- what a deposit is, in the customer's words ----

interface DepositFacts {
  id: string;
  userId: string;
  amountCents: number;
  /** "Chase •••• 6789", or null for a transfer between own accounts. */
  source: string | null;
  sourceType: 'BANK' | 'DEBIT_CARD' | 'INTERNAL';
  accountName: string;
  settleAt: Date | null;
  /** When it goes to the bank: the cut-off of its ACH batch day (null for a card or a pending deposit). */
  sendAt: Date | null;
  /** A PENDING_DEPOSIT: it waits for the customer's application. */
  pending: boolean;
}

const methodLabel = (method: { display_name: string; last4: string }) => `${method.display_name} •••• ${method.last4}`;

/** The facts of these deposits, and whether each waits for an application (a PENDING_DEPOSIT). */
async function depositFactsOf(db: Db, depositIds: readonly string[]): Promise<DepositFacts[]> {
  if (depositIds.length === 0) return [];
  const rows = await depositNoticeRows(db, depositIds);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    amountCents: Number(row.amount_cents),
    source: row.method_name && row.last4 ? methodLabel({ display_name: row.method_name, last4: row.last4 }) : null,
    sourceType: row.source_type,
    accountName: row.account_name,
    settleAt: row.settle_at,
    sendAt: row.send_at,
    pending: row.type === 'PENDING_DEPOSIT',
  }));
}

const depositFacts = async (db: Db, depositId: string): Promise<DepositFacts | null> => (await depositFactsOf(db, [depositId]))[0] ?? null;

/**
 * DEPOSIT_INITIATED for each of these deposits that has not had it (a deposit of a schedule is told as its run
 * instead): the facts in one read, then notifyAll. Answers how many were made now.
 */
export async function announceDeposits(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  depositIds: readonly string[],
  now: Date,
): Promise<number> {
  const facts = await depositFactsOf(trx, depositIds);
  return notifyAll(
    trx,
    mailer,
    facts.map((deposit) => ({
      userId: deposit.userId,
      kind: 'DEPOSIT_INITIATED' as const,
      subjectId: deposit.id,
      link: NOTIFICATION_LINKS.deposit,
      ...depositCopy('DEPOSIT_INITIATED', deposit),
    })),
    now,
  );
}

const byDay = (at: Date) => formatBankDay(marketDate(at));
const fromSource = (facts: DepositFacts) => (facts.source ? ` from ${facts.source}` : '');

/** What each deposit kind says. */
function depositCopy(kind: 'DEPOSIT_INITIATED' | 'DEPOSIT_SENT' | 'DEPOSIT_ARRIVED', facts: DepositFacts): { title: string; body: string } {
  const amount = formatCents(facts.amountCents);
  switch (kind) {
    case 'DEPOSIT_INITIATED':
      if (facts.sourceType === 'DEBIT_CARD')
        return { title: `Your ${amount} deposit${fromSource(facts)} arrived`, body: `It is in your ${facts.accountName} account now.` };
      if (facts.pending)
        return {
          title: `Your ${amount} deposit${fromSource(facts)} was initiated`,
          body: 'It is sent to your bank once your application is approved.',
        };
      return {
        title: `Your ${amount} deposit${fromSource(facts)} was initiated`,
        body: `It goes to your bank ${facts.sendAt ? `at the cut-off on ${byDay(facts.sendAt)}` : 'at the next cut-off'}${facts.settleAt ? ` and should arrive in your ${facts.accountName} account by ${byDay(facts.settleAt)}` : ''}. You can cancel it in your transfer history until then.`,
      };
    case 'DEPOSIT_SENT':
      return {
        title: `Your ${amount} deposit went to your bank`,
        body: `${facts.source ?? 'Your bank'} is being debited${facts.settleAt ? `; the money should arrive in your ${facts.accountName} account by ${byDay(facts.settleAt)}` : ''}. It can no longer be canceled.`,
      };
    case 'DEPOSIT_ARRIVED':
      return { title: `Your ${amount} deposit arrived`, body: `It has settled in your ${facts.accountName} account.` };
  }
}

/** A deposit went to the bank or arrived (settlement): made once per deposit and kind. */
export async function notifyDeposit(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  kind: 'DEPOSIT_SENT' | 'DEPOSIT_ARRIVED',
  depositId: string,
  now: Date,
): Promise<void> {
  const facts = await depositFacts(trx, depositId);
  if (!facts) return;
  await notify(
    trx,
    mailer,
    { userId: facts.userId, kind, subjectId: depositId, link: NOTIFICATION_LINKS.deposit, ...depositCopy(kind, facts) },
    now,
  );
}

/** What fixes a return, by its code. */
const RETURN_FIXES: Record<AchReturnCode, string> = {
  R01: 'Make sure the bank account has enough money before you deposit from it again.',
  R02: 'Remove this bank under Funding methods and link an account that is open.',
  R03: 'Check the bank under Funding methods: remove it and link the account again with the right numbers.',
};

/** The bank returned a deposit: why, what it did to the account, and what to do. */
export async function notifyReturn(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  depositId: string,
  code: AchReturnCode,
  takenBackCents: number,
  now: Date,
): Promise<void> {
  const facts = await depositFacts(trx, depositId);
  if (!facts) return;
  await notify(
    trx,
    mailer,
    {
      userId: facts.userId,
      kind: 'DEPOSIT_RETURNED',
      subjectId: depositId,
      link: NOTIFICATION_LINKS.deposit,
      // The subject keeps the outbox's earlier words (the code in brackets).
      title: `Your ${formatCents(facts.amountCents)} deposit was returned by your bank (${code})`,
      body:
        `${facts.source ?? 'Your bank'} returned it: ${ACH_RETURN_REASONS[code]}. ${formatCents(takenBackCents)} was taken back from your ${facts.accountName} account. ` +
        RETURN_FIXES[code],
    },
    now,
  );
}

// ---- recurring deposits ----

const FREQUENCY_WORDS: Record<Frequency, string> = {
  ONE_TIME: 'scheduled',
  DAILY: 'daily',
  WEEKLY: 'weekly',
  FORTNIGHTLY: 'every-two-weeks',
  MONTHLY: 'monthly',
};

export const scheduleName = (row: Pick<RecurringDepositRow, 'frequency' | 'amount_cents'>) =>
  `${FREQUENCY_WORDS[row.frequency]} ${formatCents(Number(row.amount_cents))} deposit`;

async function scheduleSource(
  db: Db,
  row: Pick<RecurringDepositRow, 'payment_method_id' | 'user_id'>,
): Promise<{ label: string | null; removed: boolean; relinkNeeded: boolean }> {
  if (!row.payment_method_id) return { label: null, removed: false, relinkNeeded: false };
  const method = await findMethodOfUser(db, row.user_id, row.payment_method_id);
  if (!method) return { label: null, removed: true, relinkNeeded: false };
  return { label: methodLabel(method), removed: method.status === 'CANCELED', relinkNeeded: method.plaid_login_required };
}

const nextText = (next: string | null) => (next ? `The next deposit is on ${formatBankDay(next)}.` : 'No more deposits are scheduled.');

/** One occurrence of a schedule: its own date (the key of its run) and the business day it is made on. */
export interface Occurrence {
  nominalDate: string;
  date: string;
}

/** A notice about one occurrence of a schedule (its dedupe key is the schedule and the occurrence's own date). */
function notifyOccurrence(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  row: RecurringDepositRow,
  run: Occurrence,
  notice: { kind: NotificationKind; link: string; title: string; body: string },
  now: Date,
): Promise<boolean> {
  return notify(trx, mailer, { userId: row.user_id, subjectId: row.id, occurrence: run.nominalDate, ...notice }, now);
}

/** A recurring deposit made its deposit for `run`. */
export async function notifyRecurringRan(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  row: RecurringDepositRow,
  run: Occurrence,
  next: string | null,
  now: Date,
): Promise<void> {
  const source = await scheduleSource(trx, row);
  await notifyOccurrence(
    trx,
    mailer,
    row,
    run,
    {
      kind: 'RECURRING_RAN',
      link: NOTIFICATION_LINKS.deposit,
      title: `Your ${scheduleName(row)} was made`,
      body: `${source.label ? `${source.label} is being debited. ` : ''}${nextText(next)}`,
    },
    now,
  );
}

/** The customer skipped `occurrence` of a schedule. */
export async function notifyRecurringSkipped(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  row: RecurringDepositRow,
  run: Occurrence,
  next: string | null,
  now: Date,
): Promise<void> {
  await notifyOccurrence(
    trx,
    mailer,
    row,
    run,
    {
      kind: 'RECURRING_SKIPPED',
      link: NOTIFICATION_LINKS.schedules,
      title: `Your ${scheduleName(row)} on ${formatBankDay(run.date)} was skipped`,
      body: `Nothing is taken for that date. ${nextText(next)}`,
    },
    now,
  );
}

/** A run was refused but the schedule carries on (the refusal does not pause it). */
export async function notifyRecurringFailed(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  row: RecurringDepositRow,
  run: Occurrence,
  refusal: string,
  next: string | null,
  now: Date,
): Promise<void> {
  await notifyOccurrence(
    trx,
    mailer,
    row,
    run,
    {
      kind: 'DEPOSIT_FAILED',
      link: NOTIFICATION_LINKS.schedules,
      title: `Your ${scheduleName(row)} on ${formatBankDay(run.date)} could not be made`,
      body: `${refusal} The schedule carries on: ${nextText(next).replace(/^The/, 'the')}`,
    },
    now,
  );
}

/** Why a schedule paused itself and how to get it going again. */
export function pauseExplanation(
  reason: RecurringPauseReason,
  source: { label: string | null; removed: boolean; relinkNeeded: boolean },
  refusal: string,
): string {
  const method = source.label ?? 'its funding method';
  switch (reason) {
    case 'METHOD_UNAVAILABLE':
      if (source.removed || !source.label)
        return 'It was paused because its funding method was removed. Cancel it and set up a new schedule with another funding method.';
      if (source.relinkNeeded)
        return `It was paused because ${method} needs relinking. Relink the bank under Funding methods, then resume the schedule.`;
      return `It was paused because ${method} can't be used for deposits right now: ${refusal} Once it can, resume the schedule.`;
    case 'INSUFFICIENT_FUNDS':
      return `It was paused because ${method} did not have enough money. Add money to that account, then resume the schedule.`;
    case 'IRA_LIMIT':
      return "It was paused because it would go over this tax year's IRA contribution limit. Lower the amount, or resume it when the new tax year opens.";
    case 'CUSTOMER':
      return 'You paused it. No deposits are made until you resume it.';
  }
}

/** A schedule paused itself on `occurrence`. */
export async function notifyRecurringPaused(
  trx: Transaction<Database>,
  mailer: Mailer | undefined,
  row: RecurringDepositRow,
  run: Occurrence,
  reason: RecurringPauseReason,
  refusal: string,
  now: Date,
): Promise<void> {
  const source = await scheduleSource(trx, row);
  await notifyOccurrence(
    trx,
    mailer,
    row,
    run,
    {
      kind: 'RECURRING_PAUSED',
      link: NOTIFICATION_LINKS.schedules,
      title: `Your ${scheduleName(row)} was paused`,
      body: pauseExplanation(reason, source, refusal),
    },
    now,
  );
}

// ---- the list ----

export const presentNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at.toISOString(),
  readAt: row.read_at ? row.read_at.toISOString() : null,
});
