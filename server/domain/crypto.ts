import type { ColumnType, Kysely, Selectable } from 'kysely';
import {
  CRYPTO_CATALOGUE,
  CRYPTO_MARKET_KIND,
  CRYPTO_NETWORK_LABELS,
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
export async function cryptoIneligibility(
  db: Kysely<Database>,
  user: UserRow,
  account: AccountRow | undefined,
): Promise<CryptoIneligibility | null> {
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
      networks: option.networks.map((n) => ({
        network: n.network,
        label: CRYPTO_NETWORK_LABELS[n.network],
        minimum: n.minimum,
        confirmations: n.confirmations,
      })),
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
