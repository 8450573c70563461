import type { ApiBenchReport, LoadRow, PostgresKind, ServerKind, TotalsCheck } from './apiBench';
import { DELIVERY_LABELS } from './delivery';
import type { InteractionFigure, LighthouseFigure } from './frontBench';
import { BARE_STACK_GOALS, INTERACTION_GOAL_MS, LIGHTHOUSE_GOALS, lighthouseGoalsFor, meetsLighthouseGoals } from './goals';

// The report of `npm run bench` as Markdown (bench-results/latest.md and docs/performance.md between its bench markers),
// and the comparison of Fundflow's deposit confirm with the bare stack's. Pure functions of the report, so the
// table is unit-tested (test/unit/benchReport.test.ts) without running a bench.

export interface BenchReport {
  ranAt: string;
  quick: boolean;
  machine: { cpu: string; cores: number; memoryGiB: number; os: string; node: string; chromium: string };
  lighthouse: LighthouseFigure[];
  interaction: InteractionFigure | null;
  api: ApiBenchReport | null;
}

/** Fundflow's confirm run beside the bare stack's on the same database and connections. */
export interface BareStackComparison {
  database: LoadRow['database'];
  connections: number;
  fundflow: LoadRow;
  bare: LoadRow;
  /** Fundflow's requests/s over the bare stack's (goal ≥ 0.8); null when the bare stack made none. */
  throughputRatio: number | null;
  /** Fundflow's p99 over the bare stack's (goal ≤ 2); null when the bare stack's p99 is 0. */
  p99Ratio: number | null;
  /** Both ratios within their goals and no errors or non-2xx answers on Fundflow's side. */
  within: boolean;
}

const ratio = (over: number, under: number) => (under > 0 ? Math.round((over / under) * 100) / 100 : null);

/** Pairs each Fundflow confirm row with the bare stack's row of the same database and connections. */
export function compareWithBareStack(rows: LoadRow[]): BareStackComparison[] {
  const comparisons: BareStackComparison[] = [];
  for (const fundflow of rows.filter((row) => row.endpoint === 'confirm deposit' && row.server === 'Fundflow')) {
    const bare = rows.find(
      (row) =>
        row.endpoint === 'confirm deposit' &&
        row.server === 'bare stack' &&
        row.database === fundflow.database &&
        row.connections === fundflow.connections,
    );
    if (!bare) continue;
    const throughputRatio = ratio(fundflow.requestsPerSecond, bare.requestsPerSecond);
    const p99Ratio = ratio(fundflow.latencyP99Ms, bare.latencyP99Ms);
    const within =
      throughputRatio !== null &&
      throughputRatio >= BARE_STACK_GOALS.minThroughputRatio &&
      p99Ratio !== null &&
      p99Ratio <= BARE_STACK_GOALS.maxP99Ratio &&
      fundflow.errors + fundflow.non2xx === 0;
    comparisons.push({ database: fundflow.database, connections: fundflow.connections, fundflow, bare, throughputRatio, p99Ratio, within });
  }
  return comparisons;
}

/**
 * Every 2xx confirm in the database once. `answeredIds`: for each idempotency key that was answered 2xx, the
 * deposit id its answer named (undefined if none); `heldIds`: the new deposits the database holds. They match
 * when there are as many deposits held as keys answered, each key named a deposit of its own, the deposits held
 * are exactly the ones named, and the same-key pairs each made one deposit.
 */
export function depositTotals(
  database: LoadRow['database'],
  server: ServerKind,
  answeredIds: (string | undefined)[],
  heldIds: string[],
  duplicates: { pairs: number; agreed: boolean },
): TotalsCheck {
  const answered = new Set(answeredIds.filter((id): id is string => id !== undefined));
  const held = new Set(heldIds);
  const sameDeposits = held.size === heldIds.length && held.size === answered.size && [...answered].every((id) => held.has(id));
  const confirmedOk = answeredIds.length;
  const match = confirmedOk === heldIds.length && answered.size === confirmedOk && sameDeposits && duplicates.agreed;
  return {
    database,
    server,
    confirmedOk,
    answeredDeposits: answered.size,
    depositsInDatabase: heldIds.length,
    sameDeposits,
    duplicateKeyChecks: duplicates.pairs,
    match,
  };
}

const shown = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));

/** One console line: both servers' figures and the two ratios. */
export function describeComparison(comparison: BareStackComparison): string {
  const { fundflow, bare } = comparison;
  return (
    `confirm (${comparison.database}, ${comparison.connections} connections) against the bare stack: ` +
    `${Math.round(fundflow.requestsPerSecond)}/s vs ${Math.round(bare.requestsPerSecond)}/s = ${shown(comparison.throughputRatio)}x (goal >= ${BARE_STACK_GOALS.minThroughputRatio}), ` +
    `p99 ${fundflow.latencyP99Ms} ms vs ${bare.latencyP99Ms} ms = ${shown(comparison.p99Ratio)}x (goal <= ${BARE_STACK_GOALS.maxP99Ratio}), ` +
    (fundflow.serverCpuMsPerRequest !== null && bare.serverCpuMsPerRequest !== null
      ? `server CPU ${fundflow.serverCpuMsPerRequest} ms vs ${bare.serverCpuMsPerRequest} ms a request, `
      : '') +
    `${fundflow.errors + fundflow.non2xx} errors + non-2xx: ${comparison.within ? 'met' : 'NOT met'}`
  );
}

/** What was measured as PostgreSQL, in words, with the settings read from it. */
export function describePostgresKind(kind: PostgresKind): string {
  const from = kind.source === 'DATABASE_URL' ? 'the cluster DATABASE_URL names' : "the bench's own throw-away cluster";
  return `PostgreSQL ${kind.version}, ${from}: fsync ${kind.fsync}, synchronous_commit ${kind.synchronousCommit}, full_page_writes ${kind.fullPageWrites} (${kind.durable ? 'durable' : 'NOT durable'})`;
}

function databaseLabel(database: LoadRow['database'], postgres: PostgresKind | null): string {
  if (database === 'embedded') return 'embedded (PGlite, file)';
  if (!postgres) return 'PostgreSQL';
  return `PostgreSQL (${postgres.durable ? 'durable' : '**not durable**'}${postgres.source === 'DATABASE_URL' ? ', DATABASE_URL' : ''})`;
}

const yes = (ok: boolean) => (ok ? 'yes' : '**no**');

/**
 * The same measurements held to today's goals (goals.ts), for a report written before a goal changed
 * (`npm run bench -- --from-results`). The bench visits /login signed out and every other page signed in.
 */
export function heldToCurrentGoals(report: BenchReport): BenchReport {
  const lighthouse = report.lighthouse.map((page) => {
    const goals = lighthouseGoalsFor(page.page, page.page !== '/login');
    return { ...page, goals, within: meetsLighthouseGoals(page, goals) };
  });
  const interaction = report.interaction && {
    ...report.interaction,
    goalMs: INTERACTION_GOAL_MS,
    within: report.interaction.worstMs <= INTERACTION_GOAL_MS,
  };
  return { ...report, lighthouse, interaction };
}

export function markdownTable(report: BenchReport): string {
  const lines: string[] = [];
  const m = report.machine;
  lines.push(
    `Measured ${report.ranAt.slice(0, 16).replace('T', ' ')} UTC on ${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}, ${m.chromium}${report.quick ? ' (quick run)' : ''}.`,
  );
  lines.push('');
  if (report.lighthouse.length > 0) {
    lines.push(
      `| Lighthouse, mobile, median of ${report.lighthouse[0].runs.length} (goal in brackets) | score | LCP | TBT | CLS | goals met |`,
    );
    lines.push('|---|---|---|---|---|---|');
    for (const page of report.lighthouse) {
      const goals = page.goals ?? LIGHTHOUSE_GOALS;
      lines.push(
        `| ${page.page}, ${DELIVERY_LABELS[page.delivery ?? 'http1']} | ${page.score} (≥ ${goals.score}) | ${page.lcpMs} ms (≤ ${goals.lcpMs}) | ${page.tbtMs} ms (≤ ${goals.tbtMs}) | ${page.cls} (≤ ${goals.cls}) | ${yes(page.within)} |`,
      );
    }
    lines.push('');
  }
  if (report.interaction) {
    // Event Timing reports events of 16 ms or more only: a 0 is an interaction quicker than that.
    const parts = report.interaction.interactions
      .map((item) => `${item.name} ${item.durationMs > 0 ? `${Math.round(item.durationMs)} ms` : 'under 16 ms'}`)
      .join(', ');
    lines.push(
      `Deposit flow with a 4x slower CPU, worst interaction (INP basis): **${Math.round(report.interaction.worstMs)} ms** (goal ≤ ${report.interaction.goalMs} ms, met: ${yes(report.interaction.within)}); ${parts}.`,
    );
    lines.push('');
  }
  if (report.api) {
    const api = report.api;
    const comparison = confirmComparisonTable(api);
    if (comparison) lines.push(comparison, '');
    if (api.postgres) {
      lines.push(
        `PostgreSQL measured: ${describePostgresKind(api.postgres)}. The bare stack is Fastify and the same database, one transaction per confirm (\`scripts/bench/bareStack.ts\`), loaded right after Fundflow with the same connections and requests.`,
      );
      lines.push('');
    }
    lines.push(
      '| API load (autocannon, loopback) | database | connections | requests/s | p50 | p99 | errors + non-2xx | server CPU a request |',
    );
    lines.push('|---|---|---|---|---|---|---|---|');
    for (const row of api.rows.filter((r) => r.server === 'Fundflow')) {
      const cpu = row.serverCpuMsPerRequest === null ? 'n/a' : `${row.serverCpuMsPerRequest} ms`;
      lines.push(
        `| ${row.endpoint} | ${row.database} | ${row.connections} | ${Math.round(row.requestsPerSecond)} | ${row.latencyP50Ms} ms | ${row.latencyP99Ms} ms | ${row.errors + row.non2xx} | ${cpu} |`,
      );
    }
    lines.push('');
    for (const totals of api.totals) {
      lines.push(
        `- Totals (${totals.database}, ${totals.server}): ${totals.confirmedOk} confirms answered 2xx naming ${totals.answeredDeposits} deposits, ${totals.depositsInDatabase} new deposits in the database, ` +
          `${totals.sameDeposits ? 'the same ones' : '**not the same ones**'}, ${totals.duplicateKeyChecks} repeated keys made no second deposit: ${totals.match ? 'match' : '**mismatch**'}.`,
      );
    }
    for (const memory of api.memory)
      lines.push(
        `- Server memory after the load (${memory.database}): ${memory.rssMiB} MiB resident (bound ${memory.boundMiB} MiB, within: ${yes(memory.within)}).`,
      );
    for (const startup of api.startup)
      lines.push(
        `- Start-up on an existing database (${startup.database}): ready (200 from /api/ready) in ${startup.ms} ms (goal ≤ ${startup.goalMs} ms, met: ${yes(startup.within)}).`,
      );
  }
  return lines.join('\n');
}

/**
 * The deposit confirm beside the bare stack, a row per database and connections (also copied into the README by
 * `npm run bench`); empty when the report has no bare-stack runs.
 */
export function confirmComparisonTable(api: ApiBenchReport): string {
  const comparisons = compareWithBareStack(api.rows);
  if (comparisons.length === 0) return '';
  const lines = [
    `| confirm deposit | connections | bare stack | Fundflow | requests/s ratio (≥ ${BARE_STACK_GOALS.minThroughputRatio}) | p99 ratio (≤ ${BARE_STACK_GOALS.maxP99Ratio}) | errors + non-2xx (Fundflow / bare) | goals met |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const c of comparisons) {
    // The server's CPU a request moves little with other work on the machine (the database's own processes are not in it).
    const figure = (row: LoadRow) =>
      `${Math.round(row.requestsPerSecond)}/s, p99 ${row.latencyP99Ms} ms${row.serverCpuMsPerRequest === null ? '' : `, CPU ${row.serverCpuMsPerRequest} ms`}`;
    lines.push(
      `| ${databaseLabel(c.database, api.postgres)} | ${c.connections} | ${figure(c.bare)} | ${figure(c.fundflow)} | ${shown(c.throughputRatio)} | ${shown(c.p99Ratio)} | ${c.fundflow.errors + c.fundflow.non2xx} / ${c.bare.errors + c.bare.non2xx} | ${yes(c.within)} |`,
    );
  }
  return lines.join('\n');
}
