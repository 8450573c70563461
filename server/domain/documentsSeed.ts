import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { issueCorrectedComposite, issueDueDocuments } from './documents';

/**
 * A demo customer's documents, written with the seed: everything due by `now` from their accounts, deposits,
 * withdrawals, positions and IRA contributions, plus a corrected copy of their latest brokerage Form 1099 Composite
 * so the demo shows a correction. Sandbox copies and older demo databases get theirs when the list is first read
 * (issueDueDocuments runs before every list); the correction comes with the seed only.
 */
export async function issueDemoDocuments(trx: Transaction<Database>, userId: string, now: Date): Promise<void> {
  await issueDueDocuments(trx, userId, now);
  await issueCorrectedComposite(trx, userId, now, 'Cost basis reporting was updated for one lot.');
}
