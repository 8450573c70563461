import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import Fastify from 'fastify';
import { Pool, type PoolClient } from 'pg';
import { ApiPaths, IDEMPOTENCY_HEADER } from '../../api/contract';

// The bare stack of `npm run bench` (issue 20): the least a deposit confirm can do on the same database, so
// Fundflow's figures can be read as a ratio to it. Fastify and the database driver, nothing else: no sign-in
// check, no intent, no limits, no events. One transaction per confirm: insert the idempotency key, insert the
// deposit, add to the balance, store the answer. A key seen before answers its stored answer.
//
// Run by the bench as its own process, like the Fundflow server:
//   PORT=3100 DATA_DIR=/tmp/bare npx tsx scripts/bench/bareStack.ts         PGlite in a folder
//   PORT=3100 DATABASE_URL=postgres://... npx tsx scripts/bench/bareStack.ts PostgreSQL (node-postgres, 10 connections, as Fundflow)
// Its tables live in their own schema (dropped and made again at every start), so they never touch Fundflow's.
//   POST /bench/accounts {accountUuids}   makes balances at zero;   GET /bench/deposits   lists the ids of the deposits held.

export const BARE_SCHEMA = 'bench_bare_stack';
/** Every bare confirm deposits $1.00, as the bench's Fundflow intents do. */
const AMOUNT_CENTS = 100;

const SCHEMA_SQL = [
  `DROP SCHEMA IF EXISTS ${BARE_SCHEMA} CASCADE`,
  `CREATE SCHEMA ${BARE_SCHEMA}`,
  `CREATE TABLE ${BARE_SCHEMA}.balances (account_uuid uuid PRIMARY KEY, pending_cents bigint NOT NULL DEFAULT 0)`,
  `CREATE TABLE ${BARE_SCHEMA}.idempotency_keys (key text PRIMARY KEY, answer jsonb, created_at timestamptz NOT NULL DEFAULT now())`,
  `CREATE TABLE ${BARE_SCHEMA}.deposits (id uuid PRIMARY KEY, intent_id text NOT NULL, account_uuid uuid NOT NULL, amount_cents bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
];

type Query = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;

interface BareDatabase {
  query: Query;
  /** Runs `work` in one transaction (BEGIN ... COMMIT, ROLLBACK when it throws). */
  transaction: <T>(work: (query: Query) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
}

async function openPglite(dataDir: string): Promise<BareDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  const wrap =
    (target: Pick<typeof pglite, 'query'>): Query =>
    async (sql, params) => {
      const result = await target.query<Record<string, unknown>>(sql, params);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    };
  return {
    query: wrap(pglite),
    // PGlite's own transaction() holds its one connection from BEGIN to COMMIT.
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
  };
}

function openPostgres(connectionString: string): BareDatabase {
  const pool = new Pool({ connectionString, max: 10 }); // Fundflow's pool size (server/db/openDatabase.ts)
  pool.on('error', () => undefined);
  const wrap =
    (client: Pool | PoolClient): Query =>
    async (sql, params) => {
      const result = await client.query<Record<string, unknown>>(sql, params);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    };
  return {
    query: wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await work(wrap(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

class NoSuchAccount extends Error {}

interface BareAnswer {
  id: string;
  intentId: string;
  accountUuid: string;
  amountCents: number;
  status: 'PENDING';
}

/** The one transaction of a confirm; a key already stored answers its stored answer instead. */
function confirm(db: BareDatabase, key: string, intentId: string, accountUuid: string): Promise<BareAnswer> {
  return db.transaction(async (query) => {
    // A second request with the same key waits here (PostgreSQL) until the first commits, then finds its answer.
    const claimed = await query(
      `INSERT INTO ${BARE_SCHEMA}.idempotency_keys (key) VALUES ($1) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key],
    );
    if (claimed.rows.length === 0) {
      const stored = await query(`SELECT answer FROM ${BARE_SCHEMA}.idempotency_keys WHERE key = $1`, [key]);
      return stored.rows[0].answer as BareAnswer;
    }
    const answer: BareAnswer = { id: randomUUID(), intentId, accountUuid, amountCents: AMOUNT_CENTS, status: 'PENDING' };
    await query(`INSERT INTO ${BARE_SCHEMA}.deposits (id, intent_id, account_uuid, amount_cents) VALUES ($1, $2, $3, $4)`, [
      answer.id,
      intentId,
      accountUuid,
      AMOUNT_CENTS,
    ]);
    const updated = await query(`UPDATE ${BARE_SCHEMA}.balances SET pending_cents = pending_cents + $2 WHERE account_uuid = $1`, [
      accountUuid,
      AMOUNT_CENTS,
    ]);
    if (updated.rowCount !== 1) throw new NoSuchAccount();
    await query(`UPDATE ${BARE_SCHEMA}.idempotency_keys SET answer = $2 WHERE key = $1`, [key, JSON.stringify(answer)]);
    return answer;
  });
}

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export async function startBareStack(options: { port: number; host: string; databaseUrl?: string; dataDir?: string }) {
  const db = options.databaseUrl ? openPostgres(options.databaseUrl) : await openPglite(options.dataDir!);
  for (const statement of SCHEMA_SQL) await db.query(statement);

  const app = Fastify({ logger: false });
  app.get(ApiPaths.health, async () => ({ status: 'ok' }));

  app.post<{ Body: { id: string; accountUuid: string } }>(
    ApiPaths.depositConfirm,
    {
      schema: {
        body: {
          type: 'object',
          required: ['id', 'accountUuid'],
          properties: { id: { type: 'string', minLength: 1, maxLength: 100 }, accountUuid: { type: 'string', pattern: UUID } },
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
        return reply.code(400).send({ errorCode: 'IDEMPOTENCY_KEY_REQUIRED', message: 'Send an Idempotency-Key header.' });
      }
      try {
        return reply.code(200).send(await confirm(db, key, request.body.id, request.body.accountUuid));
      } catch (error) {
        if (error instanceof NoSuchAccount) return reply.code(404).send({ errorCode: 'ACCOUNT_NOT_FOUND', message: 'No such account.' });
        throw error;
      }
    },
  );

  // The bench's own set-up and count, outside the measured path.
  app.post<{ Body: { accountUuids: string[] } }>('/bench/accounts', async (request, reply) => {
    for (const accountUuid of request.body.accountUuids)
      await db.query(`INSERT INTO ${BARE_SCHEMA}.balances (account_uuid) VALUES ($1)`, [accountUuid]);
    return reply.code(201).send({ made: request.body.accountUuids.length });
  });
  app.get('/bench/deposits', async () => {
    const { rows } = await db.query(`SELECT id FROM ${BARE_SCHEMA}.deposits`);
    return { ids: rows.map((row) => row.id as string) };
  });

  app.addHook('onClose', () => db.close());
  await app.listen({ port: options.port, host: options.host });
  return app;
}

if (require.main === module) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR;
  if (!databaseUrl && !dataDir) {
    console.error('bareStack: set DATABASE_URL or DATA_DIR');
    process.exit(2);
  }
  startBareStack({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '127.0.0.1', databaseUrl, dataDir }).then(
    (app) => {
      const stop = () => void app.close().then(() => process.exit(0));
      process.once('SIGTERM', stop);
      process.once('SIGINT', stop);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
