import { ApiErrorCode, type AcatFragment } from '../../../api/contract';
import { AcatErrorCode, fragmentListProblem, type AcatDraftRow } from '../../domain/servicesAcat';
import type { ServicesDb, ServicesTrx } from '../../domain/servicesSchema';
import { isUuid } from '../../domain/tokens';
import { ApiError } from '../../errors';
import { findOwnDraft } from '../../repositories/acatTransfers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// What the ACAT route files share: their errors and the customer's own draft (404 for anyone else's).

export const draftNotFound = () => new ApiError(404, AcatErrorCode.DRAFT_NOT_FOUND, 'This account transfer does not exist.');
export const notEditable = () =>
  new ApiError(409, AcatErrorCode.DRAFT_NOT_EDITABLE, 'This account transfer was already submitted and can no longer be changed.');
export const brokerageNotFound = (name: string) =>
  new ApiError(404, AcatErrorCode.BROKERAGE_NOT_FOUND, `Transfers from ${name} are not supported yet.`);
export const badRequest = (message: string) => new ApiError(400, ApiErrorCode.VALIDATION, message);

export function assertFragmentList(fragments: readonly AcatFragment[], label = 'fragments'): void {
  const problem = fragmentListProblem(fragments);
  if (problem) throw badRequest(`"${label}": ${problem}`);
}

/** The customer's own draft or 404; `lock` takes its row for the transaction. */
export async function ownDraft(
  db: Kysely<Database> | ServicesDb | ServicesTrx,
  userId: string,
  id: string,
  lock = false,
): Promise<AcatDraftRow> {
  if (!isUuid(id)) throw draftNotFound();
  const row = await findOwnDraft(db, userId, id, lock);
  if (!row) throw draftNotFound();
  return row;
}
