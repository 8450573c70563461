import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Stores an uploaded statement file of the customer. */
export async function insertUploadedFile(
  db: Kysely<Database>,
  file: { id: string; userId: string; fileType: string; fileName: string; mimeType: string; content: Uint8Array; now: Date },
): Promise<void> {
  await db
    .insertInto('uploaded_files')
    .values({
      id: file.id,
      user_id: file.userId,
      file_type: file.fileType,
      file_name: file.fileName,
      mime_type: file.mimeType,
      size_bytes: file.content.length,
      content: file.content,
      created_at: file.now,
    })
    .execute();
}

/** Which of these file ids are the customer's own uploads. */
export function findOwnFileIds(db: Kysely<Database>, userId: string, fileIds: readonly string[]): Promise<{ id: string }[]> {
  return db.selectFrom('uploaded_files').select('id').where('user_id', '=', userId).where('id', 'in', fileIds).execute();
}

/** Records the submission and sends the method to review (readiness and status PENDING), in one transaction. */
export async function submitForVerification(
  db: Kysely<Database>,
  submission: { userId: string; paymentMethodId: string; fileIds: readonly string[]; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('verification_submissions')
      .values({
        id: randomUUID(),
        user_id: submission.userId,
        payment_method_id: submission.paymentMethodId,
        file_ids: JSON.stringify(submission.fileIds),
        created_at: submission.now,
      })
      .execute();
    await trx
      .updateTable('payment_methods')
      .set({ readiness: 'PENDING', status: 'PENDING' })
      .where('id', '=', submission.paymentMethodId)
      .execute();
  });
}
