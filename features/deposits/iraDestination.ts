import type { Account } from '../../api/contract';
import { IRA_VARIANTS, isIraVariant } from '../../api/contract/fundingSources';

/** The ?destination= words that mean a retirement account (our decision; the spec names only us and high-yield). */
const RETIREMENT_WORDS: Record<string, readonly Account['variant'][]> = {
  ira: IRA_VARIANTS,
  retirement: IRA_VARIANTS,
  'traditional-ira': ['TRADITIONAL_IRA'],
  'roth-ira': ['ROTH_IRA'],
};

/**
 * The open IRA a deposit link points at, or null when it points elsewhere. Retirement accounts use the modal
 * variant of the deposit flow (deposits-and-transfers.md section 2), so the host needs to tell them apart.
 */
export function retirementDestination(destination: string | null, accounts: readonly Account[]): Account | null {
  if (!destination) return null;
  const open = accounts.filter((account) => account.status === 'OPEN' && isIraVariant(account.variant));
  const variants = RETIREMENT_WORDS[destination.toLowerCase()];
  if (variants) return open.find((account) => variants.includes(account.variant)) ?? null;
  return open.find((account) => account.accountUuid === destination) ?? null;
}

/** The last four digits the IRA flow uses to pick its account. */
export const accountDigitsOf = (account: Pick<Account, 'account'>) => account.account.slice(-4);
