import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, DIST_DIR } from './appBuild';

// `npm run build`: production bundle in dist/, then each chunk's gzipped size.
buildApp()
  .then((stats) => {
    const initial = new Set((stats.entrypoints?.main?.assets ?? []).map((asset) => asset.name));
    const rows = (stats.assets ?? [])
      .filter((asset) => asset.name.endsWith('.js') || asset.name.endsWith('.css'))
      .map((asset) => ({ name: asset.name, gzip: gzipSync(readFileSync(path.join(DIST_DIR, asset.name))).length, initial: initial.has(asset.name) }))
      .sort((a, b) => b.gzip - a.gzip);
    for (const row of rows) console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} KiB gz  ${row.initial ? 'initial' : 'lazy   '}  ${row.name}`);
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
