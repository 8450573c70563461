import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/main';
import { findChromium } from '../../test/browser/chromium';
import { ensureAppBuilt } from '../appBuild';
import { runApiBench, type ApiBenchReport } from './apiBench';
import { INTERACTION_GOAL_MS, LIGHTHOUSE_GOALS, runInteractionBench, runLighthouse, type InteractionFigure, type LighthouseFigure } from './frontBench';

// `npm run bench`: the figures of issue 7 on this machine. Front end: Lighthouse (mobile preset) three times on
// /login and /portfolio, and the deposit flow's interactions with a 4x slower CPU. Server: autocannon on the
// deposit confirm and the payment-method list, memory and start-up. Writes bench-results/latest.json and
// latest.md, and puts the table in the README between its bench markers.
//
//   npm run bench                 everything (about 8 minutes on 2 cores)
//   npm run bench -- --quick      one Lighthouse run per page and 10 s loads (a trial, not for the README)
//   npm run bench -- --front      the front end only;  --api  the server only
//   npm run bench -- --no-readme  leave the README as it is
//   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench -- --api   profile the server under load

const ROOT = path.resolve(__dirname, '../..');
const RESULTS_DIR = path.join(ROOT, 'bench-results');
const README = path.join(ROOT, 'README.md');
const MARK_START = '<!-- bench:start -->';
const MARK_END = '<!-- bench:end -->';

interface BenchReport {
  ranAt: string;
  quick: boolean;
  machine: { cpu: string; cores: number; memoryGiB: number; os: string; node: string; chromium: string };
  lighthouse: LighthouseFigure[];
  interaction: InteractionFigure | null;
  api: ApiBenchReport | null;
}

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

const yes = (ok: boolean) => (ok ? 'yes' : '**no**');

export function markdownTable(report: BenchReport): string {
  const lines: string[] = [];
  const m = report.machine;
  lines.push(`Measured ${report.ranAt.slice(0, 16).replace('T', ' ')} UTC on ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, ${m.chromium}${report.quick ? ' (quick run)' : ''}.`);
  lines.push('');
  if (report.lighthouse.length > 0) {
    lines.push(`| Lighthouse, mobile, median of ${report.lighthouse[0].runs.length} | score (≥ ${LIGHTHOUSE_GOALS.score}) | LCP (≤ ${LIGHTHOUSE_GOALS.lcpMs} ms) | TBT (≤ ${LIGHTHOUSE_GOALS.tbtMs} ms) | CLS (≤ ${LIGHTHOUSE_GOALS.cls}) | goals met |`);
    lines.push('|---|---|---|---|---|---|');
    for (const page of report.lighthouse) lines.push(`| ${page.page} | ${page.score} | ${page.lcpMs} ms | ${page.tbtMs} ms | ${page.cls} | ${yes(page.within)} |`);
    lines.push('');
  }
  if (report.interaction) {
    // Event Timing reports events of 16 ms or more only: a 0 is an interaction quicker than that.
    const parts = report.interaction.interactions.map((item) => `${item.name} ${item.durationMs > 0 ? `${Math.round(item.durationMs)} ms` : 'under 16 ms'}`).join(', ');
    lines.push(`Deposit flow with a 4x slower CPU, worst interaction (INP basis): **${Math.round(report.interaction.worstMs)} ms** (goal ≤ ${INTERACTION_GOAL_MS} ms, met: ${yes(report.interaction.within)}); ${parts}.`);
    lines.push('');
  }
  if (report.api) {
    const api = report.api;
    lines.push('| API load (autocannon, loopback) | database | connections | requests/s | p50 | p99 | errors + non-2xx | server CPU a request |');
    lines.push('|---|---|---|---|---|---|---|---|');
    for (const row of api.rows) {
      const cpu = row.serverCpuMsPerRequest === null ? 'n/a' : `${row.serverCpuMsPerRequest} ms`;
      lines.push(`| ${row.endpoint} | ${row.database} | ${row.connections} | ${Math.round(row.requestsPerSecond)} | ${row.latencyP50Ms} ms | ${row.latencyP99Ms} ms | ${row.errors + row.non2xx} | ${cpu} |`);
    }
    lines.push('');
    for (const totals of api.totals) {
      lines.push(`- Totals (${totals.database}): ${totals.confirmedOk} confirms answered 2xx, ${totals.depositsInDatabase} deposits in the database, ${totals.duplicateKeyChecks} repeated keys made no second deposit: ${totals.match ? 'match' : '**mismatch**'}.`);
    }
    for (const memory of api.memory) lines.push(`- Server memory after the load (${memory.database}): ${memory.rssMiB} MiB resident (bound ${memory.boundMiB} MiB, within: ${yes(memory.within)}).`);
    for (const startup of api.startup) lines.push(`- Start-up on an existing database (${startup.database}): answered in ${startup.ms} ms (goal ≤ ${startup.goalMs} ms, met: ${yes(startup.within)}).`);
  }
  return lines.join('\n');
}

function updateReadme(table: string): boolean {
  const readme = readFileSync(README, 'utf8');
  const start = readme.indexOf(MARK_START);
  const end = readme.indexOf(MARK_END);
  if (start === -1 || end < start) return false;
  writeFileSync(README, `${readme.slice(0, start + MARK_START.length)}\n${table}\n${readme.slice(end)}`);
  return true;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const quick = args.has('--quick');
  const front = !args.has('--api') || args.has('--front');
  const api = !args.has('--front') || args.has('--api');
  const log = (line: string) => console.log(`[bench] ${line}`);
  const report: BenchReport = { ranAt: new Date().toISOString(), quick, machine: machine(), lighthouse: [], interaction: null, api: null };

  await ensureAppBuilt(log);
  if (front) {
    // The production build served compressed by the real server, on a throw-away database.
    const server = await startServer({ migrate: true, port: 0, host: '127.0.0.1', dataDir: 'memory', logLevel: 'warn' });
    try {
      const runs = quick ? 1 : 3;
      report.lighthouse.push(await runLighthouse(server.url, '/login', { runs, signedIn: false, log }));
      report.lighthouse.push(await runLighthouse(server.url, '/portfolio', { runs, signedIn: true, log }));
      report.interaction = await runInteractionBench(server.url, log);
    } finally {
      await server.close();
    }
  }
  if (api) report.api = await runApiBench({ durationSeconds: quick ? 10 : 30, log });

  mkdirSync(RESULTS_DIR, { recursive: true });
  const table = markdownTable(report);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(RESULTS_DIR, 'latest.md'), `${table}\n`);
  console.log(`\n${table}\n`);
  log(`wrote ${path.relative(ROOT, path.join(RESULTS_DIR, 'latest.json'))} and latest.md`);
  if (!quick && front && api && !args.has('--no-readme')) log(updateReadme(table) ? 'updated the table in README.md' : 'README.md has no bench markers: table not copied');
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
