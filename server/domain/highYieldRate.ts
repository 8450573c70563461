/** APY shown when app_config has no valid `highYield.rate` ("4.10" means 4.10 %). */
export const DEFAULT_HIGH_YIELD_RATE = '4.10';
const RATE_PATTERN = /^\d{1,2}\.\d{2}$/;

/** The high-yield rate as shown ("4.10"): the stored `highYield.rate` when it is a valid one, else the default. */
export const highYieldRateOf = (stored: unknown): string =>
  typeof stored === 'string' && RATE_PATTERN.test(stored) ? stored : DEFAULT_HIGH_YIELD_RATE;
