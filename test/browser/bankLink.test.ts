import type { Page } from 'playwright-core';
import { ApiPaths, FundingMessages } from '../../api/contract';
import { DESKTOP, openPage, PHONE, screenshot, seriousViolations, signInByApi, useBrowser, withFailureScreenshot } from './harness';

// The link-bank flow end to end (funding-methods.md 2.4, 4.1, 4.7) against the real server in sandbox mode:
// the sandbox partner with Plaid's test credentials, the number link with the verification sandbox, a
// duplicate refused, and a relink. Each test works on its own fresh copy of a demo customer.

jest.setTimeout(90_000);

const browser = useBrowser();

/** A screenshot of the step and an axe check of it: no serious or critical violations. */
async function checkStep(page: Page, name: string) {
  await screenshot(page, `bank-link-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Through the API: every test opens its page next. */
async function signInAs(page: Page, template: string) {
  return signInByApi(page, template);
}

async function searchBank(page: Page, query: string, bank: string) {
  await page.getByLabel('Search for your bank').fill(query);
  await page.getByRole('button', { name: bank, exact: true }).click();
}

/** How many tiles sit on each row of the grid, top to bottom (from where they are drawn). */
async function rowsOfTiles(grid: ReturnType<Page['getByRole']>): Promise<number[]> {
  const tops = await grid.getByRole('listitem').evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.values()];
}

async function partnerLogin(page: Page, bank: string, password = 'pass_good') {
  const partner = page.getByRole('dialog', { name: `Log in to ${bank}` });
  await partner.getByLabel('Username').fill('user_good');
  await partner.getByLabel('Password').fill(password);
  await partner.getByRole('button', { name: 'Submit' }).click();
}

/** The customer's live methods, read from the API with a token from the refresh cookie (the app keeps its own in memory). */
async function liveMethodCount(page: Page): Promise<number> {
  return page.evaluate(
    async (paths) => {
      const refresh = await fetch(paths.refresh, { method: 'POST', headers: { 'x-fundflow-client': 'web' } });
      const { accessToken } = (await refresh.json()) as { accessToken: string };
      const response = await fetch(paths.list, { headers: { authorization: `Bearer ${accessToken}` } });
      const { paymentMethods } = (await response.json()) as { paymentMethods: Array<{ status: string }> };
      return paymentMethods.filter((method) => method.status !== 'CANCELED').length;
    },
    { refresh: ApiPaths.refresh, list: ApiPaths.paymentMethods },
  );
}

describe('link-bank flow in the browser (sandbox)', () => {
  it('links a bank through the sandbox partner (user_good / pass_good) from the bankLink modal', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'bank-link-partner', async () => {
      await signInByApi(page, 'new@fundflow.test');
      await page.goto('/settings/funding-methods?bankLink=enabled');
      const flow = page.getByRole('dialog', { name: 'Select your bank' });
      await flow.waitFor();
      // Before anything is typed: the popular banks, 4 to a row at 1280 px, each tile with our own mark.
      const popular = flow.getByRole('list', { name: 'Popular banks' });
      await popular.getByRole('button').nth(7).waitFor();
      expect(await popular.getByRole('button').count()).toBe(8);
      expect(await popular.locator('svg[data-bank-mark]').count()).toBe(8);
      expect(await rowsOfTiles(popular)).toEqual([4, 4]);
      await checkStep(page, 'modal-1-bank-selector');
      await page.getByLabel('Search for your bank').fill('Chase');
      await page.getByRole('button', { name: 'Chase', exact: true }).waitFor();
      // The results replace the grid.
      expect(await popular.count()).toBe(0);
      await checkStep(page, 'modal-2-search-results');
      await page.getByRole('button', { name: 'Chase', exact: true }).click();
      await page.getByRole('dialog', { name: 'How do you want to link your bank?' }).waitFor();
      await checkStep(page, 'modal-3-link-choice');
      await page.getByRole('button', { name: /Log in to your bank/ }).click();
      const partner = page.getByRole('dialog', { name: 'Log in to Chase' });
      await partner.waitFor();
      await checkStep(page, 'modal-4-partner-login');
      // Wrong credentials are told inside the partner, which stays open for another try.
      await partnerLogin(page, 'Chase', 'wrong-password');
      await partner.getByRole('alert').waitFor();
      await checkStep(page, 'modal-5-partner-wrong-credentials');
      await partnerLogin(page, 'Chase');
      await page.getByRole('radio', { name: 'Plaid Checking •••• 0000' }).waitFor();
      await page.getByRole('radio', { name: 'Plaid Saving •••• 1111' }).waitFor();
      await checkStep(page, 'modal-6-partner-accounts');
      await page.getByRole('button', { name: 'Continue' }).click();
      const success = page.getByRole('dialog', { name: 'Bank account linked' });
      await success.waitFor();
      await success.getByText('•••• 0000').waitFor();
      await checkStep(page, 'modal-7-success');
      await success.getByRole('button', { name: 'Done' }).click();
      await success.waitFor({ state: 'detached' });
      // The list refreshed without a reload.
      await page.getByText('•••• 0000').first().waitFor();
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('links a bank by routing and account number on the bank-link page', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'bank-link-number', async () => {
      await signInByApi(page, 'new@fundflow.test');
      await page.goto('/settings/bank-link');
      await page.getByRole('heading', { level: 1, name: 'Select your bank' }).waitFor();
      const popular = page.getByRole('list', { name: 'Popular banks' });
      await popular.getByRole('button').nth(7).waitFor();
      await checkStep(page, 'page-1-bank-selector');
      // On a phone the grid is 2 tiles to a row.
      await page.setViewportSize(PHONE);
      expect(await rowsOfTiles(popular)).toEqual([2, 2, 2, 2]);
      await checkStep(page, 'page-1-bank-selector-390');
      await page.setViewportSize(DESKTOP);
      // A keyboard pick: from the search field, Tab walks the tiles in order; Enter on one picks it as a result would.
      await page.getByLabel('Search for your bank').click();
      const walked: string[] = [];
      for (let presses = 0; presses < 10 && walked.at(-1) !== 'Navy Federal Credit Union'; presses++) {
        await page.keyboard.press('Tab');
        // The tile's written name (its mark is decorative).
        walked.push(
          await page.evaluate(
            () => (document.activeElement?.querySelector('.ff-bank-link__tile-name') ?? document.activeElement)?.textContent?.trim() ?? '',
          ),
        );
      }
      expect(walked).toEqual([
        'Chase',
        'Bank of America',
        'Wells Fargo',
        'Citibank',
        'Capital One',
        'U.S. Bank',
        'Ally Bank',
        'Navy Federal Credit Union',
      ]);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Enter your account details' }).waitFor();
      await page.getByLabel('Routing number').fill('021000022');
      await page.getByLabel('Account number').fill('12');
      await page.getByLabel('Routing number').focus();
      await page.getByText('Please enter a valid 9-digit routing number').waitFor();
      await page.getByText('Please enter a valid account number').waitFor();
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await checkStep(page, 'page-2-number-link-errors');
      await page.getByLabel('Routing number').fill('021000021');
      await page.getByLabel('Account number').fill('12345678');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { level: 1, name: 'Is this the right account?' }).waitFor();
      await page.getByText('•••• 5678').waitFor();
      await checkStep(page, 'page-3-verification');
      await page.getByRole('button', { name: 'Yes, link this account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
      await checkStep(page, 'page-4-success');
      await page.getByRole('button', { name: 'Done' }).click();
      // Done on the page reopens the add-funding-methods modal.
      await page.waitForURL(/addFundingMethods=enabled/);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an outage of the link by number is not a refusal of the numbers: it does not use up the one retry (4.1)', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'bank-link-number-outage', async () => {
      await signInAs(page, 'new@fundflow.test');
      // The first two sends meet a proxy's 503 page and a dropped connection; the rest reach the sandbox server.
      let sends = 0;
      await page.route(
        (url) => url.pathname === ApiPaths.numberLink,
        async (route) => {
          sends += 1;
          if (sends === 1)
            return route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body>503 Service Unavailable</body></html>' });
          if (sends === 2) return route.abort('connectionreset');
          return route.fallback();
        },
      );
      const link = async (accountNumber: string) => {
        expect(await page.getByLabel('Routing number').inputValue()).toBe('021000021');
        await page.getByLabel('Account number').fill(accountNumber);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('button', { name: 'Yes, link this account' }).click();
      };
      await page.goto('/settings/bank-link');
      await searchBank(page, 'Navy', 'Navy Federal Credit Union');
      await page.getByLabel('Routing number').fill('021000021');
      for (const message of [
        'There was an error, please try again.',
        'We could not reach Fundflow. Check your connection and try again.',
      ]) {
        // Ending in 1111: the sandbox verification refuses this attempt once it is reached.
        await link('12341111');
        await page.getByRole('heading', { level: 1, name: "We couldn't link your account" }).waitFor();
        await page
          .getByRole('alert')
          .filter({ hasText: message })
          .filter({ hasText: 'This was not a problem with the numbers you entered.' })
          .waitFor();
        if (sends === 1) await checkStep(page, 'number-outage');
        await page.getByRole('button', { name: 'Try Again' }).click();
      }
      // Two outages later the first real refusal still offers the one retry...
      await link('12341111');
      await page.getByRole('heading', { level: 1, name: "We couldn't verify your account" }).waitFor();
      await page.getByText('Check your routing and account numbers, then try again.').waitFor();
      await page.getByRole('button', { name: 'Try Again' }).click();
      // ...and the second ends the number link.
      await link('12341111');
      await page.getByRole('heading', { level: 1, name: FundingMessages.fallbackTryAnotherTitle }).waitFor();
      expect(sends).toBe(4);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refuses a duplicate bank (same institution and last 4 digits) with its message and no new method', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'bank-link-duplicate', async () => {
      await signInAs(page, 'new@fundflow.test');
      let methodsAfterFirstLink = 0;
      for (const attempt of [1, 2]) {
        await page.goto('/settings/bank-link');
        await searchBank(page, 'Ally', 'Ally Bank');
        await partnerLogin(page, 'Ally Bank');
        await page.getByRole('button', { name: 'Continue' }).click();
        if (attempt === 1) {
          await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
          methodsAfterFirstLink = await liveMethodCount(page);
        }
      }
      await page
        .getByRole('alert')
        .filter({ hasText: /already/i })
        .waitFor();
      expect(await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).count()).toBe(0);
      await checkStep(page, 'duplicate-refused');
      expect(await liveMethodCount(page)).toBe(methodsAfterFirstLink);
    });
    await context.close();
  });

  it('an OAuth bank: the sandbox sends the customer to the bank, and the return reopens the partner with the same token', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'bank-link-oauth', async () => {
      await signInAs(page, 'new@fundflow.test');
      let tokensCreated = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === ApiPaths.linkToken) tokensCreated += 1;
      });
      await page.goto('/settings/bank-link');
      await searchBank(page, 'Platypus', 'Platypus OAuth Bank');
      const partner = page.getByRole('dialog', { name: 'Log in to Platypus OAuth Bank' });
      await partner.getByText(/You will be sent to Platypus OAuth Bank to log in/).waitFor();
      await checkStep(page, 'oauth-1-leave-for-bank');
      const stored = await page.evaluate(() => sessionStorage.getItem('fundflow.partnerLink.session'));
      const firstToken = (JSON.parse(stored ?? '{}') as { linkToken?: string }).linkToken;
      expect(firstToken).toMatch(/^link-sandbox-/);
      await partner.getByRole('button', { name: 'Continue to Platypus OAuth Bank' }).click();
      await page.waitForURL(/oauth_state_id=[0-9a-f]+/);
      await partnerLogin(page, 'Platypus OAuth Bank');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
      await checkStep(page, 'oauth-2-success');
      // One token for the whole session: the return reused it.
      expect(tokensCreated).toBe(1);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('relinks a method whose bank login expired, from the relink banner', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'bank-relink', async () => {
      await signInByApi(page, 'relink@fundflow.test');
      await page.goto('/settings/funding-methods');
      await page.getByText('Restore your bank account connection').waitFor();
      await page
        .getByRole('button', { name: /^Relink/ })
        .first()
        .click();
      const partner = page.getByRole('dialog', { name: 'Log in to Chase' });
      await partner.waitFor();
      await checkStep(page, 'relink-1-partner');
      await partnerLogin(page, 'Chase');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Successfully relinked bank account').waitFor();
      await page.getByText('Restore your bank account connection').waitFor({ state: 'detached' });
      await checkStep(page, 'relink-2-done');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** The button's box lies inside the card's box (a pixel of rounding allowed), so nothing is drawn outside the card. */
async function expectInsideCard(page: Page, buttonName: string) {
  // Measured once the layout has settled after the resize (the app may lay out again on its own after it, and on
  // busy cores that can land between the two measurements): the same boxes two frames apart.
  const measure = async () =>
    [
      await page.locator('.ff-bank-link-page').boundingBox(),
      await page.getByRole('button', { name: buttonName, exact: true }).boundingBox(),
    ] as const;
  let [card, button] = await measure();
  for (let tries = 0; tries < 20; tries += 1) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const again = await measure();
    if (JSON.stringify(again) === JSON.stringify([card, button])) break;
    [card, button] = again;
  }
  expect(card).not.toBeNull();
  expect(button).not.toBeNull();
  if (!card || !button) return;
  const box = (b: { x: number; y: number; width: number; height: number }) => ({
    top: Math.round(b.y),
    left: Math.round(b.x),
    bottom: Math.round(b.y + b.height),
    right: Math.round(b.x + b.width),
  });
  const [c, b] = [box(card), box(button)];
  expect({
    button: buttonName,
    insideTop: b.top >= c.top,
    insideLeft: b.left >= c.left,
    insideBottom: b.bottom <= c.bottom,
    insideRight: b.right <= c.right,
  }).toEqual({ button: buttonName, insideTop: true, insideLeft: true, insideBottom: true, insideRight: true });
}

describe('the routed bank-link page keeps its actions inside the card (issue 18, defect 3)', () => {
  it('the page actions sit inside the card at 390 px and at 1280 px: number link, success, and the OAuth return', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'bank-link-actions-inside-card', async () => {
      await signInByApi(page, 'new@fundflow.test');
      await page.goto('/settings/bank-link');
      await searchBank(page, 'Navy', 'Navy Federal Credit Union');
      await page.getByRole('heading', { level: 1, name: 'Enter your account details' }).waitFor();
      await page.getByLabel('Routing number').click();
      await page.keyboard.type('021000021');
      await page.keyboard.press('Tab');
      await page.keyboard.type('12345678');
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await expectInsideCard(page, 'Next');
        await screenshot(page, `bank-link-number-link-${viewport.width}`);
      }
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Yes, link this account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await expectInsideCard(page, 'Done');
        await expectInsideCard(page, 'Set nickname');
        await screenshot(page, `bank-link-success-${viewport.width}`);
      }
      // The OAuth return: the partner reopens on the page, and the success after it keeps Done in the card.
      await page.setViewportSize(DESKTOP);
      await page.goto('/settings/bank-link');
      await searchBank(page, 'Platypus', 'Platypus OAuth Bank');
      await page.getByRole('button', { name: 'Continue to Platypus OAuth Bank' }).click();
      await page.waitForURL(/oauth_state_id=[0-9a-f]+/);
      await partnerLogin(page, 'Platypus OAuth Bank');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        await expectInsideCard(page, 'Done');
        await screenshot(page, `bank-link-oauth-success-${viewport.width}`);
      }
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
