// Runtime values of crypto transfers in (/settings/crypto-transfer): plain data, so the browser may import them
// (through ./values) and the server answers from the same catalogue.

export const CRYPTO_ASSETS = ['BTC', 'ETH', 'USDC', 'SOL'] as const;
export type CryptoAsset = (typeof CRYPTO_ASSETS)[number];
export const CRYPTO_NETWORKS = ['BITCOIN', 'ETHEREUM', 'SOLANA'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

export const CRYPTO_NETWORK_LABELS: Record<CryptoNetwork, string> = {
  BITCOIN: 'Bitcoin',
  ETHEREUM: 'Ethereum (ERC-20)',
  SOLANA: 'Solana (SPL)',
};

export interface CryptoNetworkOption {
  network: CryptoNetwork;
  /** Smallest transfer credited, as an exact decimal in the asset's units; smaller ones are not credited. */
  minimum: string;
  /** Network confirmations before the transfer is credited. */
  confirmations: number;
}

export interface CryptoAssetOption {
  asset: CryptoAsset;
  name: string;
  networks: readonly CryptoNetworkOption[];
}

/** What can be sent in, on which networks. USDC comes on two networks, hence the mismatch warning. */
export const CRYPTO_CATALOGUE: readonly CryptoAssetOption[] = [
  { asset: 'BTC', name: 'Bitcoin', networks: [{ network: 'BITCOIN', minimum: '0.0001', confirmations: 2 }] },
  { asset: 'ETH', name: 'Ether', networks: [{ network: 'ETHEREUM', minimum: '0.001', confirmations: 12 }] },
  {
    asset: 'USDC',
    name: 'USD Coin',
    networks: [
      { network: 'ETHEREUM', minimum: '1', confirmations: 12 },
      { network: 'SOLANA', minimum: '1', confirmations: 32 },
    ],
  },
  { asset: 'SOL', name: 'Solana', networks: [{ network: 'SOLANA', minimum: '0.01', confirmations: 32 }] },
];

export function cryptoNetworkOption(asset: string, network: string): CryptoNetworkOption | undefined {
  return CRYPTO_CATALOGUE.find((option) => option.asset === asset)?.networks.find((option) => option.network === network);
}

/** The market-restriction key (universal configuration) that turns crypto off. */
export const CRYPTO_MARKET_KIND = 'crypto';

export const CRYPTO_TRANSFER_STATUSES = ['CONFIRMING', 'COMPLETED', 'RETURNED'] as const;
export type CryptoTransferStatus = (typeof CRYPTO_TRANSFER_STATUSES)[number];

export const CRYPTO_INELIGIBILITY = ['RESTRICTED', 'APPLICATION_NOT_COMPLETE', 'NO_BROKERAGE_ACCOUNT'] as const;
export type CryptoIneligibility = (typeof CRYPTO_INELIGIBILITY)[number];

export const CryptoErrorCode = {
  RESTRICTED: 'CRYPTO_RESTRICTED',
  NOT_ELIGIBLE: 'CRYPTO_NOT_ELIGIBLE',
  NETWORK_NOT_SUPPORTED: 'CRYPTO_NETWORK_NOT_SUPPORTED',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  CUSTODY_UNAVAILABLE: 'CRYPTO_CUSTODY_UNAVAILABLE',
} as const;

// Address formats per network, to check what the custodian gives before showing it.
const BECH32_CHARSET = '[qpzry9x8gf2tvdw0s3jn54khce6mua7l]';
const ADDRESS_PATTERNS: Record<CryptoNetwork, RegExp> = {
  // Native SegWit (P2WPKH): mainnet bc1q..., testnet tb1q...
  BITCOIN: new RegExp(`^(bc|tb)1q${BECH32_CHARSET}{38}$`),
  ETHEREUM: /^0x[0-9a-fA-F]{40}$/,
  // A 32-byte public key in base58: 32 to 44 characters.
  SOLANA: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
};
export const isCryptoAddressFor = (network: CryptoNetwork, address: string) => ADDRESS_PATTERNS[network].test(address);
