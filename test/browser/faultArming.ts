import type { Page, Request, Route } from 'playwright-core';
import { ApiErrorCode, IDEMPOTENCY_HEADER } from '../../api/contract';
import { type Fault, FAULT_MESSAGES, type Row } from './faultRows';

// How a fault row's endpoint is made to fail in the browser (faultKit.ts runs the rows): each fault's answer, the
// time-out reached with the page's clock, and the page's calls in flight watched so the clock jump times out the
// held call alone.

/** fetchBaseQuery's time-out in api/baseQuery.ts, and a little more. */
const PAST_REQUEST_TIMEOUT_MS = 21_000;

/** The JSON error bodies our server sends (api/contract/errors.ts); 503 is a proxy's HTML page. */
export async function answerWithFault(route: Route, fault: Exclude<Fault, 'abort' | 'timeout'>) {
  if (fault === '500') {
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ errorCode: ApiErrorCode.INTERNAL, message: FAULT_MESSAGES['500'] }),
    });
  } else if (fault === '503') {
    await route.fulfill({
      status: 503,
      contentType: 'text/html',
      body: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
    });
  } else {
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '30' },
      body: JSON.stringify({ errorCode: 'RATE_LIMITED', message: FAULT_MESSAGES['429'] }),
    });
  }
}

interface ArmedFault {
  /** Resolves once a faulted request was seen. */
  seen: Promise<void>;
  /** Every request that got the fault. */
  faulted: Request[];
  /** Lets the endpoint's requests through again, ending any still held. */
  disarm: () => Promise<void>;
}

/**
 * Every request of the row's endpoint gets the fault until disarm() (so an app that asks again on its own meets
 * it too). A held request (the time-out case) moves the page's clock past the app's time-out at once; only then
 * is it counted as seen, and the held request is ended as timed out, so it never reaches the server.
 *
 * Ending held requests ourselves matters: when the last page.route handler is removed, Playwright sends every
 * request still held by it on to the network. A row whose error shows before the time-out (the IRA welcome
 * closes at once) would otherwise disarm while its request is held and let it through.
 */
export async function armFault(page: Page, row: Row, fault: Fault, calls: CallsInFlight): Promise<ArmedFault> {
  let armed = true;
  const held = new Set<Route>();
  const faulted: Request[] = [];
  let markSeen!: () => void;
  const seen = new Promise<void>((resolve) => (markSeen = resolve));
  const matches = (url: URL) => row.path.test(url.pathname);
  const endHeld = (route: Route) => {
    if (!held.delete(route)) return Promise.resolve();
    // The page may have cancelled it already (the app's own time-out); then there is nothing left to end.
    return route.abort('timedout').catch(() => undefined);
  };
  const handler = async (route: Route) => {
    if (!armed || route.request().method() !== row.method) return route.fallback();
    faulted.push(route.request());
    if (fault === 'abort') {
      markSeen();
      return route.abort('connectionreset');
    }
    if (fault === 'timeout') {
      held.add(route);
      // The jump times out every call in flight, so first let the page's other calls (a page load makes several
      // at once) get their answers: only the held one may time out.
      await calls.settledExcept(held);
      // A second request of the row held later in the round may still be waiting here when the test has ended and
      // closed its page: then there is nothing left to time out.
      if (page.isClosed()) return undefined;
      await page.clock.fastForward(PAST_REQUEST_TIMEOUT_MS).catch((error: Error) => {
        if (!page.isClosed()) throw error;
      });
      markSeen();
      return endHeld(route);
    }
    markSeen();
    return answerWithFault(route, fault);
  };
  await page.route(matches, handler);
  return {
    seen,
    faulted,
    async disarm() {
      armed = false;
      // Before unroute: a request still held when its handler goes would be sent on to the server.
      await Promise.all([...held].map(endHeld));
      await page.unroute(matches, handler);
    },
  };
}

export interface CallsInFlight {
  /**
   * Resolves once no fetch of the page other than the held ones is waiting for an answer, and the page has run
   * everything its last answers queued (so one call's answer did not just start the next): the page load's other
   * calls have their answers.
   */
  settledExcept: (held: ReadonlySet<Route>) => Promise<void>;
}

// Generous: on CI's two busy cores a page load's first calls have taken over 5 s, and a call still open at the
// clock jump times out with the held one (two "taking longer" messages, or a page error instead of the row's).
const SETTLE_DEADLINE_MS = 20_000;

/**
 * In the page: waits for a task of background priority, which the browser runs only once every task queued before
 * it has run (an answer's handling, the render it causes, the effects that may ask for more), then says how many
 * of the page's fetch() calls still wait for an answer (watchPageCalls counts them; 0 on a page it does not
 * watch). Null while the page is between documents.
 */
export function fetchesOpenAtRest(page: Page): Promise<number | null> {
  return page
    .evaluate(
      () =>
        new Promise<number>((resolve) => {
          const done = () => resolve((window as unknown as { __faultKitOpenFetches?: number }).__faultKitOpenFetches ?? 0);
          const scheduler = (
            window as unknown as { scheduler?: { postTask: (task: () => void, options: { priority: string }) => unknown } }
          ).scheduler;
          if (scheduler) {
            void scheduler.postTask(done, { priority: 'background' });
          } else {
            // The page's timers are the fake clock's: a message is a task the clock does not hold.
            const channel = new MessageChannel();
            channel.port1.onmessage = done;
            channel.port2.postMessage(null);
          }
        }),
    )
    .catch(() => null);
}

/** Real time each fault page spent waiting for its calls to settle (FAULT_KIT_PROFILE). */
export const settleWaitMs = new WeakMap<Page, number>();
/** Each fault page's calls in flight (watchCallsInFlight), for a row's prepare that must wait for them. */
const callsByPage = new WeakMap<Page, CallsInFlight>();
function callsOf(page: Page): CallsInFlight {
  const calls = callsByPage.get(page);
  if (!calls) throw new Error("The page is not a fault row's page (describeFaultRows watches its calls).");
  return calls;
}

/**
 * Resolves once the fault row's page has no API call open and nothing queued that could start one (in place of a
 * page load's 'networkidle', which only a new load gives, waits half a second more and also waits for every image
 * and script).
 */
export const callsSettled = (page: Page) => callsOf(page).settledExcept(new Set());

/** The page's API calls (fetch and XHR) still waiting for an answer. */
export function watchCallsInFlight(page: Page): CallsInFlight {
  const open = new Set<Request>();
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'fetch' || request.resourceType() === 'xhr') open.add(request);
  });
  page.on('requestfinished', (request: Request) => open.delete(request));
  page.on('requestfailed', (request: Request) => open.delete(request));
  const calls: CallsInFlight = {
    async settledExcept(held) {
      const heldRequests = new Set([...held].map((route) => route.request()));
      const others = () => [...open].filter((request) => !heldRequests.has(request));
      const began = Date.now();
      const deadline = began + SETTLE_DEADLINE_MS;
      while (Date.now() < deadline && !page.isClosed()) {
        if (others().length > 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        // Nothing open on the network: settled once the page, having run all it had queued, has no fetch of its
        // own waiting either (a call it has just made may not have reached the network events yet) but the held.
        const openInPage = await fetchesOpenAtRest(page);
        if (openInPage !== null && openInPage <= heldRequests.size && others().length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      settleWaitMs.set(page, (settleWaitMs.get(page) ?? 0) + Date.now() - began);
      const stillOpen = others();
      if (stillOpen.length > 0 && !page.isClosed()) {
        // The jump will time these out too; say so, so that a failure after it explains itself.
        console.warn(
          `[fault kit] moving the clock with calls still open after ${SETTLE_DEADLINE_MS} ms: ${stillOpen.map((r) => `${r.method()} ${new URL(r.url()).pathname}`).join(', ')}`,
        );
      }
    },
  };
  callsByPage.set(page, calls);
  return calls;
}

/** Counts the row's requests and the idempotency keys they carried. */
export function watchRequests(page: Page, row: Row) {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === row.method && row.path.test(new URL(request.url()).pathname))
      keys.push(request.headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
  });
  return keys;
}

/**
 * The row's calls as the page makes them: every fetch() of the page (in every document it loads) is reported to
 * the test the moment it is called, before any network event for it. The quiet check (faultKit.ts) uses it to
 * know how many requests to expect, instead of waiting in real time for one that might still come.
 */
export async function watchPageCalls(page: Page, row: Row) {
  const made = { count: 0 };
  await page.exposeBinding('__faultKitFetch', (_source, method: string, url: string) => {
    if (method === row.method && row.path.test(new URL(url).pathname)) made.count += 1;
  });
  await page.addInitScript(() => {
    const original = window.fetch.bind(window);
    // The page's fetch() calls still waiting for an answer (CallsInFlight.settledExcept reads it).
    let open = 0;
    Object.defineProperty(window, '__faultKitOpenFetches', { get: () => open });
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
      const url = new URL(request?.url ?? (input instanceof URL ? input.href : (input as string)), location.href).href;
      // Looked up at each call: the binding is the test's, installed on every document.
      const report = (window as unknown as { __faultKitFetch?: (method: string, url: string) => Promise<void> }).__faultKitFetch;
      void report?.(method, url).catch(() => undefined);
      open += 1;
      const answered = () => {
        open -= 1;
      };
      const answer = original(input, init);
      answer.then(answered, answered);
      return answer;
    };
  });
  return made;
}
