import type { Page } from 'playwright-core';
import { ApiPaths, CSRF_HEADER, type SandboxCustomerResponse, type SessionResponse } from '../../api/contract';
import { baseUrl, DESKTOP, freshCustomer, PHONE, screenshot, seriousViolations, signIn } from './harness';

// Steps of the funding-methods suite (fundingMethods.test.ts): a Node session, the axe check with its screenshot,
// what has focus, typing as a person does, and the methods list's menu.

/** A second session from Node, to read what the sandbox would show on a bank statement. */
export async function apiSession(customer: SandboxCustomerResponse) {
  const login = await fetch(`${baseUrl()}${ApiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const { accessToken } = (await login.json()) as SessionResponse;
  const get = async <T>(url: string) =>
    (await (await fetch(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as T;
  const put = async (url: string, body: unknown) =>
    fetch(`${baseUrl()}${url}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
      body: JSON.stringify(body),
    });
  return { get, put };
}

/** Axe finds nothing serious or critical on this screen, and a screenshot keeps it. */
export async function check(page: Page, name: string) {
  await screenshot(page, `funding-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

export async function signInFresh(page: Page, template: string, startAt = '/login') {
  const customer = await freshCustomer(template);
  await signIn(page, customer.email, customer.password, startAt);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return customer;
}

export const methodsList = (page: Page) => page.getByRole('list', { name: 'Your funding methods' });

/**
 * What has focus, named as a person would: a field's label, a button's name, "dialog" for the dialog itself,
 * "page" for nothing; "outside: …" when it is not inside a dialog.
 */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'page';
    if (active.getAttribute('role') === 'dialog') return 'dialog';
    const name = (
      (active as HTMLInputElement).labels?.[0]?.textContent ??
      active.getAttribute('aria-label') ??
      active.textContent ??
      ''
    ).trim();
    return active.closest('[role="dialog"]') ? name : `outside: ${name}`;
  });
}

/** Clicks a field and types into it as a person does (after selecting what it held, so typing replaces it). */
export async function clickAndType(page: Page, field: ReturnType<Page['getByLabel']>, text: string) {
  await field.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** A screenshot at phone width too (the full-screen sheet; axe already ran at desktop width), then back. */
export async function screenshotPhone(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await screenshot(page, `funding-${name}-390`);
  await page.setViewportSize(DESKTOP);
}

export async function openMenuItem(page: Page, methodName: string, item: string) {
  await page.getByRole('button', { name: `Options for ${methodName}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Tab until the focused element is `name` (at most 12 presses); answers what has focus then. */
export async function tabTo(page: Page, name: string) {
  // Up to 25 stops: the signed-in header (menus, the notification bell) comes first, and on a busy machine its parts
  // that load late add stops before the page's own controls (12 was once one short of a page's last button).
  for (let presses = 0; presses < 25; presses++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === name) break;
  }
  return page.evaluate(() => document.activeElement?.textContent?.trim());
}
