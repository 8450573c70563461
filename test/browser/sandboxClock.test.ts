import { startServer, type RunningServer } from '../../server/main';
import { amountField, openDeposit } from './depositSteps';
import { DESKTOP, openPage, signInByApi, useBrowser, withFailureScreenshot } from './harness';

// Issue 17: with FUNDFLOW_SANDBOX_NOW the whole product lives on the server's day, whatever the browser's clock
// and zone. This file runs its own server whose clock starts on Wednesday 25 November 2026, 10 am in New York,
// the day before Thanksgiving: a weekly Thursday deposit set up then starts on Friday 27 November.

jest.setTimeout(180_000);

const browser = useBrowser();
let server: RunningServer | null = null;
const suiteUrl = process.env.FUNDFLOW_E2E_URL;

beforeAll(async () => {
  server = await startServer({
    migrate: true,
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory',
    logLevel: 'warn',
    depositJobsIntervalMs: 0,
    sandboxNow: new Date('2026-11-25T15:00:00Z'),
  });
  // The harness (freshCustomer, openPage, the deposit steps) talks to the server named here.
  process.env.FUNDFLOW_E2E_URL = server.url;
});

afterAll(async () => {
  await server?.close();
  process.env.FUNDFLOW_E2E_URL = suiteUrl;
});

describe('the sandbox clock in the app (FUNDFLOW_SANDBOX_NOW=2026-11-25T15:00:00Z)', () => {
  it('a weekly Thursday deposit set up the day before Thanksgiving starts Friday 27 November, and the list says why', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'sandbox-clock-thanksgiving', async () => {
      await signInByApi(page, 'card@fundflow.test');
      await openDeposit(page, '/settings/v2/deposit?frequency=WEEKLY&dayOfWeek=THURSDAY');
      await amountField(page).fill('40');
      await amountField(page).press('Tab');
      await page.getByRole('button', { name: 'Review' }).click();
      // The review's Starting row: tomorrow by the server is Thanksgiving, so the first deposit is the Friday.
      const starting = page.getByText('Starting', { exact: true }).locator('..');
      await starting.waitFor();
      expect(await starting.textContent()).toBe('StartingNovember 27, 2026');

      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Recurring deposit set up').waitFor();
      await page.goto('/settings/v2/transfers#recurring-deposits');
      const schedule = page.getByRole('article', { name: '$40.00 Every week on Thursday' });
      await schedule.waitFor();
      const dates = schedule.getByRole('listitem');
      await dates.first().waitFor();
      expect(await dates.allTextContents()).toEqual([
        'Fri, Nov 27, 2026 (moved from Thu, Nov 26: Thanksgiving Day)',
        'Thu, Dec 3, 2026',
        'Thu, Dec 10, 2026',
      ]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
