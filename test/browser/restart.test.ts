import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../server/main';
import { ApiPaths } from '../../api/contract';
import { DESKTOP, openPage, useBrowser, withFailureScreenshot } from './harness';
import { confirmAndWait, depositsOf, openDeposit, signInFresh, toReview } from './depositSteps';

// Issue 8: the server restarts while a customer is on the deposit review. This file runs its own server on a
// file-backed database in a temp folder (not the suite's in-memory one), stops it, and starts a new one on the
// same folder and port. The customer's Confirm during the outage gets a clear error with Try again, which then
// makes the deposit; the deposit made before the restart is still there.

jest.setTimeout(180_000);

const browser = useBrowser();

let dataDir = '';
let server: RunningServer | null = null;
const suiteUrl = process.env.FUNDFLOW_E2E_URL;

const start = (port: number) =>
  startServer({ migrate: true, port, host: '127.0.0.1', dataDir, logLevel: 'warn', depositJobsIntervalMs: 0 });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'fundflow-restart-'));
  server = await start(0);
  // The harness (freshCustomer, openPage, the deposit steps) talks to the server named here.
  process.env.FUNDFLOW_E2E_URL = server.url;
});

afterAll(async () => {
  await server?.close();
  process.env.FUNDFLOW_E2E_URL = suiteUrl;
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server restart in the middle of a deposit', () => {
  it('Confirm during the outage shows an error with Try again, which works after the restart; earlier data survives', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'restart-mid-deposit', async () => {
      const customer = await signInFresh(page, 'card@fundflow.test');
      const before = await depositsOf(customer);

      // A committed deposit before the restart.
      await openDeposit(page);
      await toReview(page, '110');
      await confirmAndWait(page, 'Your money is ready to invest');
      await page.getByRole('button', { name: 'Done' }).click();
      const committed = await depositsOf(customer);
      expect(committed.length).toBe(before.length + 1);

      // The next one waits on its review while the server stops.
      await openDeposit(page);
      await toReview(page, '130');
      const running = server!;
      const port = running.port;
      await running.close();
      server = null;

      // The failed confirmation's refetches (accounts, methods, limits) fail too while the server is down: the
      // result screen must stay, not turn into a load error. Wait for those three failures themselves.
      const refetched = [ApiPaths.accounts, ApiPaths.paymentMethods, ApiPaths.depositLimits];
      const refetchesFailed = Promise.all(
        refetched.map((path) =>
          page.waitForEvent('requestfailed', {
            predicate: (request) => request.method() === 'GET' && new URL(request.url()).pathname === path,
          }),
        ),
      );
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Deposit unknown' }).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await refetchesFailed;

      // A new server on the same data and port.
      server = await start(port);
      expect(server.url).toBe(process.env.FUNDFLOW_E2E_URL);
      const survived = await depositsOf(customer);
      expect(survived.map((deposit) => deposit.id).sort()).toEqual(committed.map((deposit) => deposit.id).sort());

      await page.getByText('Check again later to see if your deposit was successful.').waitFor();
      expect(await page.getByText("We couldn't load your accounts").count()).toBe(0);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByText('$130.00').first().waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: /Your money is ready to invest|Deposit on its way/ }).waitFor();

      const after = await depositsOf(customer);
      expect(after.length).toBe(committed.length + 1);
      expect(after.map((deposit) => deposit.id)).toEqual(expect.arrayContaining(committed.map((deposit) => deposit.id)));

      // The session outlived the restart: another page of the app still loads the customer's data.
      await page.goto('/portfolio');
      await page
        .getByRole('heading', { name: /Portfolio value/ })
        .or(page.getByText('Portfolio value'))
        .first()
        .waitFor();
      expect(new URL(page.url()).pathname).toBe('/portfolio');
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
