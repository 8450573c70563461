import type { FileChooser } from 'playwright-core';
import {
  ApiPaths,
  apiPath,
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  type PaymentMethodsResponse,
  type SandboxMicroDepositsResponse,
} from '../../api/contract';
import { answerWithFault } from './faultKit';
import { apiSession, check, clickAndType, focused, methodsList, openMenuItem, screenshotPhone, signInFresh, tabTo } from './fundingSteps';
import { DESKTOP, freshCustomer, openPage, PHONE, screenshot, signIn, signInByApi, useBrowser, withFailureScreenshot } from './harness';
import { onFreshPage } from './pageTest';
import { PNG_1X1, tempFiles } from './testFiles';

jest.setTimeout(120_000);

const browser = useBrowser();

describe('funding methods in the browser', () => {
  it('links a bank by micro-deposits, then verifies it after a wrong attempt', () =>
    onFreshPage(browser(), 'micro-deposits', async ({ page }) => {
      const customer = await signInByApi(page, 'new@fundflow.test');
      await page.goto('/settings/v2/transfers');
      await methodsList(page).waitFor();
      await check(page, 'manage');

      await page.getByRole('button', { name: 'Add funding method' }).click();
      const choose = page.getByRole('dialog', { name: 'Choose a funding method' });
      await choose.getByRole('radio', { name: /Microdeposit/ }).waitFor();
      await check(page, 'choose');
      await screenshotPhone(page, 'choose');
      // Nothing picked yet (Next disabled): Tab and Shift+Tab go round the dialog's controls and never behind it.
      const seen = new Set<string>();
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        const name = await focused(page);
        expect(name).not.toMatch(/^(outside|page|dialog)/);
        seen.add(name);
      }
      expect([...seen].some((name) => name.startsWith('Bank account'))).toBe(true);
      expect(seen.has('Close')).toBe(true);
      await choose.getByRole('radio', { name: /Microdeposit/ }).click();
      await choose.getByRole('button', { name: 'Next' }).click();

      // A person's way through the form: a click into each field and typing, then Tab (issue 18, defect 1).
      const link = page.getByRole('dialog', { name: 'Link with micro-deposits' });
      const routing = link.getByLabel('Routing number');
      const account = link.getByLabel('Account number', { exact: true });
      const confirmAccount = link.getByLabel('Confirm account number');
      await clickAndType(page, routing, '02100002');
      await clickAndType(page, account, '12');
      expect(await focused(page)).toBe('Account number');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Confirm account number');
      await page.keyboard.type('13');
      await routing.click();
      await link.getByText('Routing number is a 9 digit number').waitFor();
      await link.getByText('Bank account usually consists of at least three digits').waitFor();
      await check(page, 'micro-link-errors');
      await clickAndType(page, routing, '021000021');
      await clickAndType(page, account, '55667788');
      expect(await account.inputValue()).toBe('55667788');
      await page.keyboard.press('Tab');
      await page.keyboard.type('55667788');
      expect(await confirmAccount.inputValue()).toBe('55667788');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Next');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe('Account number');
      await screenshot(page, 'funding-micro-link');
      await screenshotPhone(page, 'micro-link');
      await clickAndType(page, account, '000123456789');
      await clickAndType(page, confirmAccount, '000123456789');
      await link.getByRole('button', { name: 'Next' }).click();
      await link.getByRole('group', { name: 'What kind of account is this?' }).waitFor();
      // Next moved focus to the step's heading (the dialog's title), where a screen reader reads on.
      expect(await focused(page)).toBe('Link with micro-deposits');
      await check(page, 'micro-account-type');
      await link.getByRole('radio', { name: 'Checking' }).check();
      await link.getByRole('button', { name: 'Next' }).click();
      await link.getByText('Look for two tiny deposits from Fundflow in 3-5 business days').waitFor();
      await check(page, 'micro-success');
      await link.getByRole('button', { name: 'Done' }).click();

      // The list refreshed by itself: the new bank waits for its deposits.
      await methodsList(page).getByText('Awaiting micro-deposits').waitFor();
      await page.getByRole('link', { name: 'Portfolio' }).click();
      await page.getByRole('button', { name: 'Finalize bank link' }).click();
      const verify = page.getByRole('dialog', { name: 'Verify Micro Deposits' });
      await verify.getByText('ending in 6789').waitFor();
      await check(page, 'micro-verify');

      const api = await apiSession(customer);
      const { paymentMethods } = await api.get<PaymentMethodsResponse>(ApiPaths.paymentMethods);
      const pending = paymentMethods.find((method) => method.approvalMethod === 'MICRO_DEPOSIT' && method.status === 'PENDING');
      if (!pending) throw new Error('no pending micro-deposit method');
      const amounts = await api.get<SandboxMicroDepositsResponse>(apiPath(ApiPaths.sandboxMicroDeposits, { paymentMethodId: pending.id }));
      // A wrong pair: two amounts that cannot both match the real ones.
      const wrong = ['0.01', '0.02', '0.03'].filter((amount) => amount !== amounts.amount1 && amount !== amounts.amount2).slice(0, 2);
      await clickAndType(page, verify.getByLabel('1st Amount'), wrong[0]);
      await clickAndType(page, verify.getByLabel('2nd Amount'), wrong[1]);
      expect(await verify.getByLabel('2nd Amount').inputValue()).toBe(wrong[1]);
      await verify.getByRole('button', { name: 'Next' }).click();
      await verify.getByRole('alert').filter({ hasText: 'The amounts you entered were incorrect' }).waitFor();
      await check(page, 'micro-verify-wrong');

      // Order does not matter: the second amount first; Tab from the first field reaches the second.
      await clickAndType(page, verify.getByLabel('1st Amount'), amounts.amount2);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('2nd Amount');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(amounts.amount1);
      await verify.getByRole('button', { name: 'Next' }).click();
      await verify.getByText('Bank account added!').waitFor();
      await check(page, 'micro-verify-success');
      await verify.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Finalize bank link' }).waitFor({ state: 'detached' });
    }));

  it('micro-deposit amounts are a dollar mask: "32" reads as $0.32 and "0.5" as $0.50', () =>
    onFreshPage(browser(), 'micro-deposit-mask', async ({ page }) => {
      // micro@'s waiting bank got $0.32 and $0.45.
      await signInFresh(page, 'micro@fundflow.test');
      const finalize = page.getByRole('button', { name: 'Finalize bank link' });
      // Opened from the keyboard and closed with Escape, the dialog gives focus back to the button (which spins,
      // disabled, while the dialog's code loads).
      await finalize.focus();
      await page.keyboard.press('Enter');
      const verify = page.getByRole('dialog', { name: 'Verify Micro Deposits' });
      await verify.waitFor();
      await page.keyboard.press('Escape');
      await verify.waitFor({ state: 'detached' });
      expect(await focused(page)).toBe('outside: Finalize bank link');
      await finalize.click();
      const first = verify.getByLabel('1st Amount');
      const second = verify.getByLabel('2nd Amount');
      await clickAndType(page, first, '45');
      expect(await first.inputValue()).toBe('0.45');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('2nd Amount');
      await page.keyboard.type('0.5');
      expect(await second.inputValue()).toBe('0.5');
      // Leaving the field judges it: 0.5 is a 3-character amount from 0.01 to 0.99, so no error.
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Dismiss');
      expect(await second.inputValue()).toBe('0.50');
      expect(await verify.getByText('Amount must be between $0.01 and $0.99').count()).toBe(0);
      await check(page, 'micro-verify-mask');
      await screenshotPhone(page, 'micro-verify-mask');
      // $0.45 and $0.50 reach the server, which reads them and says they are not the pair it sent.
      await verify.getByRole('button', { name: 'Next' }).click();
      await verify.getByRole('alert').filter({ hasText: 'The amounts you entered were incorrect' }).waitFor();
      await clickAndType(page, second, '32');
      expect(await second.inputValue()).toBe('0.32');
      await verify.getByRole('button', { name: 'Next' }).click();
      await verify.getByText('Bank account added!').waitFor();
    }));

  it('the account switcher moves through accounts with the arrow keys and switches only on Enter', () =>
    onFreshPage(browser(), 'account-switcher-keys', async ({ page }) => {
      await signInFresh(page, 'alex@fundflow.test');
      await page.waitForURL('**/portfolio');
      const switcher = page.getByRole('combobox', { name: 'Account' });
      await switcher.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      // Still the brokerage: the arrows only moved through the list.
      const options = page.getByRole('listbox', { name: 'Account' });
      await options.waitFor({ timeout: 5000 });
      expect(new URL(page.url()).searchParams.get('accountLoading')).toBeNull();
      expect(await switcher.textContent()).toContain('Brokerage');
      await check(page, 'account-switcher-open');
      // The phone header, for the eye (the accessibility suite runs axe on this page at 390 px).
      await screenshotPhone(page, 'account-switcher-open');
      await page.keyboard.press('Enter');
      await page.getByText(/^Switching to (Traditional IRA|Roth IRA)\.\.\.$/).waitFor();
    }));

  it('renames and removes a nickname, sets a default and removes a method', () =>
    onFreshPage(browser(), 'manage-methods', async ({ page }) => {
      await signInByApi(page, 'alex@fundflow.test');
      await page.goto('/settings/v2/transfers');
      await methodsList(page).waitFor();

      await openMenuItem(page, 'Chase Total Checking', 'Rename');
      const nickname = page.getByRole('dialog', { name: 'Bank account nickname' });
      await nickname.getByRole('button', { name: 'Edit nickname' }).click();
      const field = nickname.getByRole('textbox', { name: 'Bank account nickname' });
      await field.fill('Rent 🏠');
      await nickname.getByText('No emojis').waitFor();
      await check(page, 'nickname-edit');
      await field.fill('  Rent   money ');
      await nickname.getByRole('button', { name: 'Save' }).click();
      await nickname.getByRole('button', { name: 'Edit nickname' }).waitFor();
      await methodsList(page).getByText('Rent money').waitFor();
      await nickname.getByRole('button', { name: 'Remove' }).click();
      await nickname.getByText('Are you sure you want to remove this nickname?').waitFor();
      await check(page, 'nickname-remove');
      await nickname.getByRole('button', { name: 'Remove' }).click();
      await methodsList(page).getByText('Chase Total Checking').waitFor();
      await nickname.getByRole('button', { name: 'Close' }).click();

      await openMenuItem(page, 'Visa debit card', 'Set as Default');
      await page.getByText('Successfully changed default payment method').waitFor();
      await methodsList(page).getByRole('listitem').filter({ hasText: 'Visa debit card' }).getByText('(Default)').waitFor();

      await openMenuItem(page, 'Chase Total Checking', 'Remove');
      const remove = page.getByRole('dialog', { name: 'Remove funding method' });
      await remove.getByText('Confirm that you want to remove your funding method.').waitFor();
      await check(page, 'remove-confirm');
      await remove.getByRole('button', { name: 'Remove' }).click();
      await methodsList(page).getByText('Chase Total Checking').waitFor({ state: 'detached' });
      await check(page, 'after-remove');
    }));

  it('verifies a bank by uploading a statement through the drop zone: a failed file retries alone, a refused one is not sent', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    // A real 1x1 PNG, as two pages of a statement, and a text file the drop zone refuses before sending.
    const files = tempFiles('fundflow-statement-', { 'page-1.png': PNG_1X1, 'page-2.png': PNG_1X1, 'notes.txt': 'not a statement' });
    // The server sees each upload; page-2.png's first one meets an outage (a 500, as the fault kit answers it).
    const sent: string[] = [];
    // Listen for the picker from the start: Playwright turns on file-chooser interception when the first listener
    // is added, without waiting for it, and a single key press sent right after can reach the page first (CI's
    // busy cores did that once). A listener added now is in place long before Enter is pressed.
    let chooserOpened!: (opened: FileChooser) => void;
    const chooser = new Promise<FileChooser>((resolve) => (chooserOpened = resolve));
    let choosersOpened = 0;
    page.on('filechooser', (opened) => {
      choosersOpened += 1;
      chooserOpened(opened);
    });
    await page.route(`**${ApiPaths.verificationFiles}`, async (route) => {
      const { fileName } = route.request().postDataJSON() as { fileName: string };
      sent.push(fileName);
      if (fileName === 'page-2.png' && sent.filter((name) => name === fileName).length === 1) await answerWithFault(route, '500');
      else await route.continue();
    });
    await withFailureScreenshot(page, 'statement-upload', async () => {
      await signInByApi(page, 'unverified@fundflow.test');
      await page.goto('/settings/v2/transfers?bankVerification=enabled');
      const dialog = page.getByRole('dialog', { name: 'Verify your bank' });
      const banks = dialog.getByRole('list', { name: 'Banks to verify' });
      await banks.waitFor();
      await check(page, 'statement-list');
      await banks.getByRole('button').first().click();
      await dialog.getByRole('group', { name: 'Drop statement files here' }).waitFor();
      // The zone's file input is reached with Tab, and Enter opens the picker.
      let presses = 0;
      while (presses++ < 10 && !(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'file')))
        await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Upload statement');
      // Enter opens the picker (our handler; Space is the input's own).
      expect(choosersOpened).toBe(0);
      await page.keyboard.press('Enter');
      await (await chooser).setFiles(files);
      // One picker for one Enter (Chromium's own Enter handling must not open a second).
      expect(choosersOpened).toBe(1);
      const rows = dialog.getByRole('list', { name: 'Statement files' }).getByRole('listitem');
      const row = (name: string) => rows.filter({ hasText: name });
      await row('page-1.png').getByText('Uploaded').waitFor();
      await row('page-2.png').getByRole('alert').filter({ hasText: 'Something went wrong. Try again.' }).waitFor();
      await row('notes.txt').getByRole('alert').filter({ hasText: 'This image type is not supported.' }).waitFor();
      // A file refused before sending offers Remove, not Retry.
      expect(await row('notes.txt').getByRole('button', { name: 'Retry notes.txt' }).count()).toBe(0);
      expect(
        await row('page-1.png')
          .getByRole('button', { name: /^Retry/ })
          .count(),
      ).toBe(0);
      expect(sent.sort()).toEqual(['page-1.png', 'page-2.png']);
      await check(page, 'statement-drop-zone-failed-1280');
      await screenshotPhone(page, 'statement-drop-zone-failed');
      await row('page-2.png').getByRole('button', { name: 'Retry page-2.png' }).click();
      await row('page-2.png').getByText('Uploaded').waitFor();
      // Only the failed file was sent again; the uploaded one once, the refused one never.
      expect(sent.sort()).toEqual(['page-1.png', 'page-2.png', 'page-2.png']);
      await check(page, 'statement-upload');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await page.getByText("Thanks! We'll review your statement in 1-2 business days.").first().waitFor();
      await check(page, 'statement-submitted');
      await dialog.getByRole('button', { name: 'Close' }).click();
      expect(new URL(page.url()).searchParams.get('bankVerification')).toBeNull();
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the addition rules come before a flow opened by a link: full@ (the most methods) reads why on the first screen, with a way back', () =>
    onFreshPage(browser(), 'addition-gate', async ({ page }) => {
      const limitWords =
        'You have reached the limit of funding methods (three bank accounts and one debit card). Remove one to add another.';
      await signInByApi(page, 'full@fundflow.test');
      for (const query of ['bankLink=enabled', 'm=debit']) {
        await page.goto(`/settings/v2/transfers?${query}`);
        const dialog = page.getByRole('dialog');
        await dialog.getByText(limitWords).waitFor();
        // The header names the page the customer is on, not the search that is not there.
        if (query === 'bankLink=enabled') await page.getByRole('dialog', { name: "You can't link another bank" }).waitFor();
        // Nothing to type: no bank search, no card fields.
        expect(await dialog.getByRole('textbox').count()).toBe(0);
        await check(page, `addition-gate-${query.split('=')[0]}-1280`);
        expect(await tabTo(page, 'Back')).toBe('Back');
        await page.keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached' });
        await page.waitForURL((url) => url.pathname === '/settings/v2/transfers' && !url.search.includes(query));
      }
      // On a phone the flow is its own page: the same first screen.
      await page.setViewportSize(PHONE);
      await page.goto('/settings/v2/transfers?bankLink=enabled');
      await page.getByText(limitWords).waitFor();
      await page.getByRole('heading', { level: 1, name: "You can't link another bank" }).waitFor();
      await check(page, 'addition-gate-bankLink-390');
    }));

  it('a debit card blocker comes before the card: pending@ opening ?m=debit reads why and Finish Application, with no card fields', () =>
    onFreshPage(browser(), 'debit-card-blocker', async ({ page }) => {
      await signInByApi(page, 'pending@fundflow.test');
      await page.goto('/settings/v2/transfers?m=debit');
      const dialog = page.getByRole('dialog', { name: 'Add debit card' });
      await dialog.getByText('Before linking a debit card, set up your account - it only takes 2 minutes.').waitFor();
      expect(await dialog.getByLabel('Cardholder name').count()).toBe(0);
      await check(page, 'debit-card-blocker-1280');
      let presses = 0;
      while (presses++ < 12 && (await page.evaluate(() => document.activeElement?.textContent?.trim())) !== 'Finish Application')
        await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Finish Application');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/setup-investing');
    }));

  it('a debit card blocker comes before the card: unverified@ (no address on file) reads why, and Add your address opens the address form', () =>
    onFreshPage(browser(), 'debit-card-no-address', async ({ page }) => {
      await signInByApi(page, 'unverified@fundflow.test');
      await page.goto('/settings/v2/transfers?m=debit');
      const dialog = page.getByRole('dialog', { name: 'Add debit card' });
      await dialog.getByRole('alert').filter({ hasText: 'Add your address first' }).waitFor();
      await dialog.getByText("We need your address first: it must match your card's billing address.", { exact: false }).waitFor();
      expect(await dialog.getByLabel('Cardholder name').count()).toBe(0);
      await check(page, 'debit-card-no-address-1280');
      await screenshotPhone(page, 'debit-card-no-address');
      let presses = 0;
      while (presses++ < 12 && (await focused(page)) !== 'Add your address') await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Add your address');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Confirm your address' }).waitFor();
    }));

  it('a debit card blocker comes before the card: after 10 address changes the dialog says so and offers Contact Support', () =>
    onFreshPage(browser(), 'debit-card-address-changes', async ({ page }) => {
      const customer = await freshCustomer('card@fundflow.test');
      const api = await apiSession(customer);
      const address = { address1: '10 Downing Lane', address2: null, city: 'Boulder', state: 'CO', zipcode: '80301', country: 'USA' };
      for (let attempt = 0; attempt < DEBIT_CARD_MAX_ADDRESS_ATTEMPTS; attempt += 1)
        expect((await api.put(ApiPaths.debitCardAddress, address)).status).toBe(200);
      await signIn(page, customer.email, customer.password);
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto('/settings/v2/transfers?m=debit');
      const dialog = page.getByRole('dialog', { name: 'Add debit card' });
      await dialog.getByRole('alert').filter({ hasText: 'Too many address changes' }).waitFor();
      expect(await dialog.getByLabel('Cardholder name').count()).toBe(0);
      expect(await dialog.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:/);
      await check(page, 'debit-card-address-changes-1280');
      await screenshotPhone(page, 'debit-card-address-changes');
      await dialog.getByRole('button', { name: 'Dismiss' }).click();
      await dialog.waitFor({ state: 'detached' });
    }));

  it('shows wire instructions to a complete application, and explains otherwise', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'wire', async () => {
      await signInByApi(page, 'alex@fundflow.test');
      await page.goto('/settings/wire-transfer');
      await page.waitForURL('**/settings/v2/wire-transfer');
      await page.getByRole('button', { name: 'Copy Routing number (ABA)' }).waitFor();
      await page
        .getByText(/1 business day/)
        .first()
        .waitFor();
      await check(page, 'wire');
    });
    const other = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(other.page, 'wire-pending', async () => {
      await signInByApi(other.page, 'pending@fundflow.test');
      await other.page.goto('/settings/v2/wire-transfer');
      await other.page.getByText('Wire transfers are offered once your application is complete.').waitFor();
      await check(other.page, 'wire-not-offered');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
    await other.context.close();
  });
});
