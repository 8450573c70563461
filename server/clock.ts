/** Time comes from here, never from `new Date()` in domain code, so rules are testable at fixed dates. */
export interface Clock {
  now: () => Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and move forward. */
export function manualClock(start: Date | string): Clock & { set: (at: Date | string) => void; advance: (ms: number) => void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * Sandbox only (FUNDFLOW_SANDBOX_NOW): a clock that starts at `start` when the server starts and runs forward in
 * real time from there, so a person or a test can see a bank holiday, a cut-off or a month's end without waiting
 * for one. The scheduler, settlement and every date of the product read it.
 */
export function shiftedClock(start: Date, realNow: () => number = Date.now): Clock {
  const offset = start.getTime() - realNow();
  return { now: () => new Date(realNow() + offset) };
}

/** FUNDFLOW_SANDBOX_NOW as an instant: an ISO 8601 date-time with a zone ('2026-11-26T15:00:00Z'). */
export function parseSandboxNow(value: string | undefined): Date | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  const at = new Date(trimmed);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed) || Number.isNaN(at.getTime())) {
    throw new Error(`FUNDFLOW_SANDBOX_NOW must be an ISO date-time with a zone, such as 2026-11-26T15:00:00Z, not "${value}"`);
  }
  return at;
}
