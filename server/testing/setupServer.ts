import { appendFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

// Set-up for every server test file (jest.config.js, server project).

// A test's own time is not what it checks (speed is measured by npm run bench): on CI's busy cores, and on
// PostgreSQL where the database server shares them, a test gets 20 s. (jest reads testTimeout from the top-level
// config only, so the server project sets it here.)
jest.setTimeout(20_000);

// FUNDFLOW_TEST_PROFILE=<file> appends one JSON line per test file: where its time went (module loading, the
// file's beforeAll set-up, its tests) in wall and CPU milliseconds, and how many databases and apps it made
// (server/testing/testApp.ts counts them). For measuring the suite; off otherwise.
const profileFile = process.env.FUNDFLOW_TEST_PROFILE;
if (profileFile) {
  const mark = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
  const span = (from: ReturnType<typeof mark>, to: ReturnType<typeof mark>) => ({
    wall: Math.round(to.wall - from.wall),
    cpu: Math.round((to.cpu.user + to.cpu.system - from.cpu.user - from.cpu.system) / 1000),
  });
  const loaded = mark();
  let collected = loaded;
  let firstTest: ReturnType<typeof mark> | null = null;
  beforeAll(() => {
    collected = mark();
  });
  beforeEach(() => {
    firstTest ??= mark();
  });
  afterAll(() => {
    const ended = mark();
    const counts = (globalThis as { fundflowTestSetupCounts?: Record<string, number> }).fundflowTestSetupCounts ?? {};
    const line = {
      file: expect.getState().testPath?.replace(`${process.cwd()}/`, ''),
      moduleLoad: span(loaded, collected),
      setUp: span(collected, firstTest ?? ended),
      tests: span(firstTest ?? ended, ended),
      counts,
    };
    appendFileSync(profileFile, `${JSON.stringify(line)}\n`);
  });
}
