import type { Page } from 'playwright-core';
import { ApiPaths, FundingMessages } from '../../api/contract';
import { useBrowser } from './harness';
import { describeFaultRows, exactPath, type Fault, FAULT_MESSAGES, freshCustomerEachRound, type Row } from './faultKit';

// Issue 8, browser side, the bank-link endpoints (funding-methods.md 2.4 to 2.6, 4.1, 4.3, 4.7, 7.2): each call a
// customer flow makes, failed five ways (faultKit.ts says how and what a row proves). The link by number itself is
// a row of faults.test.ts. Not here: GET sandbox micro-deposits (no flow calls it; tests read the amounts with it).
// None of these mutations carries an Idempotency-Key: the server refuses a second link of the same bank instead.

jest.setTimeout(300_000);

const browser = useBrowser();

const BANK_LINK_PAGE = '/settings/bank-link';
const ROUTING_NUMBER = '021000021';
/** The bank the routing number above belongs to in the sandbox directory. */
const ROUTING_BANK = 'Chase';
const MICRO_LINK_PAGE = '/settings/funding-methods?m=microdeposit&step=add-funding-method';
/** The seeded amounts of micro@fundflow.test's pending bank (server/db/seed.ts: microDeposits [32, 45]). */
const MICRO_AMOUNTS = ['0.32', '0.45'] as const;

/** The bank-link page with the search typed and its results shown. */
async function searchOnPage(page: Page, query: string, bank: string) {
  await page.goto(BANK_LINK_PAGE);
  await page.getByRole('heading', { level: 1, name: 'Select your bank' }).waitFor();
  await page.getByLabel('Search for your bank').fill(query);
  await page.getByRole('button', { name: bank, exact: true }).waitFor();
}

const partnerDialog = (page: Page, bank: string) => page.getByRole('dialog', { name: `Log in to ${bank}` });

async function typeCredentials(page: Page, bank: string) {
  const partner = partnerDialog(page, bank);
  await partner.getByLabel('Username').fill('user_good');
  await partner.getByLabel('Password').fill('pass_good');
}

/** Ally Bank (bank login only) up to its account picker. */
async function allyAccountPicker(page: Page) {
  await searchOnPage(page, 'Ally', 'Ally Bank');
  await page.getByRole('button', { name: 'Ally Bank', exact: true }).click();
  await typeCredentials(page, 'Ally Bank');
  await partnerDialog(page, 'Ally Bank').getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('radio', { name: 'Plaid Checking •••• 0000' }).waitFor();
}

/** 4.1, 'any other failure': the bank login is dropped from the choices and the fallbacks say something went wrong. */
async function partnerFallbacks(page: Page) {
  await page.getByRole('heading', { level: 1, name: FundingMessages.fallbackWentWrongTitle }).waitFor();
  await page.getByText(FundingMessages.fallbackWentWrongBody).waitFor();
  const choices = page.getByRole('list', { name: 'Other ways to fund your account' });
  await choices.getByRole('button', { name: /^Debit card/ }).waitFor();
  expect(await choices.getByRole('button', { name: /Log in to your bank/ }).count()).toBe(0);
}

const bankLinked = (page: Page) => page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();

/** An error toast with this text (toasts of errors are alerts). */
const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

const relinkBanner = (page: Page) => page.getByText('Restore your bank account connection').first();

async function openFundingMethods(page: Page) {
  await page.goto('/settings/funding-methods');
  await relinkBanner(page).waitFor();
}

let numberRound = 0;
const accountNumberNow = () => `4440100${2000 + numberRound * 137}`;

const microLinkDialog = (page: Page) => page.getByRole('dialog', { name: 'Link with micro-deposits' });
const MICRO_ACCOUNT = '000123456789';

async function fillMicroBankInfo(page: Page) {
  await page.goto(MICRO_LINK_PAGE);
  const dialog = microLinkDialog(page);
  await dialog.getByLabel('Routing number').fill(ROUTING_NUMBER);
  await dialog.getByLabel('Account number', { exact: true }).fill(MICRO_ACCOUNT);
  await dialog.getByLabel('Confirm account number').fill(MICRO_ACCOUNT);
}

async function microBankInfoKept(page: Page) {
  const dialog = microLinkDialog(page);
  expect(await dialog.getByLabel('Routing number').inputValue()).toBe(ROUTING_NUMBER);
  expect(await dialog.getByLabel('Account number', { exact: true }).inputValue()).toBe(MICRO_ACCOUNT);
  expect(await dialog.getByLabel('Confirm account number').inputValue()).toBe(MICRO_ACCOUNT);
}

const accountTypeStep = (page: Page) => microLinkDialog(page).getByRole('group', { name: 'What kind of account is this?' });

const verifyDialog = (page: Page) => page.getByRole('dialog', { name: 'Verify Micro Deposits' });

async function verifyAmountsKept(page: Page) {
  const dialog = verifyDialog(page);
  expect(await dialog.getByLabel('1st Amount').inputValue()).toContain(MICRO_AMOUNTS[0]);
  expect(await dialog.getByLabel('2nd Amount').inputValue()).toContain(MICRO_AMOUNTS[1]);
}

// A row whose every successful round links a bank gets a new customer each round (freshCustomerEachRound).

const ROWS: Row[] = [
  {
    flow: 'bank search',
    endpoint: 'searchInstitutions',
    method: 'GET',
    path: exactPath(ApiPaths.institutions),
    template: 'new@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      await page.goto(BANK_LINK_PAGE);
      await page.getByRole('heading', { level: 1, name: 'Select your bank' }).waitFor();
    },
    send: (page) => page.getByLabel('Search for your bank').fill('Navy'),
    failed: async (page, fault) => {
      await page.getByText("We couldn't search for banks").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async (page) => {
      expect(await page.getByLabel('Search for your bank').inputValue()).toBe('Navy');
    },
    retry: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      await page.getByRole('button', { name: 'Navy Federal Credit Union', exact: true }).waitFor();
      expect(await page.getByLabel('Search for your bank').inputValue()).toBe('Navy');
    },
  },
  {
    flow: 'bank link by numbers',
    endpoint: 'getBankByRoutingNumber',
    method: 'GET',
    path: exactPath(ApiPaths.institutionsByRoutingNumber),
    template: 'new@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      numberRound += 1;
      await searchOnPage(page, 'Navy', 'Navy Federal Credit Union');
      await page.getByRole('button', { name: 'Navy Federal Credit Union', exact: true }).click();
      await page.getByLabel('Routing number').fill(ROUTING_NUMBER);
      await page.getByLabel('Account number').fill(accountNumberNow());
    },
    send: (page) => page.getByRole('button', { name: 'Next' }).click(),
    // 7.2: a failed lookup falls through silently. With no bank to confirm, the flow links the numbers at once.
    failed: async (page) => {
      await bankLinked(page);
      expect(await page.getByText('Check your routing and account numbers, then try again.').count()).toBe(0);
    },
    kept: async (page) => {
      await page
        .getByText(`•••• ${accountNumberNow().slice(-4)}`)
        .first()
        .waitFor();
    },
    // Nothing to retry: the bank's name was a nicety and the customer's link went through.
    retry: async () => undefined,
    succeeded: bankLinked,
    reset: freshCustomerEachRound('new@fundflow.test'),
  },
  {
    flow: 'bank login',
    endpoint: 'createLinkToken',
    method: 'POST',
    path: exactPath(ApiPaths.linkToken),
    template: 'new@fundflow.test',
    mutation: true,
    prepare: (page) => searchOnPage(page, 'Ally', 'Ally Bank'),
    send: (page) => page.getByRole('button', { name: 'Ally Bank', exact: true }).click(),
    failed: (page) => partnerFallbacks(page),
    kept: async () => undefined,
    // The fallbacks no longer offer the bank login for this flow: the customer starts the link again.
    retry: async (page) => {
      await searchOnPage(page, 'Ally', 'Ally Bank');
      await page.getByRole('button', { name: 'Ally Bank', exact: true }).click();
    },
    succeeded: (page) => partnerDialog(page, 'Ally Bank').getByLabel('Username').waitFor(),
  },
  {
    flow: 'bank login',
    endpoint: 'getProviders',
    method: 'GET',
    path: exactPath(ApiPaths.providers),
    template: 'new@fundflow.test',
    mutation: false,
    prepare: (page) => searchOnPage(page, 'Ally', 'Ally Bank'),
    send: (page) => page.getByRole('button', { name: 'Ally Bank', exact: true }).click(),
    failed: async (page, fault) => {
      await page.getByText("We couldn't reach the bank connection service").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async () => undefined,
    retry: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    succeeded: (page) => partnerDialog(page, 'Ally Bank').getByLabel('Username').waitFor(),
  },
  {
    flow: 'bank login',
    endpoint: 'sandboxPlaidLogin',
    method: 'POST',
    path: exactPath(ApiPaths.sandboxPlaidLogin),
    template: 'new@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await searchOnPage(page, 'Ally', 'Ally Bank');
      await page.getByRole('button', { name: 'Ally Bank', exact: true }).click();
      await typeCredentials(page, 'Ally Bank');
    },
    send: (page) => partnerDialog(page, 'Ally Bank').getByRole('button', { name: 'Submit' }).click(),
    failed: async (page, fault) => {
      // Told inside the login window, which stays open.
      const partner = partnerDialog(page, 'Ally Bank');
      await partner.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await partner.getByRole('button', { name: 'Submit' }).waitFor();
    },
    kept: async (page) => {
      const partner = partnerDialog(page, 'Ally Bank');
      expect(await partner.getByLabel('Username').inputValue()).toBe('user_good');
      expect(await partner.getByLabel('Password').inputValue()).toBe('pass_good');
    },
    retry: (page) => partnerDialog(page, 'Ally Bank').getByRole('button', { name: 'Submit' }).click(),
    succeeded: (page) => page.getByRole('radio', { name: 'Plaid Checking •••• 0000' }).waitFor(),
  },
  {
    flow: 'bank login',
    endpoint: 'linkWithPartner',
    method: 'POST',
    path: exactPath(ApiPaths.partnerLink),
    template: 'new@fundflow.test',
    mutation: true,
    prepare: (page) => allyAccountPicker(page),
    send: (page) => page.getByRole('button', { name: 'Continue' }).click(),
    failed: (page) => partnerFallbacks(page),
    kept: async () => undefined,
    retry: async (page) => {
      await allyAccountPicker(page);
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    succeeded: async (page) => {
      await bankLinked(page);
      await page.getByText('•••• 0000').first().waitFor();
    },
    // The same bank twice is a duplicate: each round links it for a new customer.
    reset: freshCustomerEachRound('new@fundflow.test'),
  },
  {
    flow: 'relink',
    endpoint: 'createRelinkToken',
    method: 'POST',
    path: exactPath(ApiPaths.relinkToken),
    template: 'relink@fundflow.test',
    mutation: true,
    prepare: (page) => openFundingMethods(page),
    send: (page) =>
      page
        .getByRole('button', { name: /^Relink/ })
        .first()
        .click(),
    failed: async (page) => {
      await errorToast(page, FundingMessages.relinkFailed);
      await page
        .getByRole('button', { name: /^Relink/ })
        .first()
        .waitFor();
    },
    kept: async () => undefined,
    retry: (page) =>
      page
        .getByRole('button', { name: /^Relink/ })
        .first()
        .click(),
    succeeded: (page) => partnerDialog(page, 'Chase').getByLabel('Username').waitFor(),
  },
  {
    flow: 'relink',
    endpoint: 'relinkWithPartner',
    method: 'POST',
    path: exactPath(ApiPaths.partnerRelink),
    template: 'relink@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openFundingMethods(page);
      await page
        .getByRole('button', { name: /^Relink/ })
        .first()
        .click();
      await typeCredentials(page, 'Chase');
      await partnerDialog(page, 'Chase').getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('button', { name: 'Continue' }).waitFor();
    },
    send: (page) => page.getByRole('button', { name: 'Continue' }).click(),
    failed: async (page) => {
      await errorToast(page, FundingMessages.relinkFailed);
      await page
        .getByRole('button', { name: /^Relink/ })
        .first()
        .waitFor();
    },
    kept: async () => undefined,
    retry: async (page) => {
      await page
        .getByRole('button', { name: /^Relink/ })
        .first()
        .click();
      await typeCredentials(page, 'Chase');
      await partnerDialog(page, 'Chase').getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    succeeded: async (page) => {
      await page.getByText(FundingMessages.relinkSucceeded).first().waitFor();
      await relinkBanner(page).waitFor({ state: 'detached' });
    },
    // A relinked bank needs no relink: each round is a new customer whose bank does.
    reset: freshCustomerEachRound('relink@fundflow.test'),
  },
  {
    flow: 'micro-deposit link',
    endpoint: 'getBankByRoutingNumber',
    method: 'GET',
    path: exactPath(ApiPaths.institutionsByRoutingNumber),
    template: 'new@fundflow.test',
    mutation: false,
    prepare: (page) => fillMicroBankInfo(page),
    send: (page) => microLinkDialog(page).getByRole('button', { name: 'Next' }).click(),
    // 7.2: a failed lookup falls through silently: the next step, without the bank's name.
    failed: async (page) => {
      await accountTypeStep(page).waitFor();
      await microLinkDialog(page)
        .getByText(`•••• ${MICRO_ACCOUNT.slice(-4)}`)
        .waitFor();
      expect(await microLinkDialog(page).getByText(ROUTING_BANK).count()).toBe(0);
    },
    kept: async () => undefined,
    // Back to the bank info, everything still typed, and Next again.
    retry: async (page) => {
      await microLinkDialog(page).getByRole('button', { name: 'Back' }).click();
      await microBankInfoKept(page);
      await microLinkDialog(page).getByRole('button', { name: 'Next' }).click();
    },
    succeeded: async (page) => {
      await accountTypeStep(page).waitFor();
      await microLinkDialog(page).getByText(ROUTING_BANK).waitFor();
    },
  },
  {
    flow: 'micro-deposit link',
    endpoint: 'linkMicroDeposits',
    method: 'POST',
    path: exactPath(ApiPaths.microDepositLink),
    template: 'new@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await fillMicroBankInfo(page);
      await microLinkDialog(page).getByRole('button', { name: 'Next' }).click();
      await accountTypeStep(page).getByRole('radio', { name: 'Checking' }).check();
    },
    send: (page) => microLinkDialog(page).getByRole('button', { name: 'Next' }).click(),
    failed: async (page, fault) => {
      await microLinkDialog(page).getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await microLinkDialog(page).getByRole('button', { name: 'Next' }).waitFor();
    },
    kept: async (page) => {
      expect(await accountTypeStep(page).getByRole('radio', { name: 'Checking' }).isChecked()).toBe(true);
      await microLinkDialog(page)
        .getByText(`•••• ${MICRO_ACCOUNT.slice(-4)}`)
        .waitFor();
    },
    retry: (page) => microLinkDialog(page).getByRole('button', { name: 'Next' }).click(),
    succeeded: (page) => microLinkDialog(page).getByText('Look for two tiny deposits from Fundflow in 3-5 business days').waitFor(),
    // One bank waiting for micro-deposits at a time: each round is a new customer.
    reset: freshCustomerEachRound('new@fundflow.test'),
  },
  {
    flow: 'micro-deposit verification',
    endpoint: 'verifyMicroDeposits',
    method: 'POST',
    path: exactPath(ApiPaths.microDepositVerify),
    template: 'micro@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await page.goto('/portfolio');
      await page.getByRole('button', { name: 'Finalize bank link' }).click();
      const dialog = verifyDialog(page);
      await dialog.getByLabel('1st Amount').fill(MICRO_AMOUNTS[0]);
      await dialog.getByLabel('2nd Amount').fill(MICRO_AMOUNTS[1]);
    },
    send: (page) => verifyDialog(page).getByRole('button', { name: 'Next' }).click(),
    // Section 8, no code: a toast with the server's message, or 'Error while linking account' when it sent none.
    failed: async (page, fault: Fault) => {
      await errorToast(page, fault === '500' || fault === '429' ? FAULT_MESSAGES[fault] : FundingMessages.microFallback);
      await verifyDialog(page).getByRole('button', { name: 'Next' }).waitFor();
    },
    kept: (page) => verifyAmountsKept(page),
    retry: async (page) => {
      await verifyAmountsKept(page);
      await verifyDialog(page).getByRole('button', { name: 'Next' }).click();
    },
    succeeded: (page) => verifyDialog(page).getByText('Bank account added!').waitFor(),
    // A verified bank has nothing left to verify: each round is a new customer.
    reset: freshCustomerEachRound('micro@fundflow.test'),
  },
];

describeFaultRows('faults in the browser: every bank-link endpoint of the flows', ROWS, browser);
