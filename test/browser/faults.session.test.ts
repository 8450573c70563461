import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { useBrowser } from './harness';
import { describeFaultRows, exactPath, type Fault, FAULT_MESSAGES, pageLoadRow, type Row } from './faultKit';

// Issue 8, browser side: the calls every signed-in page load makes before anything else (the session restore
// from the refresh cookie) and the portfolio's own data, each failed five ways (faultKit.ts says how).

jest.setTimeout(300_000);

const browser = useBrowser();

/** The portfolio with its balance and its positions shown. */
async function portfolioShown(page: Page) {
  await page
    .getByRole('region', { name: /balance$/ })
    .getByRole('link', { name: 'Deposit funds' })
    .waitFor();
  await page.getByRole('region', { name: 'Your accounts' }).waitFor();
}

const ROWS: Row[] = [
  pageLoadRow({
    flow: 'page load',
    endpoint: 'refreshSession',
    method: 'POST',
    path: exactPath(ApiPaths.refresh),
    template: 'alex@fundflow.test',
    // Sent by the page load, not by a button of the customer's; the retry is theirs.
    url: '/portfolio',
    failed: async (page, fault: Fault) => {
      // No verdict on the session: the customer is told and offered Try again, not sent to the sign-in form.
      const problem = page.getByRole('alert').filter({ hasText: "We couldn't reach Fundflow" });
      await problem.getByText(FAULT_MESSAGES[fault]).waitFor();
      await problem.getByRole('button', { name: 'Try again' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/portfolio');
    },
    kept: async (page) => {
      expect(await page.getByRole('heading', { name: 'Sign in to Fundflow' }).count()).toBe(0);
    },
    retry: (page) => page.getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      await portfolioShown(page);
      expect(new URL(page.url()).pathname).toBe('/portfolio');
    },
  }),
  pageLoadRow({
    flow: 'portfolio',
    endpoint: 'getPortfolio',
    path: exactPath(ApiPaths.portfolio),
    template: 'alex@fundflow.test',
    url: '/portfolio',
    failed: async (page, fault) => {
      const problem = page.getByRole('alert').filter({ hasText: "We couldn't load your portfolio" });
      await problem.getByText(FAULT_MESSAGES[fault]).waitFor();
      await problem.getByRole('button', { name: 'Try again' }).waitFor();
      // The balance above it is shown all the same.
      await page.getByRole('link', { name: 'Deposit funds' }).waitFor();
    },
    succeeded: async (page) => {
      await page.getByRole('region', { name: 'Portfolio value' }).waitFor();
      await portfolioShown(page);
    },
  }),
];

describeFaultRows('faults in the browser: the session restore and the portfolio', ROWS, browser);
