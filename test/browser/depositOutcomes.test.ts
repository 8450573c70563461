import type { Page, Route } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { DESKTOP, freshCustomer, openPage, signCustomerInByApi, signInByApi, useBrowser, withFailureScreenshot } from './harness';
import { amountField, check, confirmAndWait, depositsOf, linkBankByNumbers, openDeposit, toReview } from './depositSteps';

// The result screens the first deposit suite does not reach. Against the real server where the sandbox can make the
// outcome (a dropped answer, an application under review); where no demo customer can reach a refusal through the
// app (no deposit rights, an account not open, a high-yield deposit waiting for approval, a failed transfer), the
// real server's answer is rewritten at the network edge, so the app's mapping and screens are still what is tested.

jest.setTimeout(120_000);

const browser = useBrowser();

const isPost = (route: Route, path: string) => route.request().method() === 'POST' && new URL(route.request().url()).pathname === path;

/** Answers the next POST to `path` with a refusal, in place of the server (which never sees that call). */
async function refuseNext(page: Page, path: string, status: number, errorCode: string, message: string) {
  let used = false;
  await page.route(`**${path}`, async (route) => {
    if (used || !isPost(route, path)) return route.continue();
    used = true;
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ errorCode, message }) });
  });
}

describe('deposit outcomes (browser)', () => {
  it('a dropped answer shows Deposit unknown; Try again sends the same key and there is one deposit', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-dropped-answer', async () => {
      const customer = await signInByApi(page, 'card@fundflow.test');
      const before = (await depositsOf(customer)).length;
      const keys: string[] = [];
      let dropped = false;
      await page.route(`**${ApiPaths.depositConfirm}`, async (route) => {
        if (!isPost(route, ApiPaths.depositConfirm)) return route.continue();
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        if (dropped) return route.continue();
        dropped = true;
        // The server makes the deposit, and the answer is lost on the way back.
        await route.fetch();
        await route.abort('connectionreset');
      });
      await openDeposit(page);
      await toReview(page, '210');
      await confirmAndWait(page, 'Deposit unknown');
      await page.getByText('Check again later to see if your deposit was successful.').waitFor();
      await check(page, 'unknown');
      await page.getByRole('button', { name: 'Try again' }).click();
      await confirmAndWait(page, 'Your money is ready to invest');
      expect(keys).toHaveLength(2);
      expect(keys[0]).not.toBe('');
      expect(keys[1]).toBe(keys[0]);
      const after = await depositsOf(customer);
      expect(after).toHaveLength(before + 1);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an application under review: the deposit waits (deposit-pending), and a second one is refused', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-pending-application', async () => {
      const customer = await freshCustomer('pending@fundflow.test');
      await linkBankByNumbers(customer);
      await signCustomerInByApi(page, customer);
      await openDeposit(page);
      await toReview(page, '50');
      await confirmAndWait(page, 'Deposit pending');
      await page.getByText(/as soon as your application is approved/).waitFor();
      await check(page, 'pending');
      await page.getByRole('button', { name: 'Done' }).click();

      // The second is refused when Next asks for its intent: there is nothing to confirm.
      await openDeposit(page);
      await amountField(page).fill('60');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Deposit failed' }).waitFor();
      expect(await page.getByRole('button', { name: 'Dismiss' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await check(page, 'second-pending');
      expect((await depositsOf(customer)).filter((deposit) => deposit.type === 'PENDING_DEPOSIT')).toHaveLength(1);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('no deposit rights offers Contact Member Support; an account not open offers Dismiss only', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-refusals', async () => {
      await signInByApi(page, 'card@fundflow.test');
      await refuseNext(
        page,
        ApiPaths.depositConfirm,
        403,
        'DE#00008',
        'Deposits into this account are turned off. Contact Member Support.',
      );
      await openDeposit(page);
      await toReview(page, '30');
      await confirmAndWait(page, 'Deposit failed');
      await page.getByText('Deposits into this account are turned off. Contact Member Support.').waitFor();
      const support = page
        .getByRole('link', { name: 'Contact Member Support' })
        .or(page.getByRole('button', { name: 'Contact Member Support' }));
      expect(await support.count()).toBe(1);
      await check(page, 'contact-cx');
      await page.getByRole('button', { name: 'Dismiss' }).click();

      await refuseNext(page, ApiPaths.depositConfirm, 409, 'DE#00011', 'This account is not open yet, so it cannot receive deposits.');
      await openDeposit(page);
      await toReview(page, '31');
      await confirmAndWait(page, 'Deposit failed');
      await page.getByText('This account is not open yet, so it cannot receive deposits.').waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await check(page, 'no-retry');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a high-yield deposit waiting for approval shows hyca-deposit-pending', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-hyca-pending', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await page.route(`**${ApiPaths.depositConfirm}`, async (route) => {
        if (!isPost(route, ApiPaths.depositConfirm)) return route.continue();
        const response = await route.fetch();
        const deposit = (await response.json()) as Record<string, unknown>;
        await route.fulfill({
          response,
          json: { ...deposit, type: 'PENDING_DEPOSIT', instantAmount: { amount: '0.00', currency: 'USD' } },
        });
      });
      await openDeposit(page, '/high-yield/deposit?destination=high-yield');
      await toReview(page, '40');
      await confirmAndWait(page, 'Deposit pending');
      await page.getByText(/will arrive in your high-yield cash account as soon as your account is ready/).waitFor();
      await check(page, 'hyca-pending');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a failed transfer from an own account in the deposit flow shows transfer-failed-error', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-transfer-failed', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await refuseNext(page, ApiPaths.transferConfirm, 502, 'DE#00002', 'Something went wrong while processing your transfer.');
      await openDeposit(page);
      const cash = await page.locator('option', { hasText: 'High-yield cash' }).first().getAttribute('value');
      await page.getByLabel('From').selectOption(cash);
      await amountField(page).fill('20');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review transfer' }).waitFor();
      await confirmAndWait(page, 'Transfer failed');
      await page.getByText('Something went wrong. Please wait a moment and try again').waitFor();
      await check(page, 'transfer-failed');
      // The same attempt again: the refusal was replaced at the edge, so the server now makes the transfer.
      await page.getByRole('button', { name: 'Try again' }).click();
      await confirmAndWait(page, 'Transfer complete');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a failed confirmation in the transfer dialog shows hyca-transfer-error, and Try again completes it', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'transfer-dialog-failed', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await refuseNext(page, ApiPaths.transferConfirm, 502, 'DE#00002', 'Something went wrong while processing your transfer.');
      await page.goto('/settings/v2/transfers');
      await page.getByRole('button', { name: 'Transfer between accounts' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Transfer between accounts' });
      await dialog.waitFor();
      await page.waitForFunction(() => Boolean(document.querySelector<HTMLSelectElement>('select[name="source"]')?.value));
      await dialog.getByRole('textbox', { name: 'Amount' }).fill('15');
      await dialog.getByRole('button', { name: 'Next' }).click();
      const review = page.getByRole('dialog', { name: 'Review transfer' });
      await review.getByRole('button', { name: 'Confirm' }).click();
      const failed = page.getByRole('dialog', { name: 'Transfer failed' });
      await failed.getByText('Something went wrong. Please wait a moment and try again').waitFor();
      await check(page, 'hyca-transfer-error');
      await failed.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('dialog', { name: 'Review transfer' }).getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('dialog', { name: 'Transfer complete' }).waitFor();
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
