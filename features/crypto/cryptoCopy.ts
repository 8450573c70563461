import type { CryptoIneligibility, CryptoTransfer } from '../../api/contract';
import { CRYPTO_NETWORK_LABELS, type CryptoAsset, type CryptoNetwork } from '../../api/contract/values';

/** The words of /settings/crypto-transfer (the spec names the page only; these are ours). */
export const CryptoCopy = {
  title: 'Transfer crypto in',
  subtitle: 'Send crypto from another wallet or exchange to your Fundflow brokerage account.',
  back: 'Back to transfers',
  asset: 'Asset',
  network: 'Network',
  addressHeading: (asset: string) => `Your ${asset} deposit address`,
  copy: 'Copy address',
  copied: 'Address copied',
  copyFailed: "Couldn't copy. Select the address and copy it yourself.",
  mismatch: (asset: CryptoAsset, network: CryptoNetwork) =>
    `Send only ${asset} on the ${CRYPTO_NETWORK_LABELS[network]} network to this address. Any other asset, or ${asset} sent on another network, can be lost for good.`,
  minimum: (minimum: string, asset: string) => `Minimum ${minimum} ${asset}. Smaller transfers are returned, less network fees.`,
  confirmations: (count: number) => `Credited after ${count} network confirmations.`,
  creditedTo: (name: string, mask: string) => `Credited to ${name} •••• ${mask}`,
  sandbox: "Sandbox address: nothing real can arrive here. Don't send real crypto to it.",
  loadingAddress: 'Getting your deposit address',
  addressFailed: "We couldn't get a deposit address",
  loadFailed: "We couldn't load crypto transfers",
  transfersTitle: 'Incoming transfers',
  noTransfers: 'No crypto transfers yet',
  noTransfersBody: 'Transfers you send to your deposit addresses show up here with their confirmations.',
  finishApplication: 'Finish Application',
  portfolio: 'Go to your portfolio',
} as const;

export const IneligibleCopy: Record<CryptoIneligibility, { title: string; body: string }> = {
  RESTRICTED: {
    title: 'Crypto transfers are not available in your market',
    body: "Because of local rules we can't accept crypto from customers in your market right now. Your other accounts are not affected.",
  },
  APPLICATION_NOT_COMPLETE: {
    title: 'Finish your application first',
    body: 'Crypto is credited to your brokerage account, which opens once your application is approved.',
  },
  NO_BROKERAGE_ACCOUNT: {
    title: 'You need an open brokerage account',
    body: 'Crypto is held in your brokerage account. IRAs and cash accounts cannot hold crypto.',
  },
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** One line of status for an incoming transfer. */
export function transferStatusText(transfer: Pick<CryptoTransfer, 'status' | 'confirmations' | 'requiredConfirmations'>): string {
  if (transfer.status === 'CONFIRMING') return `Confirming (${transfer.confirmations} of ${transfer.requiredConfirmations})`;
  if (transfer.status === 'RETURNED') return 'Returned: under the minimum';
  return 'Completed';
}

export const transferDate = (iso: string) => dateFormat.format(new Date(iso));

/** 0x1234…cdef: enough to compare with the sending wallet. */
export const shortHash = (hash: string) => (hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);
