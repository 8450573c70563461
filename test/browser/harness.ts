import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ApiPaths, CSRF_HEADER } from '../../api/contract/values';
import type { SandboxCustomerResponse } from '../../api/contract';
import { CHROMIUM_ARGS, findChromium } from './chromium';

export const DEMO_PASSWORD = 'fundflow-demo';
export const SCREENSHOT_DIR = path.resolve(__dirname, '../../test-results/screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

export function baseUrl(): string {
  const url = process.env.FUNDFLOW_E2E_URL;
  if (!url) throw new Error('FUNDFLOW_E2E_URL is not set: run the browser suite through jest (globalSetup starts the server).');
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
}

export interface PageSession {
  context: BrowserContext;
  page: Page;
  pageErrors: Error[];
  /** Content-Security-Policy violations seen in any page or frame of the context (useBrowser fails the test on any). */
  cspViolations: string[];
}

/** Every session this test file opened (some live across tests); useBrowser's afterEach checks them all. */
const openedSessions: PageSession[] = [];
/** How many of each session's violations an earlier afterEach already reported. */
const reportedViolations = new WeakMap<PageSession, number>();

/** A fresh context (own cookies and storage) and page; page errors are collected so tests can assert none. */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<PageSession> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), reducedMotion: 'reduce' });
  const cspViolations = await watchContentSecurityPolicy(context);
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  const session = { context, page, pageErrors, cspViolations };
  openedSessions.push(session);
  return session;
}

/**
 * Collects every CSP violation in the context: the document's securitypolicyviolation event (in every page and
 * frame, through an init script) and Chromium's console error for it (which also covers reports the event misses,
 * such as a blocked frame).
 */
async function watchContentSecurityPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__fundflowCspViolation', (source, text: string) => {
    violations.push(`${text} (in ${source.frame.url()})`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __fundflowCspViolation?: (text: string) => void }).__fundflowCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** Throws when a page of this file saw a CSP violation since the last check (so the test that caused it fails). */
export function assertNoCspViolations(): void {
  const fresh = openedSessions.flatMap((session) => {
    const already = reportedViolations.get(session) ?? 0;
    reportedViolations.set(session, session.cspViolations.length);
    return session.cspViolations.slice(already);
  });
  if (fresh.length > 0) {
    throw new Error(`Content-Security-Policy violations during the test:\n  ${[...new Set(fresh)].join('\n  ')}`);
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs a test body and keeps a screenshot of the page when it fails. */
export async function withFailureScreenshot(page: Page, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    await screenshot(page, `FAILED-${name.replace(/[^a-z0-9]+/gi, '-')}`).catch(() => undefined);
    throw error;
  }
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, startAt = '/login'): Promise<void> {
  await page.goto(startAt);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * A fresh copy of `template` signed in on the page's browser context through the API, as the login form does (the
 * refresh cookie lands in the context): the page's next load restores the session, as every reload does. For a
 * test whose first step after signing in is a page load of its own: it spares the login page's load and the
 * portfolio the form lands on (the form itself has its tests in login.test.ts).
 */
export async function signInByApi(page: Page, template: string): Promise<SandboxCustomerResponse> {
  const customer = await freshCustomer(template);
  await signCustomerInByApi(page, customer);
  return customer;
}

/** `customer` signed in on the page's browser context through the API (see signInByApi). */
export async function signCustomerInByApi(page: Page, customer: { email: string; password: string }): Promise<void> {
  const response = await page.context().request.post(ApiPaths.login, {
    headers: { [CSRF_HEADER]: 'web' },
    data: { email: customer.email, password: customer.password },
  });
  if (response.status() !== 200) throw new Error(`signing ${customer.email} in failed: ${response.status()} ${await response.text()}`);
}

/** One Chromium per test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  // Every page of the app must run under the server's policy: a violation is a bug in the app or the policy.
  afterEach(() => assertNoCspViolations());
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running yet (use it inside a test).');
    return browser;
  };
}

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is now (an empty list passes). */
export async function seriousViolations(page: Page) {
  // Colours measured mid-transition (a button turning from disabled to enabled) are neither state's: let running
  // CSS transitions and animations finish first, so axe sees what the customer sees once the screen settles.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** A fresh copy of a demo customer (sandbox servers only), so no test sees another test's changes. */
export async function freshCustomer(template: string): Promise<SandboxCustomerResponse> {
  const response = await fetch(`${baseUrl()}${ApiPaths.sandboxCustomers}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ template }),
  });
  if (response.status !== 201) throw new Error(`copying ${template} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as SandboxCustomerResponse;
}
