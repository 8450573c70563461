import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ApiPaths } from '../../api/contract';
import { useBrowser } from './harness';
import { describeFaultRows, exactPath, FAULT_MESSAGES, faultText, freshCustomerEachRound, pageLoadRow, type Row } from './faultKit';

// Issue 8, browser side: the onboarding (application, terms), documents and profile endpoints, each failed five
// ways (faultKit.ts says how and what each row proves). The profile saves are whole-resource PUTs and DELETEs
// without an idempotency key: sending one again changes nothing more, and each is sent once per press.

jest.setTimeout(300_000);

const browser = useBrowser();

// ---- onboarding ----

/** apply@ walks the three missing steps of the wizard to the review screen. */
async function applicationToReview(page: Page) {
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

async function applicationReviewKept(page: Page) {
  await page.getByRole('heading', { name: 'Review your application' }).waitFor();
  await page.getByText('Employed: Architect at Mile High Design').waitFor();
  await page.getByText('Customer agreement accepted').waitFor();
}

// ---- profile ----

async function openProfilePage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

/** A fault's message, as the profile pages show the API's message with their own title. */

const investingForm = (page: Page) => page.getByRole('form', { name: 'Investing profile' });

const trustedForm = (page: Page) => page.getByRole('form', { name: 'Trusted contact' });

/** Adds the trusted contact the removal row removes (when none is on file). */
async function ensureTrustedContact(page: Page) {
  await openProfilePage(page, '/settings/v2/trusted-contact', 'Trusted contact');
  const add = page.getByRole('button', { name: 'Add trusted contact' });
  const remove = page.getByRole('button', { name: 'Remove trusted contact' });
  await add.or(remove).first().waitFor();
  if (await remove.isVisible()) return;
  await add.click();
  await fillTrustedContact(page);
  await trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).click();
  await remove.waitFor();
}

async function fillTrustedContact(page: Page) {
  const form = trustedForm(page);
  await form.getByLabel('First name').fill('Maria');
  await form.getByLabel('Last name').fill('Lopez');
  await form.getByLabel('Relationship to you').selectOption({ label: 'Friend' });
  await form.getByLabel('Email').fill('');
  await form.getByLabel('Phone').fill('(312) 555-0177');
}

let beneficiaryRound = 0;
const BENEFICIARY_NAMES = ['Taylor', 'Jordan', 'Casey', 'Riley', 'Avery', 'Quinn'];
const beneficiaryName = () => BENEFICIARY_NAMES[beneficiaryRound % BENEFICIARY_NAMES.length];
const rothRegion = (page: Page) => page.getByRole('region', { name: /^Roth IRA •••• \d{4}$/ });

/** The membership change offered on this round: Basic upgrades to Premium, Premium switches back. */
const membershipChoice = (page: Page) => page.getByRole('button', { name: /^(Upgrade to Premium|Switch to Basic)$/ });
let membershipTarget = '';
const membershipDialog = (page: Page) => page.getByRole('dialog', { name: /^(Upgrade to Premium|Switch to Basic)\?$/ });

const ADDRESS_UNIT = 'Apt 12B';

// ---- documents ----

const STATEMENTS_PATH = '/settings/v2/account-statements';
const statementRows = (page: Page) => page.getByRole('list', { name: 'Account statements' }).getByRole('listitem');

async function openStatements(page: Page) {
  await page.goto(STATEMENTS_PATH);
  await page.getByRole('heading', { level: 1, name: 'Account statements' }).waitFor();
  await statementRows(page).first().waitFor();
}

let download: Promise<import('playwright-core').Download> | null = null;

// ---- bank verification by statement (funding-methods.md 2.8, 4.5, 7.4) ----

/** A real 1x1 PNG, the statement page the customer picks. */
function statementFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fundflow-fault-statement-')), 'statement.png');
  writeFileSync(
    file,
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );
  return file;
}
let statementPng = '';
const statementDialog = (page: Page) => page.getByRole('dialog', { name: 'Verify your bank' });

/** The upload step for the customer's first unverified bank (a page load, so no file from an earlier round). */
async function openStatementUpload(page: Page) {
  statementPng ||= statementFile();
  await page.goto('/settings/v2/transfers?bankVerification=enabled');
  const banks = statementDialog(page).getByRole('list', { name: 'Banks to verify' });
  await banks.waitFor();
  await banks.getByRole('button').first().click();
  await statementDialog(page).getByLabel('Upload statement').waitFor();
}

const chooseStatement = (page: Page) => statementDialog(page).getByLabel('Upload statement').setInputFiles(statementPng);
const statementUploaded = (page: Page) =>
  statementDialog(page).getByRole('list', { name: 'Statement files' }).getByText('Uploaded').waitFor();

const ROWS: Row[] = [
  // ---- onboarding ----
  {
    flow: 'onboarding',
    endpoint: 'submitApplication',
    method: 'POST',
    path: exactPath(ApiPaths.onboardingApplicationSubmit),
    template: 'apply@fundflow.test',
    mutation: true,
    // The application can be sent once: each round is a new copy of apply@.
    reset: freshCustomerEachRound('apply@fundflow.test'),
    prepare: (page) => applicationToReview(page),
    send: (page) => page.getByRole('button', { name: 'Submit application' }).click(),
    failed: async (page, fault) => {
      await page
        .getByRole('alert')
        .filter({ hasText: "We couldn't submit your application." })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await page.getByRole('button', { name: 'Submit application' }).waitFor();
    },
    kept: (page) => applicationReviewKept(page),
    retry: (page) => page.getByRole('button', { name: 'Submit application' }).click(),
    succeeded: (page) => page.getByRole('heading', { name: "We're reviewing your application" }).waitFor(),
  },
  pageLoadRow({
    flow: 'onboarding',
    endpoint: 'getApplication',
    path: exactPath(ApiPaths.onboardingApplication),
    template: 'apply@fundflow.test',
    url: '/setup-investing',
    failed: async (page, fault) => {
      await page.getByText("We couldn't load your application").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    succeeded: async (page) => {
      await page.getByRole('heading', { name: 'Finish your application' }).waitFor();
      await page.getByText('2 of 5 steps done').waitFor();
    },
  }),
  {
    flow: 'onboarding',
    endpoint: 'acceptTerms',
    method: 'POST',
    path: exactPath(ApiPaths.acceptTerms),
    template: 'terms@fundflow.test',
    mutation: true,
    // Terms are accepted once: each round is a new copy of terms@.
    reset: freshCustomerEachRound('terms@fundflow.test'),
    prepare: async (page) => {
      // Signed in (faultKit signs the round's customer in through the API): the app sends them to the terms.
      await page.goto('/portfolio');
      await page.waitForURL('**/account-takeover/welcome');
      await page.getByLabel(/accept the Customer Agreement/).check();
    },
    send: (page) => page.getByRole('button', { name: 'Accept and continue' }).click(),
    failed: async (page, fault) => {
      await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await page.getByRole('button', { name: 'Accept and continue' }).waitFor();
    },
    kept: async (page) => {
      expect(await page.getByLabel(/accept the Customer Agreement/).isChecked()).toBe(true);
    },
    retry: (page) => page.getByRole('button', { name: 'Accept and continue' }).click(),
    succeeded: (page) => page.waitForURL('**/portfolio'),
  },

  // ---- profile: saves ----
  {
    flow: 'profile',
    endpoint: 'updateInvestingProfile',
    method: 'PUT',
    path: exactPath(ApiPaths.profileInvestingProfile),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openProfilePage(page, '/settings/v2/investing-profile', 'Investing profile');
      await page.getByRole('button', { name: /^(Edit investing profile|Answer the questions)$/ }).click();
      const form = investingForm(page);
      await form.getByLabel('Investment objective').selectOption({ label: 'Generate income' });
      await form.getByLabel('Risk tolerance').selectOption({ label: 'Medium: some ups and downs are fine' });
      await form.getByLabel('Time horizon').selectOption({ label: '3 to 10 years' });
      await form.getByLabel('Investment experience').selectOption({ label: 'Extensive (more than 5 years)' });
      await form.getByLabel('Liquidity needs').selectOption({ label: 'Not important: I will not need it for years' });
      await form.getByLabel('Annual income').selectOption({ label: '$200,000 to $499,999' });
      await form.getByLabel('Net worth', { exact: true }).selectOption({ label: '$100,000 to $249,999' });
      await form.getByLabel('Liquid net worth').selectOption({ label: '$50,000 to $99,999' });
    },
    send: (page) => investingForm(page).getByRole('button', { name: 'Save investing profile' }).click(),
    failed: async (page, fault) => {
      await investingForm(page).getByText('Your investing profile was not saved').waitFor();
      await faultText(page, fault);
      await investingForm(page).getByRole('button', { name: 'Save investing profile' }).waitFor();
    },
    kept: async (page) => {
      const form = investingForm(page);
      expect(await form.getByLabel('Investment objective').inputValue()).toBe('INCOME');
      expect(await form.getByLabel('Liquid net worth').locator('option:checked').innerText()).toBe('$50,000 to $99,999');
    },
    retry: (page) => investingForm(page).getByRole('button', { name: 'Save investing profile' }).click(),
    succeeded: async (page) => {
      await page.getByRole('status').filter({ hasText: 'Your investing profile was saved.' }).waitFor();
      await page.getByText('Generate income').waitFor();
    },
  },
  {
    flow: 'profile',
    endpoint: 'saveTrustedContact',
    method: 'PUT',
    path: exactPath(ApiPaths.profileTrustedContact),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openProfilePage(page, '/settings/v2/trusted-contact', 'Trusted contact');
      await page.getByRole('button', { name: /^(Edit trusted contact|Add trusted contact)$/ }).click();
      await fillTrustedContact(page);
    },
    send: (page) => trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).click(),
    failed: async (page, fault) => {
      await trustedForm(page).getByText('Your trusted contact was not saved').waitFor();
      await faultText(page, fault);
      await trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).waitFor();
    },
    kept: async (page) => {
      const form = trustedForm(page);
      expect(await form.getByLabel('First name').inputValue()).toBe('Maria');
      expect(await form.getByLabel('Last name').inputValue()).toBe('Lopez');
      expect(await form.getByLabel('Phone').inputValue()).toBe('(312) 555-0177');
    },
    retry: (page) => trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).click(),
    succeeded: async (page) => {
      await page.getByRole('status').filter({ hasText: 'Your trusted contact was saved.' }).waitFor();
      await page.getByText('Maria Lopez').waitFor();
    },
  },
  {
    flow: 'profile',
    endpoint: 'removeTrustedContact',
    method: 'DELETE',
    path: exactPath(ApiPaths.profileTrustedContact),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await ensureTrustedContact(page);
      await page.getByRole('button', { name: 'Remove trusted contact' }).click();
      await page.getByRole('dialog', { name: 'Remove trusted contact?' }).waitFor();
    },
    send: (page) => page.getByRole('dialog', { name: 'Remove trusted contact?' }).getByRole('button', { name: 'Remove' }).click(),
    failed: async (page, fault) => {
      const dialog = page.getByRole('dialog', { name: 'Remove trusted contact?' });
      await dialog.getByText(FAULT_MESSAGES[fault]).waitFor();
      await dialog.getByRole('button', { name: 'Remove' }).waitFor();
    },
    kept: async (page) => {
      // Still asking about the contact on file (alex's own, or the one prepare() added).
      const name = await page.locator('.ff-profile-facts dd').first().innerText();
      await page
        .getByRole('dialog', { name: 'Remove trusted contact?' })
        .getByText(`${name} will no longer be your trusted contact.`)
        .waitFor();
    },
    retry: (page) => page.getByRole('dialog', { name: 'Remove trusted contact?' }).getByRole('button', { name: 'Remove' }).click(),
    succeeded: async (page) => {
      await page.getByText('Your trusted contact was removed.').waitFor();
      await page.getByText('No trusted contact yet').waitFor();
    },
  },
  {
    flow: 'profile',
    endpoint: 'saveBeneficiaries',
    method: 'PUT',
    path: exactPath(ApiPaths.profileAccountBeneficiaries),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      beneficiaryRound += 1;
      await openProfilePage(page, '/settings/v2/beneficiaries', 'Beneficiaries');
      const roth = rothRegion(page);
      await roth.getByRole('button', { name: /^Edit beneficiaries of Roth IRA/ }).click();
      const form = roth.getByRole('form');
      while ((await form.getByRole('button', { name: /^Remove / }).count()) > 0)
        await form
          .getByRole('button', { name: /^Remove / })
          .first()
          .click();
      await form.getByRole('button', { name: 'Add primary beneficiary' }).click();
      const person = form.getByRole('group', { name: 'Primary beneficiary 1' });
      await person.getByLabel('First name').fill(beneficiaryName());
      await person.getByLabel('Last name').fill('Morgan');
      await person.getByLabel('Relationship').selectOption({ label: 'Spouse' });
      await person.getByLabel('Date of birth').fill('1991-09-03');
      await person.getByLabel('Share (%)').fill('100');
    },
    send: (page) => rothRegion(page).getByRole('form').getByRole('button', { name: 'Save beneficiaries' }).click(),
    failed: async (page, fault) => {
      const form = rothRegion(page).getByRole('form');
      await form.getByText('Your beneficiaries were not saved').waitFor();
      await form.getByText(FAULT_MESSAGES[fault]).waitFor();
      await form.getByRole('button', { name: 'Save beneficiaries' }).waitFor();
    },
    kept: async (page) => {
      const person = rothRegion(page).getByRole('form').getByRole('group', { name: 'Primary beneficiary 1' });
      expect(await person.getByLabel('First name').inputValue()).toBe(beneficiaryName());
      expect(await person.getByLabel('Date of birth').inputValue()).toBe('1991-09-03');
      expect(await person.getByLabel('Share (%)').inputValue()).toBe('100');
    },
    retry: (page) => rothRegion(page).getByRole('form').getByRole('button', { name: 'Save beneficiaries' }).click(),
    succeeded: async (page) => {
      const roth = rothRegion(page);
      await roth.getByText('Your beneficiaries were saved.').waitFor();
      await roth.getByText(`${beneficiaryName()} Morgan`).waitFor();
    },
  },
  {
    flow: 'profile',
    endpoint: 'changeMembership',
    method: 'PUT',
    path: exactPath(ApiPaths.profileMembership),
    template: 'new@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openProfilePage(page, '/settings/v2/membership', 'Membership');
      const choice = membershipChoice(page);
      await choice.waitFor();
      membershipTarget = (await choice.innerText()).endsWith('Premium') ? 'Premium' : 'Basic';
      await choice.click();
      await membershipDialog(page).waitFor();
    },
    send: (page) =>
      membershipDialog(page)
        .getByRole('button', { name: /^Confirm (upgrade|switch)$/ })
        .click(),
    failed: async (page, fault) => {
      const dialog = membershipDialog(page);
      await dialog.getByText(FAULT_MESSAGES[fault]).waitFor();
      await dialog.getByRole('button', { name: /^Confirm (upgrade|switch)$/ }).waitFor();
    },
    kept: async (page) => {
      // The plan the customer chose is still the one offered.
      await page.getByRole('dialog', { name: membershipTarget === 'Premium' ? 'Upgrade to Premium?' : 'Switch to Basic?' }).waitFor();
    },
    retry: (page) =>
      membershipDialog(page)
        .getByRole('button', { name: /^Confirm (upgrade|switch)$/ })
        .click(),
    succeeded: async (page) => {
      await page.getByText(`You are on ${membershipTarget} now.`).waitFor();
      await page.getByRole('region', { name: membershipTarget }).getByText('Current plan').waitFor();
    },
  },
  {
    flow: 'profile',
    endpoint: 'updateProfileAddress',
    method: 'PUT',
    path: exactPath(ApiPaths.profileAddress),
    template: 'card@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      await openProfilePage(page, '/settings/v2/personal-info', 'Personal info');
      await page.getByRole('button', { name: 'Change address' }).click();
      await page.getByRole('combobox', { name: 'Search for your address' }).pressSequentially('200 e 89th', { delay: 20 });
      await page.getByRole('option', { name: /200 E 89th St/ }).click();
      // A high-rise needs a unit: the first Save asks for it (the address check, not the save).
      await page.getByRole('button', { name: 'Save address' }).click();
      await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'address2');
      await page.getByLabel('Apartment, suite, etc. (optional)').fill(ADDRESS_UNIT);
    },
    send: (page) => page.getByRole('button', { name: 'Save address' }).click(),
    failed: async (page, fault) => {
      await page.getByText('Address update failed').waitFor();
      await faultText(page, fault);
      await page.getByRole('button', { name: 'Save address' }).waitFor();
    },
    kept: async (page) => {
      expect(await page.getByLabel('Street address').inputValue()).toBe('200 E 89th St');
      expect(await page.getByLabel('Apartment, suite, etc. (optional)').inputValue()).toBe(ADDRESS_UNIT);
    },
    retry: async (page) => {
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
      await page.getByRole('button', { name: 'Save address' }).click();
    },
    succeeded: async (page) => {
      await page.getByText('Your address was updated.').waitFor();
      await page.getByText(`200 E 89th St, ${ADDRESS_UNIT}, New York, NY 10128`).waitFor();
    },
  },

  // ---- profile: page loads ----
  pageLoadRow({
    flow: 'profile',
    endpoint: 'getInvestingProfile',
    path: exactPath(ApiPaths.profileInvestingProfile),
    template: 'alex@fundflow.test',
    url: '/settings/v2/investing-profile',
    failed: (page) => page.getByText("We couldn't load your investing profile").waitFor(),
    succeeded: (page) => page.getByRole('button', { name: /^(Edit investing profile|Answer the questions)$/ }).waitFor(),
  }),
  pageLoadRow({
    flow: 'profile',
    endpoint: 'getTrustedContact',
    path: exactPath(ApiPaths.profileTrustedContact),
    template: 'alex@fundflow.test',
    url: '/settings/v2/trusted-contact',
    failed: (page) => page.getByText("We couldn't load your trusted contact").waitFor(),
    succeeded: (page) => page.getByRole('button', { name: /^(Edit trusted contact|Add trusted contact)$/ }).waitFor(),
  }),
  pageLoadRow({
    flow: 'profile',
    endpoint: 'getBeneficiaries',
    path: exactPath(ApiPaths.profileBeneficiaries),
    template: 'alex@fundflow.test',
    url: '/settings/v2/beneficiaries',
    failed: (page) => page.getByText("We couldn't load your beneficiaries").waitFor(),
    succeeded: (page) =>
      rothRegion(page)
        .getByRole('button', { name: /^Edit beneficiaries of Roth IRA/ })
        .waitFor(),
  }),
  pageLoadRow({
    flow: 'profile',
    endpoint: 'getAccountInfo',
    path: exactPath(ApiPaths.profileAccountInfo),
    template: 'alex@fundflow.test',
    url: '/settings/v2/account-info',
    failed: (page) => page.getByText("We couldn't load your account info").waitFor(),
    succeeded: async (page) => {
      await page.getByRole('region', { name: 'You' }).getByText('Legal name', { exact: true }).waitFor();
      await page
        .getByText(/^•••• \d{4}$/)
        .first()
        .waitFor();
    },
  }),
  pageLoadRow({
    flow: 'profile',
    endpoint: 'getMembership',
    path: exactPath(ApiPaths.profileMembership),
    template: 'new@fundflow.test',
    url: '/settings/v2/membership',
    failed: (page) => page.getByText("We couldn't load your membership").waitFor(),
    succeeded: (page) => page.getByText('Current plan').waitFor(),
  }),
  pageLoadRow({
    flow: 'profile',
    endpoint: 'getProfileAddress',
    path: exactPath(ApiPaths.profileAddress),
    template: 'card@fundflow.test',
    url: '/settings/v2/personal-info',
    failed: (page) => page.getByText("We couldn't load your address").waitFor(),
    succeeded: (page) => page.getByRole('button', { name: /^(Change address|Add address)$/ }).waitFor(),
  }),

  // ---- documents ----
  pageLoadRow({
    flow: 'documents',
    endpoint: 'getDocuments',
    path: exactPath(ApiPaths.documents),
    template: 'alex@fundflow.test',
    url: STATEMENTS_PATH,
    failed: async (page, fault) => {
      await page.getByText("We couldn't load your documents").waitFor();
      await page.getByText(FAULT_MESSAGES[fault]).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
    succeeded: async (page) => {
      await statementRows(page).first().waitFor();
      await page.getByText(/^Showing 20 of \d+ documents$/).waitFor();
    },
  }),
  {
    flow: 'documents',
    endpoint: 'getDocuments (next page)',
    method: 'GET',
    path: exactPath(ApiPaths.documents),
    template: 'alex@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      await openStatements(page);
      await page.getByText(/^Showing 20 of \d+ documents$/).waitFor();
    },
    send: (page) => page.getByRole('button', { name: 'Show more' }).click(),
    failed: async (page, fault) => {
      await page.getByRole('alert').filter({ hasText: FAULT_MESSAGES[fault] }).waitFor();
      await page.getByRole('button', { name: 'Show more' }).waitFor();
    },
    // The first page stays on screen with the error.
    kept: async (page) => {
      expect(await statementRows(page).count()).toBe(20);
    },
    retry: (page) => page.getByRole('button', { name: 'Show more' }).click(),
    succeeded: (page) => page.getByText(/^Showing 40 of \d+ documents$/).waitFor(),
  },
  {
    flow: 'documents',
    endpoint: 'downloadDocument',
    method: 'GET',
    path: exactPath(ApiPaths.documentDownload),
    template: 'alex@fundflow.test',
    // Not a change on the server, but sent only when the customer presses Download: never again on its own.
    mutation: true,
    prepare: (page) => openStatements(page),
    send: (page) =>
      statementRows(page)
        .first()
        .getByRole('button', { name: /^Download / })
        .click(),
    failed: async (page, fault) => {
      const row = statementRows(page).first();
      await row
        .getByRole('alert')
        .filter({ hasText: "We couldn't download this document." })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.documents-item button')?.disabled);
    },
    kept: async () => undefined,
    retry: async (page) => {
      download = page.waitForEvent('download');
      await statementRows(page)
        .first()
        .getByRole('button', { name: /^Download / })
        .click();
    },
    succeeded: async (page) => {
      const file = await download!;
      expect(file.suggestedFilename()).toMatch(/^fundflow-statement-.*\.pdf$/);
      expect(await statementRows(page).first().getByRole('alert').count()).toBe(0);
    },
  },

  // ---- bank verification by statement ----
  {
    flow: 'statement upload',
    endpoint: 'uploadStatementFile',
    method: 'POST',
    path: exactPath(ApiPaths.verificationFiles),
    template: 'unverified@fundflow.test',
    // Sent once per file the customer picks.
    mutation: true,
    prepare: (page) => openStatementUpload(page),
    send: (page) => chooseStatement(page),
    failed: async (page, fault) => {
      // funding-methods.md 4.5: a failed file shows 'Something went wrong. Try again.'; a refusal with a reason
      // (the 429 here) shows the server's words.
      const files = statementDialog(page).getByRole('list', { name: 'Statement files' });
      await files
        .getByRole('alert')
        .filter({ hasText: fault === '429' ? FAULT_MESSAGES['429'] : 'Something went wrong. Try again.' })
        .waitFor();
      await files.getByText('statement.png').waitFor();
    },
    kept: async (page) => {
      // Nothing uploaded, so nothing can be submitted yet.
      expect(await statementDialog(page).getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    },
    // The failed file's own Retry sends that file again (the customer does not pick it a second time).
    retry: (page) => statementDialog(page).getByRole('button', { name: 'Retry statement.png' }).click(),
    succeeded: async (page) => {
      await statementUploaded(page);
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].some(
          (button) => button.textContent === 'Submit' && !button.disabled,
        ),
      );
    },
  },
  {
    flow: 'statement upload',
    endpoint: 'submitVerification',
    method: 'POST',
    path: exactPath(ApiPaths.verificationSubmit),
    template: 'unverified@fundflow.test',
    mutation: true,
    // A bank is sent for review once: each round is a new copy of unverified@.
    reset: freshCustomerEachRound('unverified@fundflow.test'),
    prepare: async (page) => {
      await openStatementUpload(page);
      await chooseStatement(page);
      await statementUploaded(page);
    },
    send: (page) => statementDialog(page).getByRole('button', { name: 'Submit' }).click(),
    failed: async (page) => {
      // funding-methods.md 8: 'There was an error, please try again.'; the files stay for another Submit.
      await page.getByText('There was an error, please try again.').first().waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].some(
          (button) => button.textContent === 'Submit' && !button.disabled,
        ),
      );
    },
    kept: async (page) => {
      const files = statementDialog(page).getByRole('list', { name: 'Statement files' });
      await files.getByText('statement.png').waitFor();
      await files.getByText('Uploaded').waitFor();
    },
    retry: (page) => statementDialog(page).getByRole('button', { name: 'Submit' }).click(),
    succeeded: (page) => page.getByText("Thanks! We'll review your statement in 1-2 business days.").first().waitFor(),
  },
];

describeFaultRows('faults in the browser: onboarding, documents and profile endpoints', ROWS, browser);
