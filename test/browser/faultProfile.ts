import type { Page } from 'playwright-core';
import { settleWaitMs } from './faultArming';

/**
 * FAULT_KIT_PROFILE=1: each row prints where its seconds went (per phase) and how many page loads it made, so a
 * slow suite can be measured by counts as well as by seconds on a shared machine.
 */
const PROFILE = process.env.FAULT_KIT_PROFILE === '1';
export function rowProfile(page: Page, started: number) {
  const seconds: Record<string, number> = {};
  let loads = 0;
  let signIns = 0;
  let appLoads = 0;
  page.on('load', () => {
    loads += 1;
    if (page.url() !== 'about:blank') appLoads += 1;
    if (new URL(page.url()).pathname.startsWith('/login')) signIns += 1;
  });
  let last = started;
  return {
    mark(phase: string) {
      const now = Date.now();
      seconds[phase] = (seconds[phase] ?? 0) + (now - last) / 1000;
      last = now;
    },
    report(name: string) {
      if (!PROFILE) return;
      const phases = Object.entries(seconds)
        .map(([phase, s]) => `${phase} ${s.toFixed(1)}`)
        .join(', ');
      const waits = `settle-wait ${((settleWaitMs.get(page) ?? 0) / 1000).toFixed(2)}`;
      process.stdout.write(
        `[fault kit] ${name}: loads ${loads} (of the app ${appLoads}), sign-ins ${signIns}; real-time waits: ${waits}; ${phases}\n`,
      );
    },
  };
}
