import type { Page } from 'playwright-core';
import { type AcatDraftsResponse, ApiPaths, CSRF_HEADER } from '../../api/contract';
import { apiToken } from './depositSteps';
import { type Fault, FAULT_MESSAGES, faultSession } from './faultKit';
import { baseUrl } from './harness';

// Account transfers (ACAT) on the Transfers page (faults.services.test.ts): the editor and the transfer cards
// (acatUi), the transfer typed in, and an empty draft made through the API.

/** The account-transfer screens' elements. */
export const acatUi = {
  editor: (page: Page, name = NEW_TRANSFER) => page.getByRole('dialog', { name }),
  readyArticle: (page: Page) => page.getByRole('article').filter({ hasText: 'Ready to submit' }),
  fidelity: (page: Page) => page.getByRole('article', { name: 'From Fidelity Investments' }),
};

/** The rounds of the rows so far: each round's transfer has its own name and account number. */
export const acatRounds = { holder: 0, create: 0 };

export const TRANSFERS_PATH = '/settings/v2/transfers';
export const NEW_TRANSFER = 'New account transfer';
/** A new name on the account each round, so a kept field is told apart from the last round's. */
export const holderNow = () => `Casey Card ${String.fromCharCode(64 + acatRounds.holder)}`;
/** A new Schwab account (8 digits) each round: the server takes one transfer at a time from the same account. */
export const schwabNumberNow = () => String(10_000_000 + acatRounds.holder * 1_111);

/** The Transfers page loaded afresh (an empty cache), with the account-transfers section in. */
export async function openAcats(page: Page) {
  // Same path without a hash: a full load, not a same-document jump.
  await page.goto(TRANSFERS_PATH);
  await page.getByRole('heading', { name: 'Account transfers' }).waitFor();
  await page.getByRole('button', { name: 'Transfer an account' }).first().waitFor();
}

/**
 * An empty draft made through the API as the row's customer (the app makes a draft only by an editor's first Save;
 * rows that test Save on a draft or Delete start from one).
 */
export async function emptyDraftOfRowCustomer() {
  const token = await apiToken(faultSession.customer);
  const response = await fetch(`${baseUrl()}${ApiPaths.acatDrafts}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ fragments: [] }),
  });
  if (response.status >= 300) throw new Error(`creating a draft failed: ${response.status} ${await response.text()}`);
}

/** The row customer's account transfers as the server lists them (what the Transfers page's section shows). */
export async function acatDraftsOfRowCustomer(): Promise<AcatDraftsResponse['drafts']> {
  const token = await apiToken(faultSession.customer);
  const response = await fetch(`${baseUrl()}${ApiPaths.acatDrafts}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`listing the drafts failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as AcatDraftsResponse).drafts;
}

export const createHolderNow = () => `Casey Create ${String.fromCharCode(64 + acatRounds.create)}`;

/** Fills the new-transfer editor with a Schwab transfer the server finds complete. */
export async function fillSchwabTransfer(page: Page) {
  const dialog = acatUi.editor(page);
  await dialog.getByLabel('Brokerage you are transferring from').selectOption('Charles Schwab');
  await dialog.getByText('8 digits, shown at the top of your statement').waitFor();
  await dialog.getByLabel('Type of account').selectOption('PERSONAL_BROKERAGE');
  await dialog.getByLabel('Account number at the other brokerage').fill(schwabNumberNow());
  await dialog.getByLabel('Name on the account').fill(holderNow());
  await dialog.getByLabel('What to transfer').selectOption('FULL');
  await dialog.getByLabel('Fundflow account to transfer into').selectOption({ index: 1 });
}

export async function schwabTransferKept(page: Page) {
  const dialog = acatUi.editor(page);
  expect(await dialog.getByLabel('Brokerage you are transferring from').inputValue()).toBe('Charles Schwab');
  expect(await dialog.getByLabel('Account number at the other brokerage').inputValue()).toBe(schwabNumberNow());
  expect(await dialog.getByLabel('Name on the account').inputValue()).toBe(holderNow());
  expect(await dialog.getByLabel('What to transfer').inputValue()).toBe('FULL');
}

/** The API's message for the fault in an alert inside `scope`. */
export const faultAlert = (scope: ReturnType<Page['locator']> | Page, fault: Fault) =>
  scope.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();

/** The Transfers page loaded afresh, with alex's transfer from Fidelity listed. */
export async function openAcatsAtFidelity(page: Page) {
  await openAcats(page);
  await acatUi.fidelity(page).waitFor();
}
