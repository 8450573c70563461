import type { Page } from 'playwright-core';
import { FundingMessages } from '../../api/contract';

// The bank-link screens' selectors (bankLinkUi) and steps: the bank search, the partner's login window, the
// micro-deposit link and its verification, and the relink banner (faults.bankLink.test.ts drives them).

/** The bank-link screens' elements. */
export const bankLinkUi = {
  partner: (page: Page, bank: string) => page.getByRole('dialog', { name: `Log in to ${bank}` }),
  relinkBanner: (page: Page) => page.getByText('Restore your bank account connection').first(),
  microLink: (page: Page) => page.getByRole('dialog', { name: 'Link with micro-deposits' }),
  accountType: (page: Page) => bankLinkUi.microLink(page).getByRole('group', { name: 'What kind of account is this?' }),
  verify: (page: Page) => page.getByRole('dialog', { name: 'Verify Micro Deposits' }),
};

export const BANK_LINK_PAGE = '/settings/bank-link';
export const ROUTING_NUMBER = '021000021';
/** The bank the routing number above belongs to in the sandbox directory. */
export const ROUTING_BANK = 'Chase';
export const MICRO_LINK_PAGE = '/settings/funding-methods?m=microdeposit&step=add-funding-method';
/** The seeded amounts of micro@fundflow.test's pending bank (server/db/seed.ts: microDeposits [32, 45]). */
export const MICRO_AMOUNTS = ['0.32', '0.45'] as const;

/** The bank-link page with the search typed and its results shown. */
export async function searchOnPage(page: Page, query: string, bank: string) {
  await page.goto(BANK_LINK_PAGE);
  await page.getByRole('heading', { level: 1, name: 'Select your bank' }).waitFor();
  await page.getByLabel('Search for your bank').fill(query);
  await page.getByRole('button', { name: bank, exact: true }).waitFor();
}

export async function typeCredentials(page: Page, bank: string) {
  const partner = bankLinkUi.partner(page, bank);
  await partner.getByLabel('Username').fill('user_good');
  await partner.getByLabel('Password').fill('pass_good');
}

/** Ally Bank (bank login only) up to its account picker. */
export async function allyAccountPicker(page: Page) {
  await searchOnPage(page, 'Ally', 'Ally Bank');
  await page.getByRole('button', { name: 'Ally Bank', exact: true }).click();
  await typeCredentials(page, 'Ally Bank');
  await bankLinkUi.partner(page, 'Ally Bank').getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('radio', { name: 'Plaid Checking •••• 0000' }).waitFor();
}

/** 4.1, 'any other failure': the bank login is dropped from the choices and the fallbacks say something went wrong. */
export async function partnerFallbacks(page: Page) {
  await page.getByRole('heading', { level: 1, name: FundingMessages.fallbackWentWrongTitle }).waitFor();
  await page.getByText(FundingMessages.fallbackWentWrongBody).waitFor();
  const choices = page.getByRole('list', { name: 'Other ways to fund your account' });
  await choices.getByRole('button', { name: /^Debit card/ }).waitFor();
  expect(await choices.getByRole('button', { name: /Log in to your bank/ }).count()).toBe(0);
}

export const bankLinked = (page: Page) => page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();

/** An error toast with this text (toasts of errors are alerts). */
export const errorToast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

export async function openFundingMethods(page: Page) {
  await page.goto('/settings/funding-methods');
  await bankLinkUi.relinkBanner(page).waitFor();
}

export const MICRO_ACCOUNT = '000123456789';

export async function fillMicroBankInfo(page: Page) {
  await page.goto(MICRO_LINK_PAGE);
  const dialog = bankLinkUi.microLink(page);
  await dialog.getByLabel('Routing number').fill(ROUTING_NUMBER);
  await dialog.getByLabel('Account number', { exact: true }).fill(MICRO_ACCOUNT);
  await dialog.getByLabel('Confirm account number').fill(MICRO_ACCOUNT);
}

export async function microBankInfoKept(page: Page) {
  const dialog = bankLinkUi.microLink(page);
  expect(await dialog.getByLabel('Routing number').inputValue()).toBe(ROUTING_NUMBER);
  expect(await dialog.getByLabel('Account number', { exact: true }).inputValue()).toBe(MICRO_ACCOUNT);
  expect(await dialog.getByLabel('Confirm account number').inputValue()).toBe(MICRO_ACCOUNT);
}

export async function verifyAmountsKept(page: Page) {
  const dialog = bankLinkUi.verify(page);
  expect(await dialog.getByLabel('1st Amount').inputValue()).toContain(MICRO_AMOUNTS[0]);
  expect(await dialog.getByLabel('2nd Amount').inputValue()).toContain(MICRO_AMOUNTS[1]);
}

// A row whose every successful round links a bank gets a new customer each round (freshCustomerEachRound).
