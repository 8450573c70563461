import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, openPage, PHONE, signIn, withFailureScreenshot, useBrowser } from './harness';

jest.setTimeout(60_000);

const browser = useBrowser();

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

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
