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
import { spawn, spawnSync, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

const TAG = '[withPostgres]';
const command = process.argv.slice(2);
if (command[0] === '--') command.shift();
if (command.length === 0) {
  console.error(`${TAG} usage: tsx test/postgres/withPostgres.ts <command> [args...]`);
  process.exit(2);
}

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin that has initdb, pg_ctl and postgres. */
function findPostgresBin(): string | null {
  const hasServer = (dir: string) => ['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(dir, tool)));
  if (process.env.PG_BIN) return hasServer(process.env.PG_BIN) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (hasServer(dir)) return dir;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

const bin = findPostgresBin();
if (!bin) {
  const why = process.env.PG_BIN
    ? `PG_BIN=${process.env.PG_BIN} has no initdb, pg_ctl and postgres`
    : "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (install Debian's postgresql package, or set PG_BIN)";
  if (process.env.CI === 'true') {
    console.error(`${TAG} FAILED: the PostgreSQL test run cannot be skipped under CI: ${why}.`);
    process.exit(1);
  }
  console.log(`${TAG} PostgreSQL test run skipped: ${why}.`);
  process.exit(0);
}

const asRoot = process.getuid?.() === 0;
/** Runs a PostgreSQL tool, as the postgres system user when this process is root. */
function pgTool(tool: string, args: string[], options: SpawnOptions = {}) {
  const path = join(bin!, tool);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
  return spawnSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
}

function mustRun(tool: string, args: string[]) {
  const result = pgTool(tool, args);
  if (result.error || result.status !== 0) {
    throw new Error(`${tool} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
}

function postgresUserIds(): { uid: number; gid: number } {
  const read = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = read('-u');
  const gid = read('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid <= 0) {
    throw new Error("running as root needs the 'postgres' system user (Debian's postgresql package makes it)");
  }
  return { uid, gid };
}

const workDir = mkdtempSync(join(tmpdir(), 'fundflow-pg-'));
const dataDir = join(workDir, 'data');
const logFile = join(workDir, 'postgres.log');
let started = false;
let cleanedUp = false;

function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (started) {
    const stop = pgTool('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
    if (stop.status !== 0) pgTool('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
  }
  rmSync(workDir, { recursive: true, force: true });
}

async function main(): Promise<number> {
  if (asRoot) {
    const { uid, gid } = postgresUserIds();
    chownSync(workDir, uid, gid);
  }
  // Throw-away settings: no durability (fsync off), trust on loopback, room for many test pools at once.
  // Durable (WITH_POSTGRES_DURABLE=1): the same, but fsync, synchronous commit and full-page writes on.
  const durable = process.env.WITH_POSTGRES_DURABLE === '1';
  mustRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
  const port = await freePort();
  const serverOptions = [
    `-p ${port}`,
    `-k ${workDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=300',
    ...(durable ? ['-c fsync=on', '-c synchronous_commit=on', '-c full_page_writes=on'] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  started = true;
  const start = pgTool('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60']);
  if (start.status !== 0) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    throw new Error(`pg_ctl start failed:\n${start.stdout}${start.stderr}${log}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
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
