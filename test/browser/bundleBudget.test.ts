import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from '../../scripts/appBuild';
import { chunkSizes } from '../../scripts/build';
import { baseUrl, openPage, signIn, useBrowser } from './harness';

jest.setTimeout(60_000);

/**
 * Budgets in bytes (stable, unlike timings): the first route's JavaScript and any lazy flow chunk. The first route
 * measured 138,413 B on 2026-11-27 (main.js 132,197, live-events 1,778, portfolio-details 4,438; 140,618 B earlier
 * that day, 146,433 B before issue 20's round); the budget is that plus about half a KiB. Issue 20's goal is 125 KiB:
 * about 107 KB of the first route is libraries (react-dom alone about 66 KB), see docs/performance.md.
 */
export const INITIAL_JS_BUDGET = 135.7 * 1024;
export const LAZY_CHUNK_BUDGET = 60 * 1024;

const gzipSize = (asset: string) => gzipSync(readFileSync(path.join(DIST_DIR, asset)), { level: 9 }).length;

const browser = useBrowser();

describe('bundle budgets', () => {
  it(`loads at most ${INITIAL_JS_BUDGET / 1024} KiB of gzipped JavaScript for login, then /portfolio`, async () => {
    const { page, context } = await openPage(browser());
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname.replace(/^\//, ''));
    });
    await signIn(page, 'alex@fundflow.test');
    await page.waitForURL('**/portfolio');
    await page.getByRole('list', { name: 'Funding methods' }).waitFor();
    const sizes = [...scripts].map((asset) => ({ asset, gzip: gzipSize(asset) }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    expect(sizes.length).toBeGreaterThan(0);
    if (total > INITIAL_JS_BUDGET || process.env.BUNDLE_SIZES) console.error(sizes, total);
    expect(total).toBeLessThanOrEqual(INITIAL_JS_BUDGET);
    await context.close();
  });

  it(`keeps every lazy chunk at or under ${LAZY_CHUNK_BUDGET / 1024} KiB gzipped`, () => {
    const lazy = chunkSizes().filter((chunk) => chunk.file.endsWith('.js') && !chunk.initial);
    expect(lazy.length).toBeGreaterThan(0);
    expect(lazy.filter((chunk) => chunk.gzip > LAZY_CHUNK_BUDGET)).toEqual([]);
  });

  it('carries the bank marks (bank search) and the drop zone (statement upload) only in lazy chunks, never in the first route', () => {
    const chunks = chunkSizes();
    const holding = (text: string) => chunks.filter((chunk) => readFileSync(path.join(DIST_DIR, chunk.file), 'utf8').includes(text));
    for (const text of ['data-bank-mark', 'ff-drop-zone']) {
      const found = holding(text);
      expect(found.length).toBeGreaterThan(0);
      expect(found.filter((chunk) => chunk.initial)).toEqual([]);
    }
  });

  it("carries the loaders of Stripe.js and Plaid's script only in lazy chunks, which load when their flows open", () => {
    const chunks = chunkSizes().filter((chunk) => chunk.file.endsWith('.js'));
    const holding = (text: string) => chunks.filter((chunk) => readFileSync(path.join(DIST_DIR, chunk.file), 'utf8').includes(text));
    for (const script of ['https://js.stripe.com', 'https://cdn.plaid.com']) {
      const found = holding(script);
      // The loader is in the build (the live providers use it), and never in what the first page loads.
      expect(found.length).toBeGreaterThan(0);
      expect(found.filter((chunk) => chunk.initial)).toEqual([]);
    }
  });

  it('bundles the production builds of its libraries, not their development builds', () => {
    const sources = chunkSizes()
      .filter((chunk) => chunk.file.endsWith('.js'))
      .flatMap((chunk) => (JSON.parse(readFileSync(path.join(DIST_DIR, `${chunk.file}.map`), 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((source) => source.includes('node_modules/react-router/dist/production/'))).toBe(true);
    // React Router's package exports name only its development build (dev warnings on); webpack.config.ts aliases it.
    expect(sources.filter((source) => /node_modules\/.*(\/development\/|\.development\.)/.test(source))).toEqual([]);
  });

  it('serves no source map: no script or stylesheet names one, and every map the build wrote answers 404', async () => {
    const chunks = chunkSizes();
    const naming = chunks.filter((chunk) => /sourceMappingURL/.test(readFileSync(path.join(DIST_DIR, chunk.file), 'utf8')));
    expect(naming.map((chunk) => chunk.file)).toEqual([]);
    const maps = chunks.map((chunk) => `${chunk.file}.map`).filter((map) => existsSync(path.join(DIST_DIR, map)));
    // The build still writes them (the test above reads them), for our tools only.
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps.slice(0, 5)) {
      for (const url of [`/${map}`, `/${map}.gz`, `/${map}.br`]) {
        const response = await fetch(new URL(url, baseUrl()), { headers: { accept: '*/*' } });
        expect({ url, status: response.status }).toEqual({ url, status: 404 });
        expect(await response.text()).not.toContain('"mappings"');
      }
    }
  });
});
