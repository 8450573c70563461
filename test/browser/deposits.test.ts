import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { DESKTOP, freshCustomer, PHONE, screenshot, signIn, signInByApi, useBrowser } from './harness';
import { onFreshPage } from './pageTest';
import {
  amountField,
  amountShows,
  check,
  depositFromAnotherSession,
  confirmAndWait,
  DEPOSIT_PATH,
  depositsOf,
  linkBankByNumbers,
  openDeposit,
  signInFresh,
  toReview,
} from './depositSteps';

// The deposit funds flow against the real server, with the sandbox inputs of docs/sandbox.md "Deposits": the cents of the
// amount choose a rail outcome (.04 insufficient funds, .02 an exception); card@fundflow.test's bank gets $1,000 of
// instant buying power across its unsettled deposits; more than $50,000 a day is the limit.

jest.setTimeout(120_000);

const browser = useBrowser();

const focusedHeading = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);

/** The label of the chip group that has the focus, or null. */
const focusedChipGroup = (page: Page) =>
  page.evaluate(() => {
    const group = document.activeElement?.closest('[role="radiogroup"]');
    return group ? (document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent ?? null) : null;
  });

/** The text of the focused element (a button's name), after pressing Tab until it is `name` (at most 12 presses). */
async function tabTo(page: Page, name: string): Promise<string | undefined> {
  // The header's stops come first (skip link, nav, search, the notifications bell, help, sign out).
  for (let presses = 0; presses < 16; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === name) return focused;
  }
  return page.evaluate(() => document.activeElement?.textContent?.trim());
}

describe('deposit funds (browser)', () => {
  it('one-time bank deposits: instant, then partly instant, then initiated, each on its own screen', () =>
    onFreshPage(browser(), 'deposit-outcomes', async ({ page }) => {
      await signInByApi(page, 'card@fundflow.test');
      await openDeposit(page, `${DEPOSIT_PATH}&origin=/settings/v2/transfers`);
      await page.getByRole('radiogroup', { name: 'Preset amounts' }).waitFor();
      await check(page, 'funds');

      // $500 of the $1,000 instant room: instant in full.
      await page.getByRole('radio', { name: '$500' }).click();
      expect(await amountShows(page, '500')).toBe('500');
      await toReview(page, '500');
      // After Next and Confirm focus moves to the new step's heading, where a screen reader starts reading.
      expect(await focusedHeading(page)).toBe('H1 Review deposit');
      await page.getByText('will be deposited').waitFor();
      await page.getByText(/you authorize Fundflow to debit this amount from your bank account/).waitFor();
      await check(page, 'review');
      await confirmAndWait(page, 'Your money is ready to invest');
      expect(await focusedHeading(page)).toBe('H1 Your money is ready to invest');
      await page.getByText(/\$500\.00 from U\.S\. Bank Smartly Checking •••• 2468 is available to invest now/).waitFor();
      await check(page, 'instant');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL('**/settings/v2/transfers');

      // $1,500 with $500 of instant room left: partly instant.
      await openDeposit(page);
      await toReview(page, '1500');
      await confirmAndWait(page, 'Deposit on its way');
      await page.getByText(/\$500\.00 of your \$1,500\.00 deposit is available to invest now\. The remaining \$1,000\.00/).waitFor();
      await check(page, 'partial');
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL('**/portfolio');

      // Nothing instant is left: initiated.
      await openDeposit(page);
      await toReview(page, '100');
      await confirmAndWait(page, 'Deposit on its way');
      await page.getByText(/Your deposit of \$100\.00 to Brokerage •••• \d{4} has started/).waitFor();
      await check(page, 'initiated');
    }));

  it('an application not yet complete is told to finish it before any form, with a button to the application', () =>
    onFreshPage(browser(), 'deposit-finish-application', async ({ page }) => {
      await signInByApi(page, 'apply@fundflow.test');
      await page.goto(DEPOSIT_PATH);
      await page.getByText('Finish your application first').waitFor();
      expect(await amountField(page).count()).toBe(0);
      await check(page, 'finish-application-1280');
      await page.setViewportSize(PHONE);
      await check(page, 'finish-application-390');
      await page.setViewportSize(DESKTOP);
      expect(await tabTo(page, 'Finish application')).toBe('Finish application');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/setup-investing');
    }));

  it('an application under review: one-time only, said before the form, and the review promises nothing available now', () =>
    onFreshPage(browser(), 'deposit-under-review', async ({ page }) => {
      const customer = await freshCustomer('pending@fundflow.test');
      await linkBankByNumbers(customer);
      await signIn(page, customer.email, customer.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      // A link asking for a weekly deposit: the server would refuse a schedule, so the form offers none.
      await openDeposit(page, `${DEPOSIT_PATH}&frequency=WEEKLY`);
      await page.getByText('Your application is being reviewed').waitFor();
      expect(await page.getByRole('radio', { name: 'Weekly' }).count()).toBe(0);
      await check(page, 'under-review-1280');
      await page.setViewportSize(PHONE);
      await check(page, 'under-review-390');
      await page.setViewportSize(DESKTOP);
      await amountField(page).click();
      await page.keyboard.type('50');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      expect(await tabTo(page, 'Next')).toBe('Next');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByText(/This deposit waits for your application/).waitFor();
      expect(await page.getByText(/right away|available to invest now/).count()).toBe(0);
      expect(await page.getByText('Recurring deposits', { exact: true }).count()).toBe(0);
      await check(page, 'under-review-review');
    }));

  it('insufficient funds (cents .04) and an exception during the flow (cents .02) show their screens', () =>
    onFreshPage(browser(), 'deposit-failures', async ({ page }) => {
      await signInByApi(page, 'card@fundflow.test');
      await openDeposit(page);
      await toReview(page, '100.04');
      await confirmAndWait(page, 'Deposit failed');
      await page.getByText("Your transfer couldn't be initiated due to insufficient funds. Try again with a smaller amount.").waitFor();
      await check(page, 'insufficient-funds');
      await page.getByRole('button', { name: 'Try again' }).click();
      expect(await amountShows(page, '100.04')).toBe('100.04');

      await toReview(page, '100.02');
      await confirmAndWait(page, 'Deposit error');
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await page.getByRole('button', { name: 'Dismiss' }).waitFor();
      await check(page, 'error');
    }));

  it('over the daily limit: the limit dialog, and Edit amount sets what is left today', () =>
    onFreshPage(browser(), 'deposit-limit', async ({ page }) => {
      const customer = await signInByApi(page, 'card@fundflow.test');
      await openDeposit(page);
      await toReview(page, '30000');
      await confirmAndWait(page, 'Deposit on its way');
      await page.getByRole('button', { name: 'Done' }).click();

      // The amount step checks against the $20,000 left, so $15,000 reaches the review. Another session then
      // deposits $10,000: Confirm is refused by the server, which opens the dialog.
      await openDeposit(page);
      await toReview(page, '15000');
      await depositFromAnotherSession(customer, '10000.00');
      await page.getByRole('button', { name: 'Confirm' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deposit limit reached' });
      await dialog.waitFor();
      await dialog.getByText('A maximum of $50,000 can be deposited per day.').waitFor();
      await check(page, 'limit-dialog');
      const edit = dialog.getByRole('button', { name: 'Edit amount' });
      await page.waitForFunction(() => {
        const button = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')).find(
          (b) => b.textContent === 'Edit amount',
        );
        return button !== undefined && !button.disabled;
      });
      await edit.click();
      await dialog.waitFor({ state: 'detached' });
      expect(await amountShows(page, '10000')).toBe('10000');
      await toReview(page, '10000');
      await confirmAndWait(page, 'Deposit on its way');
    }));

  it('a double click on Confirm makes one deposit', () =>
    onFreshPage(browser(), 'deposit-double-click', async ({ page }) => {
      const customer = await signInByApi(page, 'card@fundflow.test');
      const before = (await depositsOf(customer)).length;
      const confirms: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === ApiPaths.depositConfirm)
          confirms.push(request.headers()['idempotency-key'] ?? '');
      });
      await openDeposit(page);
      await toReview(page, '200');
      await page.getByRole('button', { name: 'Confirm' }).dblclick();
      await page.getByRole('heading', { name: 'Your money is ready to invest' }).waitFor();
      const after = await depositsOf(customer);
      expect(after.length).toBe(before + 1);
      expect(confirms.length).toBeGreaterThanOrEqual(1);
      expect(new Set(confirms).size).toBe(1);
    }));

  it('a high-yield deposit: bank accounts only, APY and balance, then the high-yield result', () =>
    onFreshPage(browser(), 'deposit-high-yield', async ({ page }) => {
      await signInByApi(page, 'alex@fundflow.test');
      await openDeposit(page, '/high-yield/deposit?destination=high-yield');
      await page.getByText('APY').waitFor();
      await page.getByText('4.10%').waitFor();
      expect(await page.getByLabel('To', { exact: true }).locator('option:checked').textContent()).toMatch(/^High-yield cash/);
      expect(
        await page.getByRole('option', { name: /Visa debit card .*\(Only a bank account can fund high-yield cash\)/ }).isDisabled(),
      ).toBe(true);
      await check(page, 'high-yield-funds');
      await toReview(page, '700');
      await check(page, 'high-yield-review');
      await confirmAndWait(page, 'Deposit on its way');
      await page.getByText(/on its way to your high-yield cash account and will earn 4\.10% APY/).waitFor();
      await check(page, 'high-yield-result');
    }));

  it('regularDeposit=enabled opens the flow over the page, full screen on a phone', () =>
    onFreshPage(
      browser(),
      'deposit-modal-phone',
      async ({ page }) => {
        await signInByApi(page, 'card@fundflow.test');
        await page.goto('/portfolio?regularDeposit=enabled&destination=us');
        const dialog = page.getByRole('dialog', { name: 'Deposit funds' });
        await dialog.getByLabel('Amount', { exact: true }).waitFor();
        const box = await dialog.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(PHONE.width - 1);
        await check(page, 'modal-phone');
        // In the modal too, Next moves focus to the review's heading (the dialog's title).
        await dialog.getByLabel('Amount', { exact: true }).click();
        await page.keyboard.type('25');
        await dialog.getByRole('button', { name: 'Next' }).click();
        const review = page.getByRole('dialog', { name: 'Review deposit' });
        await review.getByRole('heading', { name: 'Review deposit' }).waitFor();
        expect(await focusedHeading(page)).toBe('H2 Review deposit');
        await review.getByRole('button', { name: 'Close' }).click();
        await review.waitFor({ state: 'detached' });
        // Closing first pops the entries the flow's steps made in the history, then takes the flag off the address.
        await page.waitForURL((url) => url.pathname === '/portfolio' && url.search === '');

        // The phone's "Add funding method" page has a visible way out: Back, reached with Tab, to the funding methods.
        await page.goto('/settings/v2/add-funding-methods');
        const back = page.getByRole('button', { name: 'Back' });
        await back.waitFor();
        expect(await back.isVisible()).toBe(true);
        await check(page, 'add-funding-method-390');
        await page.setViewportSize(DESKTOP);
        await check(page, 'add-funding-method-1280');
        await page.setViewportSize(PHONE);
        await page.locator('h1', { hasText: 'Add funding method' }).click();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('Tab');
        let guard = 0;
        while (guard++ < 40 && !(await page.evaluate(() => document.activeElement?.textContent?.trim() === 'Back')))
          await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Back');
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/settings/v2/transfers');
      },
      PHONE,
    ));
  it('Browser Back inside the deposit modal goes back a step (review to amount), and on the first step closes it', () =>
    onFreshPage(browser(), 'deposit-modal-back', async ({ page }) => {
      await signInByApi(page, 'card@fundflow.test');
      await page.goto('/portfolio');
      await page.getByRole('link', { name: 'Deposit funds' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Amount', { exact: true }).waitFor();
      await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('[role="dialog"] select')?.value ?? '') !== '');
      await dialog.getByLabel('Amount', { exact: true }).click();
      await page.keyboard.type('25');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('heading', { name: 'Review deposit' }).waitFor();

      // Back: the amount step again, the amount kept, still over the portfolio.
      await page.goBack();
      await dialog.getByRole('heading', { name: 'Deposit funds' }).waitFor();
      expect(await amountShows(page, '25')).toBe('25');
      expect(new URL(page.url()).searchParams.get('regularDeposit')).toBe('enabled');

      // Next again, then the modal's own Back arrow and Back once more: the first step, then closed.
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await dialog.getByRole('button', { name: 'Back' }).click();
      await dialog.getByRole('heading', { name: 'Deposit funds' }).waitFor();
      await page.goBack();
      await dialog.waitFor({ state: 'detached' });
      await page.waitForURL((url) => url.pathname === '/portfolio' && url.search === '');
      await page.getByRole('link', { name: 'Deposit funds' }).waitFor();
    }));

  it("a link always wins over a draft: its frequency replaces the draft's; a draft left over 30 minutes is not brought back as a review", () =>
    onFreshPage(browser(), 'deposit-link-wins', async ({ page }) => {
      // Fake timers that still run in real time: the half hour is jumped, not waited for.
      await page.clock.install();
      await signInByApi(page, 'card@fundflow.test');
      const frequencyShown = () => page.getByRole('radiogroup', { name: 'Frequency' }).locator('[aria-checked="true"]').textContent();

      await openDeposit(page, '/settings/v2/deposit?destination=us&frequency=WEEKLY&dayOfWeek=WEDNESDAY');
      await amountField(page).click();
      await page.keyboard.type('15');
      await page.keyboard.press('Tab');
      expect(await focusedChipGroup(page)).toBe('Preset amounts');
      await page.getByRole('button', { name: 'Review' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByText('Weekly on Wednesday').waitFor();

      // A MONTHLY link, then a DAILY one: each shows its own frequency, on the amount step, the $15 kept.
      await openDeposit(page, '/settings/v2/deposit?destination=us&frequency=MONTHLY');
      expect(await frequencyShown()).toMatch(/Monthly/);
      expect(await amountShows(page, '15')).toBe('15');
      await openDeposit(page, '/settings/v2/deposit?destination=us&frequency=DAILY');
      expect(await frequencyShown()).toMatch(/Daily/);
      await page.getByRole('button', { name: 'Review' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();

      // The customer leaves, and comes back through the nav's Deposit link over half an hour later: a new draft.
      await page.getByRole('link', { name: 'Portfolio', exact: true }).click();
      await page.waitForURL('**/portfolio');
      await page.clock.fastForward('31:00');
      await page.getByRole('link', { name: 'Deposit', exact: true }).click();
      await amountField(page).waitFor();
      expect(await page.getByRole('heading', { name: 'Review deposit' }).count()).toBe(0);
      expect(await amountField(page).inputValue()).toBe('');
      expect(await frequencyShown()).toMatch(/One-time/);
      await check(page, 'link-wins-new-draft');
    }));

  it('relink@: a bank that needs relinking is not preselected, the deposit relinks it in place, then it is the source; the portfolio home says "Relink needed"', () =>
    onFreshPage(browser(), 'deposit-relink-in-place', async ({ page }) => {
      await signInFresh(page, 'relink@fundflow.test');
      const methods = page.getByRole('list', { name: 'Funding methods' });
      await methods.getByText('Relink needed').waitFor();
      await check(page, 'relink-portfolio-1280');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'deposit-relink-portfolio-390');
      await page.setViewportSize(DESKTOP);

      await page.goto(DEPOSIT_PATH);
      await amountField(page).waitFor();
      const from = page.getByRole('combobox', { name: 'From', exact: true });
      const relink = page.getByRole('button', { name: 'Relink Household bills •••• 0000' });
      await relink.waitFor();
      // Its only bank needs relinking: nothing is preselected.
      expect(await from.inputValue()).toBe('');
      await amountField(page).click();
      await page.keyboard.type('25');
      await check(page, 'relink-deposit-1280');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'deposit-relink-deposit-390');
      await page.setViewportSize(DESKTOP);

      await relink.click();
      const partner = page.getByRole('dialog', { name: 'Log in to Chase' });
      await partner.getByLabel('Username').click();
      await page.keyboard.type('user_good');
      await page.keyboard.press('Tab');
      await page.keyboard.type('pass_good');
      await partner.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Successfully relinked bank account').waitFor();
      await relink.waitFor({ state: 'detached' });
      // Relinked, the bank can fund the deposit and is preselected; the typed amount is still there.
      await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select')?.value ?? '') !== '');
      expect(await from.locator('option:checked').textContent()).toBe('Household bills •••• 0000');
      expect(await amountField(page).inputValue()).toBe('25');
    }));
});
