// The goals `npm run bench` reports against, in a module of their own so the report's table (benchReport.ts)
// and its unit test need neither a browser nor a server.

/** Lighthouse's mobile preset on /login and /portfolio (issue 7). */
export const LIGHTHOUSE_GOALS = { score: 90, lcpMs: 2500, tbtMs: 300, cls: 0.05 } as const;
/** The deposit flow's worst interaction at 4x CPU (issue 7). */
export const INTERACTION_GOAL_MS = 200;
/**
 * Deposit confirm against the bare stack on the same database (issue 20): at least 0.8x its requests/s, p99 at
 * most 2x its p99, and no errors.
 */
export const BARE_STACK_GOALS = { minThroughputRatio: 0.8, maxP99Ratio: 2 } as const;
