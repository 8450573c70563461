/**
 * Runs a command against a throw-away PostgreSQL cluster:
 *   tsx test/postgres/withPostgres.ts jest --selectProjects server
 * The cluster is made with initdb in a temporary folder, listens on a free loopback port, and is stopped and
 * removed when the command ends, fails or is interrupted. The command gets FUNDFLOW_TEST_DATABASE_URL, a
 * superuser connection to its `postgres` database (tests create and drop their own databases on it).
 *
 * Needs PostgreSQL's server binaries (Debian's `postgresql` package: /usr/lib/postgresql/<version>/bin), or
 * PG_BIN naming their folder. Without them the run is skipped with one line and exit 0, except under CI=true,
 * where a skipped run fails. initdb and postgres refuse to run as root, so under root they run as the
 * `postgres` system user (runuser), in a folder that user owns.
 *
 * WITH_POSTGRES_DURABLE=1 starts the cluster with PostgreSQL's durable settings instead (fsync, synchronous
 * commit and full-page writes on, as production runs); `npm run bench` measures on such a cluster.
 */
import { spawn } from 'node:child_process';
import { delimiter, resolve } from 'node:path';
import { findPostgresBin, missingPostgresReason, startThrowawayPostgres, type ThrowawayPostgres } from './throwawayPostgres';

const TAG = '[withPostgres]';
const command = process.argv.slice(2);
if (command[0] === '--') command.shift();
if (command.length === 0) {
  console.error(`${TAG} usage: tsx test/postgres/withPostgres.ts <command> [args...]`);
  process.exit(2);
}

const bin = findPostgresBin();
if (!bin) {
  const why = missingPostgresReason();
  if (process.env.CI === 'true') {
    console.error(`${TAG} FAILED: the PostgreSQL test run cannot be skipped under CI: ${why}.`);
    process.exit(1);
  }
  console.log(`${TAG} PostgreSQL test run skipped: ${why}.`);
  process.exit(0);
}

let cluster: ThrowawayPostgres | undefined;
const cleanUp = () => cluster?.stop();

async function main(): Promise<number> {
  // Durable (WITH_POSTGRES_DURABLE=1): fsync, synchronous commit and full-page writes on, as production runs.
  const durable = process.env.WITH_POSTGRES_DURABLE === '1';
  cluster = await startThrowawayPostgres(bin!, { durable });
  const { url } = cluster;
  console.log(`${TAG} PostgreSQL (${bin}${durable ? ', durable' : ''}) on ${url}; running: ${command.join(' ')}`);

  const localBin = resolve(__dirname, '..', '..', 'node_modules', '.bin');
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, FUNDFLOW_TEST_DATABASE_URL: url, PATH: `${localBin}${delimiter}${process.env.PATH ?? ''}` },
  });
  // Ctrl-C reaches the whole foreground process group (the command too); a SIGTERM sent to this script alone
  // is passed on. Either way the cluster is stopped once the command has ended.
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  process.on('SIGHUP', forward('SIGHUP'));
  return new Promise((resolveCode) => {
    child.once('error', (error) => {
      console.error(`${TAG} could not run ${command[0]}: ${error.message}`);
      resolveCode(127);
    });
    child.once('exit', (code, signal) => resolveCode(code ?? (signal ? 128 + signalNumber(signal) : 1)));
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  return ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15, SIGKILL: 9 } as Partial<Record<NodeJS.Signals, number>>)[signal] ?? 1;
}

process.on('exit', cleanUp);
main().then(
  (code) => {
    cleanUp();
    process.exit(code);
  },
  (error: unknown) => {
    console.error(`${TAG} ${error instanceof Error ? error.message : String(error)}`);
    cleanUp();
    process.exit(1);
  },
);
