import { ApiPaths, FundingMessages } from '../../api/contract';
import { useBrowser } from './harness';
import { describeFaultRows, exactPath, type Fault, FAULT_MESSAGES, freshCustomerEachRound, loadFailed, type Row } from './faultKit';
import {
  allyAccountPicker,
  BANK_LINK_PAGE,
  bankLinked,
  bankLinkUi as ui,
  errorToast,
  fillMicroBankInfo,
  MICRO_ACCOUNT,
  MICRO_AMOUNTS,
  microBankInfoKept,
  openFundingMethods,
  partnerFallbacks,
  ROUTING_BANK,
  ROUTING_NUMBER,
  searchOnPage,
  typeCredentials,
  verifyAmountsKept,
} from './bankLinkSteps';

// Issue 8, browser side, the bank-link endpoints (funding-methods.md 2.4 to 2.6, 4.1, 4.3, 4.7, 7.2): each call a
// customer flow makes, failed five ways (faultKit.ts says how and what a row proves). The link by number itself is
// a row of faults.test.ts. Not here: GET sandbox micro-deposits (no flow calls it; tests read the amounts with it).
// None of these mutations carries an Idempotency-Key: the server refuses a second link of the same bank instead.

jest.setTimeout(300_000);

const browser = useBrowser();

let numberRound = 0;
const accountNumberNow = () => `4440100${2000 + numberRound * 137}`;

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
    failed: loadFailed("We couldn't search for banks"),
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
    succeeded: (page) => ui.partner(page, 'Ally Bank').getByLabel('Username').waitFor(),
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
    failed: loadFailed("We couldn't reach the bank connection service"),
    kept: async () => undefined,
    retry: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    succeeded: (page) => ui.partner(page, 'Ally Bank').getByLabel('Username').waitFor(),
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
    send: (page) => ui.partner(page, 'Ally Bank').getByRole('button', { name: 'Submit' }).click(),
    failed: async (page, fault) => {
      // Told inside the login window, which stays open.
      const partner = ui.partner(page, 'Ally Bank');
      await partner.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await partner.getByRole('button', { name: 'Submit' }).waitFor();
    },
    kept: async (page) => {
      const partner = ui.partner(page, 'Ally Bank');
      expect(await partner.getByLabel('Username').inputValue()).toBe('user_good');
      expect(await partner.getByLabel('Password').inputValue()).toBe('pass_good');
    },
    retry: (page) => ui.partner(page, 'Ally Bank').getByRole('button', { name: 'Submit' }).click(),
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
    succeeded: (page) => ui.partner(page, 'Chase').getByLabel('Username').waitFor(),
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
      await ui.partner(page, 'Chase').getByRole('button', { name: 'Submit' }).click();
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
      await ui.partner(page, 'Chase').getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    succeeded: async (page) => {
      await page.getByText(FundingMessages.relinkSucceeded).first().waitFor();
      await ui.relinkBanner(page).waitFor({ state: 'detached' });
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
    send: (page) => ui.microLink(page).getByRole('button', { name: 'Next' }).click(),
    // 7.2: a failed lookup falls through silently: the next step, without the bank's name.
    failed: async (page) => {
      await ui.accountType(page).waitFor();
      await ui
        .microLink(page)
        .getByText(`•••• ${MICRO_ACCOUNT.slice(-4)}`)
        .waitFor();
      expect(await ui.microLink(page).getByText(ROUTING_BANK).count()).toBe(0);
    },
    kept: async () => undefined,
    // Back to the bank info, everything still typed, and Next again.
    retry: async (page) => {
      await ui.microLink(page).getByRole('button', { name: 'Back' }).click();
      await microBankInfoKept(page);
      await ui.microLink(page).getByRole('button', { name: 'Next' }).click();
    },
    succeeded: async (page) => {
      await ui.accountType(page).waitFor();
      await ui.microLink(page).getByText(ROUTING_BANK).waitFor();
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
      await ui.microLink(page).getByRole('button', { name: 'Next' }).click();
      await ui.accountType(page).getByRole('radio', { name: 'Checking' }).check();
    },
    send: (page) => ui.microLink(page).getByRole('button', { name: 'Next' }).click(),
    failed: async (page, fault) => {
      await ui.microLink(page).getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await ui.microLink(page).getByRole('button', { name: 'Next' }).waitFor();
    },
    kept: async (page) => {
      expect(await ui.accountType(page).getByRole('radio', { name: 'Checking' }).isChecked()).toBe(true);
      await ui
        .microLink(page)
        .getByText(`•••• ${MICRO_ACCOUNT.slice(-4)}`)
        .waitFor();
    },
    retry: (page) => ui.microLink(page).getByRole('button', { name: 'Next' }).click(),
    succeeded: (page) => ui.microLink(page).getByText('Look for two tiny deposits from Fundflow in 3-5 business days').waitFor(),
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
      const dialog = ui.verify(page);
      await dialog.getByLabel('1st Amount').fill(MICRO_AMOUNTS[0]);
      await dialog.getByLabel('2nd Amount').fill(MICRO_AMOUNTS[1]);
    },
    send: (page) => ui.verify(page).getByRole('button', { name: 'Next' }).click(),
    // Section 8, no code: a toast with the server's message, or 'Error while linking account' when it sent none.
    failed: async (page, fault: Fault) => {
      await errorToast(page, fault === '500' || fault === '429' ? FAULT_MESSAGES[fault] : FundingMessages.microFallback);
      await ui.verify(page).getByRole('button', { name: 'Next' }).waitFor();
    },
    kept: (page) => verifyAmountsKept(page),
    retry: async (page) => {
      await verifyAmountsKept(page);
      await ui.verify(page).getByRole('button', { name: 'Next' }).click();
    },
    succeeded: (page) => ui.verify(page).getByText('Bank account added!').waitFor(),
    // A verified bank has nothing left to verify: each round is a new customer.
    reset: freshCustomerEachRound('micro@fundflow.test'),
  },
];

describeFaultRows('faults in the browser: every bank-link endpoint of the flows', ROWS, browser);
