import { ApiPaths } from '../../api/contract';
import { useBrowser } from './harness';
import {
  describeFaultRows,
  exactPath,
  FAULT_MESSAGES,
  faultText,
  freshCustomerEachRound,
  loadFailed,
  pageLoadRow,
  type Row,
} from './faultKit';
import {
  ADDRESS_UNIT,
  applicationReviewKept,
  applicationToReview,
  BENEFICIARY_NAMES,
  ensureTrustedContact,
  fillTrustedContact,
  openProfilePage,
  profileUi as ui,
} from './profileSteps';
import { DOCUMENT_ROWS } from './documentFaultRows';

// Issue 8, browser side: the onboarding (application, terms), documents and profile endpoints, each failed five
// ways (faultKit.ts says how and what each row proves). The profile saves are whole-resource PUTs and DELETEs
// without an idempotency key: sending one again changes nothing more, and each is sent once per press.

jest.setTimeout(300_000);

const browser = useBrowser();

// The rounds so far of the beneficiaries row (a new name each round) and the plan the membership row chose.
let beneficiaryRound = 0;
const beneficiaryName = () => BENEFICIARY_NAMES[beneficiaryRound % BENEFICIARY_NAMES.length];
let membershipTarget = '';

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
    failed: loadFailed("We couldn't load your application"),
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
      const form = ui.investingForm(page);
      await form.getByLabel('Investment objective').selectOption({ label: 'Generate income' });
      await form.getByLabel('Risk tolerance').selectOption({ label: 'Medium: some ups and downs are fine' });
      await form.getByLabel('Time horizon').selectOption({ label: '3 to 10 years' });
      await form.getByLabel('Investment experience').selectOption({ label: 'Extensive (more than 5 years)' });
      await form.getByLabel('Liquidity needs').selectOption({ label: 'Not important: I will not need it for years' });
      await form.getByLabel('Annual income').selectOption({ label: '$200,000 to $499,999' });
      await form.getByLabel('Net worth', { exact: true }).selectOption({ label: '$100,000 to $249,999' });
      await form.getByLabel('Liquid net worth').selectOption({ label: '$50,000 to $99,999' });
    },
    send: (page) => ui.investingForm(page).getByRole('button', { name: 'Save investing profile' }).click(),
    failed: async (page, fault) => {
      await ui.investingForm(page).getByText('Your investing profile was not saved').waitFor();
      await faultText(page, fault);
      await ui.investingForm(page).getByRole('button', { name: 'Save investing profile' }).waitFor();
    },
    kept: async (page) => {
      const form = ui.investingForm(page);
      expect(await form.getByLabel('Investment objective').inputValue()).toBe('INCOME');
      expect(await form.getByLabel('Liquid net worth').locator('option:checked').innerText()).toBe('$50,000 to $99,999');
    },
    retry: (page) => ui.investingForm(page).getByRole('button', { name: 'Save investing profile' }).click(),
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
    send: (page) => ui.trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).click(),
    failed: async (page, fault) => {
      await ui.trustedForm(page).getByText('Your trusted contact was not saved').waitFor();
      await faultText(page, fault);
      await ui.trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).waitFor();
    },
    kept: async (page) => {
      const form = ui.trustedForm(page);
      expect(await form.getByLabel('First name').inputValue()).toBe('Maria');
      expect(await form.getByLabel('Last name').inputValue()).toBe('Lopez');
      expect(await form.getByLabel('Phone').inputValue()).toBe('(312) 555-0177');
    },
    retry: (page) => ui.trustedForm(page).getByRole('button', { name: 'Save trusted contact' }).click(),
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
      const roth = ui.roth(page);
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
    send: (page) => ui.roth(page).getByRole('form').getByRole('button', { name: 'Save beneficiaries' }).click(),
    failed: async (page, fault) => {
      const form = ui.roth(page).getByRole('form');
      await form.getByText('Your beneficiaries were not saved').waitFor();
      await form.getByText(FAULT_MESSAGES[fault]).waitFor();
      await form.getByRole('button', { name: 'Save beneficiaries' }).waitFor();
    },
    kept: async (page) => {
      const person = ui.roth(page).getByRole('form').getByRole('group', { name: 'Primary beneficiary 1' });
      expect(await person.getByLabel('First name').inputValue()).toBe(beneficiaryName());
      expect(await person.getByLabel('Date of birth').inputValue()).toBe('1991-09-03');
      expect(await person.getByLabel('Share (%)').inputValue()).toBe('100');
    },
    retry: (page) => ui.roth(page).getByRole('form').getByRole('button', { name: 'Save beneficiaries' }).click(),
    succeeded: async (page) => {
      const roth = ui.roth(page);
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
      const choice = ui.membershipChoice(page);
      await choice.waitFor();
      membershipTarget = (await choice.innerText()).endsWith('Premium') ? 'Premium' : 'Basic';
      await choice.click();
      await ui.membershipDialog(page).waitFor();
    },
    send: (page) =>
      ui
        .membershipDialog(page)
        .getByRole('button', { name: /^Confirm (upgrade|switch)$/ })
        .click(),
    failed: async (page, fault) => {
      const dialog = ui.membershipDialog(page);
      await dialog.getByText(FAULT_MESSAGES[fault]).waitFor();
      await dialog.getByRole('button', { name: /^Confirm (upgrade|switch)$/ }).waitFor();
    },
    kept: async (page) => {
      // The plan the customer chose is still the one offered.
      await page.getByRole('dialog', { name: membershipTarget === 'Premium' ? 'Upgrade to Premium?' : 'Switch to Basic?' }).waitFor();
    },
    retry: (page) =>
      ui
        .membershipDialog(page)
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
      ui
        .roth(page)
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

  // ---- documents, and the bank verification by statement (documentFaultRows.ts) ----
  ...DOCUMENT_ROWS,
];

describeFaultRows('faults in the browser: onboarding, documents and profile endpoints', ROWS, browser);
