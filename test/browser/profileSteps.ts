import type { Page } from 'playwright-core';

// The application wizard and the profile pages (faults.profile.test.ts): their forms and dialogs (profileUi), the
// application walked to its review, and the trusted contact typed in.

/** The profile pages' forms and dialogs. */
export const profileUi = {
  investingForm: (page: Page) => page.getByRole('form', { name: 'Investing profile' }),
  trustedForm: (page: Page) => page.getByRole('form', { name: 'Trusted contact' }),
  roth: (page: Page) => page.getByRole('region', { name: /^Roth IRA •••• \d{4}$/ }),
  /** The membership change offered on this round: Basic upgrades to Premium, Premium switches back. */
  membershipChoice: (page: Page) => page.getByRole('button', { name: /^(Upgrade to Premium|Switch to Basic)$/ }),
  membershipDialog: (page: Page) => page.getByRole('dialog', { name: /^(Upgrade to Premium|Switch to Basic)\?$/ }),
};

/** apply@ walks the three missing steps of the wizard to the review screen. */
export async function applicationToReview(page: Page) {
  await page.goto('/setup-investing');
  await page.getByRole('heading', { name: 'Finish your application' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Step 1 of 3: Employment' }).waitFor();
  await page.getByLabel('Employment status').selectOption('EMPLOYED');
  await page.getByLabel('Employer').fill('Mile High Design');
  await page.getByLabel('Occupation').fill('Architect');
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
  await page.getByRole('button', { name: 'Review' }).click();
  await applicationReviewKept(page);
}

export async function applicationReviewKept(page: Page) {
  await page.getByRole('heading', { name: 'Review your application' }).waitFor();
  await page.getByText('Employed: Architect at Mile High Design').waitFor();
  await page.getByText('Customer agreement accepted').waitFor();
}

// ---- profile ----

export async function openProfilePage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** Adds the trusted contact the removal row removes (when none is on file). */
export async function ensureTrustedContact(page: Page) {
  await openProfilePage(page, '/settings/v2/trusted-contact', 'Trusted contact');
  const add = page.getByRole('button', { name: 'Add trusted contact' });
  const remove = page.getByRole('button', { name: 'Remove trusted contact' });
  await add.or(remove).first().waitFor();
  if (await remove.isVisible()) return;
  await add.click();
  await fillTrustedContact(page);
  await profileUi.trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).click();
  await remove.waitFor();
}

export async function fillTrustedContact(page: Page) {
  const form = profileUi.trustedForm(page);
  await form.getByLabel('First name').fill('Maria');
  await form.getByLabel('Last name').fill('Lopez');
  await form.getByLabel('Relationship to you').selectOption({ label: 'Friend' });
  await form.getByLabel('Email').fill('');
  await form.getByLabel('Phone').fill('(312) 555-0177');
}

export const BENEFICIARY_NAMES = ['Taylor', 'Jordan', 'Casey', 'Riley', 'Avery', 'Quinn'];

export const ADDRESS_UNIT = 'Apt 12B';
