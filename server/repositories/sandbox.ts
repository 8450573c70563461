import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LinkTokenRow, MicroDepositChallengeRow, OutboxMessagesTable } from '../db/schema';

// Every query of the sandbox calls (what the vendors' test dashboards would do), besides those they share with
// the funding routes.

type Db = Kysely<Database> | Transaction<Database>;

/** The customer's link token of that hash while it has not expired. */
export const findLiveLinkToken = (db: Db, userId: string, tokenHash: string, now: Date): Promise<LinkTokenRow | undefined> =>
  db
    .selectFrom('link_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();

/** The bank login of the method must be renewed (relink). */
export async function requireBankLogin(db: Db, paymentMethodId: string): Promise<void> {
  await db.updateTable('payment_methods').set({ plaid_login_required: true }).where('id', '=', paymentMethodId).execute();
}

export const findMicroDepositChallenge = (db: Db, paymentMethodId: string): Promise<MicroDepositChallengeRow | undefined> =>
  db.selectFrom('micro_deposit_challenges').selectAll().where('payment_method_id', '=', paymentMethodId).executeTakeFirst();

/** What the outbox mailer wrote to the customer, newest first. */
export const outboxMessagesOf = (db: Db, userId: string): Promise<Array<Selectable<OutboxMessagesTable>>> =>
  db.selectFrom('outbox_messages').selectAll().where('user_id', '=', userId).orderBy('sent_at', 'desc').orderBy('id').execute();

/** The operations team's review of a bank statement: approved (ready; default when it may be) or rejected. */
export async function recordStatementReview(
  trx: Transaction<Database>,
  paymentMethodId: string,
  approved: boolean,
  becomesDefault: boolean,
): Promise<void> {
  await trx
    .updateTable('payment_methods')
    .set(
      approved
        ? { status: 'APPROVED', readiness: 'READY', verification_status: 'VERIFIED', is_default: becomesDefault }
        : { status: 'REJECTED', readiness: 'REJECTED', verification_status: 'VERIFICATION_FAILED', is_default: false },
    )
    .where('id', '=', paymentMethodId)
    .execute();
}
