import { createHmac } from 'node:crypto';
import { isCryptoAddressFor, type CryptoAsset, type CryptoNetwork, type ProviderMode } from '../../api/contract';

// The crypto custodian that gives deposit addresses, behind a seam. The spec names no custodian: the sandbox makes
// addresses that look like the network's real ones, the same every time for a customer, asset and network (Bitcoin
// on testnet, tb1…, so no real coins can be sent to an address nobody holds keys for). Live mode calls a custody
// API configured by environment (CRYPTO_CUSTODY_URL, CRYPTO_CUSTODY_API_KEY).

export interface DepositAddressRequest {
  userId: string;
  accountUuid: string;
  asset: CryptoAsset;
  network: CryptoNetwork;
}

export interface CryptoCustodyProvider {
  readonly mode: ProviderMode;
  depositAddress: (request: DepositAddressRequest) => Promise<string>;
}

export class CustodyUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CustodyUnavailableError';
  }
}

// ---- encodings ----

const BECH32_ALPHABET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit += 1) if ((top >>> bit) & 1) checksum ^= BECH32_GENERATOR[bit];
  }
  return checksum;
}

const hrpExpand = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

/** 8-bit bytes to 5-bit groups, padded (BIP-173 convertbits). */
function toWords(bytes: Uint8Array): number[] {
  const words: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const byte of bytes) {
    accumulator = (accumulator << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((accumulator >> bits) & 31);
    }
  }
  if (bits > 0) words.push((accumulator << (5 - bits)) & 31);
  return words;
}

/** A native SegWit v0 address (P2WPKH) of a 20-byte program, with its BIP-173 checksum. */
export function segwitV0Address(hrp: 'bc' | 'tb', program: Uint8Array): string {
  const data = [0, ...toWords(program)];
  const polymod = bech32Polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (polymod >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((w) => BECH32_ALPHABET[w]).join('')}`;
}

/** Checks a bech32 (v0) checksum. */
export function hasValidBech32Checksum(address: string): boolean {
  const separator = address.lastIndexOf('1');
  const hrp = address.slice(0, separator);
  const data = [...address.slice(separator + 1)].map((c) => BECH32_ALPHABET.indexOf(c));
  return !data.includes(-1) && bech32Polymod([...hrpExpand(hrp), ...data]) === 1;
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = BASE58_ALPHABET[Number(value % 58n)] + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

// ---- implementations ----

const SANDBOX_KEY = 'fundflow-sandbox-custody-v1';

/** Deterministic per customer, asset and network. */
export const sandboxCustody: CryptoCustodyProvider = {
  mode: 'sandbox',
  async depositAddress({ userId, asset, network }) {
    const seed = createHmac('sha256', SANDBOX_KEY).update(`${userId}:${asset}:${network}`).digest();
    switch (network) {
      case 'BITCOIN':
        return segwitV0Address('tb', seed.subarray(0, 20));
      case 'ETHEREUM':
        return `0x${seed.subarray(0, 20).toString('hex')}`;
      case 'SOLANA':
        return base58(seed);
    }
  },
};

export interface LiveCustodyOptions {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
}

/** POST {baseUrl}/v1/deposit-addresses { reference, asset, network } → { address }. */
export function liveCustody(options: LiveCustodyOptions): CryptoCustodyProvider {
  return {
    mode: 'live',
    async depositAddress({ accountUuid, asset, network }) {
      let response: Response;
      try {
        response = await options.fetch(`${options.baseUrl.replace(/\/$/, '')}/v1/deposit-addresses`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify({ reference: accountUuid, asset, network }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new CustodyUnavailableError(`custody request failed: ${(error as Error).message}`);
      }
      if (!response.ok) throw new CustodyUnavailableError(`custody answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as { address?: unknown } | null;
      const address = typeof body?.address === 'string' ? body.address : '';
      // Never show an address that does not belong to the network the customer picked.
      if (!isCryptoAddressFor(network, address)) throw new CustodyUnavailableError('custody answered an address of the wrong format');
      return address;
    },
  };
}

export interface CustodyEnvironment {
  CRYPTO_CUSTODY_URL?: string;
  CRYPTO_CUSTODY_API_KEY?: string;
}

export function custodyFromEnvironment(env: CustodyEnvironment, fetchImpl: typeof fetch = fetch): CryptoCustodyProvider {
  return env.CRYPTO_CUSTODY_URL && env.CRYPTO_CUSTODY_API_KEY
    ? liveCustody({ baseUrl: env.CRYPTO_CUSTODY_URL, apiKey: env.CRYPTO_CUSTODY_API_KEY, fetch: fetchImpl })
    : sandboxCustody;
}
