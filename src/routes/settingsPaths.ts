/**
 * Old settings paths and where they live in the newer settings layout (deposits-and-transfers.md
 * section 2). Applied only while the newer-settings flag is on; query strings are kept.
 */
export const NEWER_SETTINGS_PATHS: Readonly<Record<string, string>> = {
  '/settings/deposit': '/settings/v2/deposit',
  '/settings/bank-link': '/settings/v2/bank-link',
  '/settings/funding-methods/add-funding-method': '/settings/v2/add-funding-methods',
  '/settings/funding-methods': '/settings/v2/transfers',
  '/settings/payment-methods': '/settings/v2/transfers',
  '/settings/recurring-deposits': '/settings/v2/transfers#recurring-deposits',
  '/settings/acat-transfer': '/settings/v2/transfers#acats',
  '/settings/wire-transfer': '/settings/v2/wire-transfer',
  '/settings/crypto-transfer': '/settings/v2/crypto-transfer',
  '/settings/documents': '/settings/v2/account-statements',
  '/settings/documents/trade-confirmations': '/settings/v2/trade-confirmations',
  '/settings/documents/tax-statements': '/settings/v2/tax-statements',
  '/settings/personal-info': '/settings/v2/personal-info',
  '/settings/investing-profile': '/settings/v2/investing-profile',
  '/settings/trusted-contact': '/settings/v2/trusted-contact',
  '/settings/beneficiaries': '/settings/v2/beneficiaries',
  '/settings/account-info': '/settings/v2/account-info',
  '/settings/membership': '/settings/v2/membership',
};

/**
 * The path to show for `location` under the current layout, or null when it stays where it is.
 * `search` is the raw query string (with or without '?'); a target with its own hash keeps it.
 */
export function newerSettingsPath(pathname: string, search: string, newerSettingsLayout: boolean): string | null {
  if (!newerSettingsLayout) return null;
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const target = NEWER_SETTINGS_PATHS[trimmed];
  if (!target) return null;
  const [targetPath, hash] = target.split('#');
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return `${targetPath}${query}${hash ? `#${hash}` : ''}`;
}
