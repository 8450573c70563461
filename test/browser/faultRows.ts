import type { Page } from 'playwright-core';
import type { SandboxCustomerResponse } from '../../api/contract';
import { signInByApi } from './harness';

// The fault suites' rows (faultKit.ts runs them): the five faults, what the customer is told for each, what a
// row says about its endpoint, and the row builders and session steps the suites share.

export type Fault = '500' | '503' | '429' | 'abort' | 'timeout';
export const FAULTS: readonly Fault[] = ['500', '503', '429', 'abort', 'timeout'];

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

/** A `failed` for a screen whose data did not load: its own words, the fault's message, and Try again. */
export const loadFailed = (words: string) => async (page: Page, fault: Fault) => {
  await page.getByText(words).waitFor();
  await page.getByText(FAULT_MESSAGES[fault]).waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
};
