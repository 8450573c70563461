import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { useBrowser } from './harness';
import { describeFaultRows, exactPath, FAULT_MESSAGES, loadFailed, pageLoadRow, type Row } from './faultKit';
import {
  acatDraftsOfRowCustomer,
  acatRounds,
  acatUi as ui,
  createHolderNow,
  emptyDraftOfRowCustomer,
  faultAlert,
  fillSchwabTransfer,
  NEW_TRANSFER,
  openAcats,
  openAcatsAtFidelity,
  schwabTransferKept,
  TRANSFERS_PATH,
} from './acatSteps';
import { type BackgroundCall, describeBackgroundCalls } from './backgroundFaults';

// Issue 8, browser side: the endpoints of account transfers (ACAT), crypto transfers in, the Treasuries pages and
// the header's instrument search, each failed five ways (faultKit.ts says how and what each row proves); then the
// calls the app makes on its own (analytics, the live events subscription, the configuration at start), which
// must fail quietly: no error for the customer, the page keeps working, and no retry storm.

jest.setTimeout(300_000);

const browser = useBrowser();

// ---- account transfers (/settings/v2/transfers#acats) ----

let submitRound = 0;
/** The header's search (the documents page has none of its own, but the combobox names it either way). */
const headerSearch = (page: Page) =>
  page.getByRole('search').filter({ has: page.getByRole('combobox', { name: 'Search stocks and ETFs' }) });

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
      acatRounds.create += 1;
      await openAcats(page);
      await page.getByRole('button', { name: 'Transfer an account' }).first().click();
      await ui.editor(page).getByLabel('Brokerage you are transferring from').selectOption('Charles Schwab');
      await ui.editor(page).getByLabel('Name on the account').click();
      await page.keyboard.type(createHolderNow());
    },
    send: (page) => ui.editor(page).getByRole('button', { name: 'Save' }).click(),
    failed: async (page, fault) => {
      await faultAlert(ui.editor(page), fault);
      await ui.editor(page).getByRole('button', { name: 'Save' }).waitFor();
    },
    kept: async (page) => {
      expect(await ui.editor(page).getByLabel('Brokerage you are transferring from').inputValue()).toBe('Charles Schwab');
      expect(await ui.editor(page).getByLabel('Name on the account').inputValue()).toBe(createHolderNow());
    },
    retry: (page) => ui.editor(page).getByRole('button', { name: 'Save' }).click(),
    succeeded: async (page) => {
      await ui.editor(page).waitFor({ state: 'detached' });
      // One draft a round: the retry made this round's, once.
      const schwab = page.getByRole('article', { name: 'From Charles Schwab' });
      await schwab.nth(acatRounds.create - 1).waitFor();
      expect(await schwab.count()).toBe(acatRounds.create);
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
      acatRounds.holder += 1;
      await emptyDraftOfRowCustomer();
      await openAcats(page);
      await page.getByRole('article', { name: NEW_TRANSFER }).getByRole('button', { name: 'Continue' }).click();
      await ui.editor(page).getByLabel('Brokerage you are transferring from').waitFor();
      await fillSchwabTransfer(page);
    },
    send: (page) => ui.editor(page).getByRole('button', { name: 'Save' }).click(),
    failed: async (page, fault) => {
      await faultAlert(ui.editor(page), fault);
      await ui.editor(page).getByRole('button', { name: 'Save' }).waitFor();
    },
    kept: schwabTransferKept,
    retry: (page) => ui.editor(page).getByRole('button', { name: 'Save' }).click(),
    succeeded: async (page) => {
      await ui.editor(page).waitFor({ state: 'detached' });
      // One saved Schwab transfer a round: the retry saved this round's, once.
      // The list refetches after the save: wait for this round's article before counting (an earlier round's
      // article is already there).
      const schwab = page.getByRole('article', { name: 'From Charles Schwab' });
      await schwab.nth(acatRounds.holder - 1).waitFor();
      await ui.readyArticle(page).first().waitFor();
      expect(await schwab.count()).toBe(acatRounds.holder);
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
      acatRounds.holder += 1;
      submitRound += 1;
      await openAcats(page);
      await page.getByRole('button', { name: 'Transfer an account' }).first().click();
      await fillSchwabTransfer(page);
      await ui.editor(page).getByRole('button', { name: 'Save' }).click();
      await ui.editor(page).waitFor({ state: 'detached' });
      await ui.readyArticle(page).getByRole('button', { name: 'Submit' }).waitFor();
    },
    send: (page) => ui.readyArticle(page).getByRole('button', { name: 'Submit' }).click(),
    failed: async (page, fault) => {
      await faultAlert(ui.readyArticle(page), fault);
      expect(await ui.readyArticle(page).getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    },
    kept: async () => undefined,
    retry: (page) => ui.readyArticle(page).getByRole('button', { name: 'Submit' }).click(),
    succeeded: async (page) => {
      await ui.readyArticle(page).waitFor({ state: 'detached' });
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
      // Starts from an empty list: the first round asks the server for it (what the section lists), a later round
      // finds it on screen already (the last round's success waited for it); kept() still counts one draft after
      // the load below.
      if (!(await page.getByText('No account transfers yet').isVisible())) expect(await acatDraftsOfRowCustomer()).toEqual([]);
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
    succeeded: (page) => ui.fidelity(page).getByText('In progress').waitFor(),
  }),
  {
    flow: 'account transfers',
    endpoint: 'getAcatDraft',
    method: 'GET',
    path: exactPath(ApiPaths.acatDraft),
    template: 'alex@fundflow.test',
    mutation: false,
    // A fresh load each round: the draft is cached once read.
    prepare: openAcatsAtFidelity,
    send: (page) => ui.fidelity(page).getByRole('button', { name: 'Continue' }).click(),
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
      const dialog = ui.editor(page, 'Transfer from Fidelity Investments');
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
    prepare: openAcatsAtFidelity,
    send: (page) => ui.fidelity(page).getByRole('button', { name: 'Continue' }).click(),
    failed: async (page, fault) => {
      const dialog = ui.editor(page, 'Transfer from Fidelity Investments');
      await dialog
        .getByRole('alert')
        .filter({ hasText: "We couldn't load the list of brokerages." })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await dialog.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async (page) => {
      // The draft's brokerage is still shown and chosen; the rest of the form is there to fill in meanwhile.
      const dialog = ui.editor(page, 'Transfer from Fidelity Investments');
      expect(await dialog.getByLabel('Brokerage you are transferring from').inputValue()).toBe('Fidelity Investments');
      expect(await dialog.getByLabel('Name on the account').inputValue()).toBe('Alex Morgan');
    },
    retry: (page) => ui.editor(page, 'Transfer from Fidelity Investments').getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      const dialog = ui.editor(page, 'Transfer from Fidelity Investments');
      await dialog.getByRole('alert').waitFor({ state: 'detached' });
      // The list is in: another brokerage can be chosen, and the chosen one's hint shows.
      await dialog.getByRole('option', { name: 'Charles Schwab' }).waitFor({ state: 'attached' });
      expect(await dialog.getByLabel('Brokerage you are transferring from').inputValue()).toBe('Fidelity Investments');
    },
    finish: async (page) => {
      await ui.editor(page, 'Transfer from Fidelity Investments').getByRole('button', { name: 'Cancel' }).click();
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
    failed: loadFailed("We couldn't load crypto transfers"),
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
        await loadFailed("We couldn't get a deposit address")(page, fault);
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
      await loadFailed("We couldn't load crypto transfers")(page, fault);
    },
    succeeded: (page) => page.getByRole('list', { name: 'Incoming transfers' }).getByText('0.015 BTC').waitFor(),
  }),
  pageLoadRow({
    flow: 'Treasuries',
    endpoint: 'getTreasuryQuickPicks',
    path: exactPath(ApiPaths.treasuryQuickPicks),
    template: 'alex@fundflow.test',
    url: '/treasuries/quick-buy',
    failed: loadFailed("We couldn't load the Treasury quick picks"),
    succeeded: (page) => page.getByRole('table', { name: 'Treasury quick picks' }).waitFor(),
  }),
  pageLoadRow({
    flow: 'Treasuries',
    endpoint: 'getBondAccountYield',
    path: exactPath(ApiPaths.bondAccountYield),
    template: 'alex@fundflow.test',
    url: '/bond-account',
    failed: loadFailed("We couldn't load the Bond Account yield"),
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

describeBackgroundCalls('faults in the browser: calls the customer never asked for', BACKGROUND_CALLS, browser);
