import type { Page, Request, Route } from 'playwright-core';
import { ApiPaths, CSRF_HEADER } from '../../api/contract';
import { baseUrl, DESKTOP, openPage, useBrowser, withFailureScreenshot } from './harness';
import { apiToken } from './depositSteps';
import {
  answerWithFault,
  describeFaultRows,
  exactPath,
  type Fault,
  FAULT_MESSAGES,
  FAULTS,
  faultSession,
  pageLoadRow,
  type Row,
  signInFreshByApi,
} from './faultKit';

// Issue 8, browser side: the endpoints of account transfers (ACAT), crypto transfers in, the Treasuries pages and
// the header's instrument search, each failed five ways (faultKit.ts says how and what each row proves); then the
// calls the app makes on its own (analytics, the live events subscription, the configuration at start), which
// must fail quietly: no error for the customer, the page keeps working, and no retry storm.

jest.setTimeout(300_000);

const browser = useBrowser();

// ---- account transfers (/settings/v2/transfers#acats) ----

const TRANSFERS_PATH = '/settings/v2/transfers';
const NEW_TRANSFER = 'New account transfer';
let holderRound = 0;
let submitRound = 0;
/** A new name on the account each round, so a kept field is told apart from the last round's. */
const holderNow = () => `Casey Card ${String.fromCharCode(64 + holderRound)}`;
/** A new Schwab account (8 digits) each round: the server takes one transfer at a time from the same account. */
const schwabNumberNow = () => String(10_000_000 + holderRound * 1_111);

/** The Transfers page loaded afresh (an empty cache), with the account-transfers section in. */
async function openAcats(page: Page) {
  // Same path without a hash: a full load, not a same-document jump.
  await page.goto(TRANSFERS_PATH);
  await page.getByRole('heading', { name: 'Account transfers' }).waitFor();
  await page.getByRole('button', { name: 'Transfer an account' }).first().waitFor();
}

const editor = (page: Page, name = NEW_TRANSFER) => page.getByRole('dialog', { name });

/**
 * An empty draft made through the API as the row's customer (the app makes a draft only by an editor's first Save;
 * rows that test Save on a draft or Delete start from one).
 */
async function emptyDraftOfRowCustomer() {
  const token = await apiToken(faultSession.customer);
  const response = await fetch(`${baseUrl()}${ApiPaths.acatDrafts}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ fragments: [] }),
  });
  if (response.status >= 300) throw new Error(`creating a draft failed: ${response.status} ${await response.text()}`);
}

let createRound = 0;
const createHolderNow = () => `Casey Create ${String.fromCharCode(64 + createRound)}`;

/** Fills the new-transfer editor with a Schwab transfer the server finds complete. */
async function fillSchwabTransfer(page: Page) {
  const dialog = editor(page);
  await dialog.getByLabel('Brokerage you are transferring from').selectOption('Charles Schwab');
  await dialog.getByText('8 digits, shown at the top of your statement').waitFor();
  await dialog.getByLabel('Type of account').selectOption('PERSONAL_BROKERAGE');
  await dialog.getByLabel('Account number at the other brokerage').fill(schwabNumberNow());
  await dialog.getByLabel('Name on the account').fill(holderNow());
  await dialog.getByLabel('What to transfer').selectOption('FULL');
  await dialog.getByLabel('Fundflow account to transfer into').selectOption({ index: 1 });
}

async function schwabTransferKept(page: Page) {
  const dialog = editor(page);
  expect(await dialog.getByLabel('Brokerage you are transferring from').inputValue()).toBe('Charles Schwab');
  expect(await dialog.getByLabel('Account number at the other brokerage').inputValue()).toBe(schwabNumberNow());
  expect(await dialog.getByLabel('Name on the account').inputValue()).toBe(holderNow());
  expect(await dialog.getByLabel('What to transfer').inputValue()).toBe('FULL');
}

/** The API's message for the fault in an alert inside `scope`. */
const faultAlert = (scope: ReturnType<Page['locator']> | Page, fault: Fault) =>
  scope.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();

/** The header's search (the documents page has none of its own, but the combobox names it either way). */
const headerSearch = (page: Page) =>
  page.getByRole('search').filter({ has: page.getByRole('combobox', { name: 'Search stocks and ETFs' }) });

const readyArticle = (page: Page) => page.getByRole('article').filter({ hasText: 'Ready to submit' });
const fidelity = (page: Page) => page.getByRole('article', { name: 'From Fidelity Investments' });

const ACAT_ROWS: Row[] = [
  {
    flow: 'account transfers',
    endpoint: 'createAcatDraft',
    method: 'POST',
    path: exactPath(ApiPaths.acatDrafts),
    template: 'card@fundflow.test',
    mutation: true,
    // The draft is made by a new transfer's first Save (opening the editor makes nothing).
    prepare: async (page) => {
      createRound += 1;
      await openAcats(page);
      await page.getByRole('button', { name: 'Transfer an account' }).first().click();
      await editor(page).getByLabel('Brokerage you are transferring from').selectOption('Charles Schwab');
      await editor(page).getByLabel('Name on the account').click();
      await page.keyboard.type(createHolderNow());
    },
    send: (page) => editor(page).getByRole('button', { name: 'Save' }).click(),
    failed: async (page, fault) => {
      await faultAlert(editor(page), fault);
      await editor(page).getByRole('button', { name: 'Save' }).waitFor();
    },
    kept: async (page) => {
      expect(await editor(page).getByLabel('Brokerage you are transferring from').inputValue()).toBe('Charles Schwab');
      expect(await editor(page).getByLabel('Name on the account').inputValue()).toBe(createHolderNow());
    },
    retry: (page) => editor(page).getByRole('button', { name: 'Save' }).click(),
    succeeded: async (page) => {
      await editor(page).waitFor({ state: 'detached' });
      // One draft a round: the retry made this round's, once.
      const schwab = page.getByRole('article', { name: 'From Charles Schwab' });
      await schwab.nth(createRound - 1).waitFor();
      expect(await schwab.count()).toBe(createRound);
    },
  },
  {
    flow: 'account transfers',
    endpoint: 'updateAcatFragments',
    method: 'PUT',
    path: exactPath(ApiPaths.acatDraftFragments),
    template: 'card@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      holderRound += 1;
      await emptyDraftOfRowCustomer();
      await openAcats(page);
      await page.getByRole('article', { name: NEW_TRANSFER }).getByRole('button', { name: 'Continue' }).click();
      await editor(page).getByLabel('Brokerage you are transferring from').waitFor();
      await fillSchwabTransfer(page);
    },
    send: (page) => editor(page).getByRole('button', { name: 'Save' }).click(),
    failed: async (page, fault) => {
      await faultAlert(editor(page), fault);
      await editor(page).getByRole('button', { name: 'Save' }).waitFor();
    },
    kept: schwabTransferKept,
    retry: (page) => editor(page).getByRole('button', { name: 'Save' }).click(),
    succeeded: async (page) => {
      await editor(page).waitFor({ state: 'detached' });
      // One saved Schwab transfer a round: the retry saved this round's, once.
      // The list refetches after the save: wait for this round's article before counting (an earlier round's
      // article is already there).
      const schwab = page.getByRole('article', { name: 'From Charles Schwab' });
      await schwab.nth(holderRound - 1).waitFor();
      await readyArticle(page).first().waitFor();
      expect(await schwab.count()).toBe(holderRound);
    },
  },
  {
    flow: 'account transfers',
    endpoint: 'submitAcatDraft',
    method: 'POST',
    path: exactPath(ApiPaths.acatDraftSubmit),
    template: 'card@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      holderRound += 1;
      submitRound += 1;
      await openAcats(page);
      await page.getByRole('button', { name: 'Transfer an account' }).first().click();
      await fillSchwabTransfer(page);
      await editor(page).getByRole('button', { name: 'Save' }).click();
      await editor(page).waitFor({ state: 'detached' });
      await readyArticle(page).getByRole('button', { name: 'Submit' }).waitFor();
    },
    send: (page) => readyArticle(page).getByRole('button', { name: 'Submit' }).click(),
    failed: async (page, fault) => {
      await faultAlert(readyArticle(page), fault);
      expect(await readyArticle(page).getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    },
    kept: async () => undefined,
    retry: (page) => readyArticle(page).getByRole('button', { name: 'Submit' }).click(),
    succeeded: async (page) => {
      await readyArticle(page).waitFor({ state: 'detached' });
      await page.getByText('Your transfer was submitted.', { exact: false }).first().waitFor();
      // One submitted transfer a round: the retry submitted this round's, once.
      await page.waitForFunction(
        (count) =>
          Array.from(document.querySelectorAll('article')).filter((item) => item.textContent?.includes('Submitted')).length === count,
        submitRound,
      );
    },
  },
  {
    flow: 'account transfers',
    endpoint: 'deleteAcatDraft',
    method: 'DELETE',
    path: exactPath(ApiPaths.acatDraft),
    template: 'card@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      // Starts from an empty list: the first round loads it; a later round finds it on screen already (the last
      // round's success waited for it), and kept() still counts one draft after the load below.
      if (!(await page.getByText('No account transfers yet').isVisible())) {
        await openAcats(page);
        await page.getByText('No account transfers yet').waitFor();
      }
      await emptyDraftOfRowCustomer();
      await openAcats(page);
      await page.getByRole('article', { name: NEW_TRANSFER }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete this transfer?' }).waitFor();
    },
    send: (page) => page.getByRole('dialog', { name: 'Delete this transfer?' }).getByRole('button', { name: 'Delete transfer' }).click(),
    failed: async (page, fault) => {
      const dialog = page.getByRole('dialog', { name: 'Delete this transfer?' });
      await faultAlert(dialog, fault);
      await dialog.getByRole('button', { name: 'Delete transfer' }).waitFor();
    },
    kept: async (page) => {
      // Nothing was deleted: the transfer is still listed behind the question.
      expect(await page.getByRole('article', { name: NEW_TRANSFER }).count()).toBe(1);
    },
    retry: (page) => page.getByRole('dialog', { name: 'Delete this transfer?' }).getByRole('button', { name: 'Delete transfer' }).click(),
    succeeded: async (page) => {
      await page.getByRole('dialog', { name: 'Delete this transfer?' }).waitFor({ state: 'detached' });
      await page.getByText('No account transfers yet').waitFor();
    },
  },
  pageLoadRow({
    flow: 'account transfers',
    endpoint: 'getAcatDrafts',
    path: exactPath(ApiPaths.acatDrafts),
    template: 'alex@fundflow.test',
    url: `${TRANSFERS_PATH}#acats`,
    failed: async (page, fault) => {
      const section = page.locator('#acats');
      await section.getByText("We couldn't load your account transfers").waitFor();
      await section.getByText(FAULT_MESSAGES[fault]).waitFor();
      await section.getByRole('button', { name: 'Try again' }).waitFor();
    },
    retry: (page) => page.locator('#acats').getByRole('button', { name: 'Try again' }).click(),
    succeeded: (page) => fidelity(page).getByText('In progress').waitFor(),
  }),
  {
    flow: 'account transfers',
    endpoint: 'getAcatDraft',
    method: 'GET',
    path: exactPath(ApiPaths.acatDraft),
    template: 'alex@fundflow.test',
    mutation: false,
    // A fresh load each round: the draft is cached once read.
    prepare: async (page) => {
      await openAcats(page);
      await fidelity(page).waitFor();
    },
    send: (page) => fidelity(page).getByRole('button', { name: 'Continue' }).click(),
    failed: async (page, fault) => {
      // The title names the brokerage once the draft is in; until then it is the generic one.
      const dialog = page.getByRole('dialog');
      await dialog.getByText("We couldn't load this transfer").waitFor();
      await dialog.getByText(FAULT_MESSAGES[fault]).waitFor();
      await dialog.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async () => undefined,
    retry: (page) => page.getByRole('dialog').getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      const dialog = editor(page, 'Transfer from Fidelity Investments');
      await dialog.getByLabel('Name on the account').waitFor();
      expect(await dialog.getByLabel('Name on the account').inputValue()).toBe('Alex Morgan');
      expect(await dialog.getByLabel('Brokerage you are transferring from').inputValue()).toBe('Fidelity Investments');
    },
    finish: async (page) => {
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    },
  },
  {
    flow: 'account transfers',
    endpoint: 'getBrokerages',
    method: 'GET',
    path: exactPath(ApiPaths.acatBrokerages),
    template: 'alex@fundflow.test',
    mutation: false,
    // A fresh load each round: the list is reference data, kept for the session once read.
    prepare: async (page) => {
      await openAcats(page);
      await fidelity(page).waitFor();
    },
    send: (page) => fidelity(page).getByRole('button', { name: 'Continue' }).click(),
    failed: async (page, fault) => {
      const dialog = editor(page, 'Transfer from Fidelity Investments');
      await dialog
        .getByRole('alert')
        .filter({ hasText: "We couldn't load the list of brokerages." })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await dialog.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async (page) => {
      // The draft's brokerage is still shown and chosen; the rest of the form is there to fill in meanwhile.
      const dialog = editor(page, 'Transfer from Fidelity Investments');
      expect(await dialog.getByLabel('Brokerage you are transferring from').inputValue()).toBe('Fidelity Investments');
      expect(await dialog.getByLabel('Name on the account').inputValue()).toBe('Alex Morgan');
    },
    retry: (page) => editor(page, 'Transfer from Fidelity Investments').getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      const dialog = editor(page, 'Transfer from Fidelity Investments');
      await dialog.getByRole('alert').waitFor({ state: 'detached' });
      // The list is in: another brokerage can be chosen, and the chosen one's hint shows.
      await dialog.getByRole('option', { name: 'Charles Schwab' }).waitFor({ state: 'attached' });
      expect(await dialog.getByLabel('Brokerage you are transferring from').inputValue()).toBe('Fidelity Investments');
    },
    finish: async (page) => {
      await editor(page, 'Transfer from Fidelity Investments').getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    },
  },
];

// ---- crypto transfers in, Treasuries, search ----

const CRYPTO_PATH = '/settings/crypto-transfer';

const OTHER_ROWS: Row[] = [
  pageLoadRow({
    flow: 'crypto',
    endpoint: 'getCryptoDepositOptions',
    path: exactPath(ApiPaths.cryptoDepositOptions),
    template: 'alex@fundflow.test',
    url: CRYPTO_PATH,
    failed: async (page, fault) => {
      await page.getByText("We couldn't load crypto transfers").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    succeeded: (page) => page.getByTestId('crypto-address').waitFor(),
  }),
  {
    // A query sent as a POST (the custodian may allocate the address): a read, safe to repeat.
    ...pageLoadRow({
      flow: 'crypto',
      endpoint: 'getCryptoDepositAddress',
      path: exactPath(ApiPaths.cryptoDepositAddress),
      template: 'alex@fundflow.test',
      url: CRYPTO_PATH,
      failed: async (page, fault) => {
        await page.getByText("We couldn't get a deposit address").waitFor();
        await page.getByText(FAULT_MESSAGES[fault]).waitFor();
        await page.getByRole('button', { name: 'Try again' }).waitFor();
        // The warning about the network stays with the error.
        await page.getByText('Send only BTC on the Bitcoin network to this address.', { exact: false }).waitFor();
      },
      succeeded: async (page) => {
        const address = page.getByTestId('crypto-address');
        await address.waitFor();
        expect((await address.textContent())?.trim()).toMatch(/^tb1q/);
      },
    }),
    method: 'POST',
  },
  pageLoadRow({
    flow: 'crypto',
    endpoint: 'getCryptoTransfers',
    path: exactPath(ApiPaths.cryptoTransfers),
    template: 'alex@fundflow.test',
    url: CRYPTO_PATH,
    failed: async (page, fault) => {
      await page.getByTestId('crypto-address').waitFor();
      await page.getByText("We couldn't load crypto transfers").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    succeeded: (page) => page.getByRole('list', { name: 'Incoming transfers' }).getByText('0.015 BTC').waitFor(),
  }),
  pageLoadRow({
    flow: 'Treasuries',
    endpoint: 'getTreasuryQuickPicks',
    path: exactPath(ApiPaths.treasuryQuickPicks),
    template: 'alex@fundflow.test',
    url: '/treasuries/quick-buy',
    failed: async (page, fault) => {
      await page.getByText("We couldn't load the Treasury quick picks").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    succeeded: (page) => page.getByRole('table', { name: 'Treasury quick picks' }).waitFor(),
  }),
  pageLoadRow({
    flow: 'Treasuries',
    endpoint: 'getBondAccountYield',
    path: exactPath(ApiPaths.bondAccountYield),
    template: 'alex@fundflow.test',
    url: '/bond-account',
    failed: async (page, fault) => {
      await page.getByText("We couldn't load the Bond Account yield").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    succeeded: (page) => page.getByText('5.62%').waitFor(),
  }),
  {
    flow: 'instrument search',
    endpoint: 'searchInstruments',
    method: 'GET',
    path: exactPath(ApiPaths.search),
    template: 'card@fundflow.test',
    mutation: false,
    // A fresh load each round: an answered search is kept for a while.
    prepare: async (page) => {
      await page.goto('/documents');
      await page.getByRole('combobox', { name: 'Search stocks and ETFs' }).waitFor();
    },
    send: (page) => page.getByRole('combobox', { name: 'Search stocks and ETFs' }).fill('apple'),
    failed: async (page, fault) => {
      const alert = headerSearch(page).getByRole('alert');
      await alert.getByText("We couldn't search right now.").waitFor();
      await alert.getByText(FAULT_MESSAGES[fault]).waitFor();
      await alert.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async (page) => {
      expect(await page.getByRole('combobox', { name: 'Search stocks and ETFs' }).inputValue()).toBe('apple');
    },
    retry: (page) => headerSearch(page).getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      await page
        .getByRole('listbox', { name: 'Search stocks and ETFs' })
        .getByRole('option', { name: /AAPL\s*Apple Inc\./ })
        .waitFor();
      expect(await page.getByRole('combobox', { name: 'Search stocks and ETFs' }).inputValue()).toBe('apple');
    },
  },
];

describeFaultRows('faults in the browser: account transfers', ACAT_ROWS, browser);
describeFaultRows('faults in the browser: crypto, Treasuries and search', OTHER_ROWS, browser);

// ---- the calls the app makes on its own ----

/**
 * The endpoint's requests get the fault until disarm(). Unlike the rows' arming, a time-out here holds the request
 * and leaves the page's clock alone: the test moves it itself, to see what the app does over time.
 */
async function armQuietFault(page: Page, method: string, path: RegExp, fault: Fault) {
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
function countRequests(page: Page, method: string, path: RegExp) {
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
 * its turn to react (schedule its next try) before the clock moves on: the step waits for the answer, then
 * pauses 40 ms of real time. A step in which nothing of the endpoint happened moves straight on (after a round
 * trip to the page, which lets the page run what the step queued): a minute of the page's clock no longer costs
 * a minute's worth of fixed real-time pauses, and every try the app makes still gets the same turn as before.
 */
async function runPageClock(page: Page, ms: number, seen: ReturnType<typeof countRequests>, isHeld: (request: Request) => boolean) {
  const waiting = () => [...seen.open].filter((request) => !isHeld(request)).length + seen.others.size;
  for (let done = 0; done < ms; done += 1_000) {
    const before = { count: seen.count, ended: seen.ended };
    await page.clock.runFor(1_000);
    await page.evaluate(() => undefined);
    if (seen.count === before.count && seen.ended === before.ended && waiting() === 0) continue;
    await waitUntil(() => waiting() === 0);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the customer must never see for a call they did not ask for. */
async function noErrorShown(page: Page) {
  for (const message of [...Object.values(FAULT_MESSAGES), "We couldn't", 'Something went wrong']) {
    expect({ message, shown: await page.getByText(message, { exact: false }).count() }).toEqual({ message, shown: 0 });
  }
  expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
}

/** The page still does its job: the header search answers, and the Treasuries pages open from the portfolio. */
async function pageWorks(page: Page) {
  const search = page.getByRole('combobox', { name: 'Search stocks and ETFs' });
  await search.fill('nvidia');
  await page.getByRole('listbox', { name: 'Search stocks and ETFs' }).getByRole('option', { name: /NVDA/ }).waitFor();
  await search.press('Escape');
  await search.press('Escape');
}

interface BackgroundCall {
  endpoint: string;
  method: string;
  path: RegExp;
  /** Opens the page with the call failing; resolves once the app has made the call at least once. */
  start: (page: Page) => Promise<void>;
  /** At most this many requests in BACKGROUND_WINDOW_MS of the page's clock (a steady backoff, not a loop). */
  atMost: number;
}

/** How long of the page's own clock the requests are counted over. */
const BACKGROUND_WINDOW_MS = 60_000;

const BACKGROUND_CALLS: BackgroundCall[] = [
  {
    endpoint: 'recordAnalyticsEvents',
    method: 'POST',
    path: exactPath(ApiPaths.analyticsEvents),
    // The education page records a page view; the flusher sends it a second later and fails.
    start: async (page) => {
      await page.goto('/treasuries/education?sourceScreen=portfolio');
      await page.getByRole('heading', { level: 1, name: /Lock in yields/ }).waitFor();
    },
    // One send, tried again only with the customer's next event: none come while the clock runs.
    atMost: 1,
  },
  {
    endpoint: 'createEventsSubscription',
    method: 'POST',
    path: exactPath(ApiPaths.eventsSubscriptions),
    start: async (page) => {
      await page.goto('/portfolio');
      await page.getByRole('combobox', { name: 'Search stocks and ETFs' }).waitFor();
    },
    // Reconnects after 1, 3, 7, 15, 30, 30 … seconds (funding-methods.md 4.10): about six tries in a minute. A held
    // request (the time-out) keeps the channel waiting on it, so fewer then.
    atMost: 7,
  },
  {
    endpoint: 'getConfig',
    method: 'GET',
    path: exactPath(ApiPaths.config),
    start: async (page) => {
      await page.goto('/portfolio');
      // The app waits for the configuration at most FLAG_LOAD_TIMEOUT_MS, then goes on with the default flags.
      await page.getByRole('combobox', { name: 'Search stocks and ETFs' }).waitFor({ timeout: 30_000 });
    },
    atMost: 2,
  },
];

describe('faults in the browser: calls the customer never asked for', () => {
  it.each(BACKGROUND_CALLS.map((call) => [call.endpoint, call] as const))(
    '%s fails quietly, without a retry storm',
    async (_name, call) => {
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
    },
  );
});
