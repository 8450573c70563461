import type { ApiBenchReport, LoadRow, PostgresKind } from '../../scripts/bench/apiBench';
import {
  compareWithBareStack,
  confirmComparisonTable,
  depositTotals,
  describeComparison,
  heldToCurrentGoals,
  markdownTable,
  type BenchReport,
} from '../../scripts/bench/benchReport';
import { INTERACTION_GOAL_MS, lighthouseGoalsFor } from '../../scripts/bench/goals';

// The bench's report table (scripts/bench/benchReport.ts): what docs/performance.md shows between its bench markers.

function row(overrides: Partial<LoadRow>): LoadRow {
  return {
    endpoint: 'confirm deposit',
    server: 'Fundflow',
    database: 'embedded',
    connections: 10,
    durationSeconds: 30,
    requests: 6000,
    requestsPerSecond: 200,
    latencyP50Ms: 40,
    latencyP99Ms: 120,
    errors: 0,
    non2xx: 0,
    serverCpuMsPerRequest: 4.2,
    ...overrides,
  };
}

const durable: PostgresKind = {
  source: 'own durable cluster',
  version: '15.14',
  fsync: 'on',
  synchronousCommit: 'on',
  fullPageWrites: 'on',
  durable: true,
};

function report(api: Partial<ApiBenchReport>): BenchReport {
  return {
    ranAt: '2026-11-26T18:30:00.000Z',
    quick: true,
    machine: { cpu: 'Test CPU', cores: 2, memoryGiB: 24, os: 'Linux', node: 'v20.20.2', chromium: 'Chromium 1' },
    lighthouse: [],
    interaction: null,
    api: { rows: [], totals: [], memory: [], startup: [], postgres: null, ...api },
  };
}

const lineOf = (table: string, start: string) => table.split('\n').find((line) => line.startsWith(start));

describe('bench table: every confirm figure beside the bare stack', () => {
  const rows = [
    row({ database: 'embedded', connections: 10, requestsPerSecond: 200, latencyP99Ms: 120 }),
    row({
      server: 'bare stack',
      database: 'embedded',
      connections: 10,
      requestsPerSecond: 640,
      latencyP99Ms: 50,
      serverCpuMsPerRequest: 1.5,
    }),
    row({ database: 'postgres', connections: 50, requestsPerSecond: 360, latencyP99Ms: 300, serverCpuMsPerRequest: null }),
    row({
      server: 'bare stack',
      database: 'postgres',
      connections: 50,
      requestsPerSecond: 400,
      latencyP99Ms: 200,
      serverCpuMsPerRequest: null,
    }),
    row({ endpoint: 'GET payment methods', database: 'embedded', connections: 10, requestsPerSecond: 2000, latencyP99Ms: 13 }),
  ];

  it('pairs each Fundflow confirm run with the bare stack run of the same database and connections, as ratios', () => {
    const comparisons = compareWithBareStack(rows);
    expect(comparisons.map((c) => [c.database, c.connections, c.throughputRatio, c.p99Ratio, c.within])).toEqual([
      ['embedded', 10, 0.31, 2.4, false],
      ['postgres', 50, 0.9, 1.5, true],
    ]);
  });

  it('the console line gives both figures, both ratios and the server CPU a request', () => {
    expect(describeComparison(compareWithBareStack(rows)[0])).toBe(
      'confirm (embedded, 10 connections) against the bare stack: 200/s vs 640/s = 0.31x (goal >= 0.8), p99 120 ms vs 50 ms = 2.40x (goal <= 2), ' +
        'server CPU 4.2 ms vs 1.5 ms a request, 0 errors + non-2xx: NOT met',
    );
  });

  it('a run with errors or non-2xx answers does not meet the goal, whatever its ratios', () => {
    const [comparison] = compareWithBareStack([
      row({ database: 'postgres', requestsPerSecond: 500, latencyP99Ms: 100, errors: 3 }),
      row({ server: 'bare stack', database: 'postgres' }),
    ]);
    expect(comparison.throughputRatio).toBe(2.5);
    expect(comparison.within).toBe(false);
  });

  it('a confirm run without a bare stack run beside it has no ratio (and no invented one)', () => {
    expect(compareWithBareStack([row({})])).toEqual([]);
    expect(compareWithBareStack([row({}), row({ server: 'bare stack', requestsPerSecond: 0, latencyP99Ms: 0 })])[0]).toMatchObject({
      throughputRatio: null,
      p99Ratio: null,
      within: false,
    });
  });

  it('the docs/performance.md table shows bare stack, Fundflow and both ratios side by side, with the database kind', () => {
    const table = markdownTable(report({ rows, postgres: durable }));
    expect(lineOf(table, '| confirm deposit |')).toContain('| bare stack | Fundflow | requests/s ratio (≥ 0.8) | p99 ratio (≤ 2) |');
    expect(lineOf(table, '| embedded (PGlite, file) | 10 |')).toBe(
      '| embedded (PGlite, file) | 10 | 640/s, p99 50 ms, CPU 1.5 ms | 200/s, p99 120 ms, CPU 4.2 ms | 0.31 | 2.40 | 0 / 0 | **no** |',
    );
    expect(lineOf(table, '| PostgreSQL (durable) | 50 |')).toBe(
      '| PostgreSQL (durable) | 50 | 400/s, p99 200 ms | 360/s, p99 300 ms | 0.90 | 1.50 | 0 / 0 | yes |',
    );
    // The per-endpoint table keeps Fundflow's rows only; the bare stack's are in the comparison above.
    expect(table.split('\n').filter((line) => line.startsWith('| confirm deposit | embedded'))).toHaveLength(1);
  });

  it("the README's confirm table is the same comparison, and is empty without a bare stack run", () => {
    const api = report({ rows, postgres: durable }).api!;
    const table = confirmComparisonTable(api);
    expect(table.split('\n')).toHaveLength(4);
    expect(markdownTable(report({ rows, postgres: durable }))).toContain(table);
    expect(confirmComparisonTable({ ...api, rows: [row({})] })).toBe('');
  });

  it('says what kind of PostgreSQL was measured, from the settings read from it', () => {
    expect(markdownTable(report({ rows, postgres: durable }))).toContain(
      "PostgreSQL measured: PostgreSQL 15.14, the bench's own throw-away cluster: fsync on, synchronous_commit on, full_page_writes on (durable).",
    );
    const given: PostgresKind = {
      source: 'DATABASE_URL',
      version: '16.4',
      fsync: 'off',
      synchronousCommit: 'off',
      fullPageWrites: 'off',
      durable: false,
    };
    const table = markdownTable(report({ rows, postgres: given }));
    expect(table).toContain(
      'PostgreSQL 16.4, the cluster DATABASE_URL names: fsync off, synchronous_commit off, full_page_writes off (NOT durable)',
    );
    expect(lineOf(table, '| PostgreSQL (**not durable**, DATABASE_URL) | 50 |')).toBeDefined();
  });

  it('lists the totals of both servers on each database', () => {
    const table = markdownTable(
      report({
        rows,
        totals: [
          {
            database: 'embedded',
            server: 'Fundflow',
            confirmedOk: 12,
            answeredDeposits: 12,
            depositsInDatabase: 12,
            sameDeposits: true,
            duplicateKeyChecks: 5,
            match: true,
          },
          {
            database: 'embedded',
            server: 'bare stack',
            confirmedOk: 30,
            answeredDeposits: 30,
            depositsInDatabase: 30,
            sameDeposits: false,
            duplicateKeyChecks: 5,
            match: false,
          },
        ],
      }),
    );
    expect(table).toContain(
      '- Totals (embedded, Fundflow): 12 confirms answered 2xx naming 12 deposits, 12 new deposits in the database, the same ones, 5 repeated keys made no second deposit: match.',
    );
    expect(table).toContain(
      '- Totals (embedded, bare stack): 30 confirms answered 2xx naming 30 deposits, 30 new deposits in the database, **not the same ones**, 5 repeated keys made no second deposit: **mismatch**.',
    );
  });
});

describe('bench totals: every 2xx confirm is in the database once', () => {
  const agreed = { pairs: 5, agreed: true };
  const check = (answered: (string | undefined)[], held: string[], duplicates = agreed) =>
    depositTotals('postgres', 'bare stack', answered, held, duplicates);

  it('match when the deposits held are exactly the ones the 2xx answers named, one each', () => {
    expect(check(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual({
      database: 'postgres',
      server: 'bare stack',
      confirmedOk: 3,
      answeredDeposits: 3,
      depositsInDatabase: 3,
      sameDeposits: true,
      duplicateKeyChecks: 5,
      match: true,
    });
  });

  it('a 2xx confirm whose deposit is not held is a mismatch, even when an unanswered one makes the count equal', () => {
    expect(check(['a', 'b'], ['a', 'x'])).toMatchObject({ depositsInDatabase: 2, sameDeposits: false, match: false });
    expect(check(['a', 'b'], ['a'])).toMatchObject({ sameDeposits: false, match: false });
  });

  it('a deposit held twice, or a deposit no 2xx answer named, is a mismatch', () => {
    expect(check(['a', 'b'], ['a', 'b', 'b'])).toMatchObject({ sameDeposits: false, match: false });
    expect(check(['a', 'b'], ['a', 'b', 'c'])).toMatchObject({ sameDeposits: false, match: false });
  });

  it('two keys answered with one deposit, or a 2xx answer naming none, is a mismatch', () => {
    expect(check(['a', 'a'], ['a'])).toMatchObject({ confirmedOk: 2, answeredDeposits: 1, match: false });
    expect(check(['a', undefined], ['a', 'b'])).toMatchObject({ answeredDeposits: 1, match: false });
  });

  it('same-key pairs that disagreed are a mismatch', () => {
    expect(check(['a'], ['a'], { pairs: 5, agreed: false }).match).toBe(false);
  });
});

describe('bench table: each Lighthouse page beside the goals it is held to', () => {
  const run = { score: 97, lcpMs: 2200, tbtMs: 90, cls: 0, fcpMs: 900 };

  it('holds a signed-in page to a score of 95 and /portfolio to an LCP of 2.0 s, /login to issue 7 goals', () => {
    expect(lighthouseGoalsFor('/login', false)).toEqual({ score: 90, lcpMs: 2500, tbtMs: 300, cls: 0.05 });
    expect(lighthouseGoalsFor('/portfolio', true)).toEqual({ score: 95, lcpMs: 2000, tbtMs: 300, cls: 0.05 });
    expect(lighthouseGoalsFor('/documents', true)).toEqual({ score: 95, lcpMs: 2500, tbtMs: 300, cls: 0.05 });
  });

  it('prints every figure with its own goal, and "no" where one is missed', () => {
    const table = markdownTable({
      ...report({}),
      api: null,
      lighthouse: [
        { ...run, page: '/login', delivery: 'https-h2', runs: [run], goals: lighthouseGoalsFor('/login', false), within: true },
        { ...run, page: '/portfolio', delivery: 'https-h2', runs: [run], goals: lighthouseGoalsFor('/portfolio', true), within: false },
        // A report from before the HTTPS rows names no delivery: it measured plain HTTP/1.1.
        { ...run, page: '/portfolio', runs: [run], goals: lighthouseGoalsFor('/portfolio', true), within: false },
      ],
      interaction: {
        interactions: [{ name: 'press Next', durationMs: 96 }],
        worstMs: 96,
        goalMs: INTERACTION_GOAL_MS,
        within: false,
      },
    });
    expect(lineOf(table, '| /login')).toBe('| /login, HTTPS, HTTP/2 | 97 (≥ 90) | 2200 ms (≤ 2500) | 90 ms (≤ 300) | 0 (≤ 0.05) | yes |');
    expect(lineOf(table, '| /portfolio, HTTPS')).toBe(
      '| /portfolio, HTTPS, HTTP/2 | 97 (≥ 95) | 2200 ms (≤ 2000) | 90 ms (≤ 300) | 0 (≤ 0.05) | **no** |',
    );
    expect(lineOf(table, '| /portfolio, plain')).toBe(
      '| /portfolio, plain HTTP/1.1 | 97 (≥ 95) | 2200 ms (≤ 2000) | 90 ms (≤ 300) | 0 (≤ 0.05) | **no** |',
    );
    expect(lineOf(table, 'Deposit flow')).toContain('**96 ms** (goal ≤ 80 ms, met: **no**)');
  });

  it("holds a report written under older goals to today's (--from-results), leaving its figures as measured", () => {
    const older: BenchReport = {
      ...report({}),
      api: null,
      lighthouse: [{ ...run, page: '/portfolio', runs: [run], within: true }],
      interaction: { interactions: [{ name: 'press Next', durationMs: 96 }], worstMs: 96, goalMs: 200, within: true },
    };
    const held = heldToCurrentGoals(older);
    expect(held.lighthouse[0]).toMatchObject({ lcpMs: 2200, score: 97, goals: { score: 95, lcpMs: 2000 }, within: false });
    expect(held.interaction).toMatchObject({ worstMs: 96, goalMs: 80, within: false });
    expect(held.ranAt).toBe(older.ranAt);
  });
});
