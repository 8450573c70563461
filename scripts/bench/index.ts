import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/main';
import { findChromium } from '../../test/browser/chromium';
import { ensureAppBuilt } from '../appBuild';
import { runApiBench } from './apiBench';
import { confirmComparisonTable, heldToCurrentGoals, markdownTable, type BenchReport } from './benchReport';
import { runInteractionBench, runLighthouse } from './frontBench';
import { startTlsBalancer, tlsBalancerUnavailable } from './tlsBalancer';

// `npm run bench`: the figures of issue 7 on this machine. Front end: Lighthouse (mobile preset) three times on
// /login and /portfolio, over HTTPS with HTTP/2 through HAProxy and over plain HTTP/1.1 (tlsBalancer.ts), and the
// deposit flow's interactions with a 4x slower CPU. Server: autocannon on the
// deposit confirm and the payment-method list, memory and start-up; the confirm also on the bare stack beside it
// (issue 20), on the embedded database and on PostgreSQL (a durable cluster of its own unless DATABASE_URL is
// set). Writes bench-results/latest.json and latest.md (and each Lighthouse run's report,
// lighthouse-<page>-<delivery>-<run>.json), and puts the table in docs/performance.md between its bench markers.
//
//   npm run bench                 everything (about 12 minutes on 2 cores)
//   npm run bench -- --quick      one Lighthouse run per page and 10 s loads (a trial, not for docs/performance.md)
//   npm run bench -- --front      the front end only;  --api  the server only
//   DATABASE_URL=postgres://... npm run bench -- --api   PostgreSQL half on that cluster (its durability settings are reported)
//   npm run bench -- --no-readme  leave docs/performance.md and README.md as they are (an --api run updates README.md's confirm table only)
//   npm run bench -- --from-results   no measuring: bench-results/latest.json written again, held to today's goals
//   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench -- --api   profile the server under load

const ROOT = path.resolve(__dirname, '../..');
const RESULTS_DIR = path.join(ROOT, 'bench-results');
const PERFORMANCE_DOC = path.join(ROOT, 'docs', 'performance.md');
const README = path.join(ROOT, 'README.md');
const MARK_START = '<!-- bench:start -->';
const MARK_END = '<!-- bench:end -->';
/** The README shows the confirm beside the bare stack (issue 20) between these. */
const CONFIRM_MARK_START = '<!-- bench-confirm:start -->';
const CONFIRM_MARK_END = '<!-- bench-confirm:end -->';

function machine(): BenchReport['machine'] {
  let chromium = 'unknown';
  try {
    chromium = execFileSync(findChromium(), ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    // Reported as unknown.
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
  };
}

/** Puts `text` between the markers of `file`; false when the file has no such markers. */
function replaceBetweenMarkers(file: string, startMark: string, endMark: string, text: string): boolean {
  const content = readFileSync(file, 'utf8');
  const start = content.indexOf(startMark);
  const end = content.indexOf(endMark);
  if (start === -1 || end < start) return false;
  writeFileSync(file, `${content.slice(0, start + startMark.length)}\n${text}\n${content.slice(end)}`);
  return true;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const log = (line: string) => console.log(`[bench] ${line}`);
  const fromResults = args.has('--from-results');
  const report: BenchReport = fromResults
    ? heldToCurrentGoals(JSON.parse(readFileSync(path.join(RESULTS_DIR, 'latest.json'), 'utf8')) as BenchReport)
    : { ranAt: new Date().toISOString(), quick: args.has('--quick'), machine: machine(), lighthouse: [], interaction: null, api: null };
  const quick = report.quick;
  const front = fromResults ? report.lighthouse.length > 0 : !args.has('--api') || args.has('--front');
  const api = fromResults ? report.api !== null : !args.has('--front') || args.has('--api');

  if (!fromResults) await measure(report, { front, api, quick, log });

  mkdirSync(RESULTS_DIR, { recursive: true });
  const table = markdownTable(report);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, 'latest.md'), `${table}\n`);
  console.log(`\n${table}\n`);
  log(`wrote ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.json'))} and latest.md`);
  if (quick || args.has('--no-readme')) return;
  if (front && api)
    log(
      replaceBetweenMarkers(PERFORMANCE_DOC, MARK_START, MARK_END, table)
        ? 'updated the table in docs/performance.md'
        : 'docs/performance.md has no bench markers: table not copied',
    );
  const confirmTable = report.api ? confirmComparisonTable(report.api) : '';
  if (confirmTable) {
    const dated = `Measured ${report.ranAt.slice(0, 16).replace('T', ' ')} UTC on ${report.machine.cores} cores (${report.machine.cpu}), 30 s per run:\n\n${confirmTable}`;
    log(
      replaceBetweenMarkers(README, CONFIRM_MARK_START, CONFIRM_MARK_END, dated)
        ? 'updated the confirm table in README.md'
        : 'README.md has no confirm markers: table not copied',
    );
  }
}

/** Runs the parts of the bench asked for, filling `report` in. */
async function measure(
  report: BenchReport,
  options: { front: boolean; api: boolean; quick: boolean; log: (line: string) => void },
): Promise<void> {
  const { quick, log } = options;
  await ensureAppBuilt(log);
  if (options.front) {
    // The production build served compressed by the real server, on a throw-away database.
    const server = await startServer({ migrate: true, port: 0, host: '127.0.0.1', dataDir: 'memory', logLevel: 'warn' });
    // Pages load as production serves them, over HTTPS with HTTP/2 through HAProxy (tlsBalancer.ts), and over
    // the server's plain HTTP/1.1 port as the reports before 2026-11-27 did.
    const missing = tlsBalancerUnavailable();
    if (missing) log(`${missing}: the pages are measured over plain HTTP/1.1 only`);
    const balancer = missing ? null : await startTlsBalancer(server.url);
    try {
      const runs = quick ? 1 : 3;
      for (const pageBaseUrl of balancer ? [balancer.url, server.url] : [server.url]) {
        const shared = { runs, log, reportDir: RESULTS_DIR, pageBaseUrl };
        report.lighthouse.push(await runLighthouse(server.url, '/login', { ...shared, signedIn: false }));
        report.lighthouse.push(await runLighthouse(server.url, '/portfolio', { ...shared, signedIn: true }));
      }
      report.interaction = await runInteractionBench(server.url, log);
    } finally {
      await balancer?.close();
      await server.close();
    }
  }
  if (options.api) report.api = await runApiBench({ durationSeconds: quick ? 10 : 30, log });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
