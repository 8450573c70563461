import type { Route } from 'playwright-core';
import { ApiPaths, IDEMPOTENCY_HEADER, moneyToCents } from '../../api/contract';
import { DESKTOP, openPage, signInByApi, useBrowser, withFailureScreenshot } from './harness';
import { depositsOf, openDeposit, toReview } from './depositSteps';

// Issue 8: the deposit confirmation reaches the server and commits, but its answer never reaches the browser.
// The customer's Try again must send the same idempotency key and end on the success screen, and the server
// must hold one deposit for it.

jest.setTimeout(120_000);

const browser = useBrowser();

describe('a lost confirmation answer', () => {
  it('Try again reuses the key, shows the success screen, and the server holds one deposit', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'lost-confirm-answer', async () => {
      const customer = await signInByApi(page, 'card@fundflow.test');
      const before = await depositsOf(customer);

      const keys: string[] = [];
      let committed = 0;
      let lost = false;
      await page.route(
        (url) => url.pathname === ApiPaths.depositConfirm,
        async (route: Route) => {
          const request = route.request();
          if (request.method() !== 'POST') return route.fallback();
          keys.push(request.headers()[IDEMPOTENCY_HEADER] ?? '');
          if (lost) return route.fallback();
          lost = true;
          // The server gets the request and answers; the browser is told the connection dropped.
          const answer = await route.fetch();
          if (answer.status() === 201 || answer.status() === 200) committed++;
          await route.abort('connectionreset');
        },
      );

      await openDeposit(page);
      await toReview(page, '240');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Deposit unknown' }).waitFor();
      await page.getByText('Check again later to see if your deposit was successful.').waitFor();
      expect(committed).toBe(1);
      expect((await depositsOf(customer)).length).toBe(before.length + 1);

      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByText('$240.00').first().waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: /Your money is ready to invest|Deposit on its way/ }).waitFor();
      await page
        .getByText(/\$240\.00/)
        .first()
        .waitFor();

      expect(keys.length).toBe(2);
      expect(keys[0]).not.toBe('');
      expect(keys[1]).toBe(keys[0]);
      const after = await depositsOf(customer);
      const made = after.filter((deposit) => !before.some((earlier) => earlier.id === deposit.id));
      expect(made).toHaveLength(1);
      expect(moneyToCents(made[0].amount)).toBe(24_000);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
