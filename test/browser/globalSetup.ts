import { ensureAppBuilt } from '../../scripts/appBuild';
import { ensureServerBuilt } from '../../scripts/serverBuild';
import { startServer } from '../../server/main';
import { findChromium } from './chromium';

/**
 * Builds the app and the server bundle if needed (the cluster test runs build/server/*.js, as production does),
 * and starts one real server on a free port with a fresh in-memory database.
 */
export default async function globalSetup() {
  process.env.CHROMIUM_PATH = findChromium();
  const log = (line: string) => process.stdout.write(`[browser suite] ${line}\n`);
  await ensureAppBuilt(log);
  await ensureServerBuilt(log);
  // The sandbox application reviewer decides 3 seconds after a submission (onboarding.test.ts waits for it).
  process.env.APPLICATION_REVIEW_DELAY_SECONDS ??= '3';
  const server = await startServer({ migrate: true, port: 0, host: '127.0.0.1', dataDir: 'memory', logLevel: 'warn' });
  process.env.FUNDFLOW_E2E_URL = server.url;
  (globalThis as { __fundflowServer?: typeof server }).__fundflowServer = server;
}
