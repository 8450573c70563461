import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DocumentKind } from '../../api/contract';
import type { AccountRow, Database } from '../db/schema';
import type { DocumentRow, DocumentsTable } from '../domain/documents';
import type { WithdrawalsTable } from '../domain/withdrawals';
import { readAppConfig } from './appConfig';

// Every query of the account documents (migration 0008) and of the customer data they are issued from.

type Db = Kysely<Database> | Transaction<Database>;
type WithWithdrawals = Database & { withdrawals: WithdrawalsTable };
export type AccountFacts = Pick<AccountRow, 'account_number' | 'variant' | 'display_name'>;

/** Everything a customer's documents are issued from, read once; null for an unknown customer. */
export async function readDocumentSources(db: Db, userId: string) {
  const user = await db.selectFrom('users').select(['id', 'first_name', 'last_name', 'status']).where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const accounts = await db.selectFrom('accounts').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  const deposits = await db
    .selectFrom('deposits')
    .select(['kind', 'account_id', 'source_account_id', 'amount_cents', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'CONFIRMED')
    .execute();
  const withdrawals = await (db as unknown as Kysely<WithWithdrawals>)
    .selectFrom('withdrawals')
    .select(['account_id', 'amount_cents', 'withheld_cents', 'created_at'])
    .where('user_id', '=', userId)
    .execute();
  const accountIds = accounts.map((account) => account.id);
  const positions = accountIds.length
    ? await db
        .selectFrom('positions')
        .select([
          'account_id',
          'symbol',
          'name',
          'quantity_e8',
          'average_price_cents',
          'total_cost_cents',
          'realized_gain_cents',
          'opened_at',
          'side',
        ])
        .where('account_id', 'in', accountIds)
        .orderBy('opened_at')
        .orderBy('symbol')
        .execute()
    : [];
  const contributions = await db
    .selectFrom('ira_contributions')
    .select(['account_id', 'tax_year', 'amount_cents'])
    .where('user_id', '=', userId)
    .execute();
  const storedRate = (await readAppConfig(db)).get('highYield.rate');
  return { user, accounts, deposits, withdrawals, positions, contributions, storedRate };
}

/** The natural keys of the customer's issued documents. */
export const issuedDocumentKeys = (db: Db, userId: string) =>
  db
    .selectFrom('documents')
    .select(['account_id', 'kind', 'form', 'period_start', 'period_end', 'corrected'])
    .where('user_id', '=', userId)
    .execute();

/** Writes documents; one another instance wrote first (same natural key) is skipped. Returns how many were written. */
export async function insertDocuments(db: Db, documents: ReadonlyArray<Insertable<DocumentsTable>>): Promise<number> {
  const result = await db
    .insertInto('documents')
    .values([...documents])
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The customer's latest brokerage Form 1099 Composite that is not itself a correction. */
export const latestOriginalComposite = (db: Db, userId: string): Promise<DocumentRow | undefined> =>
  db
    .selectFrom('documents')
    .selectAll()
    .where('user_id', '=', userId)
    .where('form', '=', '1099-COMPOSITE')
    .where('corrected', '=', false)
    .orderBy('year', 'desc')
    .limit(1)
    .executeTakeFirst();

export async function findOwnAccountId(db: Db, userId: string, accountId: string): Promise<string | undefined> {
  const account = await db.selectFrom('accounts').select('id').where('id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
  return account?.id;
}

export interface DocumentPageQuery {
  kind?: DocumentKind;
  accountId?: string;
  year?: number;
  /** Rows issued before this point (newest first), as a cursor gives it. */
  after: { issuedAt: Date; id: string } | null;
  /** Rows to read: one more than the page shows tells whether there is a next page. */
  rows: number;
}

/** Rows of the customer's documents (newest issued first) with their accounts, how many match, and the years on offer. */
export async function documentPage(db: Db, userId: string, query: DocumentPageQuery) {
  let base = db.selectFrom('documents').where('documents.user_id', '=', userId);
  if (query.kind) base = base.where('documents.kind', '=', query.kind);
  if (query.accountId) base = base.where('documents.account_id', '=', query.accountId);
  const years = await base.select('documents.year').distinct().orderBy('documents.year', 'desc').execute();
  const filtered = query.year === undefined ? base : base.where('documents.year', '=', query.year);
  const { total } = await filtered.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  let page = filtered
    .innerJoin('accounts', 'accounts.id', 'documents.account_id')
    .selectAll('documents')
    .select(['accounts.account_number', 'accounts.variant', 'accounts.display_name']);
  const after = query.after;
  if (after) {
    page = page.where((eb) =>
      eb.or([
        eb('documents.issued_at', '<', after.issuedAt),
        eb.and([eb('documents.issued_at', '=', after.issuedAt), eb('documents.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await page.orderBy('documents.issued_at', 'desc').orderBy('documents.id', 'desc').limit(query.rows).execute();
  return { rows, total: Number(total), years: years.map((row) => row.year) };
}

export const findOwnDocumentRow = (db: Db, userId: string, documentId: string): Promise<(DocumentRow & AccountFacts) | undefined> =>
  db
    .selectFrom('documents')
    .innerJoin('accounts', 'accounts.id', 'documents.account_id')
    .selectAll('documents')
    .select(['accounts.account_number', 'accounts.variant', 'accounts.display_name'])
    .where('documents.id', '=', documentId)
    .where('documents.user_id', '=', userId)
    .executeTakeFirst();
