import type { Page } from 'playwright-core';
import {
  ApiPaths,
  apiPath,
  CSRF_HEADER,
  type PaymentMethodsResponse,
  type SandboxCustomerResponse,
  type SandboxOutboxResponse,
  type SessionResponse,
} from '../../api/contract';
import { depositFromAnotherSession } from './depositSteps';
import {
  baseUrl,
  DESKTOP,
  freshCustomer,
  openPage,
  PHONE,
  screenshot,
  seriousViolations,
  signIn,
  signCustomerInByApi,
  useBrowser,
  withFailureScreenshot,
} from './harness';

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
    outbox: async () => (await call<SandboxOutboxResponse>('GET', ApiPaths.sandboxOutbox)).messages,
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
      const eventArrived = socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('RELOAD_PAYMENT_METHODS'),
        timeout: 10_000,
      });

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

  it('a deposit raises the bell’s unread count without a reload; the list opens by click and by keyboard; the email is in the outbox', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'live-events-notifications', async () => {
      const { customer, backOffice: office, socket } = await openFundingMethods(page, 'card@fundflow.test');
      const bell = page.getByRole('link', { name: /^Notifications/ });
      const unreadOf = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
      await bell.waitFor();
      await page.waitForLoadState('networkidle');
      const before = await unreadOf();
      const created = socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('NOTIFICATION_CREATED'),
        timeout: 10_000,
      });

      await depositFromAnotherSession(customer, '43.00');

      await created;
      await page.getByRole('link', { name: `Notifications, ${before + 1} unread` }).waitFor({ timeout: 10_000 });
      expect(await notReloaded(page)).toBe(true);

      // By mouse: the bell opens the list, newest first, with the deposit's words and its link.
      await bell.click();
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const newest = page.getByRole('list', { name: 'Notifications, newest first' }).getByRole('listitem').first();
      await newest.getByText(/^Your \$43\.00 deposit from .+ •••• \d{4} was initiated$/).waitFor();
      await newest.getByRole('link', { name: 'View in transfer history' }).waitFor();
      await screenshot(page, 'notifications-list-1280');
      await page.screenshot({ path: '/tmp/notif-list-1280.png', fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      // By keyboard: from the Help button, Shift+Tab reaches the bell and Enter opens the list.
      await page.goBack();
      await methodsList(page).waitFor();
      await page.getByRole('button', { name: 'Help' }).focus();
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Notifications, ${before + 1} unread`);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();

      // The email went to the sandbox outbox with the why.
      const mail = (await office.outbox()).find((message) => message.subject.includes('$43.00'));
      expect(mail).toMatchObject({
        to: customer.email,
        subject: expect.stringMatching(/was initiated$/),
        link: '/settings/v2/transfers/history',
        text: expect.stringContaining('cut-off'),
      });

      // Email settings: one kind off by a click; Mark all read clears the count.
      const initiatedEmail = page.getByRole('checkbox', { name: 'A deposit is initiated' });
      await initiatedEmail.click();
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.notification-emails input')?.checked === false);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent)).toBe('A deposit is initiated');
      await page.getByRole('button', { name: 'Mark all read' }).click();
      await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
      await page.getByText('All read', { exact: true }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Mark all read');
      await page.locator('#email-preferences').screenshot({ path: '/tmp/notif-settings-1280.png' });

      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      expect(await page.evaluate(() => document.querySelector('header')!.getBoundingClientRect().height)).toBeLessThanOrEqual(100);
      await page.screenshot({ path: '/tmp/notif-list-390.png', fullPage: true });
      await page.locator('#email-preferences').screenshot({ path: '/tmp/notif-settings-390.png' });
      await screenshot(page, 'notifications-list-390');
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
    await context.close();
  });
  it('a load that lands on the portfolio: the bell, the clock and the channel start after the balance is painted; the count shows and a deposit raises it', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'live-events-portfolio-load', async () => {
      const customer = await freshCustomer('card@fundflow.test');
      // One unread notification before the page loads.
      await depositFromAnotherSession(customer, '21.00');
      await signCustomerInByApi(page, customer);
      const socketOpened = page.waitForEvent('websocket', {
        predicate: (socket) => socket.url().includes(ApiPaths.events),
        timeout: 20_000,
      });
      await page.goto('/portfolio');
      const socket = await socketOpened;
      const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
      await bell.waitFor({ timeout: 10_000 });

      // The balance's paint (the page's largest content) comes before the layout's own requests start.
      const order = await page.evaluate(async () => {
        const paints = await new Promise<PerformanceEntryList>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
        });
        const balance = paints.find((entry) =>
          (entry as PerformanceEntry & { element?: Element }).element?.classList.contains('ff-amount--xl'),
        );
        const started = (path: string) =>
          performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === path)?.startTime ?? null;
        return {
          balance: balance?.startTime ?? null,
          notifications: started('/api/notifications'),
          clock: started('/api/clock'),
          subscription: started('/api/events/subscriptions'),
        };
      });
      expect(order.balance).not.toBeNull();
      for (const start of [order.notifications, order.clock, order.subscription]) expect(start).toBeGreaterThanOrEqual(order.balance!);

      // Nothing is lost by the later start: news after it reaches the bell.
      await page.waitForLoadState('networkidle');
      const created = socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('NOTIFICATION_CREATED'),
        timeout: 10_000,
      });
      await depositFromAnotherSession(customer, '22.00');
      await created;
      await page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor({ timeout: 10_000 });
      expect(pageErrors).toEqual([]);
    });
    await context.close();
  });
});
