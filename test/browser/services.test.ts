import type { Page } from 'playwright-core';
import { DESKTOP, freshCustomer, openPage, PHONE, seriousViolations, signIn, useBrowser, withFailureScreenshot } from './harness';

// The service wrappers in the app (funding-methods.md 7.1): account transfers at /settings/v2/transfers#acats and
// instrument search in the app header, against the real server. Needs the lead's wiring: AcatTransfersSection on
// the Transfers page (features/fundingMethods/TransfersPage.tsx) and InstrumentSearch in src/AppLayout.tsx.

jest.setTimeout(120_000);

const browser = useBrowser();
const ACATS_PATH = '/settings/v2/transfers#acats';

async function openAcats(page: Page, email: string, password?: string) {
  await signIn(page, email, password);
  await page.waitForURL('**/portfolio');
  await page.goto(ACATS_PATH);
  await page.getByRole('heading', { name: 'Account transfers' }).waitFor();
}

describe('account transfers (browser)', () => {
  it('alex sees the transfer to finish and the one on its way at /settings/v2/transfers#acats', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'acats-alex', async () => {
      // The demo alex himself (read only): his seeded Fidelity draft and Robinhood transfer.
      await openAcats(page, 'alex@fundflow.test');
      const fidelity = page.getByRole('article', { name: 'From Fidelity Investments' });
      await fidelity.getByText('In progress').waitFor();
      await fidelity.getByText('Enter your account number at Fidelity Investments.').waitFor();
      expect(await fidelity.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
      const robinhood = page.getByRole('article', { name: 'From Robinhood' });
      await robinhood.getByText('In transit').waitFor();
      await robinhood.getByText(/12 AAPL/).waitFor();
      expect(await robinhood.getByRole('button').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a customer starts a transfer, fills it in, submits it, and sees it submitted', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'acats-flow', async () => {
      const customer = await freshCustomer('card@fundflow.test');
      await openAcats(page, customer.email, customer.password);
      await page.getByText('No account transfers yet').waitFor();
      // Opening the editor and cancelling leaves no empty draft behind: the draft is made by the first Save.
      await page.getByRole('button', { name: 'Transfer an account' }).click();
      await page.getByRole('dialog', { name: 'New account transfer' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.reload();
      await page.getByText('No account transfers yet').waitFor();
      await page.getByRole('button', { name: 'Transfer an account' }).click();

      const dialog = page.getByRole('dialog', { name: 'New account transfer' });
      await dialog.getByLabel('Brokerage you are transferring from').selectOption('Charles Schwab');
      await dialog.getByText('8 digits, shown at the top of your statement').waitFor();
      await dialog.getByLabel('Type of account').selectOption('PERSONAL_BROKERAGE');
      await dialog.getByLabel('Account number at the other brokerage').click();
      await page.keyboard.type('1234');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Casey Card');
      await dialog.getByLabel('What to transfer').selectOption('FULL');
      await dialog.getByLabel('Fundflow account to transfer into').selectOption({ index: 1 });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The server's rule: a Schwab number has 8 digits. The item says so and Submit waits.
      const schwab = page.getByRole('article', { name: 'From Charles Schwab' });
      await schwab.getByText(/This is not a Charles Schwab account number/).waitFor();
      expect(await schwab.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);

      await schwab.getByRole('button', { name: 'Continue' }).click();
      const again = page.getByRole('dialog', { name: 'Transfer from Charles Schwab' });
      await again.getByLabel('Account number at the other brokerage').fill('12345678');
      await again.getByRole('button', { name: 'Save' }).click();
      await again.waitFor({ state: 'detached' });
      await schwab.getByText('Ready to submit').waitFor();
      await schwab.getByRole('button', { name: 'Submit' }).click();
      await schwab.getByText('Submitted', { exact: true }).waitFor();
      await schwab.getByText(/All cash and positions/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('instrument search in the app header (browser)', () => {
  it('finds instruments as the customer types, loads more, and picks one with the keyboard', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'instrument-search', async () => {
      const customer = await freshCustomer('card@fundflow.test');
      await openAcats(page, customer.email, customer.password);
      const search = page.getByRole('combobox', { name: 'Search stocks and ETFs' });
      await search.fill('apple');
      const listbox = page.getByRole('listbox', { name: 'Search stocks and ETFs' });
      await listbox.getByRole('option', { name: /AAPL\s*Apple Inc\./ }).waitFor();

      // A broad query pages: 20, then more with Load more.
      await search.fill('e');
      await page
        .getByRole('status')
        .filter({ hasText: /^20 of \d+ results$/ })
        .waitFor();
      await page.getByRole('button', { name: 'Load more' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^40 of \d+ results$/ })
        .waitFor();
      expect(await listbox.getByRole('option').count()).toBe(40);

      await search.fill('nvidia');
      await listbox.getByRole('option', { name: /NVDA/ }).waitFor();
      await search.press('ArrowDown');
      await search.press('Enter');
      expect(await listbox.getByRole('option').count()).toBe(0);

      await search.fill('qqqqqq');
      await page.getByText('No results for “qqqqqq”.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('picking a result with the keyboard opens its card with the watchlist action; Escape closes it', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'instrument-search-card', async () => {
      const customer = await freshCustomer('card@fundflow.test');
      await openAcats(page, customer.email, customer.password);
      await page.getByRole('combobox', { name: 'Search stocks and ETFs' }).click();
      await page.keyboard.type('nvidia');
      await page.getByRole('option', { name: /NVDA/ }).waitFor();
      // The results of the whole word, not of a first letter searched while typing.
      await page.locator('[role="combobox"]:not([aria-busy])').waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      // No instrument page exists in the app: the pick opens a card naming the instrument, focused on its heading.
      const card = page.getByRole('region', { name: /^NVDA/ });
      await card.getByText('NVIDIA').first().waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^NVDA/);
      // The watchlists load after the card opens (a spinner meanwhile); the person waits for the button they want.
      await card.getByRole('button', { name: 'Add to My first list' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add to My first list');
      await page.keyboard.press('Enter');
      await card.getByText('In My first list').waitFor();
      await page.screenshot({ path: '/tmp/search-card-1280.png' });
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await card.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('works on a phone-sized screen too', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'instrument-search-phone', async () => {
      const customer = await freshCustomer('card@fundflow.test');
      await openAcats(page, customer.email, customer.password);
      // On a phone the search sits behind the header's Search button, which puts focus in the field.
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
      expect(await page.getByRole('combobox', { name: 'Search stocks and ETFs' }).isVisible()).toBe(true);
      await page.keyboard.type('vanguard');
      await page.getByRole('option', { name: /VOO\s*Vanguard S&P 500 ETF/ }).waitFor();
      await page.locator('[role="combobox"]:not([aria-busy])').waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: /^[A-Z]+ Vanguard/ }).waitFor();
      expect((await page.locator('header').first().boundingBox())!.height).toBeLessThanOrEqual(100);
      await page.screenshot({ path: '/tmp/phone-search-card-390.png' });
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
