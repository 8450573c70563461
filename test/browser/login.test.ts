import { DESKTOP, openPage, PHONE, screenshot, signIn, withFailureScreenshot, useBrowser } from './harness';
import { signInFresh } from './depositSteps';

jest.setTimeout(60_000);

const browser = useBrowser();

describe('signing in', () => {
  it('takes a funded customer to their portfolio with accounts and funding methods from the API', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'alex-portfolio', async () => {
      await page.goto('/');
      await page.waitForURL('**/login');
      await screenshot(page, 'login-desktop');
      await signIn(page, 'alex@fundflow.test');
      await page.waitForURL('**/portfolio');
      const accounts = page.getByRole('list', { name: 'Accounts' });
      await accounts.getByText('Roth IRA').first().waitFor();
      await accounts.getByText('High-yield cash').first().waitFor();
      const methods = page.getByRole('list', { name: 'Funding methods' });
      await methods.getByText('(Default)').waitFor();
      await methods.getByText('Debit card', { exact: false }).first().waitFor();
      await screenshot(page, 'portfolio-desktop');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('looks right on a phone', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'phone-portfolio', async () => {
      await page.goto('/login');
      await screenshot(page, 'login-phone');
      await signIn(page, 'alex@fundflow.test');
      await page.waitForURL('**/portfolio');
      await page.getByRole('list', { name: 'Funding methods' }).getByText('(Default)').waitFor();
      await screenshot(page, 'portfolio-phone');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('explains a wrong password and keeps the email typed', async () => {
    const { page, context } = await openPage(browser());
    await withFailureScreenshot(page, 'wrong-password', async () => {
      await signIn(page, 'alex@fundflow.test', 'not-the-password');
      await page
        .getByRole('alert')
        .filter({ hasText: /email or password is incorrect/i })
        .waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe('alex@fundflow.test');
      expect(page.url()).toContain('/login');
    });
    await context.close();
  });

  it('brings a signed-out visit back to the page it asked for', async () => {
    const { page, context } = await openPage(browser());
    await withFailureScreenshot(page, 'redirect', async () => {
      await page.goto('/settings/v2/transfers?origin=%2Fportfolio');
      await page.waitForURL(/\/login\?redirect=/);
      expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/settings/v2/transfers?origin=/portfolio');
      await page.getByLabel('Email').fill('alex@fundflow.test');
      await page.getByLabel('Password').fill('fundflow-demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/settings/v2/transfers?origin=%2Fportfolio');
      await page.getByRole('heading', { name: 'Transfers', exact: true }).waitFor();
    });
    await context.close();
  });

  it('sends a closed customer to the brokerage documents', async () => {
    const { page, context } = await openPage(browser());
    await withFailureScreenshot(page, 'closed', async () => {
      await signIn(page, 'closed@fundflow.test');
      await page.waitForURL('**/settings/documents/account/brokerage');
      // No deposit, withdrawal, link or add action anywhere: not in the header, the portfolio or the funding methods.
      const header = page.getByRole('navigation').first();
      await header.getByRole('link', { name: 'Documents' }).waitFor();
      expect(await header.getByRole('link', { name: /^(Deposit|Withdraw)$/ }).count()).toBe(0);
      await header.getByRole('link', { name: 'Portfolio' }).click();
      await page.getByText('This account is closed, so no money can be added or linked.').first().waitFor();
      expect(await page.getByRole('link', { name: /Deposit funds|Add funding method|Manage/ }).count()).toBe(0);
      await header.getByRole('link', { name: 'Funding methods' }).click();
      await page.getByText('This account is closed, so no money can be added or linked.').first().waitFor();
      expect(await page.getByRole('button', { name: /Add funding method/ }).count()).toBe(0);
    });
    await context.close();
  });

  it('uses the mobile terms welcome below 760 px', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'terms-mobile', async () => {
      await signIn(page, 'terms@fundflow.test');
      await page.waitForURL('**/account-takeover/mobile-welcome');
      await page.getByRole('button', { name: 'Accept and continue' }).waitFor();
      await screenshot(page, 'terms-mobile');
    });
    await context.close();
  });

  it('asks a customer to accept terms first, then goes on to the portfolio', async () => {
    const { page, context } = await openPage(browser());
    await withFailureScreenshot(page, 'terms', async () => {
      // A copy: accepting changes the customer, and the other terms tests need terms@ as it was seeded.
      await signInFresh(page, 'terms@fundflow.test');
      await page.waitForURL('**/account-takeover/welcome');
      const accept = page.getByRole('button', { name: 'Accept and continue' });
      expect(await accept.isDisabled()).toBe(true);
      await page.getByLabel(/accept the Customer Agreement/).check();
      await accept.click();
      await page.waitForURL('**/portfolio');
    });
    await context.close();
  });

  it('holds the terms gate on every route: a typed /settings/v2/deposit lands on the welcome, accepting goes on there, and it is never asked again', async () => {
    const { page, context } = await openPage(browser());
    await withFailureScreenshot(page, 'terms-gate', async () => {
      await signInFresh(page, 'terms@fundflow.test');
      await page.waitForURL('**/account-takeover/welcome');
      await page.goto('/settings/v2/deposit?frequency=MONTHLY');
      await page.waitForURL(
        (url) =>
          url.pathname === '/account-takeover/welcome' && url.searchParams.get('redirect') === '/settings/v2/deposit?frequency=MONTHLY',
      );
      // A person's way: click the box, then Tab to the button and press Enter.
      await page.getByLabel(/accept the Customer Agreement/).click();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/settings/v2/deposit' && url.searchParams.get('frequency') === 'MONTHLY');
      await page.goto('/account-takeover/welcome');
      await page.waitForURL('**/portfolio');
    });
    await context.close();
  });

  it('keeps the session over a reload and ends it on sign out', async () => {
    const { page, context } = await openPage(browser());
    await withFailureScreenshot(page, 'reload-logout', async () => {
      await signIn(page, 'joint@fundflow.test');
      await page.waitForURL('**/portfolio');
      await page.reload();
      await page.waitForURL('**/portfolio');
      await page.getByRole('list', { name: 'Accounts' }).waitFor();
      await page.getByRole('button', { name: /Sign out/ }).click();
      await page.getByText('You have signed out.').waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login');
      await page.goto('/portfolio');
      await page.waitForURL(/\/login/);
    });
    await context.close();
  });

  it('moves an old settings path to its newer-layout path', async () => {
    const { page, context } = await openPage(browser());
    await withFailureScreenshot(page, 'settings-mapping', async () => {
      await signIn(page, 'alex@fundflow.test');
      await page.waitForURL('**/portfolio');
      await page.goto('/settings/recurring-deposits?frequency=WEEKLY');
      await page.waitForURL('**/settings/v2/transfers?frequency=WEEKLY#recurring-deposits');
      await page.getByRole('heading', { name: 'Transfers', exact: true }).waitFor();
      await page.getByRole('navigation').first().waitFor();
    });
    await context.close();
  });
});
