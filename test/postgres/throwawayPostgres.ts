/**
 * A throw-away PostgreSQL cluster from Debian's server binaries: initdb in a temporary folder, started on a free
 * loopback port, stopped and removed by stop(). Used by withPostgres.ts (the server suite on PostgreSQL) and by
 * the browser suite's cluster test. initdb and postgres refuse to run as root, so under root they run as the
 * `postgres` system user (runuser), in a folder that user owns.
 */
import { spawnSync, type SpawnOptions } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin that has initdb, pg_ctl and postgres. */
export function findPostgresBin(): string | null {
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

/** Why there is no PostgreSQL to start (one line), for a skip or a CI failure. */
export function missingPostgresReason(): string {
  return process.env.PG_BIN
    ? `PG_BIN=${process.env.PG_BIN} has no initdb, pg_ctl and postgres`
    : "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (install Debian's postgresql package, or set PG_BIN)";
}

export function freePort(): Promise<number> {
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

export interface ThrowawayPostgres {
  /** A superuser connection to its `postgres` database. */
  url: string;
  bin: string;
  /** Stops the server and removes its folder; safe to call twice. */
  stop: () => void;
}

export async function startThrowawayPostgres(
  bin: string,
  options: { maxConnections?: number; durable?: boolean } = {},
): Promise<ThrowawayPostgres> {
  const asRoot = process.getuid?.() === 0;
  /** Runs a PostgreSQL tool, as the postgres system user when this process is root. */
  const pgTool = (tool: string, args: string[], spawnOptions: SpawnOptions = {}) => {
    const path = join(bin, tool);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
    return spawnSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...spawnOptions });
  };
  const mustRun = (tool: string, args: string[]) => {
    const result = pgTool(tool, args);
    if (result.error || result.status !== 0) {
      throw new Error(
        `${tool} failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout ?? ''}${result.stderr ?? ''}`,
      );
    }
  };

  const workDir = mkdtempSync(join(tmpdir(), 'fundflow-pg-'));
  const dataDir = join(workDir, 'data');
  const logFile = join(workDir, 'postgres.log');
  let started = false;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (started) {
      const result = pgTool('pg_ctl', ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
      if (result.status !== 0) pgTool('pg_ctl', ['stop', '-D', dataDir, '-m', 'immediate', '-w']);
    }
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    if (asRoot) {
      const { uid, gid } = postgresUserIds();
      chownSync(workDir, uid, gid);
    }
    // Throw-away settings: no durability (fsync off), trust on loopback, room for many test pools at once.
    mustRun('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const serverOptions = [
      `-p ${port}`,
      `-k ${workDir}`,
      '-c listen_addresses=127.0.0.1',
      `-c max_connections=${options.maxConnections ?? 300}`,
      // Durable: PostgreSQL's own defaults for these three, as a production cluster runs (the bench's cluster).
      ...(options.durable
        ? ['-c fsync=on', '-c synchronous_commit=on', '-c full_page_writes=on']
        : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ].join(' ');
    started = true;
    const start = pgTool('pg_ctl', ['start', '-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60']);
    if (start.status !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      throw new Error(`pg_ctl start failed:\n${start.stdout}${start.stderr}${log}`);
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, bin, stop };
  } catch (error) {
    stop();
    throw error;
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
