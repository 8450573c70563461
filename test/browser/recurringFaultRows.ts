import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { exactPath, type Fault, FAULT_MESSAGES, freshCustomerEachRound, pageLoadRow, type Row } from './faultKit';

// The recurring deposits on the Transfers page, failed five ways (faults.accounts.test.ts runs these rows with
// its others): alex's monthly schedule listed, paused, skipped and canceled.

export const RECURRING_PATH = '/settings/v2/transfers#recurring-deposits';
/** alex's monthly schedule of $250.00 on the Transfers page. */
export const schedule = (page: Page) => page.getByRole('article', { name: /^\$250\.00 / }).first();

export async function openRecurring(page: Page) {
  await page.goto(RECURRING_PATH);
  await schedule(page).waitFor();
}

/** The recurring list's failure toast: the server's message when it sent one, else the action's own text. */
export async function recurringToast(page: Page, fault: Fault, fallback: string) {
  const text = fault === '500' || fault === '429' ? FAULT_MESSAGES[fault] : fallback;
  await page.getByText(text).first().waitFor();
}

export const RECURRING_ROWS: Row[] = [
  pageLoadRow({
    flow: 'recurring deposits',
    endpoint: 'getRecurringDeposits',
    path: exactPath(ApiPaths.recurringDeposits),
    template: 'alex@fundflow.test',
    url: RECURRING_PATH,
    failed: async (page, fault) => {
      const section = page.locator('#recurring-deposits');
      await section
        .getByText(/^We couldn't load the recurring deposits to /)
        .first()
        .waitFor();
      await section.getByText(FAULT_MESSAGES[fault]).first().waitFor();
      await section.getByRole('button', { name: 'Try again' }).first().waitFor();
    },
    // One list per account, each with its own Try again.
    retry: async (page) => {
      const again = page.locator('#recurring-deposits').getByRole('button', { name: 'Try again' });
      for (let presses = 0, left = await again.count(); presses < 10 && left > 0; presses++) {
        await again.first().click();
        // The pressed list leaves its error to load again: wait for its button to go, not for a fixed time.
        await page.waitForFunction(
          (before) =>
            Array.from(document.querySelectorAll('#recurring-deposits button')).filter((button) => button.textContent === 'Try again')
              .length < before,
          left,
        );
        left = await again.count();
      }
    },
    succeeded: (page) => schedule(page).waitFor(),
  }),
  {
    flow: 'recurring deposits',
    endpoint: 'updateRecurringDeposit',
    method: 'PATCH',
    path: exactPath(ApiPaths.recurringDeposit),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: openRecurring,
    send: (page) => schedule(page).getByRole('button', { name: 'Pause' }).click(),
    failed: async (page, fault) => {
      await recurringToast(page, fault, "We couldn't pause your recurring deposit. Please try again.");
      await schedule(page).getByRole('button', { name: 'Pause' }).waitFor();
    },
    kept: async (page) => {
      expect(await schedule(page).getByText('Active', { exact: true }).count()).toBe(1);
    },
    retry: (page) => schedule(page).getByRole('button', { name: 'Pause' }).click(),
    succeeded: async (page) => {
      await page.getByText('Recurring deposit paused. No deposits are made until you resume it.').first().waitFor();
      await schedule(page).getByRole('button', { name: 'Resume' }).waitFor();
    },
    finish: async (page) => {
      await schedule(page).getByRole('button', { name: 'Resume' }).click();
      await schedule(page).getByRole('button', { name: 'Pause' }).waitFor();
    },
  },
  {
    flow: 'recurring deposits',
    endpoint: 'skipNextRecurringDeposit',
    method: 'POST',
    path: exactPath(ApiPaths.recurringDepositSkip),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: openRecurring,
    send: (page) => schedule(page).getByRole('button', { name: 'Skip next' }).click(),
    failed: async (page, fault) => {
      await recurringToast(page, fault, "We couldn't skip the next deposit. Please try again.");
      await schedule(page).getByRole('button', { name: 'Skip next' }).waitFor();
    },
    kept: async () => undefined,
    retry: (page) => schedule(page).getByRole('button', { name: 'Skip next' }).click(),
    succeeded: (page) =>
      page
        .getByText(/will be skipped\./)
        .first()
        .waitFor(),
  },
  {
    flow: 'recurring deposits',
    endpoint: 'cancelRecurringDeposit',
    method: 'DELETE',
    path: exactPath(ApiPaths.recurringDeposit),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openRecurring(page);
      await schedule(page).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog', { name: 'Cancel recurring deposit?' }).waitFor();
    },
    send: (page) =>
      page.getByRole('dialog', { name: 'Cancel recurring deposit?' }).getByRole('button', { name: 'Cancel recurring deposit' }).click(),
    // The dialog stays open with what went wrong and how to retry.
    failed: async (page, fault) => {
      const alert = page.getByRole('dialog', { name: 'Cancel recurring deposit?' }).getByRole('alert');
      await alert
        .filter({ hasText: "We couldn't cancel your recurring deposit. Please try again." })
        .filter({ hasText: 'Press Cancel recurring deposit to try again.' })
        .waitFor();
      if (fault === '500' || fault === '429') await alert.filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
    },
    // The schedule is still there, and so is the dialog with its summary of it.
    kept: async (page) => {
      await schedule(page).waitFor();
      await page
        .getByRole('dialog', { name: 'Cancel recurring deposit?' })
        .getByText(/^\$\d[\d,.]*, .+ from /)
        .waitFor();
    },
    retry: (page) =>
      page.getByRole('dialog', { name: 'Cancel recurring deposit?' }).getByRole('button', { name: 'Cancel recurring deposit' }).click(),
    succeeded: async (page) => {
      await page.getByText('Recurring deposit canceled.').first().waitFor();
      await schedule(page).waitFor({ state: 'detached' });
    },
    // A canceled schedule stays canceled: each round is a customer with one.
    reset: freshCustomerEachRound('alex@fundflow.test'),
  },
];
