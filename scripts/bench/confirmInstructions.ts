import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPaths, IDEMPOTENCY_HEADER } from '../../api/contract';
import { bearer, buildTestApp, createSeededTestDatabase, CSRF, signIn } from '../../server/testing/testApp';
import { countingStatements } from '../../server/testing/statementCounter';

// `npm run bench:instructions`: the machine instructions one deposit confirm costs the server, counted by
// valgrind's callgrind. Requests a second are what customers feel, but on a shared 2-core machine two runs of the
// same build differ by 15% and more. An instruction count moves less, though not nothing: V8's collector and
// compiler tiers still depend on timing, and on 2026-11-26 two runs of one build differed by 5.6% even with V8's
// --predictable (8% without). Run each build twice, interleaved, and compare the pairs; a change smaller than
// that spread is not shown by this either.
// It counts everything the server process does for a confirm on the embedded database: Fastify, our
// code, Kysely and PGlite (which runs in the same process).
//
// What is measured: one app on a seeded in-memory database, five customers, CONFIRMS confirms of $1.00 bank
// deposits in a row after WARMUP ones; counting is on only around the measured confirms (callgrind's
// --instr-atstart=no, switched with callgrind_control). The deposit-initiated notices are made in batches after
// the commit (server/domain/depositNotices.ts); under valgrind every confirm is so slow that each would be its own
// batch, so the notices are handed over NOTICE_BATCH at a time, about what 25 ms holds at 300 confirms a second.
//
//   npm run bench:instructions                 prints instructions, statements and answer bytes per confirm
//   CONFIRMS=300 npm run bench:instructions    more confirms (default 150; the figure moves by well under 1%)
//
// Needs valgrind (Debian's package); takes a few minutes.

const WARMUP = 20;
const NOTICE_BATCH = 8;

interface Measured {
  confirms: number;
  statementsPerConfirm: number;
  answerBytes: number;
  /** Wall time of the measured confirms (under valgrind it says little; a trial run's profile window uses it). */
  elapsedMs: number;
}

/** The part that runs under valgrind: prints one JSON line of what it measured. */
async function measure(confirms: number) {
  const base = await createSeededTestDatabase();
  const { db, counter } = countingStatements(base);
  const { app } = buildTestApp(db, { now: new Date().toISOString() });
  await app.ready();
  // Builds older than the batched notices have none (the script is also run on older commits to compare).
  const notices = (app as { depositNotices?: typeof app.depositNotices }).depositNotices;
  const owed: string[] = [];
  const tellNow = notices?.madeDeposit.bind(notices);
  if (notices) notices.madeDeposit = (id) => void owed.push(id);
  const handOver = async () => {
    for (const id of owed.splice(0)) tellNow?.(id);
    await notices?.flush();
  };

  const customers: { token: string; accountUuid: string; paymentMethodId: string }[] = [];
  for (let copy = 0; copy < 5; copy++) {
    const made = (
      await app.inject({ method: 'POST', url: ApiPaths.sandboxCustomers, headers: CSRF, payload: { template: 'alex@fundflow.test' } })
    ).json<{ email: string; password: string }>();
    const session = await signIn(app, made.email, made.password);
    const accounts = (await app.inject({ method: 'GET', url: ApiPaths.accounts, headers: bearer(session.accessToken) })).json<{
      accounts: { variant: string; accountUuid: string }[];
    }>().accounts;
    const methods = (await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers: bearer(session.accessToken) })).json<{
      paymentMethods: { type: string; id: string }[];
    }>().paymentMethods;
    // Alex's individual brokerage account and first linked bank (a bank deposit: the hold, the batch day, the limit).
    const account = accounts.find((item) => item.variant === 'US');
    const bank = methods.find((item) => item.type === 'PLAID_ACCOUNT' || item.type === 'ACH');
    customers.push({ token: session.accessToken, accountUuid: account!.accountUuid, paymentMethodId: bank!.id });
  }
  const intents: { customer: (typeof customers)[number]; id: string }[] = [];
  for (let index = 0; index < WARMUP + confirms; index++) {
    const customer = customers[index % customers.length];
    const answer = await app.inject({
      method: 'POST',
      url: ApiPaths.depositIntents,
      headers: { ...CSRF, ...bearer(customer.token) },
      payload: {
        paymentMethodId: customer.paymentMethodId,
        accountUuid: customer.accountUuid,
        amount: { amount: '1.00', currency: 'USD' },
      },
    });
    if (answer.statusCode >= 300) throw new Error(`intent answered ${answer.statusCode}: ${answer.body}`);
    intents.push({ customer, id: answer.json<{ id: string }>().id });
  }
  const confirm = async ({ customer, id }: (typeof intents)[number]) => {
    const answer = await app.inject({
      method: 'POST',
      url: ApiPaths.depositConfirm,
      headers: { ...CSRF, ...bearer(customer.token), [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: { id, accountUuid: customer.accountUuid },
    });
    if (answer.statusCode >= 300) throw new Error(`confirm answered ${answer.statusCode}: ${answer.body}`);
    return answer.body.length;
  };
  for (const intent of intents.slice(0, WARMUP)) await confirm(intent);
  await handOver();

  const switchCounting = (on: boolean) => {
    // Outside valgrind (a trial run of the measured part: `tsx confirmInstructions.ts --measure 20`) there is no
    // counter to switch.
    if (process.env.FUNDFLOW_CALLGRIND !== '1') return;
    const result = spawnSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`callgrind_control failed: ${result.stderr || result.stdout}`);
  };
  switchCounting(true);
  counter.counting = true;
  const startedAt = performance.now();
  let bytes = 0;
  let done = 0;
  for (const intent of intents.slice(WARMUP)) {
    bytes += await confirm(intent);
    if (++done % NOTICE_BATCH === 0) await handOver();
  }
  await handOver();
  counter.counting = false;
  switchCounting(false);
  const measured: Measured = {
    confirms,
    statementsPerConfirm: counter.statements / confirms,
    answerBytes: Math.round(bytes / confirms),
    elapsedMs: Math.round(performance.now() - startedAt),
  };
  console.log(`MEASURED ${JSON.stringify(measured)}`);
  await app.close();
  await base.destroy();
}

/** Runs `measure` under callgrind and reads the instruction total of the counted part. */
function main() {
  const confirms = Number(process.env.CONFIRMS ?? 150);
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.error('valgrind is not installed (Debian: apt-get install valgrind).');
    process.exit(1);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'fundflow-callgrind-'));
  try {
    const out = path.join(dir, 'callgrind.out');
    console.log(`[bench] counting the instructions of ${confirms} confirms under callgrind (a few minutes)…`);
    const run = spawnSync(
      'valgrind',
      [
        '--tool=callgrind',
        '--instr-atstart=no',
        '--smc-check=all-non-file',
        `--callgrind-out-file=${out}`,
        process.execPath,
        '--predictable',
        '--import',
        'tsx',
        __filename,
        '--measure',
        String(confirms),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'test', FUNDFLOW_CALLGRIND: '1' } },
    );
    const line = run.stdout.split('\n').find((item) => item.startsWith('MEASURED '));
    const collected = /Collected : (\d+)/.exec(run.stderr);
    if (run.status !== 0 || !line || !collected) {
      console.error(run.stdout, run.stderr.split('\n').slice(-30).join('\n'));
      throw new Error(`the measured run failed (exit ${run.status})`);
    }
    const measured = JSON.parse(line.slice('MEASURED '.length)) as Measured;
    const perConfirm = Number(collected[1]) / measured.confirms;
    console.log(
      `[bench] instructions a confirm: ${(perConfirm / 1e6).toFixed(2)} million; statements a confirm: ${measured.statementsPerConfirm.toFixed(2)}; answer: ${measured.answerBytes} bytes`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--measure') {
  measure(Number(process.argv[3])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else if (require.main === module) {
  main();
}
