import { createHash } from 'node:crypto';

// Rules of the community-service wrappers (watchlists, themes, tipping, options rewards); the terms are ours, the
// spec names the calls only.

/** Options rewards terms. */
export const OPTIONS_REFERRAL_REWARD_CENTS = 2_000;
export const OPTIONS_REBATE_CENTS_PER_CONTRACT = 6;

export const ServiceErrorCode = {
  WATCHLIST_NOT_FOUND: 'WATCHLIST_NOT_FOUND',
  THEME_NOT_FOUND: 'THEME_NOT_FOUND',
  UNKNOWN_INSTRUMENT: 'UNKNOWN_INSTRUMENT',
} as const;

/** A customer who has invited no one yet has no row; the code is derived from the id so it stays the same. */
export const derivedReferralCode = (userId: string) =>
  `FUND-${createHash('sha256').update(userId).digest('hex').slice(0, 8).toUpperCase()}`;
