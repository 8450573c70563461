import type { Locator, Page } from 'playwright-core';
import { DESKTOP, openPage, PHONE, screenshot, seriousViolations, signIn, signInByApi, useBrowser, withFailureScreenshot } from './harness';

// The profile settings pages against the real server: a fresh copy of alex (brokerage, both IRAs) edits and
// saves each editable page, sees a validation message for bad input, reloads and finds the change kept.
// Each page is checked with axe and photographed on a desktop and a phone.

jest.setTimeout(180_000);

const browser = useBrowser();

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.getByRole('navigation', { name: 'Profile settings' }).waitFor();
}

async function check(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await screenshot(page, `profile-${name}`);
}

/** The first of the buttons named that is on the page (a page offers Add or Edit, depending on what is on file). */
async function firstButton(scope: Page | Locator, names: RegExp): Promise<Locator> {
  const button = scope.getByRole('button', { name: names }).first();
  await button.waitFor();
  return button;
}

describe('profile settings (browser)', () => {
  it('investing profile: a contradictory answer is refused on the field; saved answers survive a reload', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'profile-investing', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await open(page, '/settings/v2/investing-profile', 'Investing profile');
      await (await firstButton(page, /^(Edit investing profile|Answer the questions)$/)).click();
      const form = page.getByRole('form', { name: 'Investing profile' });
      await form.getByLabel('Investment objective').selectOption({ label: 'Generate income' });
      await form.getByLabel('Risk tolerance').selectOption({ label: 'Medium: some ups and downs are fine' });
      await form.getByLabel('Time horizon').selectOption({ label: '3 to 10 years' });
      await form.getByLabel('Investment experience').selectOption({ label: 'Extensive (more than 5 years)' });
      await form.getByLabel('Liquidity needs').selectOption({ label: 'Not important: I will not need it for years' });
      await form.getByLabel('Annual income').selectOption({ label: '$200,000 to $499,999' });
      await form.getByLabel('Net worth', { exact: true }).selectOption({ label: '$100,000 to $249,999' });
      await form.getByLabel('Liquid net worth').selectOption({ label: '$1,000,000 to $4,999,999' });
      await form.getByRole('button', { name: 'Save investing profile' }).click();
      await form.getByText('Liquid net worth cannot be more than your total net worth').waitFor();
      await check(page, 'investing-invalid');

      await form.getByLabel('Liquid net worth').selectOption({ label: '$50,000 to $99,999' });
      await form.getByRole('button', { name: 'Save investing profile' }).click();
      await page.getByRole('status').filter({ hasText: 'Your investing profile was saved.' }).waitFor();
      await page.reload();
      await page.getByText('Generate income').waitFor();
      await page.getByText('$200,000 to $499,999').waitFor();
      await check(page, 'investing-saved');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('trusted contact: a bad phone number is refused; the contact is saved, kept after a reload, then removed', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'profile-trusted-contact', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await open(page, '/settings/v2/trusted-contact', 'Trusted contact');
      await page.getByRole('heading', { name: 'What is a trusted contact?' }).waitFor();
      await (await firstButton(page, /^(Edit trusted contact|Add trusted contact)$/)).click();
      const form = page.getByRole('form', { name: 'Trusted contact' });
      await form.getByLabel('First name').fill('Maria');
      await form.getByLabel('Last name').fill('Lopez');
      await form.getByLabel('Relationship to you').selectOption({ label: 'Friend' });
      await form.getByLabel('Email').fill('');
      await form.getByLabel('Phone').fill('555-01');
      await form.getByRole('button', { name: 'Save trusted contact' }).click();
      await form.getByText('Please enter a 10-digit US phone number').waitFor();
      await check(page, 'trusted-contact-invalid');

      await form.getByLabel('Phone').fill('(312) 555-0177');
      await form.getByRole('checkbox', { name: 'Add a mailing address (optional)' }).check();
      await form.getByLabel('Street address').fill('88 King St');
      await form.getByLabel('City').fill('San Francisco');
      await form.getByLabel('State').fill('ca');
      await form.getByLabel('ZIP code').fill('94107');
      await form.getByRole('button', { name: 'Save trusted contact' }).click();
      await page.getByRole('status').filter({ hasText: 'Your trusted contact was saved.' }).waitFor();
      await page.reload();
      await page.getByText('Maria Lopez').waitFor();
      await page.getByText('(312) 555-0177').waitFor();
      await page.getByText('88 King St, San Francisco, CA 94107').waitFor();
      await check(page, 'trusted-contact-saved');

      await page.getByRole('button', { name: 'Remove trusted contact' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove trusted contact?' });
      await dialog.waitFor();
      await check(page, 'trusted-contact-remove');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await page.getByText('No trusted contact yet').waitFor();
      await page.reload();
      await page.getByText('No trusted contact yet').waitFor();
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('beneficiaries: shares that do not total 100% are refused; the designation is saved and kept', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'profile-beneficiaries', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await open(page, '/settings/v2/beneficiaries', 'Beneficiaries');
      const roth = page.getByRole('region', { name: /^Roth IRA •••• \d{4}$/ });
      await roth.waitFor();
      await page.getByRole('region', { name: /^Traditional IRA •••• \d{4}$/ }).waitFor();
      await (await firstButton(roth, /^Edit beneficiaries of Roth IRA/)).click();
      const form = roth.getByRole('form');
      // Start from no one, whatever was on file.
      while ((await form.getByRole('button', { name: /^Remove / }).count()) > 0)
        await form
          .getByRole('button', { name: /^Remove / })
          .first()
          .click();

      await form.getByRole('button', { name: 'Add primary beneficiary' }).click();
      const first = form.getByRole('group', { name: 'Primary beneficiary 1' });
      await first.getByLabel('First name').fill('Taylor');
      await first.getByLabel('Last name').fill('Morgan');
      await first.getByLabel('Relationship').selectOption({ label: 'Spouse' });
      await first.getByLabel('Date of birth').fill('1991-09-03');
      await first.getByLabel('Share (%)').fill('60');
      await form.getByRole('button', { name: 'Add primary beneficiary' }).click();
      const second = form.getByRole('group', { name: 'Primary beneficiary 2' });
      await second.getByLabel('First name').fill('Sam');
      await second.getByLabel('Last name').fill('Morgan');
      await second.getByLabel('Relationship').selectOption({ label: 'Sibling' });
      await second.getByLabel('Date of birth').fill('1994-02-10');
      await second.getByLabel('Share (%)').fill('30');
      await form.getByRole('button', { name: 'Save beneficiaries' }).click();
      await form.getByRole('alert').filter({ hasText: "Primary beneficiaries' shares must add up to 100% (now 90%)" }).waitFor();
      await check(page, 'beneficiaries-invalid');

      await second.getByLabel('Share (%)').fill('40');
      await form.getByRole('button', { name: 'Save beneficiaries' }).click();
      await roth.getByText('Your beneficiaries were saved.').waitFor();
      await page.reload();
      const reloaded = page.getByRole('region', { name: /^Roth IRA •••• \d{4}$/ });
      await reloaded.getByText('Taylor Morgan').waitFor();
      await reloaded.getByText('Sam Morgan').waitFor();
      await reloaded.getByText('60%').waitFor();
      await reloaded.getByText('40%').waitFor();
      await check(page, 'beneficiaries-saved');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('membership: upgrading asks for confirmation and the plan is kept after a reload', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'profile-membership', async () => {
      await signInByApi(page, 'new@fundflow.test');
      await open(page, '/settings/v2/membership', 'Membership');
      const basic = page.getByRole('region', { name: 'Basic' });
      await basic.getByText('Current plan').waitFor();
      await basic.getByText(/% match on IRA contributions$/).waitFor();
      await page.getByRole('button', { name: 'Upgrade to Premium' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Premium?' });
      await dialog.waitFor();
      await check(page, 'membership-confirm');
      await dialog.getByRole('button', { name: 'Confirm upgrade' }).click();
      await page.getByText('You are on Premium now.').waitFor();
      await page.reload();
      await page.getByRole('region', { name: 'Premium' }).getByText('Current plan').waitFor();
      await page.getByRole('button', { name: 'Switch to Basic' }).waitFor();
      await check(page, 'membership-premium');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('account info: each account by its last four digits, owners, legal name; older paths open the newer layout', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'profile-account-info', async () => {
      // A read-only page: the seeded demo customer itself (its joint owner comes from the seed).
      await signIn(page, 'joint@fundflow.test');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      // The older path is mapped to /settings/v2 while the newer-settings flag is on (its default).
      await page.goto('/settings/account-info');
      await page.waitForURL('**/settings/v2/account-info');
      await page.getByRole('heading', { level: 1, name: 'Account info' }).waitFor();
      const you = page.getByRole('region', { name: 'You' });
      await you.getByText('Priya Patel').waitFor();
      await you.getByText('joint@fundflow.test').waitFor();
      await page.getByText('Arjun Patel').waitFor();
      await page.getByText('Joint owner').waitFor();
      await page.getByText('Joint tenants with rights of survivorship').waitFor();
      await page
        .getByText(/^•••• \d{4}$/)
        .first()
        .waitFor();
      // Only the last four digits are on the page.
      expect(await page.locator('body').innerText()).not.toMatch(/\d{9}/);
      await page.getByRole('link', { name: 'Membership' }).click();
      await page.waitForURL('**/settings/v2/membership');
      await page.getByRole('heading', { level: 1, name: 'Membership' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Account info' }).waitFor();
      await check(page, 'account-info');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('every profile page on a phone: no serious accessibility problems', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'profile-phone', async () => {
      // Signed in through the API: the loop's first page load restores the session.
      await signInByApi(page, 'alex@fundflow.test');
      const pages: Array<[string, string]> = [
        ['personal-info', 'Personal info'],
        ['investing-profile', 'Investing profile'],
        ['trusted-contact', 'Trusted contact'],
        ['beneficiaries', 'Beneficiaries'],
        ['account-info', 'Account info'],
        ['membership', 'Membership'],
      ];
      for (const [slug, heading] of pages) {
        await open(page, `/settings/v2/${slug}`, heading);
        // Wait for the page's own content, not only its frame.
        await page.locator('.ff-card').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('.ff-spinner'));
        await check(page, `phone-${slug}`);
      }
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
