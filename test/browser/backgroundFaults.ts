import type { Browser, Page, Request, Route } from 'playwright-core';
import { answerWithFault, type Fault, FAULT_MESSAGES, FAULTS, fetchesOpenAtRest, signInFreshByApi } from './faultKit';
import { DESKTOP, openPage, withFailureScreenshot } from './harness';

// The calls the app makes on its own (analytics, the live events subscription, the configuration at start),
// failed five ways while the page's clock runs a minute (faults.services.test.ts lists them): no error for the
// customer, the page keeps working, and no retry storm.

/**
 * The endpoint's requests get the fault until disarm(). Unlike the rows' arming, a time-out here holds the request
 * and leaves the page's clock alone: the test moves it itself, to see what the app does over time.
 */
export async function armQuietFault(page: Page, method: string, path: RegExp, fault: Fault) {
  const held: Route[] = [];
  const matches = (url: URL) => path.test(url.pathname);
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    if (fault === 'abort') return route.abort('connectionreset');
    if (fault === 'timeout') {
      held.push(route);
      return undefined;
    }
    return answerWithFault(route, fault);
  };
  await page.route(matches, handler);
  return {
    /** Whether the request is held (the time-out case): it gets no answer until the app gives up on it. */
    isHeld: (request: Request) => held.some((route) => route.request() === request),
    async disarm() {
      await page.unroute(matches, handler);
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    },
  };
}

/**
 * The endpoint's requests: how many were made, and which still wait for an answer or have just got one; and the
 * page's other API requests still waiting (`others`), so the page's clock does not run past their time-out while
 * a busy machine answers them in real time.
 */
export function countRequests(page: Page, method: string, path: RegExp) {
  const seen = { count: 0, open: new Set<Request>(), ended: 0, others: new Set<Request>() };
  const ofCall = (request: Request) => request.method() === method && path.test(new URL(request.url()).pathname);
  page.on('request', (request) => {
    if (!ofCall(request)) {
      if (new URL(request.url()).pathname.startsWith('/api/')) seen.others.add(request);
      return;
    }
    seen.count += 1;
    seen.open.add(request);
  });
  const end = (request: Request) => {
    seen.others.delete(request);
    if (seen.open.delete(request)) seen.ended += 1;
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return seen;
}

/**
 * Moves the page's clock on by `ms` in steps of a second. After a step in which the endpoint was called (or a
 * call of it ended, or one not held is still waiting, or any other API request of the page is), the answer must arrive in real time and the app must get
 * its turn to react (schedule its next try) before the clock moves on: the step waits for the answer, then until
 * the page has run everything the answer queued (a background-priority task in the page runs only after those;
 * no fixed real-time pause). A step in which nothing of the endpoint happened moves straight on (after a round
 * trip to the page, which lets the page run what the step queued): a minute of the page's clock costs no
 * real-time pauses, and every try the app makes still gets its turn to react.
 */
export async function runPageClock(page: Page, ms: number, seen: ReturnType<typeof countRequests>, isHeld: (request: Request) => boolean) {
  const waiting = () => [...seen.open].filter((request) => !isHeld(request)).length + seen.others.size;
  for (let done = 0; done < ms; done += 1_000) {
    const before = { count: seen.count, ended: seen.ended };
    await page.clock.runFor(1_000);
    await page.evaluate(() => undefined);
    if (seen.count === before.count && seen.ended === before.ended && waiting() === 0) continue;
    await waitUntil(() => waiting() === 0);
    await fetchesOpenAtRest(page);
  }
}

export async function waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the customer must never see for a call they did not ask for. */
export async function noErrorShown(page: Page) {
  for (const message of [...Object.values(FAULT_MESSAGES), "We couldn't", 'Something went wrong']) {
    expect({ message, shown: await page.getByText(message, { exact: false }).count() }).toEqual({ message, shown: 0 });
  }
  expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
}

/** The page still does its job: the header search answers, and the Treasuries pages open from the portfolio. */
export async function pageWorks(page: Page) {
  const search = page.getByRole('combobox', { name: 'Search stocks and ETFs' });
  await search.fill('nvidia');
  await page.getByRole('listbox', { name: 'Search stocks and ETFs' }).getByRole('option', { name: /NVDA/ }).waitFor();
  await search.press('Escape');
  await search.press('Escape');
}

export interface BackgroundCall {
  endpoint: string;
  method: string;
  path: RegExp;
  /** Opens the page with the call failing; resolves once the app has made the call at least once. */
  start: (page: Page) => Promise<void>;
  /** At most this many requests in BACKGROUND_WINDOW_MS of the page's clock (a steady backoff, not a loop). */
  atMost: number;
}

/** How long of the page's own clock the requests are counted over. */
export const BACKGROUND_WINDOW_MS = 60_000;

/** Runs each call: the five faults in turn on one signed-in page, each while the page's own clock runs a minute. */
export function describeBackgroundCalls(title: string, calls: readonly BackgroundCall[], browser: () => Browser) {
  describe(title, () => {
    it.each(calls.map((call) => [call.endpoint, call] as const))('%s fails quietly, without a retry storm', async (_name, call) => {
      const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
      await page.clock.install();
      const seen = countRequests(page, call.method, call.path);
      await withFailureScreenshot(page, `faults-background-${call.endpoint}`, async () => {
        // Signed in through the API (the login form has tests of its own): each fault's start() loads the app.
        await signInFreshByApi(page, 'alex@fundflow.test');
        for (const fault of FAULTS) {
          const armed = await armQuietFault(page, call.method, call.path, fault);
          const before = seen.count;
          await call.start(page);
          // The app makes the call (the flusher waits a second; the others go at once).
          await runPageClock(page, 2_000, seen, armed.isHeld);
          await waitUntil(() => seen.count - before >= 1);
          // The page's own minute, timers and all: a loop would show as many more requests.
          await runPageClock(page, BACKGROUND_WINDOW_MS, seen, armed.isHeld);
          const made = seen.count - before;
          expect({ fault, withinLimit: made <= call.atMost, made }).toEqual({ fault, withinLimit: true, made });
          await noErrorShown(page);
          await pageWorks(page);
          expect({ fault, pageErrors }).toEqual({ fault, pageErrors: [] });
          await armed.disarm();
        }
      });
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  });
}
