import { randomUUID } from 'node:crypto';
import { type ColumnType, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  ApiErrorCode,
  formatCents,
  isBrokerageVariant,
  isIraVariant,
  TAX_FORM_LABELS,
  VARIANT_LABELS,
  type AccountDocument,
  type DocumentKind,
  type TaxForm,
} from '../../api/contract';
import type { AccountRow, Database } from '../db/schema';
import { ApiError } from '../errors';
import {
  documentPage,
  findOwnAccountId,
  findOwnDocumentRow,
  insertDocuments,
  issuedDocumentKeys,
  latestOriginalComposite,
  readDocumentSources,
  type AccountFacts,
} from '../repositories/documents';
import { highYieldRateOf } from './highYieldRate';
import { addBusinessDays, marketDate, marketTime } from '../../api/contract/bankCalendar';
import { writePdf, type PdfLine } from './pdfWriter';
import { e8ToQuantity } from './portfolio';
import { isUuid } from './tokens';

/*
 * Account documents: what a brokerage sends its customers, issued from the customer's own data.
 *
 * - Account statements: one per account per calendar month (New York dates) from the month the account opened,
 *   issued on the 5th of the next month. Cash activity: opening balance, deposits, withdrawals, transfers between
 *   the customer's accounts, other activity, closing balance. Balances are worked back from today's balance and the
 *   recorded money movements; trades, dividends and fees are not recorded as movements here, so whatever the
 *   movements do not explain shows as "Other activity" and every statement adds up.
 * - Trade confirmations: one per account per trade date, from the positions opened that day, issued the next
 *   business day.
 * - Tax statements, per tax year after the year is over: brokerage, Form 1099 Composite (Feb 15); traditional and
 *   Roth IRA, Form 5498 (May 31) and, when money was withdrawn, Form 1099-R (Jan 31); high-yield cash, Form 1099-INT
 *   (Jan 31) when the interest reaches the IRS's $10 reporting threshold. A corrected form is a new document
 *   issued later; the original stays available.
 *
 * Issuing is idempotent (a unique natural key, insert .. on conflict do nothing) and runs before every list on the
 * server's clock, like deposit settlement: nothing waits for a batch job, and several instances may run it at once.
 * A document's figures are frozen when it is issued; its PDF is drawn from them on download.
 *
 * A closed customer (users.status CLOSED) gets documents up to the end of the year before this one: the users
 * table has no closing date, so the sandbox treats a closed account as closed on December 31 of last year.
 */

// ---- table (migration 0008) ----

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface DocumentFigureLine {
  label: string;
  /** A money figure in cents, or a text value. */
  cents?: number;
  text?: string;
  /** Totals are drawn in bold. */
  strong?: boolean;
}

export interface DocumentFigures {
  customerName: string;
  lines: DocumentFigureLine[];
  /** Shown under the figures (e.g. what a corrected form changed). */
  notes?: string[];
}

export interface DocumentsTable {
  id: string;
  user_id: string;
  account_id: string;
  kind: DocumentKind;
  form: ColumnType<TaxForm | null, TaxForm | null | undefined, TaxForm | null>;
  period_start: ColumnType<string, string, string>;
  period_end: ColumnType<string, string, string>;
  year: number;
  corrected: ColumnType<boolean, boolean | undefined, boolean>;
  issued_at: Timestamp;
  /** jsonb: read back parsed, written as a JSON string. */
  figures: ColumnType<DocumentFigures, string, string>;
}

declare module '../db/schema' {
  interface Database {
    documents: DocumentsTable;
  }
}

export type DocumentRow = Selectable<DocumentsTable>;
type Db = Kysely<Database> | Transaction<Database>;

export const DocumentRefusals = {
  notFound: () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'We could not find that document.'),
  accountNotFound: () => new ApiError(404, ApiErrorCode.NOT_FOUND, 'We could not find that account.'),
  badCursor: () =>
    new ApiError(400, ApiErrorCode.VALIDATION, 'The cursor is not one this server gave out. Start again from the first page.'),
  badLimit: (max: number) => new ApiError(400, ApiErrorCode.VALIDATION, `limit must be between 1 and ${max}.`),
};

// ---- dates ----

const pad2 = (n: number) => String(n).padStart(2, '0');
const monthStart = (year: number, month: number) => `${year}-${pad2(month)}-01`;
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthEnd = (year: number, month: number) => `${year}-${pad2(month)}-${pad2(lastDayOfMonth(year, month))}`;
const nextMonth = (year: number, month: number) => (month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 });
/** Documents are issued early in the morning, New York time. */
const issueAt = (date: string) => marketTime(date, 6, 0);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/** The last day documents cover for this customer: none for an open one, Dec 31 of last year for a closed one. */
function coverageEnd(status: string, today: string): string | null {
  return status === 'CLOSED' ? `${Number(today.slice(0, 4)) - 1}-12-31` : null;
}

// ---- issuing ----

interface Movement {
  accountId: string;
  at: Date;
  cents: number;
  type: 'DEPOSIT' | 'WITHDRAWAL' | 'TRANSFER_IN' | 'TRANSFER_OUT';
  withheldCents?: number;
}

type NewDocument = {
  id: string;
  user_id: string;
  account_id: string;
  kind: DocumentKind;
  form: TaxForm | null;
  period_start: string;
  period_end: string;
  year: number;
  corrected: boolean;
  issued_at: Date;
  figures: string;
};

const naturalKey = (doc: {
  account_id: string;
  kind: string;
  form: string | null;
  period_start: string;
  period_end: string;
  corrected: boolean;
}) => [doc.account_id, doc.kind, doc.form ?? '', doc.period_start, doc.period_end, doc.corrected].join('|');

const maskOf = (accountNumber: string) => accountNumber.slice(-4).padStart(4, '0');

function rateBasisPoints(stored: unknown): number {
  const rate = highYieldRateOf(stored);
  const [whole, fraction] = rate.split('.');
  return Number(whole) * 100 + Number(fraction);
}

/** Everything a customer's documents are computed from, read once. */
async function loadSources(db: Db, userId: string) {
  const read = await readDocumentSources(db, userId);
  if (!read) return null;
  const { user, accounts, deposits, withdrawals, positions, contributions, storedRate } = read;
  const movements: Movement[] = [];
  for (const deposit of deposits) {
    if (deposit.kind === 'INTERNAL_TRANSFER') {
      movements.push({ accountId: deposit.account_id, at: deposit.created_at, cents: deposit.amount_cents, type: 'TRANSFER_IN' });
      if (deposit.source_account_id)
        movements.push({ accountId: deposit.source_account_id, at: deposit.created_at, cents: deposit.amount_cents, type: 'TRANSFER_OUT' });
    } else {
      movements.push({ accountId: deposit.account_id, at: deposit.created_at, cents: deposit.amount_cents, type: 'DEPOSIT' });
    }
  }
  for (const withdrawal of withdrawals) {
    movements.push({
      accountId: withdrawal.account_id,
      at: withdrawal.created_at,
      cents: withdrawal.amount_cents,
      type: 'WITHDRAWAL',
      withheldCents: withdrawal.withheld_cents,
    });
  }
  const rate = rateBasisPoints(storedRate);
  return { user, accounts, movements, positions, contributions, rate };
}

type Sources = NonNullable<Awaited<ReturnType<typeof loadSources>>>;

const signed = (movement: Movement) => (movement.type === 'DEPOSIT' || movement.type === 'TRANSFER_IN' ? movement.cents : -movement.cents);

/** The account's cash balance at an instant: today's balance less every movement since. */
function balanceAt(account: AccountRow, movements: readonly Movement[], at: Date): number {
  let cents = account.balance_cents;
  for (const movement of movements) if (movement.accountId === account.id && movement.at > at) cents -= signed(movement);
  return cents;
}

function sumOf(
  movements: readonly Movement[],
  accountId: string,
  type: Movement['type'],
  from: Date,
  to: Date,
  field: 'cents' | 'withheldCents' = 'cents',
): number {
  let total = 0;
  for (const m of movements) if (m.accountId === accountId && m.type === type && m.at >= from && m.at < to) total += m[field] ?? 0;
  return total;
}

/** Every document due for the customer at `now` (the ones already issued included; the insert skips those). */
function dueDocuments(sources: Sources, now: Date): NewDocument[] {
  const { user, accounts, movements, positions, contributions, rate } = sources;
  const today = marketDate(now);
  const until = coverageEnd(user.status, today);
  const customerName = `${user.first_name} ${user.last_name}`;
  const docs: NewDocument[] = [];
  const add = (
    account: AccountRow,
    fields: Omit<NewDocument, 'id' | 'user_id' | 'account_id' | 'figures' | 'corrected'>,
    figures: DocumentFigures,
  ) => {
    if (fields.issued_at > now) return;
    if (until && fields.period_end > until) return;
    docs.push({
      ...fields,
      id: randomUUID(),
      user_id: user.id,
      account_id: account.id,
      corrected: false,
      figures: JSON.stringify(figures),
    });
  };

  for (const account of accounts) {
    const opened = account.date_joined;
    let cursor = { year: Number(opened.slice(0, 4)), month: Number(opened.slice(5, 7)) };
    const monthEndBalances = new Map<string, number>();
    // Statements.
    for (;;) {
      const start = monthStart(cursor.year, cursor.month);
      const end = monthEnd(cursor.year, cursor.month);
      const following = nextMonth(cursor.year, cursor.month);
      const issued = issueAt(`${monthStart(following.year, following.month).slice(0, 8)}05`);
      if (issued > now || (until && end > until)) break;
      const from = marketTime(start, 0);
      const to = marketTime(monthStart(following.year, following.month), 0);
      const opening = Math.max(0, balanceAt(account, movements, from));
      const closing = Math.max(0, balanceAt(account, movements, to));
      monthEndBalances.set(`${cursor.year}-${pad2(cursor.month)}`, closing);
      const deposits = sumOf(movements, account.id, 'DEPOSIT', from, to);
      const withdrawals = sumOf(movements, account.id, 'WITHDRAWAL', from, to);
      const transfersIn = sumOf(movements, account.id, 'TRANSFER_IN', from, to);
      const transfersOut = sumOf(movements, account.id, 'TRANSFER_OUT', from, to);
      const other = closing - opening - deposits - transfersIn + withdrawals + transfersOut;
      add(
        account,
        { kind: 'ACCOUNT_STATEMENT', form: null, period_start: start, period_end: end, year: cursor.year, issued_at: issued },
        {
          customerName,
          lines: [
            { label: 'Opening cash balance', cents: opening },
            { label: 'Deposits', cents: deposits },
            { label: 'Withdrawals', cents: -withdrawals },
            { label: 'Transfers in from your accounts', cents: transfersIn },
            { label: 'Transfers out to your accounts', cents: -transfersOut },
            { label: 'Other activity (trades, interest, dividends, fees)', cents: other },
            { label: 'Closing cash balance', cents: closing, strong: true },
          ],
        },
      );
      cursor = following;
    }

    // Trade confirmations: one per trade date.
    const byDate = new Map<string, typeof positions>();
    for (const position of positions) {
      if (position.account_id !== account.id) continue;
      const date = marketDate(position.opened_at);
      byDate.set(date, [...(byDate.get(date) ?? []), position]);
    }
    for (const [date, trades] of byDate) {
      const total = trades.reduce((sum, trade) => sum + trade.total_cost_cents, 0);
      add(
        account,
        {
          kind: 'TRADE_CONFIRMATION',
          form: null,
          period_start: date,
          period_end: date,
          year: Number(date.slice(0, 4)),
          issued_at: issueAt(addBusinessDays(date, 1)),
        },
        {
          customerName,
          lines: [
            { label: 'Trade date', text: longDate(date) },
            ...trades.map((trade) => ({
              label: `${trade.side === 'SHORT' ? 'Sold short' : 'Bought'} ${e8ToQuantity(trade.quantity_e8)} ${trade.symbol} at ${formatCents(trade.average_price_cents)}`,
              cents: trade.total_cost_cents,
            })),
            { label: 'Total', cents: total, strong: true },
          ],
          notes: ['Trades are settled on the next business day (T+1).'],
        },
      );
    }

    // Tax statements, per finished tax year.
    const firstYear = Number(opened.slice(0, 4));
    const lastYear = Number(today.slice(0, 4)) - 1;
    for (let year = firstYear; year <= lastYear; year += 1) {
      const period = { period_start: `${year}-01-01`, period_end: `${year}-12-31`, year };
      const from = marketTime(`${year}-01-01`, 0);
      const to = marketTime(`${year + 1}-01-01`, 0);
      if (isBrokerageVariant(account.variant)) {
        const bought = positions.filter((p) => p.account_id === account.id && marketDate(p.opened_at).startsWith(`${year}-`));
        add(
          account,
          { ...period, kind: 'TAX_STATEMENT', form: '1099-COMPOSITE', issued_at: issueAt(`${year + 1}-02-15`) },
          {
            customerName,
            lines: [
              { label: 'Tax year', text: String(year) },
              { label: 'Purchases during the year', cents: bought.reduce((sum, p) => sum + p.total_cost_cents, 0) },
              {
                label: 'Realized gain or loss (Form 1099-B)',
                cents: bought.reduce((sum, p) => sum + p.realized_gain_cents, 0),
                strong: true,
              },
            ],
            notes: ['Covers Forms 1099-B, 1099-DIV and 1099-INT for this account.'],
          },
        );
      }
      if (isIraVariant(account.variant)) {
        const contributed = contributions
          .filter((c) => c.account_id === account.id && c.tax_year === year)
          .reduce((sum, c) => sum + c.amount_cents, 0);
        add(
          account,
          { ...period, kind: 'TAX_STATEMENT', form: '5498', issued_at: issueAt(`${year + 1}-05-31`) },
          {
            customerName,
            lines: [
              { label: 'Tax year', text: String(year) },
              {
                label: account.variant === 'ROTH_IRA' ? 'Roth IRA contributions (box 10)' : 'IRA contributions (box 1)',
                cents: contributed,
                strong: true,
              },
              { label: `Cash value on December 31, ${year} (box 5)`, cents: Math.max(0, balanceAt(account, movements, to)) },
            ],
          },
        );
        const distributed = sumOf(movements, account.id, 'WITHDRAWAL', from, to);
        if (distributed > 0) {
          add(
            account,
            { ...period, kind: 'TAX_STATEMENT', form: '1099-R', issued_at: issueAt(`${year + 1}-01-31`) },
            {
              customerName,
              lines: [
                { label: 'Tax year', text: String(year) },
                { label: 'Gross distribution (box 1)', cents: distributed, strong: true },
                {
                  label: 'Federal income tax withheld (box 4)',
                  cents: sumOf(movements, account.id, 'WITHDRAWAL', from, to, 'withheldCents'),
                },
              ],
            },
          );
        }
      }
      if (account.variant === 'HIGH_YIELD') {
        // Interest on each month-end balance at the current APY: an estimate, as the sandbox records no interest.
        let interest = 0;
        for (let month = 1; month <= 12; month += 1) {
          const balance = monthEndBalances.get(`${year}-${pad2(month)}`) ?? 0;
          interest += Math.round((balance * rate) / 120_000);
        }
        if (interest >= 1_000) {
          add(
            account,
            { ...period, kind: 'TAX_STATEMENT', form: '1099-INT', issued_at: issueAt(`${year + 1}-01-31`) },
            {
              customerName,
              lines: [
                { label: 'Tax year', text: String(year) },
                { label: 'Interest income (box 1)', cents: interest, strong: true },
              ],
            },
          );
        }
      }
    }
  }
  return docs;
}

/** Issues every document due for the customer at `now` that is not issued yet; returns how many it wrote. */
export async function issueDueDocuments(db: Db, userId: string, now: Date): Promise<number> {
  const sources = await loadSources(db, userId);
  if (!sources) return 0;
  const due = dueDocuments(sources, now);
  if (due.length === 0) return 0;
  const existing = await issuedDocumentKeys(db, userId);
  const have = new Set(existing.map(naturalKey));
  const missing = due.filter((doc) => !have.has(naturalKey(doc)));
  if (missing.length === 0) return 0;
  // Another instance may be issuing the same documents: the natural key keeps one of each.
  await insertDocuments(db, missing);
  return missing.length;
}

/**
 * A corrected copy of the customer's latest brokerage Form 1099 Composite, issued on March 1 after the original
 * (the demo data shows how a correction looks; a real one comes from the tax reporting vendor). Returns whether one
 * was issued.
 */
export async function issueCorrectedComposite(db: Db, userId: string, now: Date, note: string): Promise<boolean> {
  const original = await latestOriginalComposite(db, userId);
  if (!original) return false;
  const issued = issueAt(`${original.year + 1}-03-01`);
  if (issued > now) return false;
  const figures: DocumentFigures = {
    ...original.figures,
    notes: [...(original.figures.notes ?? []), `CORRECTED: replaces the form issued ${longDate(marketDate(original.issued_at))}. ${note}`],
  };
  const { id: _id, ...rest } = original;
  return (
    (await insertDocuments(db, [{ ...rest, id: randomUUID(), corrected: true, issued_at: issued, figures: JSON.stringify(figures) }])) > 0
  );
}

// ---- reading ----

export interface DocumentFilters {
  kind?: DocumentKind;
  accountUuid?: string;
  year?: number;
  limit: number;
  cursor?: string;
}

export function encodeCursor(row: Pick<DocumentRow, 'issued_at' | 'id'>): string {
  return Buffer.from(`${row.issued_at.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { issuedAt: Date; id: string } {
  const [issued, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const issuedAt = new Date(issued ?? '');
  if (extra !== undefined || !id || !isUuid(id) || Number.isNaN(issuedAt.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(issued))
    throw DocumentRefusals.badCursor();
  return { issuedAt, id };
}

/** One page of the customer's documents (newest issued first), how many match, and the years on offer. */
export async function listDocuments(db: Db, userId: string, filters: DocumentFilters) {
  let accountId: string | undefined;
  if (filters.accountUuid !== undefined) {
    accountId = isUuid(filters.accountUuid) ? await findOwnAccountId(db, userId, filters.accountUuid) : undefined;
    if (!accountId) throw DocumentRefusals.accountNotFound();
  }
  const after = filters.cursor ? decodeCursor(filters.cursor) : null;
  const { rows, total, years } = await documentPage(db, userId, {
    kind: filters.kind,
    accountId,
    year: filters.year,
    after,
    rows: filters.limit + 1,
  });
  const more = rows.length > filters.limit;
  const shown = more ? rows.slice(0, filters.limit) : rows;
  return {
    rows: shown,
    total,
    years,
    nextCursor: more ? encodeCursor(shown[shown.length - 1]) : null,
  };
}

export async function findOwnDocument(db: Db, userId: string, documentId: string): Promise<(DocumentRow & AccountFacts) | undefined> {
  if (!isUuid(documentId)) return undefined;
  return findOwnDocumentRow(db, userId, documentId);
}

// ---- presenting ----

const accountLabel = (account: AccountFacts) => (account.variant === 'ENTITY' ? account.display_name : VARIANT_LABELS[account.variant]);

export function documentTitle(row: Pick<DocumentRow, 'kind' | 'form' | 'period_start' | 'year' | 'corrected'>): string {
  switch (row.kind) {
    case 'ACCOUNT_STATEMENT': {
      const [year, month] = row.period_start.split('-').map(Number);
      return `${MONTHS[month - 1]} ${year} statement`;
    }
    case 'TRADE_CONFIRMATION':
      return `Trade confirmation, ${longDate(row.period_start)}`;
    case 'TAX_STATEMENT':
      return `${row.year} ${TAX_FORM_LABELS[row.form ?? '1099-COMPOSITE']}${row.corrected ? ' (corrected)' : ''}`;
  }
}

export function documentFileName(
  row: Pick<DocumentRow, 'kind' | 'form' | 'period_start' | 'year' | 'corrected'> & { account_number: string },
): string {
  const mask = maskOf(row.account_number);
  switch (row.kind) {
    case 'ACCOUNT_STATEMENT':
      return `fundflow-statement-${mask}-${row.period_start.slice(0, 7)}.pdf`;
    case 'TRADE_CONFIRMATION':
      return `fundflow-trade-confirmation-${mask}-${row.period_start}.pdf`;
    case 'TAX_STATEMENT':
      return `fundflow-${(row.form ?? 'tax').toLowerCase()}-${mask}-${row.year}${row.corrected ? '-corrected' : ''}.pdf`;
  }
}

export function presentDocument(row: DocumentRow & AccountFacts): AccountDocument {
  return {
    id: row.id,
    kind: row.kind,
    form: row.form,
    title: documentTitle(row),
    accountUuid: row.account_id,
    accountName: accountLabel(row),
    accountMask: maskOf(row.account_number),
    periodStart: row.period_start,
    periodEnd: row.period_end,
    year: row.year,
    corrected: row.corrected,
    issuedAt: row.issued_at.toISOString(),
    fileName: documentFileName(row),
  };
}

const signedMoney = (cents: number) => (cents < 0 ? `-${formatCents(-cents)}` : formatCents(cents));

/** The document's PDF: who, which account (last 4 digits only), the period and the frozen figures. */
export function renderDocumentPdf(row: DocumentRow & AccountFacts): Buffer {
  const title = documentTitle(row);
  const lines: PdfLine[] = [
    { text: 'Fundflow', size: 18, bold: true },
    { text: title, size: 14, bold: true, gapBefore: 6 },
    { text: `Customer: ${row.figures.customerName}`, gapBefore: 10 },
    { text: `Account: ${accountLabel(row)} ending in ${maskOf(row.account_number)}` },
    { text: `Period: ${longDate(row.period_start)} to ${longDate(row.period_end)}` },
    { text: `Issued: ${longDate(marketDate(row.issued_at))}` },
    ...row.figures.lines.map((line, index): PdfLine => ({
      text: line.label,
      bold: line.strong,
      gapBefore: index === 0 ? 14 : 2,
      right: line.cents !== undefined ? signedMoney(line.cents) : line.text,
    })),
    ...(row.figures.notes ?? []).map((note, index): PdfLine => ({ text: note, size: 9, gapBefore: index === 0 ? 14 : 0 })),
    { text: 'Fundflow Securities LLC, member FINRA/SIPC. Keep this document for your records.', size: 8, gapBefore: 20 },
  ];
  return writePdf(lines, { title: `${title} - ${accountLabel(row)} ${maskOf(row.account_number)}` });
}
