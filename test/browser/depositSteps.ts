import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import {
  ApiPaths,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  type AccountsResponse,
  type DepositIntent,
  type DepositsResponse,
  type PaymentMethodsResponse,
  type SandboxCustomerResponse,
  type SessionResponse,
} from '../../api/contract';
import { baseUrl, freshCustomer, screenshot, seriousViolations, signIn } from './harness';

// Steps of the deposit funds flow shared by the browser suites that drive it against the real server.

export const DEPOSIT_PATH = '/settings/v2/deposit?destination=us';

/** A Node session of the same customer (an access token), to set up or read what the server stored. */
export async function apiToken(customer: SandboxCustomerResponse): Promise<string> {
  const login = await fetch(`${baseUrl()}${ApiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  return ((await login.json()) as SessionResponse).accessToken;
}

export async function depositsOf(customer: SandboxCustomerResponse): Promise<DepositsResponse['deposits']> {
  const response = await fetch(`${baseUrl()}${ApiPaths.deposits}`, { headers: { authorization: `Bearer ${await apiToken(customer)}` } });
  return ((await response.json()) as DepositsResponse).deposits;
}

export async function check(page: Page, name: string) {
  await screenshot(page, `deposit-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

export async function signInFresh(page: Page, template: string) {
  const customer = await freshCustomer(template);
  await signIn(page, customer.email, customer.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return customer;
}

export const amountField = (page: Page) => page.getByLabel('Amount', { exact: true });

export async function openDeposit(page: Page, path = DEPOSIT_PATH) {
  await page.goto(path);
  await amountField(page).waitFor();
  // The default source is chosen once the methods load.
  await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select')?.value ?? '') !== '');
}

/** Types an amount, presses Next and waits for the review. */
export async function toReview(page: Page, amount: string) {
  await amountField(page).fill(amount);
  const next = page.getByRole('button', { name: 'Next' });
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('form button[type="submit"]')?.disabled);
  await next.click();
  await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
}

export async function confirmAndWait(page: Page, resultTitle: string) {
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('heading', { name: resultTitle }).waitFor();
}

/** Waits until the amount field shows `value` (the form takes a new draft amount on its next render). */
export async function amountShows(page: Page, value: string) {
  const input = await amountField(page).elementHandle();
  await page.waitForFunction(([element, expected]) => (element as HTMLInputElement).value === expected, [input, value] as const);
  return amountField(page).inputValue();
}

/** A deposit made by the same customer elsewhere (a Node session), from their default bank into the brokerage. */
export async function depositFromAnotherSession(customer: SandboxCustomerResponse, amount: string) {
  const headers = { authorization: `Bearer ${await apiToken(customer)}`, 'content-type': 'application/json', [CSRF_HEADER]: 'web' };
  const get = async <T>(url: string) => (await (await fetch(`${baseUrl()}${url}`, { headers })).json()) as T;
  const { accounts } = await get<AccountsResponse>(ApiPaths.accounts);
  const { paymentMethods } = await get<PaymentMethodsResponse>(ApiPaths.paymentMethods);
  const accountUuid = accounts.find((account) => account.variant === 'US')!.accountUuid;
  const paymentMethodId = paymentMethods.find((method) => method.type !== 'DEBIT_CARD' && method.status === 'APPROVED')!.id;
  const post = async <T>(url: string, body: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl()}${url}`, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const intent = await post<DepositIntent>(ApiPaths.depositIntents, { accountUuid, paymentMethodId, amount: { amount, currency: 'USD' } });
  await post(ApiPaths.depositConfirm, { id: intent.id, accountUuid }, { [IDEMPOTENCY_HEADER]: randomUUID() });
}

/** A bank linked by numbers through the API (the sandbox's known routing number). */
export async function linkBankByNumbers(customer: SandboxCustomerResponse) {
  const response = await fetch(`${baseUrl()}${ApiPaths.numberLink}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web', authorization: `Bearer ${await apiToken(customer)}` },
    body: JSON.stringify({ routingNumber: '021000021', bankAccount: '123456789' }),
  });
  if (!response.ok) throw new Error(`linking a bank failed: ${response.status} ${await response.text()}`);
}
