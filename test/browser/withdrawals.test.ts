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
import { baseUrl, DESKTOP, openPage, screenshot, seriousViolations, useBrowser, withFailureScreenshot } from './harness';
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
    headers: { authorization: `Bearer ${await apiToken(customer)}`, 'content-type': 'application/json', [CSRF_HEADER]: 'web', ...(init.headers ?? {}) },
  });
  return { status: response.status, body: (await response.json()) as T };
}

const amountField = (page: Page) => page.getByLabel('Amount', { exact: true });

describe('withdrawals (browser)', () => {
  it('a brokerage withdrawal to alex\'s bank: refused by the server when over what is available, then made', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'withdrawal', async () => {
      const customer = await signInFresh(page, 'alex@fundflow.test');
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
      await page.getByText(/^\w{3}, \w{3} \d{1,2}, \d{4}$/).first().waitFor();
      expect(await page.getByText('business days later').count()).toBe(0);
      await check(page, 'review');
      const elsewhere = await api(customer, ApiPaths.withdrawals, {
        method: 'POST',
        headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
        body: JSON.stringify({ accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: { amount: '1000.00', currency: 'USD' } }),
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
      await page.getByText(new RegExp(`\\$500\\.00 is on its way to .+ •••• ${bank.paymentMethodNumber.slice(-4)}\\. It should arrive by`)).waitFor();
      await check(page, 'success');

      const { body: made } = await api<WithdrawalsResponse>(customer, ApiPaths.withdrawals);
      expect(made.withdrawals.map((withdrawal) => withdrawal.amount.amount).sort()).toEqual(['1000.00', '500.00']);

      // The transfer history lists it with its steps.
      await page.getByRole('link', { name: 'View transfer history' }).click();
      const entry = page.getByRole('article', { name: /Withdrawal of \$500\.00/ });
      await entry.waitFor();
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
      const customer = await signInFresh(page, 'alex@fundflow.test');
      const { body: accounts } = await api<AccountsResponse>(customer, ApiPaths.accounts);
      const brokerage = accounts.accounts.find((account) => account.variant === 'US')!;
      const { body: methods } = await api<PaymentMethodsResponse>(customer, ApiPaths.paymentMethods);
      const card = methods.paymentMethods.find((method) => method.type === 'DEBIT_CARD')!;
      const intent = await api<{ id: string }>(customer, ApiPaths.depositIntents, {
        method: 'POST',
        body: JSON.stringify({ accountUuid: brokerage.accountUuid, paymentMethodId: card.id, amount: { amount: '2000.00', currency: 'USD' } }),
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
});
