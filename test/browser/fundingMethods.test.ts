import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  ApiPaths,
  apiPath,
  CSRF_HEADER,
  type PaymentMethodsResponse,
  type SandboxCustomerResponse,
  type SandboxMicroDepositsResponse,
  type SessionResponse,
} from '../../api/contract';
import { baseUrl, DESKTOP, freshCustomer, openPage, screenshot, seriousViolations, signIn, useBrowser, withFailureScreenshot } from './harness';

jest.setTimeout(120_000);

const browser = useBrowser();

/** A second session from Node, to read what the sandbox would show on a bank statement. */
async function apiSession(customer: SandboxCustomerResponse) {
  const login = await fetch(`${baseUrl()}${ApiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const { accessToken } = (await login.json()) as SessionResponse;
  const get = async <T>(url: string) => (await (await fetch(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as T;
  return { get };
}

/** Axe finds nothing serious or critical on this screen, and a screenshot keeps it. */
async function check(page: Page, name: string) {
  await screenshot(page, `funding-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

async function signInFresh(page: Page, template: string, startAt = '/login') {
  const customer = await freshCustomer(template);
  await signIn(page, customer.email, customer.password, startAt);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return customer;
}

const methodsList = (page: Page) => page.getByRole('list', { name: 'Your funding methods' });

async function openMenuItem(page: Page, methodName: string, item: string) {
  await page.getByRole('button', { name: `Options for ${methodName}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

describe('funding methods in the browser', () => {
  it('links a bank by micro-deposits, then verifies it after a wrong attempt', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'micro-deposits', async () => {
      const customer = await signInFresh(page, 'new@fundflow.test');
      await page.goto('/settings/v2/transfers');
      await methodsList(page).waitFor();
      await check(page, 'manage');

      await page.getByRole('button', { name: 'Add funding method' }).click();
      const choose = page.getByRole('dialog', { name: 'Choose a funding method' });
      await choose.getByRole('radio', { name: /Microdeposit/ }).waitFor();
      await check(page, 'choose');
      await choose.getByRole('radio', { name: /Microdeposit/ }).check();
      await choose.getByRole('button', { name: 'Next' }).click();

      const link = page.getByRole('dialog', { name: 'Link with micro-deposits' });
      await link.getByLabel('Routing number').fill('02100002');
      await link.getByLabel('Account number', { exact: true }).fill('12');
      await link.getByLabel('Confirm account number').fill('13');
      await link.getByLabel('Routing number').click();
      await link.getByText('Routing number is a 9 digit number').waitFor();
      await link.getByText('Bank account usually consists of at least three digits').waitFor();
      await check(page, 'micro-link-errors');
      await link.getByLabel('Routing number').fill('021000021');
      await link.getByLabel('Account number', { exact: true }).fill('000123456789');
      await link.getByLabel('Confirm account number').fill('000123456789');
      await link.getByRole('button', { name: 'Next' }).click();
      await link.getByRole('group', { name: 'What kind of account is this?' }).waitFor();
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
      await verify.getByLabel('1st Amount').fill(wrong[0]);
      await verify.getByLabel('2nd Amount').fill(wrong[1]);
      await verify.getByRole('button', { name: 'Next' }).click();
      await verify.getByRole('alert').filter({ hasText: 'The amounts you entered were incorrect' }).waitFor();
      await check(page, 'micro-verify-wrong');

      // Order does not matter: the second amount first.
      await verify.getByLabel('1st Amount').fill(amounts.amount2);
      await verify.getByLabel('2nd Amount').fill(amounts.amount1);
      await verify.getByRole('button', { name: 'Next' }).click();
      await verify.getByText('Bank account added!').waitFor();
      await check(page, 'micro-verify-success');
      await verify.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Finalize bank link' }).waitFor({ state: 'detached' });
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('renames and removes a nickname, sets a default and removes a method', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'manage-methods', async () => {
      await signInFresh(page, 'alex@fundflow.test');
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
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('verifies a bank by uploading a statement', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    const dir = mkdtempSync(path.join(tmpdir(), 'fundflow-statement-'));
    const png = path.join(dir, 'statement.png');
    // A real 1x1 PNG.
    writeFileSync(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));
    await withFailureScreenshot(page, 'statement-upload', async () => {
      await signInFresh(page, 'unverified@fundflow.test');
      await page.goto('/settings/v2/transfers?bankVerification=enabled');
      const dialog = page.getByRole('dialog', { name: 'Verify your bank' });
      const banks = dialog.getByRole('list', { name: 'Banks to verify' });
      await banks.waitFor();
      await check(page, 'statement-list');
      await banks.getByRole('button').first().click();
      await dialog.getByLabel('Upload statement').setInputFiles(png);
      await dialog.getByText('Uploaded').waitFor();
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

  it('shows wire instructions to a complete application, and explains otherwise', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'wire', async () => {
      await signInFresh(page, 'alex@fundflow.test');
      await page.goto('/settings/wire-transfer');
      await page.waitForURL('**/settings/v2/wire-transfer');
      await page.getByRole('button', { name: 'Copy Routing number (ABA)' }).waitFor();
      await page.getByText(/1 business day/).first().waitFor();
      await check(page, 'wire');
    });
    const other = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(other.page, 'wire-pending', async () => {
      await signInFresh(other.page, 'pending@fundflow.test');
      await other.page.goto('/settings/v2/wire-transfer');
      await other.page.getByText('Wire transfers are offered once your application is complete.').waitFor();
      await check(other.page, 'wire-not-offered');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
    await other.context.close();
  });
});
