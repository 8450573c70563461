import type { Page } from 'playwright-core';
import { ACCOUNT_STATUS_POLL_MS, ApiPaths } from '../../api/contract';
import { DESKTOP, openPage, PHONE, screenshot, seriousViolations, signInByApi, useBrowser, withFailureScreenshot } from './harness';

// Finishing an application (/setup-investing), crypto transfers in (/settings/crypto-transfer) and the account
// transfer page (/settings/acat-transfer), against the real server. The browser suite's server runs the sandbox
// reviewer with APPLICATION_REVIEW_DELAY_SECONDS=3 (globalSetup.ts); the page polls the status every 15 seconds
// (the test jumps the page's clock to its next poll once the decision is due, instead of waiting for it).

jest.setTimeout(120_000);

/** The sandbox reviewer's delay the suite's server runs with (globalSetup.ts sets it). */
const REVIEW_DELAY_MS = Number(process.env.APPLICATION_REVIEW_DELAY_SECONDS) * 1000;

const browser = useBrowser();

/**
 * Signs in (through the API) as a fresh sandbox copy of a demo customer, so no test changes another's data; every
 * test opens its page next.
 */
async function signInAs(page: Page, template: string) {
  await signInByApi(page, template);
}

async function check(page: Page, name: string) {
  await screenshot(page, name);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('finishing an application (browser)', () => {
  it('apply@ fills the missing steps, submits, waits for the review and sees the account open', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'onboarding-finish', async () => {
      // Playwright's clock on the page (time flows as usual), so the test can jump to the next status poll.
      await page.clock.install();
      // A copy of apply@: its application is started (identity and address given), three steps missing.
      await signInAs(page, 'apply@fundflow.test');
      await page.goto('/setup-investing');
      await page.getByRole('heading', { name: 'Finish your application' }).waitFor();
      await page.getByText('2 of 5 steps done').waitFor();
      await page.getByText('Employment: to do').waitFor();
      await check(page, 'onboarding-checklist-desktop');

      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Step 1 of 3: Employment' }).waitFor();
      await page.getByLabel('Employment status').selectOption('EMPLOYED');
      await page.getByLabel('Employer').fill('Mile High Design');
      await page.getByLabel('Occupation').fill('Architect');
      await check(page, 'onboarding-employment');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('heading', { name: 'Step 2 of 3: Investing profile' }).waitFor();
      await page.getByLabel('Investment objective').selectOption('GROWTH');
      await page.getByLabel('Risk tolerance').selectOption('MEDIUM');
      await page.getByLabel('Time horizon').selectOption('LONG');
      await page.getByLabel('Investment experience').selectOption('LIMITED');
      await page.getByLabel('Annual income').selectOption('FROM_50K_TO_100K');
      await page.getByLabel('Liquid net worth').selectOption('FROM_50K_TO_100K');
      await page.getByRole('button', { name: 'Next' }).click();

      await page.getByRole('heading', { name: 'Step 3 of 3: Disclosures and agreements' }).waitFor();
      await page.getByRole('checkbox', { name: /I have read and agree to the Fundflow Customer Agreement/ }).check();
      await check(page, 'onboarding-disclosures');
      await page.getByRole('button', { name: 'Review' }).click();

      await page.getByRole('heading', { name: 'Review your application' }).waitFor();
      await page.getByText('Employed: Architect at Mile High Design').waitFor();
      await check(page, 'onboarding-review');
      const submitted = page.waitForResponse(
        (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === ApiPaths.onboardingApplicationSubmit,
      );
      await page.getByRole('button', { name: 'Submit application' }).click();
      // The server stamps the decision's due time (3 seconds on) before it answers the submit.
      expect((await submitted).ok()).toBe(true);
      const decisionDueAt = Date.now() + REVIEW_DELAY_MS;

      await page.getByRole('heading', { name: "We're reviewing your application" }).waitFor();
      await page.getByRole('progressbar', { name: 'Checking your application' }).waitFor();
      await check(page, 'onboarding-reviewing');

      // Once the decision is due, the page's next status poll (15 seconds on) brings the outcome: jump the page's
      // clock to it rather than wait in real time. Were the jump too early, the poll after it still comes.
      const untilDue = decisionDueAt - Date.now();
      if (untilDue > 0) await new Promise((resolve) => setTimeout(resolve, untilDue));
      await page.clock.fastForward(ACCOUNT_STATUS_POLL_MS);
      await page.getByRole('heading', { name: 'Your account is open' }).waitFor({ timeout: 40_000 });
      await page.getByRole('link', { name: 'Deposit funds' }).waitFor();
      await page.getByRole('link', { name: 'Link a bank' }).waitFor();
      await check(page, 'onboarding-open-desktop');

      // Back later: done, with the way to the portfolio.
      await page.reload();
      await page.getByRole('heading', { name: "You're all set" }).waitFor();
      await page.getByRole('link', { name: 'Go to your portfolio' }).click();
      await page.waitForURL('**/portfolio');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('on a phone: a customer under review sees the review in progress', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'onboarding-phone', async () => {
      // pending@ is under review: the page shows the review in progress.
      await signInAs(page, 'pending@fundflow.test');
      await page.goto('/setup-investing');
      await page.getByRole('heading', { name: "We're reviewing your application" }).waitFor();
      await check(page, 'onboarding-reviewing-phone');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('crypto transfers in (browser)', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`alex gets a deposit address, copies it and sees his incoming transfers (${name})`, async () => {
      const { page, context, pageErrors } = await openPage(browser(), viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await withFailureScreenshot(page, `crypto-${name}`, async () => {
        await signInAs(page, 'alex@fundflow.test');
        await page.goto('/settings/crypto-transfer');
        await page.getByRole('heading', { name: 'Transfer crypto in' }).waitFor();
        const address = page.getByTestId('crypto-address');
        await address.waitFor();
        const btc = (await address.textContent())!.trim();
        expect(btc).toMatch(/^tb1q[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{38}$/);
        await page.getByText('Send only BTC on the Bitcoin network to this address.', { exact: false }).waitFor();

        await page.getByRole('button', { name: 'Copy address' }).click();
        await page.getByText('Address copied').waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(btc);

        // USDC on Solana: another address, another warning.
        await page.getByRole('radio', { name: 'USDC · USD Coin' }).click();
        await page.getByLabel('Network').selectOption('SOLANA');
        await page.getByText('Send only USDC on the Solana (SPL) network to this address.', { exact: false }).waitFor();
        await page.waitForFunction((previous) => {
          const text = document.querySelector('[data-testid="crypto-address"]')?.textContent ?? '';
          return text !== previous && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text.trim());
        }, btc);

        const transfers = page.getByRole('list', { name: 'Incoming transfers' });
        await transfers.getByText('Confirming (4 of 12)').waitFor();
        await transfers.getByText('0.015 BTC').waitFor();
        await check(page, `crypto-transfer-${name}`);
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
      });
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }

  it('a customer whose application is under review is told to finish it first', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'crypto-ineligible', async () => {
      await signInAs(page, 'pending@fundflow.test');
      await page.goto('/settings/v2/crypto-transfer');
      await page.getByText('Finish your application first').waitFor();
      await page.getByRole('link', { name: 'Finish Application' }).waitFor();
      await check(page, 'crypto-ineligible');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('transfer from another brokerage (browser)', () => {
  it('/settings/acat-transfer shows the account transfers', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'acat-transfer-page', async () => {
      await signInAs(page, 'alex@fundflow.test');
      await page.goto('/settings/acat-transfer');
      // Its own page in the older layout; the Transfers page's #acats section in the newer one (the default).
      await page.getByRole('heading', { name: 'Account transfers' }).waitFor();
      await page.getByRole('article', { name: 'From Fidelity Investments' }).waitFor();
      await check(page, 'acat-transfer-phone');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
