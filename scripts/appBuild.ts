import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import webpack from 'webpack';
import webpackConfig from '../webpack.config';

const ROOT = path.resolve(__dirname, '..');
export const DIST_DIR = path.join(ROOT, 'dist');
const STAMP = path.join(DIST_DIR, '.build-stamp');
const SOURCE_DIRS = ['src', 'ui', 'store', 'api', 'features'];
const SOURCE_FILES = ['webpack.config.ts', 'package-lock.json', 'tsconfig.json'];

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** A fingerprint of everything the browser bundle is built from (tests excluded). */
export function sourceFingerprint(): string {
  const hash = createHash('sha256');
  const files = [
    ...SOURCE_DIRS.flatMap((dir) => (existsSync(path.join(ROOT, dir)) ? [...walk(path.join(ROOT, dir))] : [])),
    ...SOURCE_FILES.map((file) => path.join(ROOT, file)).filter((file) => existsSync(file)),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

export function buildIsCurrent(): boolean {
  return existsSync(path.join(DIST_DIR, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === sourceFingerprint();
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this, compressing saves less than the headers it costs. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the build, so the server sends
 * compressed files without compressing per request (@fastify/static's preCompressed).
 */
export function precompress(dir: string): number {
  let written = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < COMPRESS_MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    written += 1;
  }
  return written;
}

/** Runs the production webpack build and returns its assets. */
export function buildApp(): Promise<webpack.StatsCompilation> {
  const compiler = webpack(webpackConfig({}, { mode: 'production' }));
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) return reject(error);
      if (!stats || stats.hasErrors()) {
        return reject(new Error(stats?.toString({ all: false, errors: true, colors: false }) ?? 'webpack failed'));
      }
      precompress(DIST_DIR);
      writeFileSync(STAMP, sourceFingerprint());
      resolve(stats.toJson({ all: false, assets: true, chunks: true, entrypoints: true }));
    });
  });
}

/** Builds the app unless dist/ already holds a build of the current sources. */
export async function ensureAppBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (buildIsCurrent()) {
    log('App build is up to date.');
    return;
  }
  log('Building the app (production)…');
  const started = Date.now();
  await buildApp();
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
