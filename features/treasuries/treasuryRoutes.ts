// Routes of the Treasuries area. The spec shows none of them ("Route of the Treasuries education page: not shown"),
// so they are ours; the lead's route table points them at the lazily loaded pages of this folder.

/** The Treasuries education page (funding-methods.md 2.12). `?sourceScreen=` names where it was opened from. */
export const TREASURIES_EDUCATION_PATH = '/treasuries/education';
/** The treasuries quick-buy route; the education page's Continue opens it with `?source=education`. */
export const TREASURIES_QUICK_BUY_PATH = '/treasuries/quick-buy';
/** The managed bond account page the promo card's 'Learn more' opens. */
export const BOND_ACCOUNT_PATH = '/bond-account';

/** 2.1: sourceScreen is for tracking only; a missing one means the page was opened by a deep link. */
export const DEFAULT_SOURCE_SCREEN = 'deep_link';
export const EDUCATION_SOURCE = 'education';

export const quickBuyFromEducation = () => `${TREASURIES_QUICK_BUY_PATH}?source=${EDUCATION_SOURCE}`;

/** "4.31" -> "4.31%"; the server's percent strings already carry exactly two decimals. */
export const percentText = (value: string) => `${value}%`;
