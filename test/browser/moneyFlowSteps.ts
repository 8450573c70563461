import type { Page } from 'playwright-core';
import { amountField } from './depositSteps';
import { type Fault, FAULT_MESSAGES, HAS_CODE } from './faultKit';

// The deposit and transfer flows' screens as the fault rows see them (faults.test.ts): the form ready, the
// review and the amount kept, and each flow's error screen for a fault.

/** The amount the fault rows withdraw. */
export const WITHDRAWAL_AMOUNT = '15';
export const DEPOSIT_AMOUNT = '125';
export async function openTransfer(page: Page) {
  await page.goto('/settings/v2/transfers/between-accounts');
  await page.getByRole('heading', { name: 'Transfer between accounts' }).waitFor();
  await amountField(page).waitFor();
}

/**
 * The transfer's failure screen (deposits-and-transfers.md: 'Transfer failed: Something went wrong...'); a 429
 * shows the server's message instead, which says how long to wait.
 */
export async function transferErrorScreen(page: Page, fault: Fault) {
  await page.getByRole('heading', { name: 'Transfer failed' }).waitFor();
  const message = fault === '429' ? FAULT_MESSAGES['429'] : 'Something went wrong. Please wait a moment and try again';
  await page.getByRole('alert').filter({ hasText: message }).waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}

/** Waits until the form's amount field holds `expected` (the flow puts the draft's amount back). */
export const amountIs = (page: Page, expected: string) =>
  page.waitForFunction((value) => document.querySelector<HTMLInputElement>('input[name="amount"]')?.value === value, expected);

export async function depositAmountKept(page: Page) {
  await amountIs(page, DEPOSIT_AMOUNT);
  expect(await page.locator('select').first().inputValue()).not.toBe('');
}

/** The review still shows the amount the customer typed. */
export async function reviewKept(page: Page) {
  await page.getByRole('heading', { name: /Review (deposit|transfer)/ }).waitFor();
  await page.getByText('$125.00').first().waitFor();
}

/** The deposit error screens for a fault (deposits-and-transfers.md, error code to screen: no code is unknown). */
export async function depositErrorScreen(page: Page, fault: Fault) {
  if (HAS_CODE[fault]) {
    await page.getByRole('heading', { name: 'Deposit error' }).waitFor();
    await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
  } else {
    await page.getByRole('heading', { name: 'Deposit unknown' }).waitFor();
    await page.getByText('Check again later to see if your deposit was successful.').waitFor();
  }
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}

export const depositSuccess = (page: Page) =>
  page.getByRole('heading', { name: /Your money is ready to invest|Deposit on its way/ }).waitFor();

export async function depositLoadFailed(page: Page) {
  await page.getByText("We couldn't load your accounts").waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}

export async function openDepositReady(page: Page) {
  await amountField(page).waitFor();
  await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select')?.value ?? '') !== '');
}
