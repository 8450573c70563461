import type { Page } from 'playwright-core';
import { ApiPaths, apiPath, CSRF_HEADER, type PaymentMethodsResponse, type SandboxCustomerResponse, type SessionResponse } from '../../api/contract';
import { baseUrl, DESKTOP, freshCustomer, openPage, screenshot, seriousViolations, signIn, useBrowser, withFailureScreenshot } from './harness';

// The live events channel end to end: the funding methods page is open in the browser, a method changes out
// of band (the sandbox's stand-ins for the bank partner and the operations team, called from Node with a
// session of its own), and the page shows the change without a reload.

jest.setTimeout(120_000);

const browser = useBrowser();

/** The customer's second session, from Node: what the partner or the back office does behind the page. */
async function backOffice(customer: SandboxCustomerResponse) {
  const login = await fetch(`${baseUrl()}${ApiPaths.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: 'web' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  const { accessToken } = (await login.json()) as SessionResponse;
  const headers = { authorization: `Bearer ${accessToken}`, [CSRF_HEADER]: 'web' };
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl()}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  return {
    methods: async () => (await call<PaymentMethodsResponse>('GET', ApiPaths.paymentMethods)).paymentMethods,
    post: <T>(url: string, body?: unknown) => call<T>('POST', url, body),
  };
}

const methodsList = (page: Page) => page.getByRole('list', { name: 'Your funding methods' });

/** Opens the funding methods page signed in as a fresh copy of `template`, with the events channel open. */
async function openFundingMethods(page: Page, template: string) {
  const customer = await freshCustomer(template);
  // The socket is the only way news can reach the page in this test; remember it opened.
  const socketOpened = page.waitForEvent('websocket', { predicate: (socket) => socket.url().includes(ApiPaths.events), timeout: 20_000 });
  await signIn(page, customer.email, customer.password, '/settings/funding-methods');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await methodsList(page).waitFor();
  const socket = await socketOpened;
  expect(new URL(socket.url()).searchParams.get('eventsSubscriptionId')).toMatch(/^evs_/);
  // A marker on the window: it survives only as long as the page is not reloaded.
  await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
  return { customer, backOffice: await backOffice(customer), socket };
}

const notReloaded = (page: Page) => page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

describe('live events in the browser', () => {
  it('a bank that needs relinking shows its banner and badge without a reload', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'live-events-relink', async () => {
      const { backOffice: office, socket } = await openFundingMethods(page, 'card@fundflow.test');
      const [bank] = await office.methods();
      await methodsList(page).getByText(bank.displayName).first().waitFor();
      expect(await page.getByText('Relink needed').count()).toBe(0);
      const eventArrived = socket.waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('RELOAD_PAYMENT_METHODS'), timeout: 10_000 });

      await office.post(apiPath(ApiPaths.sandboxResetLogin, { paymentMethodId: bank.id }));

      await eventArrived;
      await page.getByText('Relink needed').first().waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: `Relink ${bank.displayName}` }).waitFor();
      expect(await notReloaded(page)).toBe(true);
      await screenshot(page, 'live-events-relink');
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
    await context.close();
  });

  it('a statement review finished by the back office shows the approved bank without a reload', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'live-events-statement-review', async () => {
      const { backOffice: office } = await openFundingMethods(page, 'unverified@fundflow.test');
      const [bank] = await office.methods();
      await page.getByText('Needs verification').first().waitFor();

      // The statement goes in from elsewhere (say the phone app), then the review approves it.
      const { fileId } = await office.post<{ fileId: string }>(ApiPaths.verificationFiles, {
        fileType: 'BANK_STATEMENT',
        fileName: 'statement.pdf',
        base64file: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n').toString('base64'),
      });
      await office.post(ApiPaths.verificationSubmit, { paymentMethodId: bank.id, fileUniqueIds: [fileId] });
      await office.post(apiPath(ApiPaths.sandboxStatementReview, { paymentMethodId: bank.id }), { outcome: 'APPROVED' });

      await page.getByText('Needs verification').waitFor({ state: 'detached', timeout: 10_000 });
      await page.getByText('Under review').waitFor({ state: 'detached' });
      await methodsList(page).getByText(bank.displayName).first().waitFor();
      expect(await notReloaded(page)).toBe(true);
      expect(pageErrors).toEqual([]);
    });
    await context.close();
  });
});
