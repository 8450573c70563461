import type { Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  freshCustomer,
  openPage,
  PHONE,
  screenshot,
  seriousViolations,
  signCustomerInByApi,
  useBrowser,
  withFailureScreenshot,
} from './harness';

// Address capture (funding-methods.md 2.11, 4.8) against the real server and its sandbox services: the
// debit card's address step (a customer with no address on file is sent there) and the profile page.

jest.setTimeout(120_000);

const browser = useBrowser();

/**
 * unverified@ has no street address: the card dialog opens on that blocker (no card to type), and Add your address
 * leads to the address step, which starts in search mode.
 */
async function openAddressStep(page: Page): Promise<Locator> {
  const customer = await freshCustomer('unverified@fundflow.test');
  await signCustomerInByApi(page, customer);
  await page.goto('/settings/payment-methods?m=debit');
  const dialog = page.getByRole('dialog', { name: 'Add debit card' });
  await dialog.getByRole('button', { name: 'Add your address' }).click();
  const step = page.getByRole('dialog', { name: 'Confirm your address' });
  await step.waitFor();
  return step;
}

async function fillManually(step: Locator, fields: { street: string; city: string; state: string; zip: string }) {
  await step.getByRole('button', { name: 'Enter address manually' }).click();
  await step.getByLabel('Street address').fill(fields.street);
  await step.getByLabel('City').fill(fields.city);
  await step.getByLabel('State').fill(fields.state);
  await step.getByLabel('ZIP code').fill(fields.zip);
}

describe('address capture (sandbox places and verification services)', () => {
  it('search, pick a suggestion with the keyboard, verify: accepted and sent for confirmation', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'address-search', async () => {
      const step = await openAddressStep(page);
      const search = step.getByRole('combobox', { name: 'Search for your address' });
      await search.pressSequentially('1427 walnut', { delay: 20 });
      const listbox = step.getByRole('listbox', { name: 'Address suggestions' });
      await listbox.getByRole('option', { name: /1427 S Walnut St/ }).waitFor();
      expect(await listbox.getByRole('option').count()).toBeLessThanOrEqual(5);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'address-search-suggestions');

      await search.press('ArrowDown');
      await search.press('Enter');
      await step.getByLabel('Street address').waitFor();
      expect(await step.getByLabel('Street address').inputValue()).toBe('1427 S Walnut St');
      expect(await step.getByLabel('ZIP code').inputValue()).toBe('62704');
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'address2');

      await step.getByRole('button', { name: 'Next' }).click();
      const sent = page.getByRole('dialog', { name: 'Check your email' });
      await sent.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'address-search-accepted');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('manual entry of a P.O. box: the not-residential dialog, then Re-enter this address', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'address-po-box', async () => {
      const step = await openAddressStep(page);
      await fillManually(step, { street: 'PO Box 1234', city: 'Springfield', state: 'il', zip: '62701' });
      expect(await step.getByLabel('State').inputValue()).toBe('IL');
      await step.getByRole('button', { name: 'Next' }).click();
      const dialog = page.getByRole('dialog', { name: 'Residential address needed' });
      await dialog.getByText("We couldn't verify that this is a residential address.").waitFor();
      expect(await dialog.getByRole('button', { name: 'Use another address' }).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'address-not-residential');

      await dialog.getByRole('button', { name: 'Re-enter this address' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await step.getByLabel('Street address').inputValue()).toBe('PO Box 1234');
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'address1');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an ambiguous street: the candidate picker, on a phone', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'address-candidates', async () => {
      const step = await openAddressStep(page);
      await fillManually(step, { street: '1 Rosedale St', city: 'Baltimore', state: 'MD', zip: '21229' });
      await step.getByRole('button', { name: 'Next' }).click();
      const picker = step.getByRole('group', { name: 'Select the correct address.' });
      await picker.waitFor();
      expect(await picker.getByRole('radio').count()).toBe(3);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'address-candidate-picker');

      await picker.getByRole('radio', { name: /1 S Rosedale St/ }).check();
      await step.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a place that is not a full address shows the not-proper-address dialog', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'address-not-proper', async () => {
      const step = await openAddressStep(page);
      await step.getByRole('combobox', { name: 'Search for your address' }).pressSequentially('broadway new york', { delay: 20 });
      await step.getByRole('option', { name: /^Broadway/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a full street address' });
      await dialog.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Enter address manually' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await step.getByLabel('Street address').inputValue()).toBe('Broadway');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the profile page changes the address on file', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'address-profile', async () => {
      const customer = await freshCustomer('card@fundflow.test');
      await signCustomerInByApi(page, customer);
      await page.goto('/settings/v2/personal-info');
      await page.getByRole('heading', { level: 1, name: 'Personal info' }).waitFor();
      await page.getByRole('button', { name: 'Change address' }).click();
      await page.getByRole('combobox', { name: 'Search for your address' }).pressSequentially('200 e 89th', { delay: 20 });
      await page.getByRole('option', { name: /200 E 89th St/ }).click();
      await page.getByRole('button', { name: 'Save address' }).click();
      // A high-rise needs a unit: the apartment field gets focus.
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'address2');
      await page.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 12B');
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.getByText('Your address was updated.').waitFor();
      await page.getByText('200 E 89th St, Apt 12B, New York, NY 10128').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'address-profile-saved');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
