import { Type, type Static } from '@sinclair/typebox';
import { Obj, StringEnum, Uuid } from './common';
import { CRYPTO_ASSETS, CRYPTO_INELIGIBILITY, CRYPTO_NETWORKS, CRYPTO_TRANSFER_STATUSES } from './cryptoAssets';
import { PROVIDER_MODES } from './enums';

// Crypto transfers in (/settings/crypto-transfer). Our paths and shapes: the spec names the page only.

const Quantity = Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,18})?$' });

export const CryptoNetworkOptionSchema = Obj({
  network: StringEnum(CRYPTO_NETWORKS),
  label: Type.String(),
  minimum: Quantity,
  confirmations: Type.Integer({ minimum: 1 }),
});

export const CryptoDepositOptions = Obj({
  /** True when the customer can send crypto in now; otherwise `ineligibility` says why. */
  eligible: Type.Boolean(),
  ineligibility: Type.Union([StringEnum(CRYPTO_INELIGIBILITY), Type.Null()]),
  /** The account crypto is credited to (the customer's brokerage account), when there is one. */
  account: Type.Union([Obj({ accountUuid: Type.String(), displayName: Type.String(), mask: Type.String() }), Type.Null()]),
  assets: Type.Array(Obj({ asset: StringEnum(CRYPTO_ASSETS), name: Type.String(), networks: Type.Array(CryptoNetworkOptionSchema) })),
  /** sandbox: addresses are made up (Bitcoin on testnet) and nothing real can arrive. */
  custodyMode: StringEnum(PROVIDER_MODES),
});
export type CryptoDepositOptions = Static<typeof CryptoDepositOptions>;

export const CryptoDepositAddressRequest = Obj({
  accountUuid: Uuid,
  asset: StringEnum(CRYPTO_ASSETS),
  network: StringEnum(CRYPTO_NETWORKS),
});
export type CryptoDepositAddressRequest = Static<typeof CryptoDepositAddressRequest>;

export const CryptoDepositAddress = Obj({
  accountUuid: Type.String(),
  asset: StringEnum(CRYPTO_ASSETS),
  network: StringEnum(CRYPTO_NETWORKS),
  address: Type.String(),
  minimum: Quantity,
  confirmations: Type.Integer({ minimum: 1 }),
});
export type CryptoDepositAddress = Static<typeof CryptoDepositAddress>;

export const CryptoTransfer = Obj({
  id: Type.String(),
  accountUuid: Type.String(),
  asset: StringEnum(CRYPTO_ASSETS),
  network: StringEnum(CRYPTO_NETWORKS),
  quantity: Quantity,
  status: StringEnum(CRYPTO_TRANSFER_STATUSES),
  confirmations: Type.Integer({ minimum: 0 }),
  requiredConfirmations: Type.Integer({ minimum: 1 }),
  /** The network's transaction id. */
  transactionHash: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  completedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type CryptoTransfer = Static<typeof CryptoTransfer>;

export const CryptoTransfersResponse = Obj({ transfers: Type.Array(CryptoTransfer) });
export type CryptoTransfersResponse = Static<typeof CryptoTransfersResponse>;

export const CryptoTransfersQuery = Obj({ accountUuid: Type.Optional(Uuid) });
export type CryptoTransfersQuery = Static<typeof CryptoTransfersQuery>;
