import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, LinkTokensTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores a partner link token by its hash. */
export async function insertLinkToken(db: Db, token: Insertable<LinkTokensTable>): Promise<void> {
  await db.insertInto('link_tokens').values(token).execute();
}

/** The partner's access token of a linked item, when the item is known. */
export async function findPartnerItemAccessToken(db: Db, itemId: string): Promise<string | undefined> {
  const item = await db.selectFrom('partner_items').select('access_token').where('id', '=', itemId).executeTakeFirst();
  return item?.access_token;
}

/** Records a linked partner item once (a second account of the same login keeps the first row). */
export async function insertPartnerItem(
  trx: Transaction<Database>,
  item: { id: string; userId: string; institutionId: string; accessToken: string; createdAt: Date },
): Promise<void> {
  await trx
    .insertInto('partner_items')
    .values({
      id: item.id,
      user_id: item.userId,
      institution_id: item.institutionId,
      access_token: item.accessToken,
      created_at: item.createdAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
