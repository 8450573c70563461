/** Time comes from here, never from `new Date()` in domain code, so rules are testable at fixed dates. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and move forward. */
export function manualClock(start: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
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
