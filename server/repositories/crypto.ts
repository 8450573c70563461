import type { Insertable, Kysely, Transaction } from 'kysely';
import type { CryptoAsset, CryptoNetwork } from '../../api/contract';
import type { AccountRow, Database } from '../db/schema';
import type { CryptoTransferRow, CryptoTransfersTable } from '../domain/crypto';

// Every query of crypto transfers in (migration 0010): deposit addresses, incoming transfers, and the accounts
// they may go to.

type Db = Kysely<Database> | Transaction<Database>;

/** Every account of the customer, in no particular order. */
export const accountsOfCustomer = (db: Db, userId: string): Promise<AccountRow[]> =>
  db.selectFrom('accounts').selectAll().where('user_id', '=', userId).execute();

export async function findDepositAddress(
  db: Db,
  accountId: string,
  asset: CryptoAsset,
  network: CryptoNetwork,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('crypto_deposit_addresses')
    .select('address')
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .where('network', '=', network)
    .executeTakeFirst();
  return row?.address;
}

/** Keeps the custodian's address unless one is kept already (the first stored wins); answers the kept one. */
export async function keepDepositAddress(
  db: Db,
  accountId: string,
  asset: CryptoAsset,
  network: CryptoNetwork,
  address: string,
  now: Date,
): Promise<string> {
  await db
    .insertInto('crypto_deposit_addresses')
    .values({ account_id: accountId, asset, network, address, created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'asset', 'network']).doNothing())
    .execute();
  const kept = await db
    .selectFrom('crypto_deposit_addresses')
    .select('address')
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .where('network', '=', network)
    .executeTakeFirstOrThrow();
  return kept.address;
}

/** The customer's newest incoming transfers (of one account when given), at most `limit`. */
export function listCryptoTransfers(db: Db, userId: string, accountId: string | undefined, limit: number): Promise<CryptoTransferRow[]> {
  let query = db.selectFrom('crypto_transfers').selectAll().where('user_id', '=', userId);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  return query.orderBy('created_at', 'desc').limit(limit).execute();
}

export async function insertCryptoTransfer(db: Db, row: Insertable<CryptoTransfersTable>): Promise<void> {
  await db.insertInto('crypto_transfers').values(row).execute();
}

/** The demo customer's id when they have no crypto transfer yet; undefined otherwise. */
export async function demoCustomerWithoutCryptoTransfers(db: Db, email: string): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).where('is_demo', '=', true).executeTakeFirst();
  if (!user) return undefined;
  const any = await db.selectFrom('crypto_transfers').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
  return any ? undefined : user.id;
}
