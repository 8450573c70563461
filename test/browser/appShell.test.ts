import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract/values';
import { chunkFilesHolding } from '../../scripts/build';
import { DESKTOP, openPage, screenshot, seriousViolations, signInByApi, useBrowser, withFailureScreenshot } from './harness';

// The app shell against the real server: the universal configuration's 3-second wait (deposits-and-transfers.md
// section 4: flags from a remote configuration with a 3 second load time-out) and the query-flag flows of
// funding-methods.md 2.1, opened on the current page and closed again.

jest.setTimeout(90_000);

const browser = useBrowser();

/** Through the API: every test loads its page next. */
async function signInFresh(page: Page, template: string) {
  return signInByApi(page, template);
}

const fundingMethodsLink = (page: Page) => page.getByRole('navigation').getByRole('link', { name: 'Funding methods' });

describe('universal configuration (browser)', () => {
  it('goes on with the documented defaults after 3 seconds without an answer, then applies the late answer', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'config-slow', async () => {
      await signInFresh(page, 'alex@fundflow.test');
      // From now on the configuration answers only when released, and with the newer settings layout off
      // (the default is on), so the moment it is applied shows in the navigation.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let answered = false;
      await page.route(`**${ApiPaths.config}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { flags: Record<string, unknown> };
        await held;
        answered = true;
        await route.fulfill({ response, json: { ...body, flags: { ...body.flags, newerSettingsLayout: false } } });
      });

      await page.goto('/portfolio');
      await page.getByText('Loading Fundflow…').waitFor();
      const waitingSince = Date.now();
      await screenshot(page, 'config-slow-1-waiting');
      await page.getByRole('region', { name: 'Portfolio value' }).waitFor();
      // Not before the time-out (setTimeout never fires early), and before any answer.
      expect(Date.now() - waitingSince).toBeGreaterThanOrEqual(2_500);
      expect(answered).toBe(false);
      expect(await fundingMethodsLink(page).getAttribute('href')).toBe('/settings/v2/transfers');
      await screenshot(page, 'config-slow-2-defaults');

      release();
      await page.waitForFunction(() => document.querySelector('nav a[href="/settings/funding-methods"]') !== null, undefined, {
        timeout: 10_000,
      });
      expect(answered).toBe(true);
      // The older layout from the answer: its funding-methods page stays where it is instead of moving to v2.
      await fundingMethodsLink(page).click();
      await page.waitForURL('**/settings/funding-methods');
      await page.getByRole('heading', { name: 'Funding methods', level: 1 }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('query-flag flows (browser)', () => {
  it('addFundingMethods=enabled opens over the page; closing removes the flag, destination, frequency and dayOfWeek only', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'query-flag-open-close', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await page.goto('/portfolio?addFundingMethods=enabled&destination=us&frequency=WEEKLY&dayOfWeek=MONDAY&ref=email');
      const dialog = page.getByRole('dialog', { name: 'Choose a funding method' });
      await dialog.waitFor();
      // Over the current page, not instead of it.
      await page.getByRole('region', { name: 'Portfolio value' }).waitFor({ state: 'attached' });
      await screenshot(page, 'query-flag-choose-method');
      expect(await seriousViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      const url = new URL(page.url());
      expect(url.pathname).toBe('/portfolio');
      expect(url.search).toBe('?ref=email');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('bankLinkHighYield=enabled limits the fallbacks to the two bank-link kinds', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'query-flag-high-yield-fallbacks', async () => {
      await signInFresh(page, 'new@fundflow.test');
      // Goldman Sachs Bank USA offers neither link kind, so choosing it goes straight to the fallbacks.
      const fallbacksFor = async (flag: string) => {
        await page.goto(`/portfolio?${flag}=enabled`);
        await page.getByRole('dialog', { name: 'Select your bank' }).waitFor();
        await page.getByLabel('Search for your bank').fill('Goldman');
        await page.getByRole('button', { name: 'Goldman Sachs Bank USA', exact: true }).click();
        const fallbacks = page.getByRole('dialog', { name: 'Try another funding method' });
        await fallbacks.waitFor();
        await screenshot(page, `query-flag-${flag}-fallbacks`);
        const list = fallbacks.getByRole('list', { name: 'Other ways to fund your account' });
        const titles = (await list.count()) > 0 ? await list.getByRole('listitem').allInnerTexts() : [];
        await fallbacks.getByRole('button', { name: 'Close' }).first().click();
        await fallbacks.waitFor({ state: 'detached' });
        expect(new URL(page.url()).search).toBe('');
        return titles.map((text) => text.split('\n')[0].trim());
      };
      expect(await fallbacksFor('bankLink')).toEqual(['Debit card', 'Microdeposit', 'Wire transfer']);
      // The bank offers neither of the two kinds, so nothing is left to offer: only Close.
      expect(await fallbacksFor('bankLinkHighYield')).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('deploy-time chunk recovery (browser)', () => {
  it('a page whose chunk is gone (404 after a deploy) reloads once, then offers Try again; once the chunk loads, Try again shows the page', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'chunk-recovery', async () => {
      await signInFresh(page, 'alex@fundflow.test');
      // The notifications page's own chunk (script and stylesheet) answers 404, as an older build's file does
      // once a deploy has replaced it. Its files are named by id and hash: found by what they hold.
      const files = [
        ...chunkFilesHolding('features/notifications/NotificationsPage.tsx'),
        ...chunkFilesHolding('features/notifications/notifications.css'),
      ];
      expect(files).toHaveLength(2);
      const chunk = (url: URL) => files.includes(url.pathname.replace(/^\//, ''));
      let chunkAsked = 0;
      await page.route(chunk, (route) => {
        chunkAsked += 1;
        return route.fulfill({ status: 404, contentType: 'application/json', body: '{"errorCode":"NOT_FOUND"}' });
      });
      let documentLoads = 0;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads += 1;
      });

      await page.goto('/notifications');
      const failure = page.getByRole('heading', { level: 1, name: "This part of Fundflow didn't load" });
      await failure.waitFor();
      // Opened once, reloaded once for the new build; the chunk still 404s, so no second reload: Try again instead.
      expect(documentLoads).toBe(2);
      expect(chunkAsked).toBeGreaterThanOrEqual(2);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("This part of Fundflow didn't load");
      // The app around it still works: its header and navigation are there.
      await page.getByRole('navigation').getByRole('link', { name: 'Portfolio' }).first().waitFor();
      await screenshot(page, 'chunk-recovery-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'chunk-recovery-390');
      await page.setViewportSize(DESKTOP);
      expect(await seriousViolations(page)).toEqual([]);

      // The new build's file is there now: Try again (reached by Tab from the focused heading) loads the page.
      await page.unroute(chunk);
      await page.keyboard.press('Tab');
      const tryAgain = page.getByRole('button', { name: 'Try again' });
      expect(await tryAgain.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      expect(documentLoads).toBe(3);
      expect(await failure.count()).toBe(0);
    });
    // Caught by the boundary: nothing reaches the page as an uncaught error.
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
