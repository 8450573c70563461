import type { Locator, Page } from 'playwright-core';

// The address step a card link leads to when no address is on file (faults.cards.test.ts): its selectors
// (addressUi), the addresses the sandbox verifies or doubts, and the steps that type and check them.

/** The address step's elements. */
export const addressUi = {
  step: (page: Page) => page.getByRole('dialog', { name: 'Confirm your address' }),
  search: (page: Page) => addressUi.step(page).getByRole('combobox', { name: 'Search for your address' }),
  checkYourEmail: (page: Page) => page.getByRole('dialog', { name: 'Check your email' }),
};

/** unverified@ has no street address: the card dialog opens on that blocker, and Add your address leads here. */
export async function openAddressStep(page: Page): Promise<Locator> {
  await page.goto('/settings/payment-methods?m=debit');
  const dialog = page.getByRole('dialog', { name: 'Add debit card' });
  await dialog.getByRole('button', { name: 'Add your address' }).click();
  const step = page.getByRole('dialog', { name: 'Confirm your address' });
  await step.getByRole('combobox', { name: 'Search for your address' }).waitFor();
  return step;
}

export interface Typed {
  street: string;
  city: string;
  state: string;
  zip: string;
}
/** Verified as is by the sandbox (one exact candidate): accepted and sent. */
export const WALNUT: Typed = { street: '1427 S Walnut St', city: 'Springfield', state: 'IL', zip: '62704' };
/** Ambiguous for the sandbox: verification answers with the candidate picker. */
export const ROSEDALE: Typed = { street: '1 Rosedale St', city: 'Baltimore', state: 'MD', zip: '21229' };

export async function typeAddress(step: Locator, typed: Typed) {
  await step.getByRole('button', { name: 'Enter address manually' }).click();
  await step.getByLabel('Street address').fill(typed.street);
  await step.getByLabel('City').fill(typed.city);
  await step.getByLabel('State').fill(typed.state);
  await step.getByLabel('ZIP code').fill(typed.zip);
}

export async function addressKept(step: Locator, typed: Typed) {
  expect(await step.getByLabel('Street address').inputValue()).toBe(typed.street);
  expect(await step.getByLabel('City').inputValue()).toBe(typed.city);
  expect(await step.getByLabel('State').inputValue()).toBe(typed.state);
  expect(await step.getByLabel('ZIP code').inputValue()).toBe(typed.zip);
}
