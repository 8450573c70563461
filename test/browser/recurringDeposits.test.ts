import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { marketDate } from '../../api/contract/bankCalendar';
import type { Page } from 'playwright-core';
import {
  ApiPaths,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  type AccountsResponse,
  type Deposit,
  type DepositIntent,
  type PaymentMethodsResponse,
  type SandboxCustomerResponse,
  type SessionResponse,
} from '../../api/contract';
import {
  baseUrl,
  DESKTOP,
  freshCustomer,
  openPage,
  PHONE,
  screenshot,
  seriousViolations,
  signCustomerInByApi,
  useBrowser,
  withFailureScreenshot,
} from './harness';

jest.setTimeout(120_000);

const browser = useBrowser();

/** Where the deposit-flow wiring puts the history page (src/routes/routeTable.tsx). */
const HISTORY_PATH = '/settings/v2/transfers/history';
const TRANSFERS_PATH = '/settings/v2/transfers';

/** A second session from Node, for the set-up a test needs before the screen it is about. */
async function apiSession(customer: SandboxCustomerResponse) {
  const login = await fetch(`${baseUrl()}${ApiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status}`);
  const { accessToken } = (await login.json()) as SessionResponse;
  const headers = { authorization: `Bearer ${accessToken}` };
  async function call<T>(method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> {
    const response = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: {
        ...headers,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: 'web' }),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
  return { call };
}

/** The customer's brokerage account and default bank. */
async function brokerageAndBank(api: Awaited<ReturnType<typeof apiSession>>) {
  const { accounts } = await api.call<AccountsResponse>('GET', ApiPaths.accounts);
  const { paymentMethods } = await api.call<PaymentMethodsResponse>('GET', ApiPaths.paymentMethods);
  const brokerage = accounts.find((account) => account.variant === 'US');
  const bank = paymentMethods.find((method) => method.type !== 'DEBIT_CARD' && method.status === 'APPROVED');
  if (!brokerage || !bank) throw new Error('the demo customer has no brokerage account or no approved bank');
  return { brokerage, bank };
}

async function check(page: Page, name: string) {
  await screenshot(page, `recurring-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Through the API: every test opens its page next. */
async function signInFresh(page: Page, customer: SandboxCustomerResponse) {
  await signCustomerInByApi(page, customer);
}

/** Polls a condition on the page (playwright-core has no expect with retries). */
async function waitUntil(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();

describe('recurring deposits and the transfer history in the browser', () => {
  it('a recurring deposit is listed, paused, resumed, skipped and canceled', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'recurring-manage', async () => {
      const customer = await freshCustomer('alex@fundflow.test');
      const api = await apiSession(customer);
      const { brokerage, bank } = await brokerageAndBank(api);
      await signInFresh(page, customer);

      // Created through the deposit flow, from the list's own link; Done comes back to the list.
      await page.goto(TRANSFERS_PATH);
      await page.locator('#recurring-deposits').getByRole('link', { name: 'Set up a recurring deposit' }).click();
      await page.waitForURL(/\/settings\/v2\/deposit\?frequency=WEEKLY/);
      await page.getByLabel('Amount', { exact: true }).fill('37');
      await page.getByLabel('Amount', { exact: true }).press('Tab');
      const to = page.getByLabel('To', { exact: true });
      if ((await to.count()) > 0) await to.selectOption(brokerage.accountUuid);
      await page.getByRole('radiogroup', { name: 'Frequency' }).getByRole('radio', { name: 'Biweekly' }).click();
      await page.getByRole('radiogroup', { name: 'Day of the week' }).getByRole('radio', { name: 'Fri' }).click();
      await page.getByRole('button', { name: 'Review' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Recurring deposit set up').waitFor();
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL((url) => url.pathname === TRANSFERS_PATH && url.hash === '#recurring-deposits');

      const schedule = page.getByRole('article', { name: '$37.00 Every 2 weeks on Friday' });
      await schedule.waitFor();
      await schedule.getByText(`${bank.displayName} •••• ${bank.paymentMethodNumber.slice(-4)}`).waitFor();
      const dates = schedule.getByRole('listitem');
      expect(await dates.count()).toBe(3);
      // The day each deposit is made (a schedule's Friday that is a Fed holiday moves to Monday and says so beside it).
      const days = schedule.getByRole('listitem').locator('time');
      expect(await dates.first().textContent()).toMatch(
        /^(Fri, [A-Z][a-z]{2} \d{1,2}, \d{4}|Mon, [A-Z][a-z]{2} \d{1,2}, \d{4} \(moved from Fri, [A-Z][a-z]{2} \d{1,2}: .+\))$/,
      );
      await check(page, 'active');

      await schedule.getByRole('button', { name: 'Pause' }).click();
      await toast(page, 'Recurring deposit paused. No deposits are made until you resume it.');
      await schedule.getByRole('button', { name: 'Resume' }).waitFor();
      await schedule.getByText('You paused this schedule. No deposits are made until you resume it.').waitFor();
      await check(page, 'paused');

      await schedule.getByRole('button', { name: 'Resume' }).click();
      await toast(page, /^Recurring deposit resumed/);
      await schedule.getByRole('button', { name: 'Pause' }).waitFor();

      const firstBefore = await days.first().textContent();
      const secondBefore = await days.nth(1).textContent();
      await schedule.getByRole('button', { name: 'Skip next' }).click();
      await toast(page, `The deposit of ${firstBefore} will be skipped. Next deposit: ${secondBefore}.`);
      await waitUntil(async () => (await days.first().textContent()) === secondBefore, 'the list to move on to the following date');

      await schedule.getByRole('button', { name: 'Cancel' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel recurring deposit?' });
      await dialog.waitFor();
      await check(page, 'cancel-dialog');
      await dialog.getByRole('button', { name: 'Cancel recurring deposit' }).click();
      await toast(page, 'Recurring deposit canceled.');
      await schedule.waitFor({ state: 'detached' });
      await check(page, 'after-cancel');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the history shows a bank deposit step by step, and it can be canceled before the cut-off', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'history-cancel', async () => {
      const customer = await freshCustomer('alex@fundflow.test');
      const api = await apiSession(customer);
      const { brokerage, bank } = await brokerageAndBank(api);
      const intent = await api.call<DepositIntent>('POST', ApiPaths.depositIntents, {
        paymentMethodId: bank.id,
        accountUuid: brokerage.accountUuid,
        amount: { amount: '43.00', currency: 'USD' },
      });
      const deposit = await api.call<Deposit>(
        'POST',
        ApiPaths.depositConfirm,
        { id: intent.id, accountUuid: brokerage.accountUuid },
        { [IDEMPOTENCY_HEADER]: randomUUID() },
      );
      // A bank deposit goes to the bank at the next cut-off, always after the moment it is made.
      expect(deposit.cancellableUntil).not.toBeNull();

      await signInFresh(page, customer);
      await page.goto(HISTORY_PATH);
      const list = page.getByRole('list', { name: 'Deposits and transfers' });
      await list.waitFor();
      const entry = list.getByRole('article', { name: 'Deposit of $43.00' });
      // Issue 18: the row is one line; its Details button opens the timeline.
      const details = entry.getByRole('button', { name: 'Details' });
      expect(await details.getAttribute('aria-expanded')).toBe('false');
      await details.click();
      expect(await details.getAttribute('aria-expanded')).toBe('true');
      await entry.getByRole('list', { name: 'Progress of this deposit' }).getByText('Deposit initiated').waitFor();
      await entry.getByText(/You can cancel this deposit until .+ at \d{1,2}:\d{2} [AP]M E[SD]T\./).waitFor();
      await check(page, 'history');

      await entry.getByRole('button', { name: 'Cancel deposit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this deposit?' });
      await dialog
        .getByText(`$43.00 from ${bank.displayName} •••• ${bank.paymentMethodNumber.slice(-4)} to ${brokerage.displayName}`)
        .waitFor();
      await check(page, 'history-cancel-dialog');
      await dialog.getByRole('button', { name: 'Cancel deposit' }).click();
      await toast(page, 'Deposit canceled. Nothing will be taken from your bank.');
      await entry.getByText('Canceled', { exact: true }).waitFor();
      expect(await entry.getByRole('button', { name: 'Cancel deposit' }).count()).toBe(0);
      await check(page, 'history-canceled');

      // Issue 18: filters with clicks and the keyboard, kept in the address; an empty result says so.
      await page.getByRole('radio', { name: 'Transfers' }).click();
      await page.waitForURL(/type=transfer/);
      await page.getByText('Nothing matches these filters').waitFor();
      await page.keyboard.press('ArrowLeft');
      await page.waitForURL(/type=deposit/);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Deposits');
      await page.getByRole('radio', { name: 'Canceled' }).click();
      await page.waitForURL(/status=canceled/);
      await entry.waitFor();
      // Tab to the From date and type the day the deposit was made (New York), then the To date.
      const [year, month, day] = marketDate(new Date(deposit.createdAt)).split('-');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('date');
      await page.keyboard.type(`${month}${day}${year}`);
      await page.waitForURL(new RegExp(`from=${year}-${month}-${day}`));
      // A click on the To date's month part, then the digits.
      await page.getByRole('textbox', { name: 'To', exact: true }).click({ position: { x: 24, y: 20 } });
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('To');
      await page.keyboard.type(`${month}${day}${year}`);
      await page.waitForURL(new RegExp(`to=${year}-${month}-${day}`));
      await entry.waitFor();
      // A row opens and closes from the keyboard too (it came back closed when the filters brought it back).
      const rowToggle = entry.getByRole('button', { name: 'Details' });
      expect(await rowToggle.getAttribute('aria-expanded')).toBe('false');
      await rowToggle.focus();
      await page.keyboard.press('Enter');
      expect(await rowToggle.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Space');
      expect(await rowToggle.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('Enter');
      await entry.getByRole('list', { name: 'Progress of this deposit' }).waitFor();
      await check(page, 'history-filtered');
      await page.screenshot({ path: '/tmp/history-filters-1280.png', fullPage: true });
      await page.setViewportSize(PHONE);
      await check(page, 'history-filtered-390');
      await page.screenshot({ path: '/tmp/history-filters-390.png', fullPage: true });
      await page.setViewportSize(DESKTOP);

      // The CSV holds exactly the rows shown: a header, ISO 8601 dates, exact decimals.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^fundflow-history-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
      expect(csv[0]).toBe('"Date","Type","From","To","Amount","Currency","Status"');
      expect(csv[1]).toBe(
        `"${new Date(deposit.createdAt).toISOString()}","Deposit","${bank.displayName} •••• ${bank.paymentMethodNumber.slice(-4)}","${brokerage.displayName}","43.00","USD","Canceled"`,
      );
      expect(csv.slice(2)).toEqual(['']);

      // Clear filters brings every row back and empties the address.
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => url.search === '');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the manage list and the history fit a phone', async () => {
    const { page, context, pageErrors } = await openPage(browser(), PHONE);
    await withFailureScreenshot(page, 'recurring-phone', async () => {
      const customer = await freshCustomer('alex@fundflow.test');
      await signInFresh(page, customer);
      await page.goto(`${TRANSFERS_PATH}#recurring-deposits`);
      await page.getByRole('heading', { name: 'Recurring deposits' }).waitFor();
      // Every account's list has answered (there is one spinner per account still loading).
      await page.locator('#recurring-deposits').waitFor();
      await waitUntil(
        async () =>
          (await page
            .locator('#recurring-deposits')
            .getByText(/Loading recurring deposits/)
            .count()) === 0,
        'the recurring lists to load',
      );
      await check(page, 'phone-transfers');
      await page.goto(HISTORY_PATH);
      await page.getByRole('heading', { name: 'Transfer history' }).waitFor();
      await page.getByText('Loading your deposits and transfers').waitFor({ state: 'detached' });
      await check(page, 'phone-history');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
