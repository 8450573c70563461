import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import type { ApplicationRow, ApplicationSubmissionsTable } from '../domain/onboarding';

// Every query of the account application (migration's application_submissions, the customer's status and accounts).

type Db = Kysely<Database> | Transaction<Database>;

export function findApplication(db: Db, userId: string): Promise<ApplicationRow | undefined> {
  return db.selectFrom('application_submissions').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Whether the customer's submitted application has a reviewer's decision due at `now`. */
export async function hasDueDecision(db: Db, userId: string, now: Date): Promise<boolean> {
  const due = await db
    .selectFrom('application_submissions')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('state', '=', 'SUBMITTED')
    .where('decision', 'is not', null)
    .where('decide_at', '<=', now)
    .executeTakeFirst();
  return due !== undefined;
}

/**
 * Claims the due decision by a conditional update (so it is applied exactly once) and applies it to the customer's
 * status and accounts. Returns whether this call applied one.
 */
export async function claimAndApplyDueDecision(trx: Transaction<Database>, userId: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .updateTable('application_submissions')
    .set({ state: 'DECIDED', decided_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('state', '=', 'SUBMITTED')
    .where('decision', 'is not', null)
    .where('decide_at', '<=', now)
    .returning(['decision'])
    .executeTakeFirst();
  if (!claimed?.decision) return false;
  await trx.updateTable('users').set({ application_status: claimed.decision }).where('id', '=', userId).execute();
  if (claimed.decision === 'COMPLETE') {
    await trx
      .updateTable('accounts')
      .set({ status: 'OPEN' })
      .where('user_id', '=', userId)
      .where('status', 'in', ['PENDING', 'ACTION_REQUIRED'])
      .execute();
  } else if (claimed.decision === 'ACTION_REQUIRED') {
    await trx
      .updateTable('accounts')
      .set({ status: 'ACTION_REQUIRED' })
      .where('user_id', '=', userId)
      .where('status', '=', 'PENDING')
      .execute();
  }
  return true;
}

/** The customer's row, locked for the submit. */
export const lockApplicant = (trx: Transaction<Database>, userId: string): Promise<UserRow | undefined> =>
  trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();

type SubmissionValues = Omit<Insertable<ApplicationSubmissionsTable>, 'user_id'>;

/**
 * Stores the submitted application, sets the customer to PENDING under their legal name and birth date, and puts
 * accounts that waited on the customer back to PENDING.
 */
export async function storeSubmission(
  trx: Transaction<Database>,
  userId: string,
  values: SubmissionValues,
  person: { firstName: string; lastName: string; birthDate: string },
): Promise<void> {
  await trx
    .insertInto('application_submissions')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  await trx
    .updateTable('users')
    .set({ application_status: 'PENDING', first_name: person.firstName, last_name: person.lastName, birth_date: person.birthDate })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('accounts')
    .set({ status: 'PENDING' })
    .where('user_id', '=', userId)
    .where('status', '=', 'ACTION_REQUIRED')
    .execute();
}

export type ReviewerAnswerValues = Updateable<ApplicationSubmissionsTable>;

/** Keeps the reviewer's answer on the application while it is still submitted. */
export async function storeReviewerAnswer(db: Db, userId: string, answer: ReviewerAnswerValues): Promise<void> {
  await db.updateTable('application_submissions').set(answer).where('user_id', '=', userId).where('state', '=', 'SUBMITTED').execute();
}
