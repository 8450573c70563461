import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';

// The server's build: each entry point bundled by esbuild into one CommonJS file for Node 20, with the
// packages of node_modules left as require() calls (they are installed next to the build: `npm ci --omit=dev`).
// Nothing the server reads at run time comes from its own source tree (migrations, the institution directory
// and the seed are imported modules; PGlite's wasm and data files stay in node_modules), so the bundle runs
// from any folder whose node_modules holds the dependencies.

const ROOT = path.resolve(__dirname, '..');
export const SERVER_BUILD_DIR = path.join(ROOT, 'build', 'server');
const STAMP_FILE = '.build-stamp.json';

/** The server's public entry points and the bundle each one becomes. */
export const SERVER_ENTRIES: readonly { source: string; bundle: string }[] = [
  { source: 'server/index.ts', bundle: 'index.js' }, // boots the server from the environment
  { source: 'server/migrateCommand.ts', bundle: 'migrate.js' }, // migrates the database and exits
];

/** Files that change the bundles without being one of esbuild's inputs. */
const BUILD_FILES = ['scripts/serverBuild.ts', 'package-lock.json', 'tsconfig.json'];

interface Stamp {
  bundles: string[];
  /** Every file the bundles were made from (esbuild's inputs and BUILD_FILES), with its sha256. */
  files: Record<string, string>;
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The entries whose source exists (an entry still being written elsewhere is skipped, with a note). */
function presentEntries(log: (line: string) => void) {
  return SERVER_ENTRIES.filter((entry) => {
    if (existsSync(path.join(ROOT, entry.source))) return true;
    log(`Note: ${entry.source} does not exist, so build/server/${entry.bundle} is not built.`);
    return false;
  });
}

export function serverBuildOptions(outDir: string, entries: readonly { source: string; bundle: string }[]): BuildOptions {
  return {
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(entries.map((entry) => [path.basename(entry.bundle, '.js'), entry.source])),
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // node_modules stay outside the bundle: required at run time from the node_modules next to the build.
    packages: 'external',
    // For stack traces (node --enable-source-maps). build/ is never served, so the maps stay private.
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  };
}

/** Bundles the server's entry points into outDir (default build/server), replacing what was there. */
export async function buildServer(options: { outDir?: string; log?: (line: string) => void } = {}): Promise<string[]> {
  const outDir = options.outDir ?? SERVER_BUILD_DIR;
  const log = options.log ?? console.log;
  const entries = presentEntries(log);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build(serverBuildOptions(outDir, entries));
  const files: Record<string, string> = {};
  for (const input of [...Object.keys(result.metafile!.inputs), ...BUILD_FILES].sort()) {
    const full = path.join(ROOT, input);
    if (existsSync(full)) files[input] = sha256(full);
  }
  const stamp: Stamp = { bundles: entries.map((entry) => entry.bundle), files };
  writeFileSync(path.join(outDir, STAMP_FILE), JSON.stringify(stamp, null, 1));
  return stamp.bundles.map((bundle) => path.join(outDir, bundle));
}

/**
 * The server build is current when it holds a bundle for every entry that exists now and none of the files it
 * was made from changed since (a new import shows as a change in the file that imports it).
 */
export function serverBuildIsCurrent(outDir: string = SERVER_BUILD_DIR): boolean {
  const stampPath = path.join(outDir, STAMP_FILE);
  if (!existsSync(stampPath)) return false;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as Stamp;
  } catch {
    return false;
  }
  const wanted = presentEntries(() => undefined).map((entry) => entry.bundle);
  if (wanted.join() !== stamp.bundles.join()) return false;
  if (!wanted.every((bundle) => existsSync(path.join(outDir, bundle)))) return false;
  return Object.entries(stamp.files).every(([file, hash]) => {
    const full = path.join(ROOT, file);
    return existsSync(full) && sha256(full) === hash;
  });
}

/** Builds the server unless build/server already holds a build of the current sources. */
export async function ensureServerBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (serverBuildIsCurrent()) {
    log('Server build is up to date.');
    return;
  }
  log('Building the server…');
  const started = Date.now();
  await buildServer({ log });
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Each bundle of the server build with its size, for `npm run build`'s report. */
export function serverBundleSizes(outDir: string = SERVER_BUILD_DIR): { file: string; bytes: number }[] {
  return SERVER_ENTRIES.map((entry) => path.join(outDir, entry.bundle))
    .filter((file) => existsSync(file))
    .map((file) => ({ file: path.relative(ROOT, file), bytes: statSync(file).size }));
}
