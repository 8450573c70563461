import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { cryptoNetworkOption, type CryptoAsset, type CryptoNetwork, type CryptoTransferStatus } from '../../../api/contract';
import { cryptoAccountOf } from '../../domain/crypto';
import { accountsOfCustomer, demoCustomerWithoutCryptoTransfers, insertCryptoTransfer } from '../../repositories/crypto';
import type { Database } from '../schema';

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
export async function insertDemoCryptoTransfers(
  trx: Transaction<Database> | Kysely<Database>,
  userId: string,
  email: string,
  now: Date,
): Promise<void> {
  const demo = DEMO_CRYPTO_TRANSFERS[email];
  if (!demo) return;
  const account = cryptoAccountOf(await accountsOfCustomer(trx, userId));
  if (!account) return;
  for (const [index, transfer] of demo.entries()) {
    const required = cryptoNetworkOption(transfer.asset, transfer.network)!.confirmations;
    const createdAt = new Date(now.getTime() - transfer.hoursAgo * 3_600_000);
    await insertCryptoTransfer(trx, {
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
    });
  }
}

/** Demo databases made before migration 0010 get the demo crypto transfers once. */
export async function addMissingDemoCryptoTransfers(db: Kysely<Database>, now: Date): Promise<void> {
  for (const email of Object.keys(DEMO_CRYPTO_TRANSFERS)) {
    const userId = await demoCustomerWithoutCryptoTransfers(db, email);
    if (userId) await insertDemoCryptoTransfers(db, userId, email, now);
  }
}
