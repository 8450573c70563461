import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  CRYPTO_CATALOGUE,
  CRYPTO_NETWORK_LABELS,
  type CryptoDepositAddress,
  type CryptoDepositAddressRequest,
  type CryptoDepositOptions,
  type CryptoTransfer,
  type CryptoTransfersResponse,
} from '../../api/contract';
import { API_ORIGIN } from './handlers';

const url = (path: string) => `${API_ORIGIN}${path}`;

export function cryptoOptionsFixture(overrides: Partial<CryptoDepositOptions> = {}): CryptoDepositOptions {
  return {
    eligible: true,
    ineligibility: null,
    account: { accountUuid: 'uuid-brokerage', displayName: 'Brokerage', mask: '2345' },
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
    custodyMode: 'sandbox',
    ...overrides,
  };
}

export function cryptoTransferFixture(overrides: Partial<CryptoTransfer> = {}): CryptoTransfer {
  return {
    id: 'ct-1',
    accountUuid: 'uuid-brokerage',
    asset: 'ETH',
    network: 'ETHEREUM',
    quantity: '0.5',
    status: 'CONFIRMING',
    confirmations: 4,
    requiredConfirmations: 12,
    transactionHash: '0x9f2c4b1a7e3d5c6b8a9f0e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d5e4f3',
    createdAt: '2026-03-02T14:54:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

/** Addresses in each network's format, as the sandbox custodian gives them. */
export const SAMPLE_ADDRESSES = {
  BITCOIN: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  ETHEREUM: '0x52908400098527886e0f7030069857d2e4169ee7',
  SOLANA: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
} as const;

export function cryptoBackend(
  options: CryptoDepositOptions = cryptoOptionsFixture(),
  transfers: CryptoTransfer[] = [cryptoTransferFixture()],
) {
  const asked: CryptoDepositAddressRequest[] = [];
  const handlers = [
    http.get(url(ApiPaths.cryptoDepositOptions), () => HttpResponse.json<CryptoDepositOptions>(options)),
    http.post<never, CryptoDepositAddressRequest, CryptoDepositAddress>(url(ApiPaths.cryptoDepositAddress), async ({ request }) => {
      const body = await request.json();
      asked.push(body);
      const network = CRYPTO_CATALOGUE.find((o) => o.asset === body.asset)!.networks.find((n) => n.network === body.network)!;
      return HttpResponse.json<CryptoDepositAddress>({
        ...body,
        address: SAMPLE_ADDRESSES[body.network],
        minimum: network.minimum,
        confirmations: network.confirmations,
      });
    }),
    http.get(url(ApiPaths.cryptoTransfers), () => HttpResponse.json<CryptoTransfersResponse>({ transfers })),
  ];
  return { handlers, asked };
}
