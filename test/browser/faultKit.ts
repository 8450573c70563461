import type { Browser, Page, Request, Route } from 'playwright-core';
import { ApiErrorCode, IDEMPOTENCY_HEADER, type SandboxCustomerResponse } from '../../api/contract';
import { DESKTOP, openPage, signInByApi, withFailureScreenshot } from './harness';

// Issue 8, browser side: the machinery of the fault suites (faults*.test.ts). Every endpoint a customer flow calls
// is made to fail in the browser in five ways: 500, a proxy's 503 page, 429 with Retry-After, a dropped
// connection, and no answer until the app's own 20 s time-out (reached with Playwright's clock instead of waiting).
// For each: the customer sees the flow's error screen or message with a way to retry, what they typed is still
// there, the retry works, no page error is thrown, and a mutation is sent once per press of the customer's own
// button (an idempotent call's retry reuses its key). One row per endpoint; the five faults of a row share one
// signed-in page.

export type Fault = '500' | '503' | '429' | 'abort' | 'timeout';
export const FAULTS: readonly Fault[] = ['500', '503', '429', 'abort', 'timeout'];
/** fetchBaseQuery's time-out in api/baseQuery.ts, and a little more. */
const PAST_REQUEST_TIMEOUT_MS = 21_000;

/** What the customer is told for each fault when the flow shows the API's message (api/apiError.ts). */
export const FAULT_MESSAGES: Record<Fault, string> = {
  '500': 'Something went wrong on our side.',
  '503': 'There was an error, please try again.',
  '429': 'Too many requests. Try again in 30 seconds.',
  abort: 'We could not reach Fundflow. Check your connection and try again.',
  timeout: 'This is taking longer than it should. Please try again.',
};

/** Whether the fault's answer carries an error code: flows pick their screen by code, and no code means 'unknown'. */
export const HAS_CODE: Record<Fault, boolean> = { '500': true, '503': false, '429': true, abort: false, timeout: false };

/** The customer of the row being run (set when the row signs in; a row may sign in a new one). */
export const faultSession = { customer: { email: '', password: '' } };

export interface Row {
  flow: string;
  endpoint: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Matches the request's path. */
  path: RegExp;
  /** The demo customer copied for the row. */
  template: string;
  /** A state-changing call: sent once per press of the customer's button, never by the app on its own. */
  mutation: boolean;
  /** The call carries an Idempotency-Key: a retry of an attempt without a definite answer reuses it. */
  idempotent?: boolean;
  /** From a signed-in page to just before the call: the customer's own typing happens here. */
  prepare: (page: Page) => Promise<void>;
  /** What sends the call (a click, a page load). */
  send: (page: Page) => Promise<void>;
  /** The error screen or message for the fault, with a retry control. */
  failed: (page: Page, fault: Fault) => Promise<void>;
  /** What the customer typed or chose is still shown with the error. */
  kept: (page: Page) => Promise<void>;
  /** The customer's retry (it checks their input is still there before sending): the call now succeeds. */
  retry: (page: Page) => Promise<void>;
  /** The success the retry reaches, still with what the customer typed. */
  succeeded: (page: Page) => Promise<void>;
  /** Leaves the success (Done, Cancel) so prepare() can run again. */
  finish?: (page: Page) => Promise<void>;
  /** Before prepare() each time (the login row signs out). */
  reset?: (page: Page) => Promise<void>;
}

/** A page-load row: the page is opened from another one, its data fails to load, and its Try again loads it. */
export function pageLoadRow(row: {
  flow: string;
  endpoint: string;
  /** GET unless given (the session restore is a POST the page load makes). */
  method?: Row['method'];
  path: RegExp;
  template: string;
  /** The page whose load calls the endpoint. */
  url: string;
  failed: Row['failed'];
  succeeded: Row['succeeded'];
  /** What must still be there with the error (nothing unless given). */
  kept?: Row['kept'];
  /** The retry control, 'Try again' unless given. */
  retry?: Row['retry'];
}): Row {
  return {
    flow: row.flow,
    endpoint: row.endpoint,
    method: row.method ?? 'GET',
    path: row.path,
    template: row.template,
    mutation: false,
    // Opened from another page: a blank one (no page load of the app, so no calls of its own), so the send is a
    // full load of the app even when the page is at row.url already (a URL with a #part would only scroll).
    prepare: async (page) => {
      await page.goto('about:blank');
    },
    send: async (page) => {
      await page.goto(row.url);
    },
    failed: row.failed,
    kept: row.kept ?? (async () => undefined),
    retry: row.retry ?? ((page) => page.getByRole('button', { name: 'Try again' }).click()),
    succeeded: row.succeeded,
  };
}

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
async function armFault(page: Page, row: Row, fault: Fault, calls: CallsInFlight): Promise<ArmedFault> {
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

interface CallsInFlight {
  /**
   * Resolves once no fetch of the page other than the held ones has been waiting for QUIET_MS: the page load's
   * other calls have their answers, and one call's answer did not just start the next.
   */
  settledExcept: (held: ReadonlySet<Route>) => Promise<void>;
}

const QUIET_MS = 250;
/** How long a mutation row's error must show with no request of the row's endpoint sent on its own. */
const QUIET_CHECK_MS = 300;
// Generous: on CI's two busy cores a page load's first calls have taken over 5 s, and a call still open at the
// clock jump times out with the held one (two "taking longer" messages, or a page error instead of the row's).
const SETTLE_DEADLINE_MS = 20_000;

/** Real time each fault page spent waiting for its calls to settle (FAULT_KIT_PROFILE). */
const settleWaitMs = new WeakMap<Page, number>();
/** Each fault page's calls in flight (watchCallsInFlight), for a row's prepare that must wait for them. */
const callsByPage = new WeakMap<Page, CallsInFlight>();
function callsOf(page: Page): CallsInFlight {
  const calls = callsByPage.get(page);
  if (!calls) throw new Error("The page is not a fault row's page (describeFaultRows watches its calls).");
  return calls;
}

/**
 * Resolves once the fault row's page has had no API call open for a moment (in place of a page load's
 * 'networkidle', which only a new load gives and which also waits for every image and script).
 */
export const callsSettled = (page: Page) => callsOf(page).settledExcept(new Set());

/** The page's API calls (fetch and XHR) still waiting for an answer. */
function watchCallsInFlight(page: Page): CallsInFlight {
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
      let quietSince = others().length === 0 ? Date.now() : null;
      while ((quietSince === null || Date.now() - quietSince < QUIET_MS) && Date.now() < deadline && !page.isClosed()) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (others().length > 0) quietSince = null;
        else quietSince ??= Date.now();
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
function watchRequests(page: Page, row: Row) {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === row.method && row.path.test(new URL(request.url()).pathname))
      keys.push(request.headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
  });
  return keys;
}

/** A path of ApiPaths as a pattern: `:id` parts match any one segment. */
export const exactPath = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);

/** Drops the session of this page (cookies and storage); the next page load starts signed out. */
export async function signOutHere(page: Page) {
  await page.context().clearCookies();
  // A page still blank (a row signed in through the API and has not loaded the app since) has no app storage to
  // clear, and no access to it either.
  if (page.url() === 'about:blank') return;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Signs a new copy of `template` in on the page's browser context through the API (harness.signInByApi): the next
 * page load restores the session from the refresh cookie, as every reload does. The rows' own prepare() opens their
 * page; the login form has rows of its own (faults.test.ts).
 */
export const signInFreshByApi = (page: Page, template: string): Promise<SandboxCustomerResponse> => signInByApi(page, template);

/**
 * A row's reset for rows whose success cannot be undone (a link, a submitted application): the first round uses
 * the row's own customer, each later round signs in a new copy of `template`.
 */
export function freshCustomerEachRound(template: string) {
  let rounds = 0;
  return async (page: Page) => {
    rounds += 1;
    if (rounds === 1) return;
    await signOutHere(page);
    faultSession.customer = await signInFreshByApi(page, template);
    // The document still holds the previous customer's access token in memory: leave it, so the next page load
    // (the row's prepare) is the new customer's.
    await page.goto('about:blank');
  };
}

/** Waits for the fault's message (FAULT_MESSAGES) where the screen shows the API's message. */
export const faultText = (page: Page, fault: Fault) => page.getByText(FAULT_MESSAGES[fault]).first().waitFor();

/**
 * FAULT_KIT_PROFILE=1: each row prints where its seconds went (per phase) and how many page loads it made, so a
 * slow suite can be measured by counts as well as by seconds on a shared machine.
 */
const PROFILE = process.env.FAULT_KIT_PROFILE === '1';
function rowProfile(page: Page, started: number) {
  const seconds: Record<string, number> = {};
  let loads = 0;
  let signIns = 0;
  let appLoads = 0;
  page.on('load', () => {
    loads += 1;
    if (page.url() !== 'about:blank') appLoads += 1;
    if (new URL(page.url()).pathname.startsWith('/login')) signIns += 1;
  });
  let last = started;
  let quietMs = 0;
  return {
    /** Real time spent in the quiet check's wait (beyond what the row's own steps took). */
    quietWait(ms: number) {
      quietMs += ms;
    },
    mark(phase: string) {
      const now = Date.now();
      seconds[phase] = (seconds[phase] ?? 0) + (now - last) / 1000;
      last = now;
    },
    report(name: string) {
      if (!PROFILE) return;
      const phases = Object.entries(seconds)
        .map(([phase, s]) => `${phase} ${s.toFixed(1)}`)
        .join(', ');
      const waits = `quiet-wait ${(quietMs / 1000).toFixed(2)}, settle-wait ${((settleWaitMs.get(page) ?? 0) / 1000).toFixed(2)}`;
      process.stdout.write(
        `[fault kit] ${name}: loads ${loads} (of the app ${appLoads}), sign-ins ${signIns}; real-time waits: ${waits}; ${phases}\n`,
      );
    },
  };
}

/** Runs each row: the five faults in turn on one signed-in page, each followed by the customer's retry. */
export function describeFaultRows(title: string, rows: readonly Row[], browser: () => Browser) {
  describe(title, () => {
    it.each(rows.map((row) => [`${row.flow}: ${row.endpoint} (${row.method})`, row] as const))('%s', async (_name, row) => {
      const started = Date.now();
      const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
      // Fake timers that still run in real time: the time-out case jumps the clock past the app's request time-out.
      await page.clock.install();
      const sent = watchRequests(page, row);
      const calls = watchCallsInFlight(page);
      const profile = rowProfile(page, started);
      profile.mark('open');
      await withFailureScreenshot(page, `faults-${row.flow}-${row.endpoint}`, async () => {
        faultSession.customer = await signInFreshByApi(page, row.template);
        profile.mark('sign-in');
        for (const fault of FAULTS) {
          const before = sent.length;
          if (row.reset) await row.reset(page);
          profile.mark('reset');
          await row.prepare(page);
          profile.mark('prepare');
          const armed = await armFault(page, row, fault, calls);
          await row.send(page);
          await armed.seen;
          profile.mark('send');
          await row.failed(page, fault).catch((error: Error) => {
            throw new Error(`${row.endpoint} ${fault}: ${error.message}`);
          });
          profile.mark('failed');
          // The quiet window (below) starts here, where the error is on screen: the kit's own checks and kept()
          // run inside it instead of before it.
          const errorShownAt = Date.now();
          await armed.disarm();
          // The kit's own check: every faulted request got the fault's answer, and a dropped or timed-out one none
          // at all (it never reached the server).
          const answers = await Promise.all(armed.faulted.map((request) => request.response()));
          const expected = fault === 'abort' || fault === 'timeout' ? null : Number(fault);
          expect({ fault, answered: answers.map((answer) => answer?.status() ?? null) }).toEqual({
            fault,
            answered: armed.faulted.map(() => expected),
          });
          await row.kept(page);
          profile.mark('kept');
          if (row.mutation) {
            // Nothing was sent again on its own while the error showed for at least QUIET_CHECK_MS (counted from
            // the error on screen; what ran since then counts towards it).
            const quietLeft = QUIET_CHECK_MS - (Date.now() - errorShownAt);
            if (quietLeft > 0) {
              profile.quietWait(quietLeft);
              await page.waitForTimeout(quietLeft);
            }
            profile.mark('quiet');
            expect({ fault, sent: sent.length - before }).toEqual({ fault, sent: 1 });
          }
          const failedKey = sent[sent.length - 1];
          await row.retry(page);
          await row.succeeded(page);
          profile.mark('retry');
          if (row.mutation) {
            expect({ fault, sent: sent.length - before }).toEqual({ fault, sent: 2 });
            // A 429 is a definite refusal (RATE_LIMITED): a flow may start a new attempt with a new key.
            // Any other fault leaves the outcome open, so the retry must send the same key.
            if (row.idempotent && fault !== '429') expect({ fault, key: sent[sent.length - 1] }).toEqual({ fault, key: failedKey });
          }
          expect(pageErrors).toEqual([]);
          await row.finish?.(page);
          profile.mark('finish');
        }
      });
      expect(pageErrors).toEqual([]);
      await context.close();
      profile.mark('close');
      profile.report(`${row.flow}: ${row.endpoint}`);
    });
  });
}
