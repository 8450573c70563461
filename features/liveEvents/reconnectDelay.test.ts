import fc from 'fast-check';
import { reconnectDelaySeconds } from './reconnectDelay';

describe('reconnect delay: min(30, 2^attempts - 1) seconds', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 3],
    [3, 7],
    [4, 15],
    [5, 30],
    [6, 30],
    [50, 30],
    [10_000, 30],
  ])('after %i failed attempts waits %i seconds', (attempts, seconds) => {
    expect(reconnectDelaySeconds(attempts)).toBe(seconds);
  });

  it('never waits more than 30 seconds and never less than the previous attempt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (attempts) => {
        const delay = reconnectDelaySeconds(attempts);
        expect(delay).toBeLessThanOrEqual(30);
        expect(delay).toBe(Math.min(30, 2 ** Math.min(attempts, 1000) - 1));
        expect(reconnectDelaySeconds(attempts + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });

  it('treats a negative or broken count as no attempt yet', () => {
    expect(reconnectDelaySeconds(-1)).toBe(0);
    expect(reconnectDelaySeconds(Number.NaN)).toBe(0);
  });
});
