import type { Page } from 'playwright-core';
import {
  baseUrl,
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

jest.setTimeout(90_000);

const browser = useBrowser();

async function openDebitCardFlow(page: Page) {
  const customer = await freshCustomer('new@fundflow.test');
  await signCustomerInByApi(page, customer);
  await page.goto('/settings/payment-methods?m=debit');
  return page.getByRole('dialog', { name: 'Add debit card' });
}

async function enterCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Cardholder name').fill('Jordan Lee');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM / YY)').fill('12/34');
  await dialog.getByLabel('Security code (CVC)').fill('123');
}

describe('debit card (sandbox card provider)', () => {
  it('adds a Visa debit card: success, and it appears in the funding methods', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'debit-card-add', async () => {
      const dialog = await openDebitCardFlow(page);
      await dialog.getByLabel('Card number').waitFor();
      const next = dialog.getByRole('button', { name: 'Next' });
      expect(await next.isDisabled()).toBe(true);
      await enterCard(page, '4000 0566 5566 5556');
      expect(await dialog.getByLabel('Card number').inputValue()).toBe('4000 0566 5566 5556');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[role="dialog"] button[type="submit"]')?.disabled);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'debit-card-entry');

      // The number goes to the card provider only: watch every request to our server.
      const bodies: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).origin === new URL(baseUrl()).origin) bodies.push(request.postData() ?? '');
      });
      await next.click();
      const success = page.getByRole('dialog', { name: 'Debit card added' });
      await success.waitFor();
      await success.getByText(/is linked/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'debit-card-success');
      expect(bodies.some((body) => body.includes('pm_sandbox_'))).toBe(true);
      expect(bodies.filter((body) => body.replace(/\s/g, '').includes('4000056655665556'))).toEqual([]);

      await success.getByRole('button', { name: 'Done' }).click();
      await success.waitFor({ state: 'detached' });
      await page.getByText('Visa debit card').first().waitFor();
      await screenshot(page, 'debit-card-listed');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refuses a prepaid card with "use a personal debit card" and offers Try Again', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'debit-card-prepaid', async () => {
      const dialog = await openDebitCardFlow(page);
      await dialog.getByLabel('Card number').waitFor();
      await enterCard(page, '5105 1051 0510 5100');
      await dialog.getByRole('button', { name: 'Next' }).click();
      const error = page.getByRole('dialog', { name: 'Unable to link your Mastercard card' });
      await error.waitFor();
      await error
        .getByRole('alert')
        .filter({ hasText: /use a personal debit card/i })
        .waitFor();
      expect(await error.getByRole('button', { name: 'Dismiss' }).isVisible()).toBe(true);
      await error.getByRole('link', { name: 'Learn more about linking your debit card' }).click();
      await error.getByText(/prepaid and business cards cannot be linked/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'debit-card-prepaid-refused');

      await error.getByRole('button', { name: 'Try Again' }).click();
      const again = page.getByRole('dialog', { name: 'Add debit card' });
      await again.getByLabel('Card number').waitFor();
      expect(await again.getByLabel('Card number').inputValue()).toBe('');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refuses an expired card in the browser, and works on a phone', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'debit-card-expired-phone', async () => {
      const dialog = await openDebitCardFlow(page);
      await dialog.getByLabel('Card number').waitFor();
      await enterCard(page, '4000 0000 0000 0069');
      await screenshot(page, 'debit-card-entry-phone');
      await dialog.getByRole('button', { name: 'Next' }).click();
      const error = page.getByRole('dialog', { name: 'Unable to link your Visa card' });
      await error.getByText('Your card has expired.').waitFor();
      await error.getByRole('button', { name: 'Try Again' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'debit-card-expired-phone');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
