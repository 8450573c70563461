import { randomUUID } from 'node:crypto';
import { PostgresQueryCompiler } from 'kysely';
import { ApiPaths, IDEMPOTENCY_HEADER } from '../../api/contract';
import { databaseHandleOf } from '../../server/events/databaseHandles';
import { bearer, buildTestApp, createSeededTestDatabase, CSRF, signIn } from '../../server/testing/testApp';

// `npx tsx scripts/bench/confirmStatements.ts`: the SQL of one $1.00 bank deposit confirm on the embedded
// database (the third of a customer's, as in bench:instructions), each statement as Kysely sends it and each
// round trip into PGlite (BEGIN, SAVEPOINT and COMMIT ride along with the next statement), then the same for the
// notice batch made after the commit (depositNotices.ts). Compare with bench:instructions' statements a confirm.
// The intent before it (POST /api/deposits/intents: the early answer and its quote) is printed first, the same way.

async function main() {
  const base = await createSeededTestDatabase();
  let logging = false;
  const lines: string[] = [];
  const compiler = new PostgresQueryCompiler();
  const db = base.withPlugin({
    transformQuery(args) {
      if (logging) lines.push(`statement: ${compiler.compileQuery(args.node, args.queryId).sql.replace(/\s+/g, ' ')}`);
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  });
  const handle = databaseHandleOf(base);
  if (handle?.kind === 'pglite') {
    const pglite = handle.pglite as unknown as { execProtocolStream: (message: Uint8Array, options: unknown) => Promise<unknown> };
    const stream = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = (message, options) => {
      if (logging)
        lines.push(
          `  round trip (${message.length} bytes): ${Buffer.from(message)
            .toString('latin1')
            .replace(/[^\x20-\x7e]+/g, ' ')
            .slice(0, 60)}…`,
        );
      return stream(message, options);
    };
  }
  const { app } = buildTestApp(db, { now: new Date().toISOString() });
  await app.ready();
  const made = (
    await app.inject({ method: 'POST', url: ApiPaths.sandboxCustomers, headers: CSRF, payload: { template: 'alex@fundflow.test' } })
  ).json<{ email: string; password: string }>();
  const session = await signIn(app, made.email, made.password);
  const headers = { ...CSRF, ...bearer(session.accessToken) };
  const account = (await app.inject({ method: 'GET', url: ApiPaths.accounts, headers }))
    .json<{ accounts: { variant: string; accountUuid: string }[] }>()
    .accounts.find((item) => item.variant === 'US')!;
  const bank = (await app.inject({ method: 'GET', url: ApiPaths.paymentMethods, headers }))
    .json<{ paymentMethods: { type: string; id: string }[] }>()
    .paymentMethods.find((item) => item.type === 'PLAID_ACCOUNT' || item.type === 'ACH')!;
  for (let index = 0; index < 3; index++) {
    logging = index === 2;
    if (logging) lines.push('--- the intent ---');
    const intent = (
      await app.inject({
        method: 'POST',
        url: ApiPaths.depositIntents,
        headers,
        payload: { paymentMethodId: bank.id, accountUuid: account.accountUuid, amount: { amount: '1.00', currency: 'USD' } },
      })
    ).json<{ id: string }>();
    logging = false;
    const notices = app.depositNotices;
    const tell = notices.madeDeposit;
    const owed: string[] = [];
    notices.madeDeposit = (id) => void owed.push(id);
    logging = index === 2;
    if (logging) lines.push('--- the confirm ---');
    const answer = await app.inject({
      method: 'POST',
      url: ApiPaths.depositConfirm,
      headers: { ...headers, [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: { id: intent.id, accountUuid: account.accountUuid },
    });
    if (answer.statusCode !== 200) throw new Error(`confirm answered ${answer.statusCode}: ${answer.body}`);
    if (logging) lines.push('--- its notice batch ---');
    notices.madeDeposit = tell;
    for (const id of owed) notices.madeDeposit(id);
    await notices.flush();
    logging = false;
  }
  console.log(lines.join('\n'));
  await app.close();
  await base.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
