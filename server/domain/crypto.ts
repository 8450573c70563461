import { randomUUID, createHash } from 'node:crypto';
import type { ColumnType, Kysely, Selectable, Transaction } from 'kysely';
import {
  CRYPTO_CATALOGUE,
  CRYPTO_MARKET_KIND,
  CRYPTO_NETWORK_LABELS,
  cryptoNetworkOption,
  type CryptoAsset,
  type CryptoDepositOptions,
  type CryptoIneligibility,
  type CryptoNetwork,
  type CryptoTransfer,
  type CryptoTransferStatus,
} from '../../api/contract';
import type { AccountRow, Database, UserRow } from '../db/schema';
import { readAppConfig } from '../repositories/appConfig';
import { resolveUniversalConfig } from './universalConfig';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface CryptoDepositAddressesTable {
  account_id: string;
  asset: CryptoAsset;
  network: CryptoNetwork;
  address: string;
  created_at: Timestamp;
}

export interface CryptoTransfersTable {
  id: string;
  user_id: string;
  account_id: string;
  asset: CryptoAsset;
  network: CryptoNetwork;
  quantity: string;
  status: CryptoTransferStatus;
  confirmations: number;
  required_confirmations: number;
  transaction_hash: string;
  created_at: Timestamp;
  completed_at: NullableTimestamp;
}

declare module '../db/schema' {
  interface Database {
    crypto_deposit_addresses: CryptoDepositAddressesTable;
    crypto_transfers: CryptoTransfersTable;
  }
}

export type CryptoTransferRow = Selectable<CryptoTransfersTable>;

/** Crypto is credited to the customer's own brokerage account (individual or joint); IRAs and cash accounts hold none. */
export const CRYPTO_ACCOUNT_VARIANTS = ['US'] as const;

export function cryptoAccountOf(accounts: AccountRow[]): AccountRow | undefined {
  return accounts.find((account) => (CRYPTO_ACCOUNT_VARIANTS as readonly string[]).includes(account.variant));
}

/** Why the customer cannot send crypto in now, or null when they can (market restriction first, then the account). */
export async function cryptoIneligibility(db: Kysely<Database>, user: UserRow, account: AccountRow | undefined): Promise<CryptoIneligibility | null> {
  const { config } = resolveUniversalConfig(await readAppConfig(db));
  if (config.marketRestrictions[CRYPTO_MARKET_KIND]) return 'RESTRICTED';
  if (user.application_status !== 'COMPLETE' || user.status !== 'ACTIVE') return 'APPLICATION_NOT_COMPLETE';
  if (!account || account.status !== 'OPEN') return 'NO_BROKERAGE_ACCOUNT';
  return null;
}

export function presentDepositOptions(
  ineligibility: CryptoIneligibility | null,
  account: AccountRow | undefined,
  custodyMode: CryptoDepositOptions['custodyMode'],
): CryptoDepositOptions {
  return {
    eligible: ineligibility === null,
    ineligibility,
    account: account ? { accountUuid: account.id, displayName: account.display_name, mask: account.account_number.slice(-4) } : null,
    assets: CRYPTO_CATALOGUE.map((option) => ({
      asset: option.asset,
      name: option.name,
      networks: option.networks.map((n) => ({ network: n.network, label: CRYPTO_NETWORK_LABELS[n.network], minimum: n.minimum, confirmations: n.confirmations })),
    })),
    custodyMode,
  };
}

export function presentCryptoTransfer(row: CryptoTransferRow): CryptoTransfer {
  return {
    id: row.id,
    accountUuid: row.account_id,
    asset: row.asset,
    network: row.network,
    quantity: row.quantity,
    status: row.status,
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    transactionHash: row.transaction_hash,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
  };
}

// ---- demo data ----

interface DemoCryptoTransfer {
  asset: CryptoAsset;
  network: CryptoNetwork;
  quantity: string;
  status: CryptoTransferStatus;
  confirmations?: number;
  hoursAgo: number;
}

/** Incoming transfers of demo customers, dated relative to when the demo data is written. */
const DEMO_CRYPTO_TRANSFERS: Record<string, DemoCryptoTransfer[]> = {
  'alex@fundflow.test': [
    { asset: 'ETH', network: 'ETHEREUM', quantity: '0.5', status: 'CONFIRMING', confirmations: 4, hoursAgo: 0.1 },
    { asset: 'USDC', network: 'SOLANA', quantity: '250', status: 'COMPLETED', hoursAgo: 24 * 6 },
    { asset: 'BTC', network: 'BITCOIN', quantity: '0.015', status: 'COMPLETED', hoursAgo: 24 * 21 },
    { asset: 'SOL', network: 'SOLANA', quantity: '0.004', status: 'RETURNED', hoursAgo: 24 * 30 },
  ],
};

function demoHash(network: CryptoNetwork, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  if (network === 'ETHEREUM') return `0x${digest.toString('hex')}`;
  return digest.toString('hex');
}

/** Writes a demo customer's incoming crypto transfers (none for most). */
export async function insertDemoCryptoTransfers(trx: Transaction<Database> | Kysely<Database>, userId: string, email: string, now: Date): Promise<void> {
  const demo = DEMO_CRYPTO_TRANSFERS[email];
  if (!demo) return;
  const accounts = await trx.selectFrom('accounts').selectAll().where('user_id', '=', userId).execute();
  const account = cryptoAccountOf(accounts);
  if (!account) return;
  for (const [index, transfer] of demo.entries()) {
    const required = cryptoNetworkOption(transfer.asset, transfer.network)!.confirmations;
    const createdAt = new Date(now.getTime() - transfer.hoursAgo * 3_600_000);
    await trx
      .insertInto('crypto_transfers')
      .values({
        id: randomUUID(),
        user_id: userId,
        account_id: account.id,
        asset: transfer.asset,
        network: transfer.network,
        quantity: transfer.quantity,
        status: transfer.status,
        confirmations: transfer.status === 'CONFIRMING' ? (transfer.confirmations ?? 0) : required,
        required_confirmations: required,
        transaction_hash: demoHash(transfer.network, `${userId}:${index}`),
        created_at: createdAt,
        completed_at: transfer.status === 'CONFIRMING' ? null : new Date(createdAt.getTime() + 30 * 60_000),
      })
      .execute();
  }
}

/** Demo databases made before migration 0010 get the demo crypto transfers once. */
export async function addMissingDemoCryptoTransfers(db: Kysely<Database>, now: Date): Promise<void> {
  for (const email of Object.keys(DEMO_CRYPTO_TRANSFERS)) {
    const user = await db.selectFrom('users').select('id').where('email', '=', email).where('is_demo', '=', true).executeTakeFirst();
    if (!user) continue;
    const any = await db.selectFrom('crypto_transfers').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
    if (!any) await insertDemoCryptoTransfers(db, user.id, email, now);
  }
}
