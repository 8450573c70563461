import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { signCustomerInByApi, signIn, useBrowser } from './harness';
import { amountField, DEPOSIT_PATH, depositFromAnotherSession, openDeposit, toReview } from './depositSteps';
import {
  describeFaultRows,
  exactPath,
  FAULT_MESSAGES,
  callsSettled,
  faultSession,
  faultText,
  freshCustomerEachRound,
  pageLoadRow,
  type Row,
  signOutHere,
} from './faultKit';
import { IRA_PATH, IRA_WELCOME, iraFormReady, openIraDeposit } from './iraSteps';
import { WITHDRAWAL_AMOUNT } from './moneyFlowSteps';
import { RECURRING_ROWS } from './recurringFaultRows';

// Issue 8, browser side, second part: the high-yield, deposit-limit, IRA, withdrawal, recurring-deposit management,
// transfer history and sign-out endpoints, each failed five ways (faultKit.ts says how and what each row proves).
// Endpoints with no row: getIraConfiguration (no screen calls it), and getMe, which only the onboarding page's
// background poll calls (a failed poll shows nothing and the next poll asks again).

jest.setTimeout(300_000);

const browser = useBrowser();

const HISTORY_PATH = '/settings/v2/transfers/history';
const HIGH_YIELD_DEPOSIT = '/high-yield/deposit?destination=high-yield';

// ---- the cancellable bank deposit of the history rows ----

let cancelRound = 0;
const cancelAmount = () => `${40 + cancelRound}.00`;
const cancelEntry = (page: Page) =>
  page.getByRole('list', { name: 'Deposits and transfers' }).getByRole('article', { name: `Deposit of $${cancelAmount()}` });

// ---- the IRA contribution years ----

/** The rounds of the getIraContributions row so far. */
let yearsRound = 0;

// ---- sign out ----

/** The persisted deposit draft names no destination account (redux-persist stores each slice as JSON text). */
function draftDestinationGone(): boolean {
  const stored = localStorage.getItem('persist:fundflow');
  if (!stored) return true;
  const draft = (JSON.parse(stored) as { depositDraft?: string }).depositDraft;
  return !draft || (JSON.parse(draft) as { destinationAccountUuid?: string | null }).destinationAccountUuid == null;
}

async function signedOutHere(page: Page) {
  await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
  await page.getByText('You have signed out.').waitFor();
  // The deposit draft in progress is gone from this browser's storage.
  await page.waitForFunction(draftDestinationGone);
}

const ROWS: Row[] = [
  pageLoadRow({
    flow: 'high-yield deposit',
    endpoint: 'getHighYieldAccount',
    path: exactPath(ApiPaths.highYieldAccount),
    template: 'alex@fundflow.test',
    url: HIGH_YIELD_DEPOSIT,
    failed: async (page, fault) => {
      await page.getByText("We couldn't load your high-yield cash account").waitFor();
      await faultText(page, fault);
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    succeeded: async (page) => {
      await amountField(page).waitFor();
      await page.getByText('APY').first().waitFor();
    },
  }),
  {
    flow: 'high-yield setup',
    endpoint: 'openHighYieldAccount',
    method: 'POST',
    path: exactPath(ApiPaths.highYieldAccount),
    template: 'new@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await page.goto('/setup-high-yield-account');
      await page.getByRole('checkbox', { name: /High-Yield Cash Account Agreement/ }).check();
    },
    send: (page) => page.getByRole('button', { name: 'Open high-yield cash' }).click(),
    failed: async (page, fault) => {
      await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await page.getByRole('button', { name: 'Open high-yield cash' }).waitFor();
    },
    kept: async (page) => {
      expect(await page.getByRole('checkbox', { name: /High-Yield Cash Account Agreement/ }).isChecked()).toBe(true);
    },
    retry: (page) => page.getByRole('button', { name: 'Open high-yield cash' }).click(),
    succeeded: (page) => page.getByRole('heading', { name: 'Your high-yield cash account is open' }).waitFor(),
    // Opened once, the account stays: each round is a customer without one.
    reset: freshCustomerEachRound('new@fundflow.test'),
  },
  {
    flow: 'deposit limit dialog',
    endpoint: 'getDepositLimits',
    method: 'GET',
    path: exactPath(ApiPaths.depositLimits),
    template: 'card@fundflow.test',
    mutation: false,
    // Each round a new customer: today's bank limit mostly used ($30,000, $20,000 left), then a $15,000 deposit
    // to the review (within what the amount step knows is left), and another session deposits $10,000 meanwhile.
    reset: freshCustomerEachRound('card@fundflow.test'),
    prepare: async (page) => {
      // The $30,000 is made through the API before the page loads (this row is about the dialog, not the deposit
      // flow): the amount step loads today's limits with it already counted.
      await depositFromAnotherSession(faultSession.customer, '30000.00');
      await openDeposit(page, DEPOSIT_PATH);
      await toReview(page, '15000');
      await depositFromAnotherSession(faultSession.customer, '10000.00');
    },
    // The server's refusal at Confirm opens the limit dialog, which asks for today's limits afresh.
    send: (page) => page.getByRole('button', { name: 'Confirm' }).click(),
    failed: async (page, fault) => {
      const dialog = page.getByRole('dialog', { name: 'Deposit limit reached' });
      await dialog.getByText("We couldn't check how much you can still deposit today").waitFor();
      await dialog.getByText(FAULT_MESSAGES[fault]).waitFor();
      await dialog.getByRole('button', { name: 'Try again' }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Edit amount' }).isDisabled()).toBe(true);
    },
    kept: async (page) => {
      await page
        .getByRole('dialog', { name: 'Deposit limit reached' })
        .getByText('A maximum of $50,000 can be deposited per day.')
        .waitFor();
    },
    retry: (page) => page.getByRole('dialog', { name: 'Deposit limit reached' }).getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Deposit limit reached' });
      await page.waitForFunction(() => {
        const button = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')).find(
          (candidate) => candidate.textContent === 'Edit amount',
        );
        return button !== undefined && !button.disabled;
      });
      await dialog.getByRole('button', { name: 'Edit amount' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value === '10000');
    },
  },
  {
    flow: 'IRA deposit',
    endpoint: 'getIraContributions',
    method: 'GET',
    path: exactPath(ApiPaths.iraContributions),
    template: 'alex@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      // The match welcome is answered first, so nothing covers the page's own retry. Answered once, it stays
      // answered: the later rounds go straight to the send (a full load of the IRA page, wherever this one is).
      if (yearsRound++ > 0) return;
      await openIraDeposit(page);
      // Its answer saved before the send's page load.
      await callsSettled(page);
    },
    send: async (page) => {
      await page.goto(IRA_PATH);
    },
    failed: async (page, fault) => {
      await page.getByText("We couldn't load your contribution years").waitFor();
      await faultText(page, fault);
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async () => undefined,
    // The customer types the amount while the years are missing; Try again keeps it.
    retry: async (page) => {
      await page.getByRole('textbox', { name: 'Amount' }).fill('100');
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    succeeded: async (page) => {
      await iraFormReady(page);
      expect(await page.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('100');
    },
  },
  pageLoadRow({
    flow: 'IRA deposit',
    endpoint: 'getUserProperties',
    path: exactPath(ApiPaths.userProperties),
    template: 'alex@fundflow.test',
    url: IRA_PATH,
    // Only the match welcome depends on it: the deposit is not held up, and no error is shown for it.
    failed: async (page) => {
      // The time-out case moves the page's clock past every request then in flight: the contribution years may
      // time out with it, and offer their own Try again.
      const yearsAgain = page.getByRole('button', { name: 'Try again' });
      await Promise.race([iraFormReady(page), yearsAgain.waitFor()]);
      if (await yearsAgain.isVisible()) await yearsAgain.click();
      await iraFormReady(page);
      await page.getByRole('textbox', { name: 'Amount' }).fill('100');
      expect(await page.getByRole('dialog', { name: IRA_WELCOME }).count()).toBe(0);
    },
    kept: async (page) => {
      expect(await page.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('100');
    },
    retry: (page) => openIraDeposit(page),
    succeeded: async (page) => {
      await iraFormReady(page);
    },
  }),
  {
    flow: 'IRA deposit',
    endpoint: 'patchUserProperties',
    method: 'PATCH',
    path: exactPath(ApiPaths.userProperties),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await page.goto(IRA_PATH);
      await page.getByRole('dialog', { name: IRA_WELCOME }).waitFor();
    },
    send: (page) => page.getByRole('dialog', { name: IRA_WELCOME }).getByRole('button', { name: 'Deposit' }).click(),
    // Remembering that the welcome was seen is the app's own bookkeeping: when it fails the welcome still closes
    // and the deposit goes on, without an error the customer can do nothing about.
    failed: async (page) => {
      await page.getByRole('dialog', { name: IRA_WELCOME }).waitFor({ state: 'detached' });
      await iraFormReady(page);
    },
    kept: async () => undefined,
    // Not remembered, the welcome shows again on the next visit; answering it then is remembered.
    retry: async (page) => {
      await page.goto(IRA_PATH);
      const welcome = page.getByRole('dialog', { name: IRA_WELCOME });
      await welcome.getByRole('button', { name: 'Deposit' }).click();
      await welcome.waitFor({ state: 'detached' });
    },
    succeeded: async (page) => {
      await callsSettled(page);
      await page.goto(IRA_PATH);
      await iraFormReady(page);
      expect(await page.getByRole('dialog', { name: IRA_WELCOME }).count()).toBe(0);
    },
    reset: freshCustomerEachRound('alex@fundflow.test'),
  },
  pageLoadRow({
    flow: 'withdrawal',
    endpoint: 'getAvailableToWithdraw',
    path: exactPath(ApiPaths.withdrawalsAvailable),
    template: 'alex@fundflow.test',
    url: '/settings/v2/withdrawal',
    failed: async (page) => {
      await page.getByText("We couldn't load what is available to withdraw").waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    retry: async (page) => {
      await amountField(page).fill(WITHDRAWAL_AMOUNT);
      await page.getByRole('button', { name: 'Try again' }).click();
    },
    succeeded: async (page) => {
      await page.getByText('Available to withdraw').waitFor();
      expect(await amountField(page).inputValue()).toBe(WITHDRAWAL_AMOUNT);
    },
  }),
  ...RECURRING_ROWS,
  pageLoadRow({
    flow: 'transfer history',
    endpoint: 'getDeposits',
    path: exactPath(ApiPaths.deposits),
    template: 'alex@fundflow.test',
    url: HISTORY_PATH,
    failed: async (page, fault) => {
      await page.getByText("We couldn't load your deposits and transfers").waitFor();
      await faultText(page, fault);
      // The list's own error state offers Try again. (In the time-out round the clock jump can also time out the
      // withdrawals call in flight, whose notice has a Try again of its own.)
      await page.getByRole('alert').getByRole('button', { name: 'Try again' }).waitFor();
    },
    retry: (page) => page.getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
    succeeded: (page) => page.getByRole('list', { name: 'Deposits and transfers' }).waitFor(),
  }),
  pageLoadRow({
    flow: 'transfer history',
    endpoint: 'getWithdrawals',
    path: exactPath(ApiPaths.withdrawals),
    template: 'alex@fundflow.test',
    url: HISTORY_PATH,
    failed: async (page, fault) => {
      await page.getByText("We couldn't load your withdrawals").waitFor();
      await faultText(page, fault);
      // The deposits are listed all the same.
      await page.getByRole('list', { name: 'Deposits and transfers' }).waitFor();
    },
    succeeded: async (page) => {
      await page.getByRole('list', { name: 'Deposits and transfers' }).waitFor();
      await page.getByText("We couldn't load your withdrawals").waitFor({ state: 'detached' });
    },
  }),
  {
    flow: 'transfer history',
    endpoint: 'cancelDeposit',
    method: 'POST',
    path: exactPath(ApiPaths.depositCancel),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      cancelRound += 1;
      // A bank deposit made from Node (before the cut-off, so it can be canceled), a new amount each round.
      await depositFromAnotherSession(faultSession.customer, cancelAmount());
      await page.goto(HISTORY_PATH);
      await cancelEntry(page).getByRole('button', { name: 'Cancel deposit' }).click();
      await page.getByRole('dialog', { name: 'Cancel this deposit?' }).waitFor();
    },
    send: (page) => page.getByRole('dialog', { name: 'Cancel this deposit?' }).getByRole('button', { name: 'Cancel deposit' }).click(),
    // The dialog stays open with what went wrong and how to retry.
    failed: async (page, fault) => {
      const alert = page.getByRole('dialog', { name: 'Cancel this deposit?' }).getByRole('alert');
      await alert
        .filter({ hasText: "We couldn't cancel your deposit. Please try again." })
        .filter({ hasText: 'Press Cancel deposit to try again.' })
        .waitFor();
      if (fault === '500' || fault === '429') await alert.filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
    },
    // Not canceled: the deposit still offers its Cancel deposit behind the dialog, which still names it.
    kept: async (page) => {
      await cancelEntry(page).getByRole('button', { name: 'Cancel deposit' }).waitFor();
      await page
        .getByRole('dialog', { name: 'Cancel this deposit?' })
        .getByText(/^\$\d[\d,.]* from .+ to .+$/)
        .waitFor();
    },
    retry: (page) => page.getByRole('dialog', { name: 'Cancel this deposit?' }).getByRole('button', { name: 'Cancel deposit' }).click(),
    succeeded: async (page) => {
      await page.getByText('Deposit canceled. Nothing will be taken from your bank.').first().waitFor();
      await cancelEntry(page).getByText('Canceled', { exact: true }).waitFor();
    },
  },
  {
    flow: 'sign out',
    endpoint: 'logout',
    method: 'POST',
    path: exactPath(ApiPaths.logout),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      // Signed out by the last round: signed in again through the API (the login form has rows of its own in
      // faults.test.ts) in a cleared browser (this one remembers it was signed out, which only the form's sign-in
      // forgets); the deposit page's load below restores the session.
      if (new URL(page.url()).pathname.startsWith('/login')) {
        await signOutHere(page);
        await signCustomerInByApi(page, faultSession.customer);
      }
      // A deposit draft in progress: signing out must not leave it in this browser.
      await openDeposit(page, DEPOSIT_PATH);
      await amountField(page).fill('125');
      await amountField(page).blur();
      await page.waitForFunction(() => {
        const stored = localStorage.getItem('persist:fundflow');
        const draft = stored ? (JSON.parse(stored) as { depositDraft?: string }).depositDraft : undefined;
        return Boolean(draft && (JSON.parse(draft) as { destinationAccountUuid?: string | null }).destinationAccountUuid);
      });
    },
    send: (page) => page.getByRole('button', { name: /^Sign out/ }).click(),
    // Whatever the server answered, this browser is signed out (the refresh cookie is the server's to end).
    failed: (page) => signedOutHere(page),
    kept: async () => undefined,
    retry: async (page) => {
      await signIn(page, faultSession.customer.email, faultSession.customer.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.getByRole('button', { name: /^Sign out/ }).click();
    },
    succeeded: (page) => signedOutHere(page),
  },
];

describeFaultRows('faults in the browser: accounts, IRA, high-yield, recurring, history and sign-out endpoints', ROWS, browser);
