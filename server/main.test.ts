import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiPaths, CSRF_HEADER, type AccountsResponse, type SessionResponse } from '../api/contract';
import { precompress } from '../scripts/appBuild';
import { startServer } from './main';

// startServer end to end over real HTTP: a PGlite data directory on disk, a built app folder, restart.
let workDir: string;
let distDir: string;
let dataDir: string;

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'fundflow-main-test-'));
  distDir = join(workDir, 'dist');
  dataDir = join(workDir, 'data', 'nested');
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Fundflow app shell</title>');
  writeFileSync(join(distDir, 'assets', 'main.3f9a1c.js'), 'console.log("app")');
  writeFileSync(join(distDir, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(distDir, 'assets', 'flow.77e0b2.js'), BIG_SCRIPT);
  precompress(distDir);
});

const BIG_SCRIPT = Array.from({ length: 200 }, (_, line) => `export const value${line} = ${line} * 2;`).join('\n');
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const html = { accept: 'text/html,application/xhtml+xml' };

async function signInOver(url: string): Promise<SessionResponse> {
  const response = await fetch(`${url}${ApiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ email: 'alex@fundflow.test', password: 'fundflow-demo' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as SessionResponse;
}

describe('startServer', () => {
  it('creates the data directory, seeds once, serves the app and the API, and keeps sessions over a restart', async () => {
    const first = await startServer({ migrate: true, port: 0, host: '127.0.0.1', dataDir, distDir, logLevel: 'warn' });
    let session: SessionResponse;
    try {
      expect(first.port).toBeGreaterThan(0);
      expect(first.url).toBe(`http://127.0.0.1:${first.port}`);
      expect(await (await fetch(`${first.url}${ApiPaths.health}`)).json()).toEqual({ status: 'ok', mode: 'sandbox' });

      const asset = await fetch(`${first.url}/assets/main.3f9a1c.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      // The build's compressed copies: Brotli when accepted, else gzip, else the file itself; never for tiny files.
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const flow = await fetch(`${first.url}/assets/flow.77e0b2.js`, { headers: { 'accept-encoding': accept } });
        expect(flow.status).toBe(200);
        expect(flow.headers.get('content-encoding')).toBe(encoding);
        expect(flow.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(await flow.text()).toBe(BIG_SCRIPT);
      }
      expect(asset.headers.get('content-encoding')).toBeNull();

      const robots = await fetch(`${first.url}/robots.txt`);
      expect(robots.headers.get('cache-control')).toBe('no-cache');

      for (const path of ['/', '/portfolio', '/settings/v2/deposit?destination=us']) {
        const page = await fetch(`${first.url}${path}`, { headers: html });
        expect(page.status).toBe(200);
        expect(page.headers.get('cache-control')).toBe('no-cache');
        expect(await page.text()).toContain('Fundflow app shell');
      }

      const apiMiss = await fetch(`${first.url}/api/unknown`, { headers: html });
      expect(apiMiss.status).toBe(404);
      expect(await apiMiss.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
      const assetMiss = await fetch(`${first.url}/assets/missing.js`);
      expect(assetMiss.status).toBe(404);

      session = await signInOver(first.url);
    } finally {
      await first.close();
    }
    await first.close(); // twice is harmless

    const second = await startServer({ migrate: true, port: 0, host: '127.0.0.1', dataDir, distDir, logLevel: 'warn' });
    try {
      // Same data directory: not seeded again, and the per-database signing secret still accepts the old token.
      const accounts = await fetch(`${second.url}${ApiPaths.accounts}`, { headers: { authorization: `Bearer ${session.accessToken}` } });
      expect(accounts.status).toBe(200);
      expect(((await accounts.json()) as AccountsResponse).accounts).toHaveLength(4);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('without a built app answers a page that says how to build it', async () => {
    const server = await startServer({
      migrate: true,
      port: 0,
      host: '127.0.0.1',
      dataDir: 'memory',
      distDir: join(workDir, 'no-dist'),
      logLevel: 'warn',
    });
    try {
      const page = await fetch(`${server.url}/`, { headers: html });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('npm run build');
    } finally {
      await server.close();
    }
  }, 120_000);

  // Live mode's demo-login refusal is tested in routes/auth.test.ts; live mode on PGlite does not start at all.
  it('live mode refuses to start on PGlite', async () => {
    await expect(startServer({ port: 0, host: '127.0.0.1', dataDir: 'memory', distDir: '', live: true, seed: true })).rejects.toThrow(
      /DATABASE_URL must name a PostgreSQL database/,
    );
  }, 120_000);
});
