import { RECONNECT_MAX_DELAY_SECONDS } from '../../api/contract/values';

/**
 * Seconds to wait before reconnecting the events channel after `attempts` consecutive failed connections
 * (funding-methods.md 4.10): min(30, 2^attempts - 1), so 1, 3, 7, 15, then 30 for good. No attempt yet waits 0.
 */
export function reconnectDelaySeconds(attempts: number): number {
  if (!Number.isFinite(attempts) || attempts <= 0) return 0;
  // 2^5 - 1 already exceeds the cap; stopping there keeps huge counts from overflowing to Infinity.
  return Math.min(RECONNECT_MAX_DELAY_SECONDS, 2 ** Math.min(Math.floor(attempts), 6) - 1);
}
