import { isHighYieldVariant, isIraVariant } from '../../api/contract/values';
import type { Account } from '../../api/contract';

/**
 * The deposit entry for the account on show: `regularDeposit=enabled` on this page, so the funding host opens the
 * flow that fits (a modal when that flag is on, else its route; the retirement variant for an IRA).
 */
export function depositLinkFor(account: Pick<Account, 'accountUuid' | 'variant'>): string {
  const destination = isIraVariant(account.variant) ? account.accountUuid : isHighYieldVariant(account.variant) ? 'high-yield' : 'us';
  return `/portfolio?regularDeposit=enabled&destination=${encodeURIComponent(destination)}`;
}
