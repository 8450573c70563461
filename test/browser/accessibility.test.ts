import { DESKTOP, openPage, PHONE, seriousViolations, signIn, useBrowser, withFailureScreenshot } from './harness';

jest.setTimeout(60_000);

const browser = useBrowser();

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('accessibility (%s)', (name, viewport) => {
  it('the login page has no serious or critical axe violations, also with errors shown', async () => {
    const { page, context } = await openPage(browser(), viewport);
    await withFailureScreenshot(page, `axe-login-${name}`, async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Enter your email address').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
    await context.close();
  });

  it('the portfolio page has no serious or critical axe violations', async () => {
    const { page, context } = await openPage(browser(), viewport);
    await withFailureScreenshot(page, `axe-portfolio-${name}`, async () => {
      await signIn(page, 'alex@fundflow.test');
      await page.waitForURL('**/portfolio');
      await page.getByRole('list', { name: 'Funding methods' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
    await context.close();
  });
});
