import type { Page, Request, Route } from 'playwright-core';
import { ApiErrorCode, ApiPaths, IDEMPOTENCY_HEADER } from '../../api/contract';
import { DESKTOP, openPage, useBrowser, withFailureScreenshot } from './harness';
import { amountField, DEPOSIT_PATH, openDeposit, signInFresh, toReview } from './depositSteps';

// Issue 8, browser side: every endpoint a customer flow calls, made to fail in the browser in five ways (500, a
// proxy's 503 page, 429 with Retry-After, a dropped connection, and no answer until the app's own 20 s time-out,
// reached with Playwright's clock instead of waiting). For each: the customer sees the flow's error screen or
// message with a way to retry, what they typed is still there, the retry works, no page error is thrown, and a
// mutation is sent once per press of the customer's own button (an idempotent confirm's retry reuses its key).
// One row per endpoint; the five faults of a row share one signed-in page.

jest.setTimeout(300_000);

const browser = useBrowser();

/** The customer of the row being run (the login row types their email and password). */
let currentCustomer = { email: '', password: '' };

type Fault = '500' | '503' | '429' | 'abort' | 'timeout';
const FAULTS: readonly Fault[] = ['500', '503', '429', 'abort', 'timeout'];
/** fetchBaseQuery's time-out in api/baseQuery.ts, and a little more. */
const PAST_REQUEST_TIMEOUT_MS = 21_000;

/** What the customer is told for each fault when the flow shows the API's message (api/apiError.ts). */
const FAULT_MESSAGES: Record<Fault, string | RegExp> = {
  '500': 'Something went wrong on our side.',
  '503': 'There was an error, please try again.',
  '429': 'Too many requests. Try again in 30 seconds.',
  abort: 'We could not reach Fundflow. Check your connection and try again.',
  timeout: 'This is taking longer than it should. Please try again.',
};

/** Whether the fault's answer carries an error code: flows pick their screen by code, and no code means 'unknown'. */
const HAS_CODE: Record<Fault, boolean> = { '500': true, '503': false, '429': true, abort: false, timeout: false };

interface Row {
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
  prepare(page: Page): Promise<void>;
  /** What sends the call (a click, a page load). */
  send(page: Page): Promise<void>;
  /** The error screen or message for the fault, with a retry control. */
  failed(page: Page, fault: Fault): Promise<void>;
  /** What the customer typed or chose is still shown with the error. */
  kept(page: Page): Promise<void>;
  /** The customer's retry (it checks their input is still there before sending): the call now succeeds. */
  retry(page: Page): Promise<void>;
  /** The success the retry reaches, still with what the customer typed. */
  succeeded(page: Page): Promise<void>;
  /** Leaves the success (Done, Cancel) so prepare() can run again. */
  finish?(page: Page): Promise<void>;
  /** Before prepare() each time (the login row signs out). */
  reset?(page: Page): Promise<void>;
}

/** The JSON error bodies our server sends (api/contract/errors.ts); 503 is a proxy's HTML page. */
async function answerWithFault(route: Route, fault: Exclude<Fault, 'abort' | 'timeout'>) {
  if (fault === '500') {
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ errorCode: ApiErrorCode.INTERNAL, message: FAULT_MESSAGES['500'] }) });
  } else if (fault === '503') {
    await route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>' });
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
  /** Lets the endpoint's requests through again, ending any still held. */
  disarm(): Promise<void>;
}

/**
 * Every request of the row's endpoint gets the fault until disarm() (so an app that asks again on its own meets
 * it too). A held request (the time-out case) moves the page's clock past the app's time-out at once.
 */
async function armFault(page: Page, row: Row, fault: Fault): Promise<ArmedFault> {
  let armed = true;
  const held: Route[] = [];
  let markSeen!: () => void;
  const seen = new Promise<void>((resolve) => (markSeen = resolve));
  const matches = (url: URL) => row.path.test(url.pathname);
  const handler = async (route: Route) => {
    if (!armed || route.request().method() !== row.method) return route.fallback();
    markSeen();
    if (fault === 'abort') return route.abort('connectionreset');
    if (fault === 'timeout') {
      held.push(route);
      return page.clock.fastForward(PAST_REQUEST_TIMEOUT_MS);
    }
    return answerWithFault(route, fault);
  };
  await page.route(matches, handler);
  return {
    seen,
    async disarm() {
      armed = false;
      await page.unroute(matches, handler);
      // The app gave up on them already; Playwright may report them as gone.
      await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    },
  };
}

/** Counts the row's requests and the idempotency keys they carried. */
function watchRequests(page: Page, row: Row) {
  const keys: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === row.method && row.path.test(new URL(request.url()).pathname)) keys.push(request.headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '');
  });
  return keys;
}

const exactPath = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}$`);

// ---- deposit flow steps ----

const DEPOSIT_AMOUNT = '125';
const WITHDRAWAL_AMOUNT = '15';
const TRANSFER_AMOUNT = '20';
const ROUTING_NUMBER = '021000021';
let numberRound = 0;
/** A new last four each round (the same bank and last four twice is a duplicate; 0000 and 1111 are the sandbox refusals). */
const accountNumberNow = () => `5550100${1000 + numberRound * 123}`;

async function enterAccountNumber(page: Page) {
  await page.getByLabel('Account number').fill(accountNumberNow());
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { level: 1, name: 'Is this the right account?' }).waitFor();
  await page.getByText(`•••• ${accountNumberNow().slice(-4)}`).first().waitFor();
}

const IRA_AMOUNT = '100';

/** The IRA deposit page with its data loaded; the 1% match welcome (first visit only) is dismissed. */
async function openIraDeposit(page: Page) {
  await page.goto('/settings/ira-deposit');
  const welcome = page.getByRole('dialog', { name: 'Boost your IRA with a 1% match' });
  const ready = () =>
    page.waitForFunction(() => Boolean(document.querySelector<HTMLSelectElement>('select[name="year"]')?.value) && Boolean(document.querySelector<HTMLSelectElement>('select[name="source"]')?.value));
  await Promise.race([welcome.waitFor(), ready()]);
  if (await welcome.isVisible()) {
    await welcome.getByRole('button', { name: 'Deposit' }).click();
    await welcome.waitFor({ state: 'detached' });
  }
  await ready();
}

/** The IRA flow's error screens: the deposit flow's, with Try again. */
async function iraErrorScreen(page: Page) {
  await page.getByRole('heading', { name: /^(Deposit error|Deposit unknown)$/ }).waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}

async function openTransfer(page: Page) {
  await page.goto('/settings/v2/transfers/between-accounts');
  await page.getByRole('heading', { name: 'Transfer between accounts' }).waitFor();
  await amountField(page).waitFor();
}

/** The transfer's failure screen (deposits-and-transfers.md: 'Transfer failed: Something went wrong...'). */
async function transferErrorScreen(page: Page) {
  await page.getByRole('heading', { name: 'Transfer failed' }).waitFor();
  await page.getByRole('alert').filter({ hasText: 'Something went wrong. Please wait a moment and try again' }).waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}
let nicknameRound = 0;
let defaultRound = 0;
/** Each round makes the other method the default, so every round changes something. */
const defaultTarget = () => (defaultRound % 2 === 1 ? 'Visa debit card' : 'Chase Total Checking');

async function chooseDefault(page: Page) {
  await page.getByRole('button', { name: `Options for ${defaultTarget()}` }).click();
  await page.getByRole('menuitem', { name: 'Set as Default' }).click();
}
const nicknameNow = () => `Rent money ${String.fromCharCode(64 + nicknameRound)}`;

async function depositAmountKept(page: Page) {
  await page.waitForFunction((expected) => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value === expected, DEPOSIT_AMOUNT);
  expect(await page.locator('select').first().inputValue()).not.toBe('');
}

/** The review still shows the amount the customer typed. */
async function reviewKept(page: Page) {
  await page.getByRole('heading', { name: /Review (deposit|transfer)/ }).waitFor();
  await page.getByText('$125.00').first().waitFor();
}

/** The deposit error screens for a fault (deposits-and-transfers.md, error code to screen: no code is unknown). */
async function depositErrorScreen(page: Page, fault: Fault) {
  if (HAS_CODE[fault]) {
    await page.getByRole('heading', { name: 'Deposit error' }).waitFor();
    await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
  } else {
    await page.getByRole('heading', { name: 'Deposit unknown' }).waitFor();
    await page.getByText('Check again later to see if your deposit was successful.').waitFor();
  }
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}

const depositSuccess = (page: Page) => page.getByRole('heading', { name: /Your money is ready to invest|Deposit on its way/ }).waitFor();

async function depositLoadFailed(page: Page) {
  await page.getByText("We couldn't load your accounts").waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}

const ROWS: Row[] = [
  {
    flow: 'deposit',
    endpoint: 'getAccounts',
    method: 'GET',
    path: exactPath(ApiPaths.accounts),
    template: 'card@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      await page.goto('/documents');
      await page.waitForLoadState('networkidle');
    },
    send: async (page) => {
      await page.goto(DEPOSIT_PATH);
    },
    failed: (page) => depositLoadFailed(page),
    kept: async () => undefined,
    retry: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    succeeded: (page) => openDepositReady(page),
  },
  {
    flow: 'deposit',
    endpoint: 'getPaymentMethods',
    method: 'GET',
    path: exactPath(ApiPaths.paymentMethods),
    template: 'card@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      await page.goto('/documents');
      await page.waitForLoadState('networkidle');
    },
    send: async (page) => {
      await page.goto(DEPOSIT_PATH);
    },
    failed: (page) => depositLoadFailed(page),
    kept: async () => undefined,
    retry: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    succeeded: (page) => openDepositReady(page),
  },
  {
    flow: 'deposit',
    endpoint: 'initiateDeposit',
    method: 'POST',
    path: exactPath(ApiPaths.depositIntents),
    template: 'card@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openDeposit(page);
      await amountField(page).fill(DEPOSIT_AMOUNT);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
    },
    send: (page) => page.getByRole('button', { name: 'Next' }).click(),
    failed: (page, fault) => depositErrorScreen(page, fault),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click();
      await depositAmountKept(page);
      await page.getByRole('button', { name: 'Next' }).click();
    },
    succeeded: (page) => reviewKept(page),
    finish: (page) => page.getByRole('button', { name: 'Cancel' }).click(),
  },
  {
    flow: 'deposit',
    endpoint: 'confirmDeposit',
    method: 'POST',
    path: exactPath(ApiPaths.depositConfirm),
    template: 'card@fundflow.test',
    mutation: true,
    idempotent: true,
    prepare: async (page) => {
      await openDeposit(page);
      await toReview(page, DEPOSIT_AMOUNT);
    },
    send: (page) => page.getByRole('button', { name: 'Confirm' }).click(),
    failed: (page, fault) => depositErrorScreen(page, fault),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click();
      await reviewKept(page);
      await page.getByRole('button', { name: 'Confirm' }).click();
    },
    succeeded: (page) => depositSuccess(page),
    finish: (page) => page.getByRole('button', { name: 'Done' }).click(),
  },
  {
    flow: 'IRA deposit',
    endpoint: 'initiateDeposit',
    method: 'POST',
    path: exactPath(ApiPaths.depositIntents),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openIraDeposit(page);
      await page.getByRole('textbox', { name: 'Amount' }).fill(IRA_AMOUNT);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
    },
    send: (page) => page.getByRole('button', { name: 'Next' }).click(),
    failed: (page) => iraErrorScreen(page),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForFunction((expected) => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value === expected, IRA_AMOUNT);
      await page.getByRole('button', { name: 'Next' }).click();
    },
    succeeded: async (page) => {
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByText('$100.00').first().waitFor();
    },
    finish: (page) => page.getByRole('button', { name: 'Back', exact: true }).first().click(),
  },
  {
    flow: 'IRA deposit',
    endpoint: 'confirmDeposit',
    method: 'POST',
    path: exactPath(ApiPaths.depositConfirm),
    template: 'alex@fundflow.test',
    mutation: true,
    idempotent: true,
    prepare: async (page) => {
      await openIraDeposit(page);
      await page.getByRole('textbox', { name: 'Amount' }).fill(IRA_AMOUNT);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
    },
    send: (page) => page.getByRole('button', { name: 'Confirm' }).click(),
    failed: (page) => iraErrorScreen(page),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByText('$100.00').first().waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
    },
    succeeded: (page) => depositSuccess(page),
    finish: (page) => page.getByRole('button', { name: 'Done' }).click(),
  },
  {
    flow: 'recurring deposit',
    endpoint: 'createRecurringDeposit',
    method: 'POST',
    path: exactPath(ApiPaths.recurringDeposits),
    template: 'card@fundflow.test',
    mutation: true,
    idempotent: true,
    prepare: async (page) => {
      await openDeposit(page);
      await amountField(page).fill(DEPOSIT_AMOUNT);
      await page.getByRole('radiogroup', { name: 'Frequency' }).getByRole('radio', { name: 'Weekly', exact: true }).click();
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: /^(Next|Review)$/ }).click();
      await reviewKept(page);
    },
    send: (page) => page.getByRole('button', { name: 'Confirm' }).click(),
    failed: (page, fault) => depositErrorScreen(page, fault),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click();
      await reviewKept(page);
      await page.getByText(/Weekly|Every week/).first().waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
    },
    succeeded: async (page) => {
      await page.getByRole('heading', { name: 'Recurring deposit set up' }).waitFor();
      await page.getByText(/\$125\.00 will be deposited from .*, weekly|\$125\.00 will be deposited/).first().waitFor();
    },
    finish: (page) => page.getByRole('button', { name: 'Done' }).click(),
  },
  {
    flow: 'internal transfer',
    endpoint: 'initiateTransfer',
    method: 'POST',
    path: exactPath(ApiPaths.transferIntents),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openTransfer(page);
      await amountField(page).fill(TRANSFER_AMOUNT);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
    },
    send: (page) => page.getByRole('button', { name: 'Next' }).click(),
    failed: (page) => transferErrorScreen(page),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForFunction((expected) => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value === expected, TRANSFER_AMOUNT);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: 'Next' }).click();
    },
    succeeded: async (page) => {
      await page.getByRole('heading', { name: 'Review transfer' }).waitFor();
      await page.getByText('$20.00').first().waitFor();
    },
    finish: (page) => page.getByRole('button', { name: 'Back', exact: true }).first().click(),
  },
  {
    flow: 'internal transfer',
    endpoint: 'confirmTransfer',
    method: 'POST',
    path: exactPath(ApiPaths.transferConfirm),
    template: 'alex@fundflow.test',
    mutation: true,
    idempotent: true,
    prepare: async (page) => {
      await openTransfer(page);
      await amountField(page).fill(TRANSFER_AMOUNT);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review transfer' }).waitFor();
    },
    send: (page) => page.getByRole('button', { name: 'Confirm' }).click(),
    failed: (page) => transferErrorScreen(page),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Review transfer' }).waitFor();
      await page.getByText('$20.00').first().waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
    },
    succeeded: async (page) => {
      await page.getByRole('heading', { name: 'Transfer complete' }).waitFor();
      await page.getByText(/\$20\.00 moved from/).waitFor();
    },
    finish: (page) => page.getByRole('button', { name: 'Done' }).click(),
  },
  {
    flow: 'bank link by numbers',
    endpoint: 'linkByNumber',
    method: 'POST',
    path: exactPath(ApiPaths.numberLink),
    template: 'new@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      numberRound += 1;
      await page.goto('/settings/bank-link');
      await page.getByLabel('Search for your bank').fill('Navy');
      await page.getByRole('button', { name: 'Navy Federal Credit Union', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Enter your account details' }).waitFor();
      await page.getByLabel('Routing number').fill(ROUTING_NUMBER);
      await enterAccountNumber(page);
    },
    send: (page) => page.getByRole('button', { name: 'Yes, link this account' }).click(),
    failed: async (page) => {
      await page.getByRole('heading', { level: 1, name: "We couldn't verify your account" }).waitFor();
      await page.getByText('Check your routing and account numbers, then try again.').waitFor();
      await page.getByRole('button', { name: 'Try Again' }).waitFor();
    },
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByRole('heading', { level: 1, name: 'Enter your account details' }).waitFor();
      // The routing number is kept; the full account number is dropped once sent (BankLinkFlow), so it is typed again.
      expect(await page.getByLabel('Routing number').inputValue()).toBe(ROUTING_NUMBER);
      await enterAccountNumber(page);
      await page.getByRole('button', { name: 'Yes, link this account' }).click();
    },
    succeeded: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
      await page.getByText(`•••• ${accountNumberNow().slice(-4)}`).first().waitFor();
    },
    finish: (page) => page.getByRole('button', { name: 'Done' }).click(),
    // A customer may link three banks: each round links one, so each round is a new customer.
    reset: async (page) => {
      if (numberRound === 0) return;
      await signOutHere(page);
      currentCustomer = await signInFresh(page, 'new@fundflow.test');
    },
  },
  {
    flow: 'withdrawal',
    endpoint: 'createWithdrawal',
    method: 'POST',
    path: exactPath(ApiPaths.withdrawals),
    template: 'alex@fundflow.test',
    mutation: true,
    idempotent: true,
    prepare: async (page) => {
      await page.goto('/settings/v2/withdrawal');
      await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
      await amountField(page).fill(WITHDRAWAL_AMOUNT);
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
    },
    send: (page) => page.getByRole('button', { name: 'Confirm' }).click(),
    failed: async (page, fault) => {
      if (fault === '429') {
        // A refusal with a code: the server made nothing, the customer edits and sends again.
        await page.getByRole('heading', { name: 'Withdrawal not made' }).waitFor();
        await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES['429'] }).waitFor();
        await page.getByRole('button', { name: 'Edit withdrawal' }).waitFor();
      } else {
        await page.getByRole('heading', { name: 'Withdrawal unknown' }).waitFor();
        await page.getByRole('button', { name: 'Try again' }).waitFor();
      }
    },
    kept: async () => undefined,
    retry: async (page) => {
      if (await page.getByRole('button', { name: 'Edit withdrawal' }).isVisible()) {
        await page.getByRole('button', { name: 'Edit withdrawal' }).click();
        await page.waitForFunction((expected) => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value === expected, WITHDRAWAL_AMOUNT);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
        await page.getByText('$15.00').first().waitFor();
        await page.getByRole('button', { name: 'Confirm' }).click();
      } else {
        await page.getByRole('button', { name: 'Try again' }).click();
      }
    },
    succeeded: async (page) => {
      await page.getByRole('heading', { name: 'Withdrawal on its way' }).waitFor();
      await page.getByText(/\$15\.00 is on its way|Your withdrawal is on its way/).first().waitFor();
    },
    finish: (page) => page.getByRole('button', { name: 'Done' }).click(),
  },
  {
    flow: 'funding methods',
    endpoint: 'setNickname',
    method: 'PUT',
    path: exactPath(ApiPaths.paymentMethodNickname),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      nicknameRound += 1;
      await page.goto('/settings/v2/transfers');
      await page.getByRole('list', { name: 'Your funding methods' }).waitFor();
      await page.getByRole('button', { name: /^Options for Chase Total Checking|^Options for Rent money/ }).first().click();
      await page.getByRole('menuitem', { name: 'Rename' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bank account nickname' });
      await dialog.getByRole('button', { name: 'Edit nickname' }).click();
      await dialog.getByRole('textbox', { name: 'Bank account nickname' }).fill(nicknameNow());
    },
    send: (page) => page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Save' }).click(),
    failed: async (page, fault) => {
      // funding-methods.md: the server's message under the field; with no message, the toast 'An unknown error ocurred'.
      const dialog = page.getByRole('dialog', { name: 'Bank account nickname' });
      if (HAS_CODE[fault]) await dialog.getByText(FAULT_MESSAGES[fault]).waitFor();
      else await page.getByText('An unknown error ocurred').first().waitFor();
      await dialog.getByRole('button', { name: 'Save' }).waitFor();
    },
    kept: async (page) => {
      expect(await page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('textbox', { name: 'Bank account nickname' }).inputValue()).toBe(nicknameNow());
    },
    retry: (page) => page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Save' }).click(),
    succeeded: async (page) => {
      await page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Edit nickname' }).waitFor();
      await page.getByRole('list', { name: 'Your funding methods' }).getByText(nicknameNow()).waitFor();
    },
    finish: (page) => page.getByRole('dialog', { name: 'Bank account nickname' }).getByRole('button', { name: 'Close' }).click(),
  },
  {
    flow: 'funding methods',
    endpoint: 'setDefaultPaymentMethod',
    method: 'PUT',
    path: exactPath(ApiPaths.setDefaultPaymentMethod),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      defaultRound += 1;
      await page.goto('/settings/v2/transfers');
      await page.getByRole('list', { name: 'Your funding methods' }).waitFor();
    },
    send: (page) => chooseDefault(page),
    failed: (page) => page.getByText('There was an error while changing default payment method').first().waitFor(),
    kept: async (page) => {
      // Nothing changed: the method the customer chose is not shown as the default.
      const item = page.getByRole('list', { name: 'Your funding methods' }).getByRole('listitem').filter({ hasText: defaultTarget() });
      expect(await item.getByText('(Default)').count()).toBe(0);
    },
    retry: (page) => chooseDefault(page),
    succeeded: (page) =>
      page.getByRole('list', { name: 'Your funding methods' }).getByRole('listitem').filter({ hasText: defaultTarget() }).getByText('(Default)').waitFor(),
  },
  {
    flow: 'wire details',
    endpoint: 'getWireInstructions',
    method: 'GET',
    path: exactPath(ApiPaths.wireInstructions),
    template: 'alex@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      await page.goto('/documents');
      await page.waitForLoadState('networkidle');
    },
    send: async (page) => {
      await page.goto('/settings/wire-transfer');
    },
    failed: async (page, fault) => {
      await page.getByText("We couldn't load the wire instructions").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async () => undefined,
    retry: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      await page.getByRole('definition').first().waitFor();
      await page.getByRole('button', { name: /^Copy / }).first().waitFor();
    },
  },
  {
    flow: 'login',
    endpoint: 'login',
    method: 'POST',
    path: exactPath(ApiPaths.login),
    template: 'card@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(currentCustomer.email);
      await page.getByLabel('Password').fill(currentCustomer.password);
    },
    send: (page) => page.getByRole('button', { name: 'Sign in' }).click(),
    failed: async (page, fault) => {
      await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    },
    kept: async (page) => {
      expect(await page.getByLabel('Email').inputValue()).toBe(currentCustomer.email);
      expect(await page.getByLabel('Password').inputValue()).toBe(currentCustomer.password);
    },
    retry: (page) => page.getByRole('button', { name: 'Sign in' }).click(),
    succeeded: (page) => page.waitForURL((url) => !url.pathname.startsWith('/login')),
    reset: (page) => signOutHere(page),
  },
];

/** Drops the session of this page (cookies and storage); the next page load starts signed out. */
async function signOutHere(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

async function openDepositReady(page: Page) {
  await amountField(page).waitFor();
  await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select')?.value ?? '') !== '');
}

describe('faults in the browser: every endpoint of the flows', () => {
  it.each(ROWS.map((row) => [`${row.flow}: ${row.endpoint} (${row.method})`, row] as const))('%s', async (_name, row) => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    // Fake timers that still run in real time: the time-out case jumps the clock past the app's request time-out.
    await page.clock.install();
    const sent = watchRequests(page, row);
    await withFailureScreenshot(page, `faults-${row.flow}-${row.endpoint}`, async () => {
      currentCustomer = await signInFresh(page, row.template);
      for (const fault of FAULTS) {
        const before = sent.length;
        if (row.reset) await row.reset(page);
        await row.prepare(page);
        const armed = await armFault(page, row, fault);
        await row.send(page);
        await armed.seen;
        await row.failed(page, fault).catch((error: Error) => {
          throw new Error(`${row.endpoint} ${fault}: ${error.message}`);
        });
        await armed.disarm();
        await row.kept(page);
        if (row.mutation) {
          // Nothing was sent again on its own while the error showed.
          await page.waitForTimeout(300);
          expect({ fault, sent: sent.length - before }).toEqual({ fault, sent: 1 });
        }
        const failedKey = sent[sent.length - 1];
        await row.retry(page);
        await row.succeeded(page);
        if (row.mutation) {
          expect({ fault, sent: sent.length - before }).toEqual({ fault, sent: 2 });
          // A 429 is a definite refusal (RATE_LIMITED): the deposit flow may start a new attempt with a new key.
          // Any other fault leaves the outcome open, so the retry must send the same key.
          if (row.idempotent && fault !== '429') expect({ fault, key: sent[sent.length - 1] }).toEqual({ fault, key: failedKey });
        }
        expect(pageErrors).toEqual([]);
        await row.finish?.(page);
      }
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
