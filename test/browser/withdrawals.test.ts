import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  ApiPaths,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  type AccountsResponse,
  type PaymentMethodsResponse,
  type SandboxCustomerResponse,
  type WithdrawalsResponse,
} from '../../api/contract';
import {
  baseUrl,
  DESKTOP,
  openPage,
  PHONE,
  screenshot,
  seriousViolations,
  signInByApi,
  useBrowser,
  withFailureScreenshot,
} from './harness';
import { apiToken, signInFresh } from './depositSteps';

// The brokerage withdrawal page against the real server: alex (a fresh copy) has $12,480.55 in brokerage, of which
// $100.00 is the instant part of a deposit that has not settled and $300.00 came from his debit card 25 days ago
// (held 120 days): $12,080.55 is available to withdraw.

jest.setTimeout(120_000);

const browser = useBrowser();

async function check(page: Page, name: string) {
  await screenshot(page, `withdrawal-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

async function api<T>(customer: SandboxCustomerResponse, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${await apiToken(customer)}`,
      'content-type': 'application/json',
      [CSRF_HEADER]: 'web',
      ...(init.headers ?? {}),
    },
  });
  return { status: response.status, body: (await response.json()) as T };
}

const amountField = (page: Page) => page.getByLabel('Amount', { exact: true });

describe('withdrawals (browser)', () => {
  it("a brokerage withdrawal to alex's bank: refused by the server when over what is available, then made", async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'withdrawal', async () => {
      const customer = await signInByApi(page, 'alex@fundflow.test');
      const { body: accounts } = await api<AccountsResponse>(customer, ApiPaths.accounts);
      const brokerage = accounts.accounts.find((account) => account.variant === 'US')!;
      const { body: methods } = await api<PaymentMethodsResponse>(customer, ApiPaths.paymentMethods);
      const bank = methods.paymentMethods.find((method) => method.type !== 'DEBIT_CARD' && method.status === 'APPROVED')!;

      await page.goto('/settings/v2/withdrawal');
      await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
      await page.getByText('$12,080.55', { exact: true }).waitFor();
      const held = page.getByRole('list', { name: 'Held from withdrawal' });
      await held.getByText(/^\$300\.00 from your debit card is held until \w{3}, \w{3} \d{1,2}, \d{4}\.$/).waitFor();
      await held.getByText(/^\$100\.00 from a bank deposit that has not settled is held until \w{3}, \w{3} \d{1,2}, \d{4}\.$/).waitFor();
      expect(await page.getByRole('combobox', { name: 'To', exact: true }).inputValue()).toBe(bank.id);
      await check(page, 'amount');

      // The page itself refuses one cent more than is available.
      await amountField(page).fill('12080.56');
      await page.getByText('You can withdraw up to $12,080.55.').waitFor();
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

      // The page thinks $12,080.55 is available; meanwhile $1,000.00 leaves through another session.
      await amountField(page).fill('12000');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review withdrawal' }).waitFor();
      // The arrival date from the server's bank calendar, not "2 business days later".
      await page
        .getByText(/^\w{3}, \w{3} \d{1,2}, \d{4}$/)
        .first()
        .waitFor();
      expect(await page.getByText('business days later').count()).toBe(0);
      await check(page, 'review');
      const elsewhere = await api(customer, ApiPaths.withdrawals, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
        body: JSON.stringify({
          accountUuid: brokerage.accountUuid,
          paymentMethodId: bank.id,
          amount: { amount: '1000.00', currency: 'USD' },
        }),
      });
      expect(elsewhere.status).toBe(201);

      // So the server refuses this one.
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Withdrawal not made' }).waitFor();
      await page.getByRole('alert').filter({ hasText: 'You can withdraw up to $11,080.55 from this account.' }).waitFor();
      await check(page, 'refused');

      // Back to the amount, with the new figure; a smaller withdrawal goes through.
      await page.getByRole('button', { name: 'Edit withdrawal' }).click();
      await page.getByText('$11,080.55', { exact: true }).waitFor();
      await page.getByText('$1,000.00 is already on its way to your bank.').waitFor();
      await amountField(page).fill('500');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Withdrawal on its way' }).waitFor();
      await page
        .getByText(new RegExp(`\\$500\\.00 is on its way to .+ •••• ${bank.paymentMethodNumber.slice(-4)}\\. It should arrive by`))
        .waitFor();
      await check(page, 'success');

      const { body: made } = await api<WithdrawalsResponse>(customer, ApiPaths.withdrawals);
      expect(made.withdrawals.map((withdrawal) => withdrawal.amount.amount).sort()).toEqual(['1000.00', '500.00']);

      // The transfer history lists it with its steps.
      await page.getByRole('link', { name: 'View transfer history' }).click();
      const entry = page.getByRole('article', { name: /Withdrawal of \$500\.00/ });
      await entry.waitFor();
      // Issue 18: each row is one line; Details opens its steps.
      await entry.getByRole('button', { name: 'Details' }).click();
      await entry.getByRole('list', { name: 'Progress of this withdrawal' }).waitFor();
      await check(page, 'history');

      await page.goto('/settings/v2/withdrawal');
      await page.getByText('$10,580.55', { exact: true }).waitFor();
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a $2,000.00 debit-card deposit is invested at once but not withdrawable to a bank: the page says until when', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'withdrawal-card-hold', async () => {
      const customer = await signInByApi(page, 'alex@fundflow.test');
      const { body: accounts } = await api<AccountsResponse>(customer, ApiPaths.accounts);
      const brokerage = accounts.accounts.find((account) => account.variant === 'US')!;
      const { body: methods } = await api<PaymentMethodsResponse>(customer, ApiPaths.paymentMethods);
      const card = methods.paymentMethods.find((method) => method.type === 'DEBIT_CARD')!;
      const intent = await api<{ id: string }>(customer, ApiPaths.depositIntents, {
        method: 'POST',
        body: JSON.stringify({
          accountUuid: brokerage.accountUuid,
          paymentMethodId: card.id,
          amount: { amount: '2000.00', currency: 'USD' },
        }),
      });
      expect(intent.status).toBe(201);
      const made = await api(customer, ApiPaths.depositConfirm, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
        body: JSON.stringify({ id: intent.body.id, accountUuid: brokerage.accountUuid }),
      });
      expect(made.status).toBe(200);

      await page.goto('/settings/v2/withdrawal');
      // The balance grew by $2,000.00; what may leave did not.
      await page.getByText('$12,080.55', { exact: true }).waitFor();
      await page
        .getByRole('list', { name: 'Held from withdrawal' })
        .getByText(/^\$2,000\.00 from your debit card is held until \w{3}, \w{3} \d{1,2}, \d{4}\.$/)
        .waitFor();
      await amountField(page).fill('12080.56');
      await page.getByText('You can withdraw up to $12,080.55.').waitFor();
      await check(page, 'card-hold');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('micro@ verifies the bank waiting for micro-deposits from inside the withdrawal, is told the withdrawal was not completed, and restarts with that bank offered (2.6)', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'withdrawal-micro-verify', async () => {
      await signInFresh(page, 'micro@fundflow.test');
      // The portfolio home says which bank waits for its micro-deposits.
      await page.getByRole('list', { name: 'Funding methods' }).getByText('Awaiting micro-deposits').waitFor();
      await check(page, 'micro-portfolio-1280');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'withdrawal-micro-portfolio-390');
      await page.setViewportSize(DESKTOP);
      await page.goto('/settings/v2/withdrawal');
      await page.getByRole('heading', { name: 'Withdraw funds' }).waitFor();
      const to = page.getByRole('combobox', { name: 'To', exact: true });
      // Navy (•••• 7312) waits for its micro-deposits: not a destination yet, but offered to verify in place.
      expect(await to.locator('option', { hasText: '7312' }).count()).toBe(0);
      await amountField(page).click();
      await page.keyboard.type('25');
      const waiting = page.getByText('Navy Federal Credit Union account •••• 7312 is waiting for micro-deposits');
      await waiting.waitFor();
      await check(page, 'micro-waiting-1280');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'withdrawal-micro-waiting-390');
      await page.setViewportSize(DESKTOP);

      await page.getByRole('button', { name: 'Verify micro-deposits' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verify Micro Deposits' });
      await dialog.getByText(/ending in 7312/).waitFor();
      // The sandbox sent $0.32 and $0.45 (seed); typed the way a person does: click, type, Tab, type.
      await dialog.getByLabel('1st Amount').click();
      await page.keyboard.type('0.45');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('amount2');
      await page.keyboard.type('0.32');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByText('Bank account added!').waitFor();
      await dialog.getByText('Your bank account has been connected. You can now use it to deposit and withdraw money.').waitFor();
      await dialog.getByText('Withdrawal not completed - Please wait 2 to 3 minutes and restart your withdrawal request').waitFor();
      await check(page, 'micro-verified-1280');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'withdrawal-micro-verified-390');
      await page.setViewportSize(DESKTOP);

      // Done: this request was not made; the page starts again, empty, with the verified bank among the destinations.
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      await waiting.waitFor({ state: 'detached' });
      await to.locator('option', { hasText: '7312' }).waitFor({ state: 'attached' });
      expect(await amountField(page).inputValue()).toBe('');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('amount');
      await check(page, 'micro-restarted-1280');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
