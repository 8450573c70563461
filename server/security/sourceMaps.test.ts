import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import webpackConfig from '../../webpack.config';
import { registerStaticApp } from '../http/staticApp';

// Source maps are not served to the public: they carry the app's original sources (comments, names, paths). The
// production build writes them without a sourceMappingURL comment (webpack's hidden-source-map), for our own
// tooling and the bundle budget, and the server never serves them, under any spelling of their path.

const MARKER = '"mappings":"AAAA;SECRET-ORIGINAL-SOURCE"';
const MAP = `{"version":3,"file":"main.0badc0de.js","sources":["webpack://fundflow/./src/index.tsx"],${MARKER}}`;
const MAP_FILES = ['assets/main.0badc0de.js.map', 'assets/main.0badc0de.css.map', 'assets/notifications.1a2b3c4d.js.map'];

let distDir = '';
let app: FastifyInstance;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'fundflow-maps-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Fundflow</title><script defer src="/assets/main.0badc0de.js"></script>',
  );
  writeFileSync(path.join(distDir, 'assets', 'main.0badc0de.js'), 'console.log("app")');
  writeFileSync(path.join(distDir, 'assets', 'main.0badc0de.css'), 'body{margin:0}');
  // Each map with the precompressed copies the build writes next to its text files (scripts/appBuild.ts).
  for (const file of MAP_FILES) {
    writeFileSync(path.join(distDir, file), MAP);
    writeFileSync(path.join(distDir, `${file}.gz`), gzipSync(MAP));
    writeFileSync(path.join(distDir, `${file}.br`), brotliCompressSync(MAP));
  }
  // The static app as the server registers it (its own not-found handler included).
  app = Fastify();
  registerStaticApp(app, distDir);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  rmSync(distDir, { recursive: true, force: true });
});

/** Whether an answer hands out a map, plain or compressed. */
function leaksMap(body: Buffer): boolean {
  if (body.includes('SECRET-ORIGINAL-SOURCE')) return true;
  for (const decode of [gunzipSync, brotliDecompressSync]) {
    try {
      if (decode(body).includes('SECRET-ORIGINAL-SOURCE')) return true;
    } catch {
      // Not that encoding.
    }
  }
  return false;
}

describe('source maps are not served', () => {
  it('GET of every map and its compressed copies answers 404, whatever the client accepts', async () => {
    for (const file of MAP_FILES.flatMap((map) => [map, `${map}.gz`, `${map}.br`])) {
      for (const accept of ['*/*', 'text/html', 'application/json']) {
        for (const encoding of ['br, gzip', 'gzip', 'identity']) {
          const response = await app.inject({ method: 'GET', url: `/${file}`, headers: { accept, 'accept-encoding': encoding } });
          const where = `/${file} accept=${accept} encoding=${encoding}`;
          expect({ where, status: response.statusCode, leaks: leaksMap(response.rawPayload) }).toEqual({
            where,
            status: 404,
            leaks: false,
          });
        }
      }
    }
  });

  it('the scripts and stylesheets themselves are still served', async () => {
    for (const file of ['/assets/main.0badc0de.js', '/assets/main.0badc0de.css', '/']) {
      const response = await app.inject({ method: 'GET', url: file, headers: { accept: '*/*' } });
      expect({ file, status: response.statusCode }).toEqual({ file, status: 200 });
    }
  });

  it('no spelling of a map path gets it (generated: escapes, case, dot segments, doubled slashes, queries, HEAD)', async () => {
    const escapeSome = (text: string, picks: boolean[]) =>
      [...text]
        .map((char, index) =>
          picks[index % picks.length] && /[a-z.]/i.test(char) ? `%${char.charCodeAt(0).toString(16).toUpperCase()}` : char,
        )
        .join('');
    const spelling = fc
      .record({
        file: fc.constantFrom(...MAP_FILES.flatMap((map) => [map, `${map}.gz`, `${map}.br`])),
        escapes: fc.array(fc.boolean(), { minLength: 1, maxLength: 9 }),
        escape: fc.boolean(),
        upper: fc.boolean(),
        prefix: fc.constantFrom('/', '//', '/./', '/assets/../', '/x/../'),
        suffix: fc.constantFrom('', '?v=1', '?', '/', '#x', '?a=b.map'),
      })
      .map(({ file, escapes, escape, upper, prefix, suffix }) => {
        const name = upper ? file.toUpperCase() : file;
        return prefix + (escape ? escapeSome(name, escapes) : name) + suffix;
      });
    await fc.assert(
      fc.asyncProperty(
        spelling,
        fc.constantFrom('GET', 'HEAD'),
        fc.constantFrom(undefined, '*/*', 'text/html', 'application/json'),
        fc.constantFrom(undefined, 'br', 'gzip', 'br, gzip, deflate'),
        async (url, method, accept, encoding) => {
          const headers: Record<string, string> = {};
          if (accept) headers.accept = accept;
          if (encoding) headers['accept-encoding'] = encoding;
          const response = await app.inject({ method: method as 'GET', url, headers });
          const where = `${method} ${url} accept=${accept} encoding=${encoding} → ${response.statusCode}`;
          expect({ where, leaks: leaksMap(response.rawPayload) }).toEqual({ where, leaks: false });
          // Whatever answers is never a map: a 404, or (for a page navigation to a path that is not a map) the app shell.
          if (response.statusCode === 200)
            expect({ where, type: response.headers['content-type'] }).toEqual({ where, type: expect.stringMatching(/^text\/html/) });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the production build does not point at its maps', () => {
  it('builds maps hidden: no sourceMappingURL comment in any script or stylesheet (webpack.config.ts)', () => {
    const production = webpackConfig({}, { mode: 'production' });
    expect(production.devtool).toBe('hidden-source-map');
    // Development keeps its inline maps: the dev server is not public.
    expect(webpackConfig({}, { mode: 'development' }).devtool).toMatch(/source-map/);
  });
});
