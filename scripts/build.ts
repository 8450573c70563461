import { gzipSync } from 'node:zlib';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, DIST_DIR } from './appBuild';
import { buildServer, serverBundleSizes } from './serverBuild';

/** Each built script and stylesheet with its gzipped size; initial = referenced by index.html. */
export function chunkSizes() {
  const index = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');
  return readdirSync(path.join(DIST_DIR, 'assets'))
    .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
    .map((file) => ({
      file: `assets/${file}`,
      gzip: gzipSync(readFileSync(path.join(DIST_DIR, 'assets', file)), { level: 9 }).length,
      initial: index.includes(`assets/${file}`),
    }))
    .sort((a, b) => b.gzip - a.gzip);
}

/**
 * The built scripts and stylesheets that hold a source file (its path from the repository's root, e.g.
 * 'features/notifications/NotificationsPage.tsx'), found through their hidden source maps: lazy chunks' files are
 * named by id and hash, not by chunk name (webpack.config.ts).
 */
export function chunkFilesHolding(source: string): string[] {
  return chunkSizes()
    .map((chunk) => chunk.file)
    .filter((file) => {
      const map = path.join(DIST_DIR, `${file}.map`);
      if (!existsSync(map)) return false;
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      return sources.some((name) => name.endsWith(`/${source}`));
    });
}

// `npm run build`: the web app's production bundle in dist/ (each chunk's gzipped size printed), then the server's
// bundles in build/server/ (index.js boots it, migrate.js migrates), run with plain node.
if (require.main === module) {
  buildApp()
    .then(async (stats) => {
      // Lazy chunks' files carry their id, not their name (webpack.config.ts): the listing adds the name.
      const names = new Map(
        (stats.chunks ?? []).flatMap((chunk) => (chunk.files ?? []).map((file) => [file, (chunk.names ?? []).join(',')])),
      );
      for (const row of chunkSizes())
        console.log(
          `${(row.gzip / 1024).toFixed(1).padStart(7)} KiB gz  ${row.initial ? 'initial' : 'lazy   '}  ${row.file}  ${names.get(row.file) ?? ''}`.trimEnd(),
        );
      await buildServer();
      for (const row of serverBundleSizes()) console.log(`${(row.bytes / 1024).toFixed(1).padStart(7)} KiB     server   ${row.file}`);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}
