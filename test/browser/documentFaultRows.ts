import type { Download, Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { exactPath, FAULT_MESSAGES, freshCustomerEachRound, loadFailed, pageLoadRow, type Row } from './faultKit';
import { PNG_1X1, tempFiles } from './testFiles';

// The documents page and the bank verification by statement, failed five ways (faults.profile.test.ts runs these
// rows with its others): the statements listed, paged and downloaded; a statement uploaded and sent for review.

// ---- documents ----

const STATEMENTS_PATH = '/settings/v2/account-statements';
const statementRows = (page: Page) => page.getByRole('list', { name: 'Account statements' }).getByRole('listitem');

async function openStatements(page: Page) {
  await page.goto(STATEMENTS_PATH);
  await page.getByRole('heading', { level: 1, name: 'Account statements' }).waitFor();
  await statementRows(page).first().waitFor();
}

let download: Promise<Download> | null = null;

// ---- bank verification by statement (funding-methods.md 2.8, 4.5, 7.4) ----

/** A real 1x1 PNG, the statement page the customer picks. */
const statementFile = () => tempFiles('fundflow-fault-statement-', { 'statement.png': PNG_1X1 })[0];
let statementPng = '';
const statementDialog = (page: Page) => page.getByRole('dialog', { name: 'Verify your bank' });

/** The upload step for the customer's first unverified bank (a page load, so no file from an earlier round). */
async function openStatementUpload(page: Page) {
  statementPng ||= statementFile();
  await page.goto('/settings/v2/transfers?bankVerification=enabled');
  const banks = statementDialog(page).getByRole('list', { name: 'Banks to verify' });
  await banks.waitFor();
  await banks.getByRole('button').first().click();
  await statementDialog(page).getByLabel('Upload statement').waitFor();
}

const chooseStatement = (page: Page) => statementDialog(page).getByLabel('Upload statement').setInputFiles(statementPng);
const statementUploaded = (page: Page) =>
  statementDialog(page).getByRole('list', { name: 'Statement files' }).getByText('Uploaded').waitFor();

export const DOCUMENT_ROWS: Row[] = [
  // ---- documents ----
  pageLoadRow({
    flow: 'documents',
    endpoint: 'getDocuments',
    path: exactPath(ApiPaths.documents),
    template: 'alex@fundflow.test',
    url: STATEMENTS_PATH,
    failed: loadFailed("We couldn't load your documents"),
    succeeded: async (page) => {
      await statementRows(page).first().waitFor();
      await page.getByText(/^Showing 20 of \d+ documents$/).waitFor();
    },
  }),
  {
    flow: 'documents',
    endpoint: 'getDocuments (next page)',
    method: 'GET',
    path: exactPath(ApiPaths.documents),
    template: 'alex@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      await openStatements(page);
      await page.getByText(/^Showing 20 of \d+ documents$/).waitFor();
    },
    send: (page) => page.getByRole('button', { name: 'Show more' }).click(),
    failed: async (page, fault) => {
      await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await page.getByRole('button', { name: 'Show more' }).waitFor();
    },
    // The first page stays on screen with the error.
    kept: async (page) => {
      expect(await statementRows(page).count()).toBe(20);
    },
    retry: (page) => page.getByRole('button', { name: 'Show more' }).click(),
    succeeded: (page) => page.getByText(/^Showing 40 of \d+ documents$/).waitFor(),
  },
  {
    flow: 'documents',
    endpoint: 'downloadDocument',
    method: 'GET',
    path: exactPath(ApiPaths.documentDownload),
    template: 'alex@fundflow.test',
    // Not a change on the server, but sent only when the customer presses Download: never again on its own.
    mutation: true,
    prepare: (page) => openStatements(page),
    send: (page) =>
      statementRows(page)
        .first()
        .getByRole('button', { name: /^Download / })
        .click(),
    failed: async (page, fault) => {
      const row = statementRows(page).first();
      await row
        .getByRole('alert')
        .filter({ hasText: "We couldn't download this document." })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.documents-item button')?.disabled);
    },
    kept: async () => undefined,
    retry: async (page) => {
      download = page.waitForEvent('download');
      await statementRows(page)
        .first()
        .getByRole('button', { name: /^Download / })
        .click();
    },
    succeeded: async (page) => {
      const file = await download!;
      expect(file.suggestedFilename()).toMatch(/^fundflow-statement-.*\.pdf$/);
      expect(await statementRows(page).first().getByRole('alert').count()).toBe(0);
    },
  },

  // ---- bank verification by statement ----
  {
    flow: 'statement upload',
    endpoint: 'uploadStatementFile',
    method: 'POST',
    path: exactPath(ApiPaths.verificationFiles),
    template: 'unverified@fundflow.test',
    // Sent once per file the customer picks.
    mutation: true,
    prepare: (page) => openStatementUpload(page),
    send: (page) => chooseStatement(page),
    failed: async (page, fault) => {
      // funding-methods.md 4.5: a failed file shows 'Something went wrong. Try again.'; a refusal with a reason
      // (the 429 here) shows the server's words.
      const files = statementDialog(page).getByRole('list', { name: 'Statement files' });
      await files
        .getByRole('alert')
        .filter({ hasText: fault === '429' ? FAULT_MESSAGES['429'] : 'Something went wrong. Try again.' })
        .waitFor();
      await files.getByText('statement.png').waitFor();
    },
    kept: async (page) => {
      // Nothing uploaded, so nothing can be submitted yet.
      expect(await statementDialog(page).getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    },
    // The failed file's own Retry sends that file again (the customer does not pick it a second time).
    retry: (page) => statementDialog(page).getByRole('button', { name: 'Retry statement.png' }).click(),
    succeeded: async (page) => {
      await statementUploaded(page);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].some(
          (button) => button.textContent === 'Submit' && !button.disabled,
        ),
      );
    },
  },
  {
    flow: 'statement upload',
    endpoint: 'submitVerification',
    method: 'POST',
    path: exactPath(ApiPaths.verificationSubmit),
    template: 'unverified@fundflow.test',
    mutation: true,
    // A bank is sent for review once: each round is a new copy of unverified@.
    reset: freshCustomerEachRound('unverified@fundflow.test'),
    prepare: async (page) => {
      await openStatementUpload(page);
      await chooseStatement(page);
      await statementUploaded(page);
    },
    send: (page) => statementDialog(page).getByRole('button', { name: 'Submit' }).click(),
    failed: async (page) => {
      // funding-methods.md 8: 'There was an error, please try again.'; the files stay for another Submit.
      await page.getByText('There was an error, please try again.').first().waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].some(
          (button) => button.textContent === 'Submit' && !button.disabled,
        ),
      );
    },
    kept: async (page) => {
      const files = statementDialog(page).getByRole('list', { name: 'Statement files' });
      await files.getByText('statement.png').waitFor();
      await files.getByText('Uploaded').waitFor();
    },
    retry: (page) => statementDialog(page).getByRole('button', { name: 'Submit' }).click(),
    succeeded: (page) => page.getByText("Thanks! We'll review your statement in 1-2 business days.").first().waitFor(),
  },
];
