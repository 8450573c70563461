import type { AccountVariant } from '../../api/contract';

/** How long the 'Switching to …' loader shows (deposits-and-transfers.md section 2; funding-methods.md 2.14). */
export const ACCOUNT_SWITCH_LOADER_MS = 2000;
/** The query parameter that shows the loader; its value is the account variant switched to. */
export const ACCOUNT_LOADING_PARAM = 'accountLoading';

const LOADER_NAMES: Partial<Record<AccountVariant, string>> = { US: 'Brokerage', TRADITIONAL_IRA: 'Traditional IRA', ROTH_IRA: 'Roth IRA' };

/** The spellings accepted for ?accountLoading= (the variant's name, or a readable alias). */
const ALIASES: Record<string, AccountVariant> = {
  us: 'US',
  brokerage: 'US',
  traditional_ira: 'TRADITIONAL_IRA',
  'traditional-ira': 'TRADITIONAL_IRA',
  roth_ira: 'ROTH_IRA',
  'roth-ira': 'ROTH_IRA',
};

/** The selectable variant a ?accountLoading= value names, or null for anything else (then no loader shows). */
export function parseAccountLoading(value: string | null): AccountVariant | null {
  if (!value) return null;
  return ALIASES[value.trim().toLowerCase()] ?? null;
}

/** 'Switching to Brokerage...' (the spec's words and its three dots). */
export const switchingMessage = (variant: AccountVariant) => `Switching to ${LOADER_NAMES[variant] ?? 'Brokerage'}...`;

/** After the loader: a customer on a deposit, withdrawal or settings page goes to the portfolio; elsewhere they stay. */
export function pathAfterSwitch(pathname: string): string | null {
  const onMoneyOrSettingsPage =
    pathname.startsWith('/settings') ||
    pathname.endsWith('/deposit') ||
    pathname.endsWith('/withdraw') ||
    pathname.endsWith('/withdrawal') ||
    pathname.startsWith('/high-yield/');
  return onMoneyOrSettingsPage ? '/portfolio' : null;
}

/** The address of the loader for a switch made on `pathname` + `search`: the same page with ?accountLoading=. */
export function switchingAddress(pathname: string, search: string, variant: AccountVariant): string {
  const params = new URLSearchParams(search);
  params.set(ACCOUNT_LOADING_PARAM, variant);
  return `${pathname}?${params}`;
}

/** The address once the loader is done: the portfolio, or the same page without the parameter. */
export function addressAfterSwitch(pathname: string, search: string, hash = ''): string {
  const target = pathAfterSwitch(pathname);
  if (target) return target;
  const params = new URLSearchParams(search);
  params.delete(ACCOUNT_LOADING_PARAM);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}
