import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  freshCustomer,
  openPage,
  PHONE,
  screenshot,
  seriousViolations,
  signIn,
  signInByApi,
  useBrowser,
  withFailureScreenshot,
} from './harness';

// The account documents pages against the real server: statements, trade confirmations and tax forms issued from
// a fresh copy of alex's data (brokerage, IRAs, high-yield), the filters, paging, a real PDF download, and a closed
// customer landing on the brokerage documents after signing in.

jest.setTimeout(120_000);

const browser = useBrowser();

async function check(page: Page, name: string) {
  await screenshot(page, `documents-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

const countText = (page: Page) => page.locator('.documents-count').innerText();
const filters = (page: Page) => page.getByRole('group', { name: 'Filter documents' });
const rows = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');

/** Clicks the row's Download button and returns the saved file's name and bytes. */
async function downloadFirst(page: Page, list: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    rows(page, list)
      .first()
      .getByRole('button', { name: /^Download / })
      .click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

function expectPdf(bytes: Buffer) {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(bytes.length - 6).toString('latin1')).toBe('%%EOF\n');
}

describe('account documents (browser)', () => {
  it('statements, confirmations and tax forms under the newer layout: paging, filters and a PDF download', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'documents-v2', async () => {
      await signInByApi(page, 'alex@fundflow.test');

      // The older all-documents path maps to the newer layout's account statements (the flag is on by default).
      await page.goto('/settings/documents');
      await page.waitForURL('**/settings/v2/account-statements');
      await page.getByRole('heading', { level: 1, name: 'Account statements' }).waitFor();
      await rows(page, 'Account statements').first().waitFor();
      expect(await rows(page, 'Account statements').count()).toBe(20);
      const total = Number(/of (\d+) documents/.exec(await countText(page))![1]);
      expect(total).toBeGreaterThan(100);
      await check(page, 'statements-desktop');

      await page.getByRole('button', { name: 'Show more' }).click();
      await page.getByText(`Showing 40 of ${total} documents`).waitFor();

      // Only the Roth IRA's statements, then only one year's.
      const roth = filters(page).getByLabel('Account').locator('option', { hasText: 'Roth IRA' });
      await filters(page)
        .getByLabel('Account')
        .selectOption(await roth.getAttribute('value'));
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.documents-item__meta')].every((meta) => meta.textContent.startsWith('Roth IRA')),
      );
      await filters(page).getByLabel('Year').selectOption('2025');
      await page.getByText('Showing 12 of 12 documents').waitFor();
      expect(await rows(page, 'Account statements').first().locator('.documents-item__title').innerText()).toBe('December 2025 statement');

      const statement = await downloadFirst(page, 'Account statements');
      expect(statement.name).toMatch(/^fundflow-statement-\d{4}-2025-12\.pdf$/);
      expectPdf(statement.bytes);
      expect(statement.bytes.toString('latin1')).toContain('(Period: December 1, 2025 to December 31, 2025) Tj');

      await page.getByRole('link', { name: 'Tax statements' }).click();
      await page.waitForURL('**/settings/v2/tax-statements');
      await rows(page, 'Tax statements').first().waitFor();
      await page.getByText('2025 Form 1099 Composite', { exact: true }).waitFor();
      const tax = await downloadFirst(page, 'Tax statements');
      expect(tax.name).toMatch(/^fundflow-(1099-composite|1099-int|5498|1099-r)-\d{4}-\d{4}(-corrected)?\.pdf$/);
      expectPdf(tax.bytes);
      await check(page, 'tax-desktop');

      await page.getByRole('link', { name: 'Trade confirmations' }).click();
      await page.waitForURL('**/settings/v2/trade-confirmations');
      await rows(page, 'Trade confirmations').first().waitFor();
      expect(await rows(page, 'Trade confirmations').first().locator('.documents-item__title').innerText()).toMatch(
        /^Trade confirmation, /,
      );
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the brokerage documents page on a phone', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'documents-brokerage-phone', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await page.goto('/settings/documents/account/brokerage');
      await page.getByRole('heading', { level: 1, name: 'Brokerage documents' }).waitFor();
      await rows(page, 'Brokerage documents').first().waitFor();
      expect(await page.locator('.documents-item__meta').allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Brokerage ••••\d{4}/)]),
      );
      expect(await filters(page).getByLabel('Account').count()).toBe(0);
      expect(await filters(page).getByLabel('Year').count()).toBe(1);
      await check(page, 'brokerage-phone');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a closed customer lands on the brokerage documents, is told the account is closed, and can still download', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'documents-closed', async () => {
      const customer = await freshCustomer('closed@fundflow.test');
      await signIn(page, customer.email, customer.password);
      await page.waitForURL('**/settings/documents/account/brokerage');
      await page.getByText('Your account is closed').waitFor();
      await rows(page, 'Brokerage documents').first().waitFor();
      const statement = await downloadFirst(page, 'Brokerage documents');
      expectPdf(statement.bytes);
      expect(statement.bytes.toString('latin1')).toContain('(Customer: Casey Brooks) Tj');
      await check(page, 'closed-desktop');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
