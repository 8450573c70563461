// What the domain, the jobs and the live events tell the metrics. An interface with no dependency, so none of
// them imports prom-client; the app gives its own implementation (promMetrics.ts), and code run without one
// (a unit test calling the domain directly) gets noMetrics.

/** Where a deposit decision came from: a customer's confirm, or a recurring occurrence the scheduler ran. */
export type DepositOrigin = 'confirm' | 'recurring';

/**
 * What happened to one recurring occurrence the scheduler reached: a deposit was made, the deposit was
 * refused (the schedule moves on), the schedule was paused, or the occurrence was passed over because it had
 * already been run or skipped by the customer.
 */
export type RecurringRunOutcome = 'made' | 'failed' | 'paused' | 'skipped';

export interface Metrics {
  /** A deposit was placed and its transaction committed. */
  depositConfirmed: (origin: DepositOrigin) => void;
  /** A deposit was refused by a money rule (the refusal's error code, e.g. DE#00003); replays are not counted. */
  depositRefused: (origin: DepositOrigin, errorCode: string) => void;
  /** One recurring occurrence handled by the scheduler, after its transaction committed. */
  recurringRun: (outcome: RecurringRunOutcome, errorCode?: string) => void;
  /** One pass of scheduled settlement: completed (with the deposits it settled) or failed. */
  settlementRun: (outcome: 'completed' | 'failed', settled: number) => void;
  /** How to count this instance's open live-event sockets when the metrics are read. */
  watchLiveSockets: (count: () => number) => void;
}

export const noMetrics: Metrics = {
  depositConfirmed: () => undefined,
  depositRefused: () => undefined,
  recurringRun: () => undefined,
  settlementRun: () => undefined,
  watchLiveSockets: () => undefined,
};
