import type { Page } from 'playwright-core';
import { DESKTOP, openPage, PHONE, seriousViolations, signInByApi, useBrowser, withFailureScreenshot } from './harness';

// The portfolio (positions, balances, high-yield cash) and the Treasuries education page against the real server,
// with alex's demo data (server/domain/portfolio.ts DEMO_POSITIONS): $12,480.55 of cash in the brokerage account
// with a $100 bank deposit not yet settled, and $19,022.90 of positions.

jest.setTimeout(120_000);

const browser = useBrowser();

/** Through the API, then the portfolio's own page load (the form that lands here has its tests in login.test.ts). */
async function signInFresh(page: Page, template: string) {
  const customer = await signInByApi(page, template);
  await page.goto('/portfolio');
  return customer;
}

const stat = (page: Page, label: string) => page.locator('.ff-stat', { has: page.getByText(label, { exact: true }) }).first();

describe('portfolio (browser)', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('alex sees his positions and balances (%s)', async (name, viewport) => {
    const { page, context, pageErrors } = await openPage(browser(), viewport);
    await withFailureScreenshot(page, `portfolio-${name}`, async () => {
      await signInFresh(page, 'alex@fundflow.test');
      const value = page.getByRole('region', { name: 'Portfolio value' });
      await value.getByText('Buying power').waitFor();
      // Cash plus positions.
      await value.getByText(/31,503\.45/).waitFor();
      expect(await stat(page, 'Buying power').textContent()).toContain('$12,480.55');
      // Held: the $100 bank deposit until it settles, the $300 debit-card deposit for 120 days.
      expect(await stat(page, 'Available to withdraw').textContent()).toContain('$12,080.55');
      expect(await stat(page, 'Deposits on hold').textContent()).toContain('$400.00');
      expect(await stat(page, 'Pending deposits').textContent()).toContain('$0.00');

      const positions = page.getByRole('region', { name: 'Positions' });
      expect(await positions.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
        'Stocks',
        'ETFs',
        'Options',
        'Crypto',
        'Alternatives',
        'Bonds',
        'Treasury Bills',
      ]);
      // Crypto gains by average price: $1,210.53 less 0.0125 x $61,250.00.
      await positions
        .getByRole('row', { name: /Bitcoin/ })
        .getByText('+$444.90 (+58.11%)')
        .waitFor();
      // Options summarised per underlying.
      const options = positions.getByRole('region', { name: 'Options by underlying' });
      await options.getByRole('row', { name: /3 contracts · 2 positions/ }).waitFor();
      await options.getByRole('row', { name: /^TSLA\s*3 contracts · 1 position / }).waitFor();

      const highYield = page.getByRole('region', { name: 'High-yield cash' });
      await highYield.getByText('4.10% APY').waitFor();
      // The $150 bank deposit in transit: its instant part is on hold.
      expect(await highYield.locator('.ff-stat', { has: page.getByText('Deposits on hold', { exact: true }) }).textContent()).toContain(
        '$150.00',
      );

      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('Treasuries education page (browser)', () => {
  it('shows the heading with the best yield, the benefits and the Bond Account promo; Continue opens quick-buy with source=education', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'treasuries-education', async () => {
      await signInFresh(page, 'alex@fundflow.test');
      await page.getByRole('link', { name: 'Explore U.S. Treasuries' }).click();
      await page.waitForURL('**/treasuries/education?sourceScreen=portfolio');
      await page.getByRole('heading', { level: 1, name: 'Lock in yields of up to 4.31% with U.S. Treasuries' }).waitFor();
      expect(await page.getByRole('list', { name: 'Why Treasuries' }).getByRole('listitem').count()).toBe(3);
      const promo = page.getByRole('region', { name: 'Keep earning yield with Bond Account' });
      await promo.getByText('5.62%').waitFor();
      await page.getByText(/Treasuries carry interest rate risk/).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL((url) => url.pathname === '/treasuries/quick-buy' && url.searchParams.get('source') === 'education');
      await page.getByText('You came here from the Treasuries education page.').waitFor();
      await page.getByRole('table', { name: 'Treasury quick picks' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Back to the education page, then back to the portfolio.
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL('**/treasuries/education?sourceScreen=portfolio');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL('**/portfolio');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('portfolio on a phone (browser)', () => {
  it('positions read as stacked rows with every value labelled inside the screen; the header is at most 100 px with the nav behind a menu button', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'portfolio-phone-stacked', async () => {
      await signInFresh(page, 'alex@fundflow.test');
      const positions = page.getByRole('region', { name: 'Positions' });
      await positions.getByRole('row', { name: /Bitcoin/ }).waitFor();
      const header = await page.locator('header').first().boundingBox();
      expect(header!.height).toBeLessThanOrEqual(100);

      // Every value cell of every position is visible, labelled and inside the 390 px screen; nothing scrolls sideways.
      const cells = await positions.locator('tbody td').evaluateAll((tds) =>
        tds.map((td) => {
          const box = td.getBoundingClientRect();
          const style = getComputedStyle(td);
          return {
            left: box.left,
            right: box.right,
            width: box.width,
            shown: style.display !== 'none' && style.visibility !== 'hidden',
            label: td.getAttribute('data-label'),
            text: td.textContent,
          };
        }),
      );
      expect(cells.length).toBeGreaterThan(20);
      for (const cell of cells) {
        expect(cell.shown).toBe(true);
        expect(cell.width).toBeGreaterThan(0);
        expect(cell.left).toBeGreaterThanOrEqual(0);
        expect(cell.right).toBeLessThanOrEqual(390);
        expect(['Value', 'Today', 'Total gain']).toContain(cell.label);
      }
      const overflowing = await page.evaluate(
        () =>
          [...document.querySelectorAll('.portfolio-table__scroll, .portfolio-table tbody td, .portfolio-table tbody th')].filter(
            (el) => el.scrollWidth > el.clientWidth + 1,
          ).length,
      );
      expect(overflowing).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: '/tmp/phone-portfolio-390.png' });
      await positions.screenshot({ path: '/tmp/phone-positions-390.png' });

      // The nav sits behind the menu button: a click opens it, Tab reaches its links, Escape closes it back on the button.
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.screenshot({ path: '/tmp/phone-menu-390.png' });
      const nav = page.getByRole('navigation', { name: 'Primary' });
      for (const label of ['Portfolio', 'Deposit', 'Funding methods', 'Withdraw', 'Documents', 'Profile'])
        expect(await nav.getByRole('link', { name: label }).isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Portfolio');
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent)).toBe(
        'Menu',
      );
      expect(await nav.getByRole('link', { name: 'Documents' }).isVisible()).toBe(false);
      await page.keyboard.press('Enter');
      await nav.getByRole('link', { name: 'Documents' }).click();
      await page.waitForURL(/\/(settings\/documents|settings\/v2\/account-statements)/);
      expect(await nav.getByRole('link', { name: 'Documents' }).isVisible()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the phone Menu and Search panels close on a press outside them, and Escape from their button closes them back on it', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'phone-header-panels', async () => {
      await signInFresh(page, 'alex@fundflow.test');
      const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
      const menu = page.getByRole('button', { name: 'Menu' });
      const search = page.getByRole('button', { name: 'Search', exact: true });
      const documentsLink = page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Documents' });
      // A press on the page beside the panel (the left margin, where nothing is a control) closes it.
      const pressOutside = () => page.mouse.click(4, 780);

      await menu.click();
      await documentsLink.waitFor();
      await page.screenshot({ path: '/tmp/cards-header-menu-open-390.png' });
      expect(await seriousViolations(page)).toEqual([]);
      await pressOutside();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await documentsLink.isVisible()).toBe(false);
      // Escape straight after opening, focus still on the button.
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await focusedName()).toBe('Menu');

      await search.click();
      expect(await focusedName()).toBe('INPUT');
      await page.screenshot({ path: '/tmp/cards-header-search-open-390.png' });
      await pressOutside();
      expect(await search.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('search').isVisible()).toBe(false);
      await search.click();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Escape');
      expect(await search.getAttribute('aria-expanded')).toBe('false');
      expect(await focusedName()).toBe('Search');
      // Pressing the other button swaps the panels; the press on it is not "outside" the one it opens.
      await menu.click();
      await search.click();
      expect(await search.getAttribute('aria-expanded')).toBe('true');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');

      await page.setViewportSize(DESKTOP);
      await page.locator('header').first().screenshot({ path: '/tmp/cards-header-1280.png' });
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the desktop positions stay a table with its column headings', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    await signInFresh(page, 'alex@fundflow.test');
    const positions = page.getByRole('region', { name: 'Positions' });
    await positions.getByRole('row', { name: /Bitcoin/ }).waitFor();
    expect(await positions.getByRole('columnheader', { name: 'Total gain' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await positions.screenshot({ path: '/tmp/phone-positions-1280.png' });
    await context.close();
  });
});
