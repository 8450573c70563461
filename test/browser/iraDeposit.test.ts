import type { Page } from 'playwright-core';
import { DESKTOP, openPage, PHONE, screenshot, seriousViolations, signInByApi, useBrowser, withFailureScreenshot } from './harness';

jest.setTimeout(120_000);

const browser = useBrowser();

const WELCOME = 'Boost your IRA with a 1% match';

/** A fresh copy of alex@fundflow.test (brokerage, traditional and Roth IRAs, high-yield cash, a bank and a card). */
async function signInAsAlex(page: Page) {
  return signInByApi(page, 'alex@fundflow.test');
}

/** The IRA deposit's form once its data has loaded (the year and the source are preselected). */
async function amountForm(page: Page) {
  const year = page.getByLabel('Contribution year');
  await page.waitForFunction(() => {
    const select = document.querySelector<HTMLSelectElement>('select[name="year"]');
    const source = document.querySelector<HTMLSelectElement>('select[name="source"]');
    return Boolean(select?.value) && Boolean(source?.value);
  });
  return year;
}

const optionValue = (page: Page, selectName: string, text: string) =>
  page.locator(`select[name="${selectName}"] option`, { hasText: text }).first().getAttribute('value');

describe('IRA deposit (real server)', () => {
  it('contributes the Max of the current year; the 1% match welcome shows once', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'ira-deposit-max', async () => {
      await signInAsAlex(page);
      await page.goto('/settings/ira-deposit');

      // First visit: the welcome, over the deposit.
      const welcome = page.getByRole('dialog', { name: WELCOME });
      await welcome.waitFor();
      expect(await welcome.getByRole('listitem').count()).toBe(3);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'ira-match-welcome');
      await welcome.getByRole('button', { name: 'Deposit' }).click();
      await welcome.waitFor({ state: 'detached' });

      const year = await amountForm(page);
      const currentYear = String(new Date().getFullYear());
      expect(await year.inputValue()).toBe(currentYear);
      await page.getByText(/Most people can contribute up to \$7,[05]00 for/).waitFor();
      await page.getByText(/Roth IRA contributions for \d{4} are not allowed above an income of/).waitFor();
      // The debit card is never offered for a retirement account.
      expect(await page.locator('select[name="source"] option', { hasText: 'Visa debit card' }).isDisabled()).toBe(true);

      await page.getByRole('radio', { name: 'Max' }).click();
      const hint = await page.locator('.ff-field__hint', { hasText: 'You can contribute' }).first().textContent();
      const room = /You can contribute \$([\d,]+\.\d{2}) more/.exec(hint ?? '')?.[1];
      expect(room).toBeDefined();
      expect(await page.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe(room!.replace(/,/g, '').replace(/\.00$/, ''));
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'ira-deposit-amount-max');

      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByText('will be deposited').waitFor();
      expect(await page.locator('dd', { hasText: `$${room}` }).count()).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'ira-deposit-review');

      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: /Your money is ready to invest|Deposit on its way/ }).waitFor();
      await page.getByText(`It counts toward your ${currentYear} contribution limit.`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'ira-deposit-success');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL('**/portfolio');

      // Second visit, a fresh page load (nothing kept in memory): no welcome, the server remembers; the room is used up.
      await page.goto('/settings/ira-deposit');
      await amountForm(page);
      expect(await page.getByRole('dialog', { name: WELCOME }).count()).toBe(0);
      expect(await page.getByRole('radio', { name: 'Max' }).isDisabled()).toBe(true);
      await screenshot(page, 'ira-deposit-room-used');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('works on a phone; the previous tax year, while still open, is one-time only', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'ira-deposit-phone', async () => {
      await signInAsAlex(page);
      await page.goto('/settings/ira-deposit');
      const welcome = page.getByRole('dialog', { name: WELCOME });
      await welcome.waitFor();
      await welcome.getByRole('button', { name: 'Close' }).click();
      await welcome.waitFor({ state: 'detached' });
      const year = await amountForm(page);
      const years = await year.locator('option').allTextContents();
      const prior = years.find((label) => label.includes('prior year'));
      if (prior) {
        await year.selectOption({ label: prior });
        expect(await page.getByRole('radio', { name: 'Weekly' }).isDisabled()).toBe(true);
        await page.getByText(/can be one-time only/).waitFor();
      }
      await page.getByRole('radio', { name: '$500' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'ira-deposit-phone');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('deposit links to an IRA (real server)', () => {
  /** The IRA variant's dialog, aimed at the Roth IRA, never offering the debit card (issue 18, defect 6). */
  async function expectRothIraDialog(page: Page) {
    const dialog = page.getByRole('dialog', { name: 'IRA deposit' });
    await dialog.waitFor();
    await amountForm(page);
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await dialog.getByLabel('To').locator('option:checked').textContent()).toMatch(/Roth IRA/);
    expect(await dialog.locator('select[name="source"] option', { hasText: 'Visa debit card' }).isDisabled()).toBe(true);
    return dialog;
  }

  it('a link naming the Roth IRA opens the IRA variant wherever it is opened, the deposit page included', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'ira-link-on-deposit-page', async () => {
      await signInAsAlex(page);
      // From the portfolio: the IRA variant (the welcome first, once).
      await page.goto('/portfolio?regularDeposit=enabled&destination=roth-ira');
      await page.getByRole('dialog', { name: WELCOME }).getByRole('button', { name: 'Deposit' }).click();
      const dialog = await expectRothIraDialog(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // On the deposit page, already showing a brokerage deposit: the same dialog, over it.
      await page.goto('/settings/v2/deposit');
      await page.getByLabel('Amount', { exact: true }).waitFor();
      await page.goto('/settings/v2/deposit?regularDeposit=enabled&destination=roth-ira');
      await expectRothIraDialog(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'ira-link-on-deposit-page-1280');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'ira-link-on-deposit-page-390');
      await page.setViewportSize(DESKTOP);

      // Browser Back walks the IRA dialog: review, then amount (kept), then closed, leaving the deposit page's own
      // brokerage deposit, usable.
      // (The dialog is named after its step's title.)
      const modal = page.getByRole('dialog');
      await modal.getByRole('textbox', { name: 'Amount' }).click();
      await page.keyboard.type('100');
      await modal.getByRole('button', { name: 'Next' }).click();
      await modal.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.goBack();
      await modal.getByRole('heading', { name: 'IRA deposit' }).waitFor();
      expect(await modal.getByRole('textbox', { name: 'Amount' }).inputValue()).toBe('100');
      await page.goBack();
      await modal.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Deposit funds' }).waitFor();
      await page.getByLabel('Amount', { exact: true }).waitFor();
      await page.waitForURL((url) => url.search === '');
      expect(new URL(page.url()).pathname).toBe('/settings/v2/deposit');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('transfer between accounts (real server)', () => {
  it('moves money from the brokerage to high-yield cash, refusing more than the balance', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'internal-transfer', async () => {
      await signInAsAlex(page);
      await page.goto('/settings/v2/transfers');
      await page.getByRole('button', { name: 'Transfer between accounts' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
      await dialog.waitFor();
      await page.waitForFunction(() => Boolean(document.querySelector<HTMLSelectElement>('select[name="source"]')?.value));

      const brokerage = await optionValue(page, 'source', 'Brokerage');
      await dialog.getByLabel('From').selectOption(brokerage);
      const cash = await optionValue(page, 'destination', 'High-yield cash');
      await dialog.getByLabel('To').selectOption(cash);

      await dialog.getByRole('textbox', { name: 'Amount' }).fill('99999999');
      await dialog.getByText("Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount.").waitFor();
      expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await dialog.getByRole('textbox', { name: 'Amount' }).fill('125.50');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'internal-transfer-amount');

      await dialog.getByRole('button', { name: 'Next' }).click();
      const review = page.getByRole('dialog', { name: 'Review transfer' });
      await review.getByText('will be transferred').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'internal-transfer-review');

      await review.getByRole('button', { name: 'Confirm' }).click();
      const done = page.getByRole('dialog', { name: 'Transfer complete' });
      await done.getByText(/\$125\.50 moved from Brokerage .* to High-yield cash/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'internal-transfer-success');
      await done.getByRole('button', { name: 'Done' }).click();
      await done.waitFor({ state: 'detached' });
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
