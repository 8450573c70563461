import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { Client } from 'pg';
import { ApiPaths, CSRF_HEADER } from '../api/contract';
import { buildServer, SERVER_ENTRIES, serverBuildIsCurrent } from '../scripts/serverBuild';
import { testDatabaseServerUrl } from './testing/testApp';

// The server build (scripts/serverBuild.ts): what `npm run build` makes and `npm start` and the Docker image run.
// Built once into a folder of its own under build/ (so the bundles find the project's node_modules the way
// build/server/ does) and removed after.

const ROOT = path.resolve(__dirname, '..');
const outDir = path.join(ROOT, 'build', `.test-${process.pid}-${randomBytes(4).toString('hex')}`);
const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

let bundles: string[];
beforeAll(async () => {
  bundles = await buildServer({ outDir, log: () => undefined });
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The packages a bundle loads at run time: every require("…") of a bare name, cut to the package's name. */
function requiredPackages(bundle: string): string[] {
  const names = new Set<string>();
  for (const match of readFileSync(bundle, 'utf8').matchAll(/\brequire\(\s*(["'])([^"']+)\1\s*\)/g)) {
    const id = match[2];
    if (id.startsWith('.') || id.startsWith('/') || id.startsWith('node:') || builtinModules.includes(id.split('/')[0])) continue;
    names.add(id.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]);
  }
  return [...names].sort();
}

describe('the server build', () => {
  it('bundles every entry point: index.js boots the server, migrate.js migrates (once its source exists)', () => {
    const expected = SERVER_ENTRIES.filter((entry) => existsSync(path.join(ROOT, entry.source))).map((entry) =>
      path.join(outDir, entry.bundle),
    );
    expect(expected).toContain(path.join(outDir, 'index.js'));
    expect(bundles).toEqual(expected);
    for (const bundle of bundles) {
      expect(readFileSync(bundle, 'utf8').length).toBeGreaterThan(1000);
      expect(existsSync(`${bundle}.map`)).toBe(true);
    }
  });

  it('the runtime bundles require only dependencies, never a devDependency (npm ci --omit=dev runs them)', () => {
    for (const bundle of bundles) {
      const required = requiredPackages(bundle);
      expect(required).toContain('kysely'); // both open the database: the scan sees their requires
      expect(required.filter((name) => name in packageJson.devDependencies)).toEqual([]);
      expect(required.filter((name) => !(name in packageJson.dependencies))).toEqual([]);
    }
  });

  it('is current right after a build, and stale when a file it was made from changed or a bundle is missing', () => {
    expect(serverBuildIsCurrent(outDir)).toBe(true);
    const stampPath = path.join(outDir, '.build-stamp.json');
    const stamp = readFileSync(stampPath, 'utf8');
    const parsed = JSON.parse(stamp) as { files: Record<string, string> };
    expect(Object.keys(parsed.files)).toEqual(
      expect.arrayContaining(['server/index.ts', 'server/db/migrations/0001_foundation.ts', 'api/contract/index.ts']),
    );
    parsed.files['server/index.ts'] = '0'.repeat(64);
    writeFileSync(stampPath, JSON.stringify(parsed));
    expect(serverBuildIsCurrent(outDir)).toBe(false);
    writeFileSync(stampPath, stamp);
    rmSync(path.join(outDir, 'index.js'));
    expect(serverBuildIsCurrent(outDir)).toBe(false);
  });

  it('the built server boots on plain node, signs a customer in, and stops on SIGTERM', async () => {
    // index.js was removed by the staleness test above; build it again (esbuild takes well under a second).
    await buildServer({ outDir, log: () => undefined });
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'warn',
      FUNDFLOW_MIGRATE_ON_START: 'true',
    };
    for (const name of ['DATABASE_URL', 'AUTH_SECRET', 'FUNDFLOW_MODE', 'FUNDFLOW_SANDBOX_NOW', 'NODE_OPTIONS']) delete env[name];
    // On the suite's PostgreSQL run the built server gets a database of its own there (node-postgres, required
    // from node_modules at run time); otherwise PGlite in memory (its wasm and data files read from node_modules).
    const database = await postgresDatabaseForTheBuild();
    if (database) env.DATABASE_URL = database.url;
    const child = spawn(process.execPath, [path.join(outDir, 'index.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Fundflow is running at (http:\/\/\S+)/.exec(output);
          if (match) resolve(match[1]);
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        void exited.then((code) => reject(new Error(`the built server exited (${code}) before listening:\n${output}`)));
      });
      const login = await fetch(`${url}${ApiPaths.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'test' },
        body: JSON.stringify({ email: 'alex@fundflow.test', password: 'fundflow-demo' }),
      });
      expect(login.status).toBe(200);
      const { accessToken } = (await login.json()) as { accessToken: string };
      const me = await fetch(`${url}${ApiPaths.me}`, { headers: { authorization: `Bearer ${accessToken}` } });
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe('alex@fundflow.test');
    } finally {
      child.kill('SIGTERM');
      await exited;
      await database?.drop();
    }
    expect(await exited).toBe(0);
  }, 90_000);
});

async function postgresDatabaseForTheBuild(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const serverUrl = testDatabaseServerUrl();
  if (!serverUrl) return null;
  const name = `fundflow_build_${process.pid}_${randomBytes(3).toString('hex')}`;
  const onServer = async (statement: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}
