import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ApiPaths, CSRF_HEADER, type SandboxCustomerResponse } from '../../api/contract';
import { CHROMIUM_ARGS, findChromium } from '../../test/browser/chromium';
import { DELIVERY_LABELS, type Delivery } from './delivery';
import { INTERACTION_GOAL_MS, lighthouseGoalsFor, meetsLighthouseGoals, type LighthouseGoals } from './goals';

// The front-end half of `npm run bench`: Lighthouse 12's mobile preset on /login and /portfolio, and the
// deposit flow's interactions timed in Chromium with a 4x slower CPU.

export { INTERACTION_GOAL_MS, LIGHTHOUSE_GOALS } from './goals';
export const CPU_SLOWDOWN = 4;

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

export interface LighthouseFigure extends LighthouseRun {
  page: string;
  /** How the page reached the browser (delivery.ts); absent in reports before 2026-11-27's HTTPS rows (plain HTTP/1.1). */
  delivery?: Delivery;
  runs: LighthouseRun[];
  /** What this page's medians were held to (goals.ts); absent in reports written before 2026-11-27. */
  goals?: LighthouseGoals;
  within: boolean;
}

export interface InteractionFigure {
  /** Each interaction: what was done and its longest event's duration (Event Timing, the INP basis). */
  interactions: { name: string; durationMs: number }[];
  worstMs: number;
  goalMs: number;
  within: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function post<T>(baseUrl: string, path: string, body: unknown): Promise<{ json: T; cookies: string[] }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return { json: (await response.json()) as T, cookies: response.headers.getSetCookie() };
}

/** A fresh copy of a demo customer, so the bench never changes the demo data. */
export async function benchCustomer(baseUrl: string, template = 'alex@fundflow.test'): Promise<SandboxCustomerResponse> {
  return (await post<SandboxCustomerResponse>(baseUrl, ApiPaths.sandboxCustomers, { template })).json;
}

/** Signs in over the API and returns the refresh cookie, which lets a page load start signed in. */
async function refreshCookie(baseUrl: string, customer: SandboxCustomerResponse): Promise<string> {
  const { cookies } = await post(baseUrl, ApiPaths.login, { email: customer.email, password: customer.password });
  const cookie = cookies.map((line) => line.split(';')[0]).find((pair) => pair.startsWith('ff_refresh='));
  if (!cookie) throw new Error('signing in gave no refresh cookie');
  return cookie;
}

/** Lighthouse's error for a run whose trace it could not record, as opposed to a page that failed to load. */
const TRACE_ERRORS = new Set(['NO_NAVSTART']);
const MAX_TRACE_RETRIES = 2;

/**
 * Lighthouse's default (mobile) configuration, performance only, `runs` times on one page; each run is a
 * cold load in a fresh Chromium. A page behind sign-in gets a fresh session's refresh cookie per run (the
 * refresh token rotates on use, so a cookie serves one load).
 */
export async function runLighthouse(
  baseUrl: string,
  pagePath: string,
  options: {
    runs: number;
    signedIn: boolean;
    log: (line: string) => void;
    /** Where each run's Lighthouse report (JSON) is written, for a look at what decided a figure: the LCP element, the requests. */
    reportDir?: string;
    /** Where the browser loads the page from when not from `baseUrl` (the HTTPS balancer); the API calls go to `baseUrl`. */
    pageBaseUrl?: string;
  },
): Promise<LighthouseFigure> {
  const pageBaseUrl = options.pageBaseUrl ?? baseUrl;
  const delivery: Delivery = pageBaseUrl.startsWith('https:') ? 'https-h2' : 'http1';
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const customer = options.signedIn ? await benchCustomer(baseUrl) : null;
  const runs: LighthouseRun[] = [];
  let traceRetries = 0;
  for (let run = 1; run <= options.runs; run += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: findChromium(),
      chromeFlags: [
        ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'),
        '--headless=new',
        // The balancer's certificate is a throw-away self-signed one.
        ...(delivery === 'https-h2' ? ['--ignore-certificate-errors'] : []),
      ],
    });
    try {
      const extraHeaders = customer ? { Cookie: await refreshCookie(baseUrl, customer) } : undefined;
      const result = await lighthouse(`${pageBaseUrl}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${pagePath}`);
      // Lighthouse sometimes fails to record the page's trace (NO_NAVSTART): that run measured nothing, so it is
      // made again in a fresh Chromium, at most twice a page. Any other error, one about the page itself, stops.
      if (lhr.runtimeError && TRACE_ERRORS.has(lhr.runtimeError.code) && traceRetries < MAX_TRACE_RETRIES) {
        traceRetries += 1;
        options.log(
          `lighthouse ${pagePath} (${DELIVERY_LABELS[delivery]}) run ${run}: ${lhr.runtimeError.code} (Lighthouse recorded no trace); running it again`,
        );
        run -= 1;
        continue;
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const numeric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
      const figures: LighthouseRun = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(numeric('largest-contentful-paint')),
        tbtMs: Math.round(numeric('total-blocking-time')),
        cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
        fcpMs: Math.round(numeric('first-contentful-paint')),
      };
      // A signed-in page that ended on the sign-in form measured the wrong page.
      if (options.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== pagePath) {
        throw new Error(`Lighthouse on ${pagePath} ended on ${lhr.finalDisplayedUrl}`);
      }
      runs.push(figures);
      if (options.reportDir) {
        mkdirSync(options.reportDir, { recursive: true });
        const file = path.join(options.reportDir, `lighthouse${pagePath.replace(/\W+/g, '-')}-${delivery}-${run}.json`);
        writeFileSync(file, JSON.stringify(lhr));
      }
      options.log(
        `lighthouse ${pagePath} (${DELIVERY_LABELS[delivery]}) run ${run}: score ${figures.score}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}`,
      );
    } finally {
      chrome.kill();
    }
  }
  const figure = {
    page: pagePath,
    delivery,
    runs,
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
  };
  const goals = lighthouseGoalsFor(pagePath, options.signedIn);
  return {
    ...figure,
    goals,
    within: meetsLighthouseGoals(figure, goals),
  };
}

/** Collects Event Timing entries of real interactions in the page (installed before the app loads). */
function observeInteractions() {
  const seen: { id: number; name: string; duration: number }[] = [];
  (window as unknown as { __interactions: typeof seen }).__interactions = seen;
  new PerformanceObserver((list) => {
    // interactionId: in TypeScript 7's DOM types, not yet in 5.9's (which the linter uses).
    for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
      if (entry.interactionId) seen.push({ id: entry.interactionId, name: entry.name, duration: entry.duration });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
}

/**
 * Drives the deposit flow of a fresh customer in Chromium with the CPU slowed down CPU_SLOWDOWN times: types
 * an amount, chooses a source, presses Next and Confirm. Reports each interaction's longest event (what INP
 * is built from) and the worst of them.
 */
export async function runInteractionBench(baseUrl: string, log: (line: string) => void): Promise<InteractionFigure> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.addInitScript(`(${observeInteractions.toString()})()`);
    const customer = await benchCustomer(baseUrl);
    await page.goto('/login');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/portfolio');
    await page.goto('/settings/v2/deposit?destination=us');
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.waitFor();
    const source = page.getByLabel('From');
    await source.waitFor();
    await page.waitForTimeout(500);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const marks: { name: string; from: number }[] = [];
    const mark = async (name: string) => marks.push({ name, from: await page.evaluate<number>('window.__interactions.length') });
    await mark('type the amount');
    await amount.click();
    await page.keyboard.type('1250', { delay: 120 });
    await mark('choose a source');
    const options = await source
      .locator('option')
      .evaluateAll((elements) => elements.map((element) => (element as HTMLOptionElement).value).filter(Boolean));
    const other = options.find((value) => value !== '') ?? '';
    await source.selectOption(options.length > 1 ? options[options.length - 1] : other);
    await source.selectOption(other);
    await mark('press Next');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
    await mark('press Confirm');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'Done' }).waitFor();
    await page.waitForTimeout(500);

    const entries = await page.evaluate<{ id: number; name: string; duration: number }[]>('window.__interactions');
    const interactions = marks.map((current, index) => {
      const slice = entries.slice(current.from, marks[index + 1]?.from ?? entries.length);
      return { name: current.name, durationMs: Math.max(0, ...slice.map((entry) => entry.duration)) };
    });
    if (entries.length === 0) throw new Error('the page reported no interactions (Event Timing)');
    const worstMs = Math.max(...entries.map((entry) => entry.duration));
    for (const interaction of interactions) log(`interaction "${interaction.name}": ${interaction.durationMs} ms`);
    await context.close();
    return { interactions, worstMs, goalMs: INTERACTION_GOAL_MS, within: worstMs <= INTERACTION_GOAL_MS };
  } finally {
    await browser.close();
  }
}
