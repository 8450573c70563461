import type { Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../server/main';
import { DESKTOP, openPage, PHONE, screenshot, seriousViolations, signInByApi, useBrowser, withFailureScreenshot } from './harness';
import { ApiPaths, apiPath, type RecurringDepositsResponse } from '../../api/contract';
import { baseUrl } from './harness';
import { amountField, apiToken, DEPOSIT_PATH, depositsOf, openDeposit } from './depositSteps';

// The quote before Confirm, on a server whose clock starts on Thanksgiving 2026 at 10:00 in New York (a Federal
// Reserve holiday): a bank deposit made now goes out in Friday's batch (cancel until Fri, Nov 27 at 4:00 PM) and
// settles Wed, Dec 2. The review, the result screen and the history all say those dates; the amount step shows
// what is left of the day's bank limit as the customer types, and offers a split over it.

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
    sandboxNow: new Date('2026-11-26T15:00:00Z'),
  });
  // The harness (freshCustomer, openPage, the deposit steps) talks to the server named here.
  process.env.FUNDFLOW_E2E_URL = server.url;
}, 120_000);

afterAll(async () => {
  await server?.close();
  process.env.FUNDFLOW_E2E_URL = suiteUrl;
});

/** Types the amount with the keyboard, as a person does (the field is emptied first). */
async function typeAmount(page: Page, amount: string) {
  const field = amountField(page);
  await field.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(amount);
}

// On Thanksgiving a bank deposit counts toward Friday's batch, and the meter says so.
const meter = (page: Page) => page.getByText(/ of \$50,000\.00 left for Fri, Nov 27$/);

describe('the quote before Confirm (browser, Thanksgiving 2026)', () => {
  it('a bank deposit: the review quotes the dates, the result and the history say the same', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-quote', async () => {
      await signInByApi(page, 'card@fundflow.test');
      await openDeposit(page, `${DEPOSIT_PATH}&origin=/settings/v2/transfers`);

      // The meter: what is left of the day's bank limit, less what is typed.
      await meter(page).filter({ hasText: '$50,000.00 of $50,000.00 left for Fri, Nov 27' }).waitFor();
      await typeAmount(page, '1750');
      await meter(page).filter({ hasText: '$48,250.00 of $50,000.00 left for Fri, Nov 27' }).waitFor();

      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      const quote = page.getByRole('list', { name: 'What this deposit does' });
      await quote.getByText('$1,000.00 available to invest now, $750.00 on Wed, Dec 2').waitFor();
      await quote.getByText('You can cancel until Fri, Nov 27 at 4:00 PM New York time.').waitFor();
      await quote.getByText('Settles Wed, Dec 2; it can be withdrawn to a bank from then.').waitFor();
      await quote.getByText('$48,250.00 of $50,000.00 left for Fri, Nov 27 after this deposit').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'deposit-quote-review-1280');
      await page.setViewportSize(PHONE);
      await screenshot(page, 'deposit-quote-review-390');
      await page.setViewportSize(DESKTOP);

      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Deposit on its way' }).waitFor();
      await page
        .getByText(
          '$1,000.00 of your $1,750.00 deposit is available to invest now. The remaining $750.00 will be available on Wed, Dec 2, when the deposit settles.',
        )
        .waitFor();
      // Confirm did what the review said: nothing to explain.
      expect(await page.getByText('This differs from your review:').count()).toBe(0);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL('**/settings/v2/transfers');

      await page.goto('/settings/v2/transfers/history');
      const item = page.getByRole('article').filter({ hasText: 'Deposit of $1,750.00' });
      // Issue 18: each row is one line; Details opens what it says about the money and its timeline.
      await item.getByRole('button', { name: 'Details' }).click();
      await item.getByText('$1,000.00 of $1,750.00 is available to invest now, $750.00 on Wed, Dec 2, 2026, when it settles.').waitFor();
      // Cancel until the batch's cut-off (the button, or the closed text once the real clock has passed it).
      await item
        .getByText(/cancel.* Fri, Nov 27, 2026/)
        .first()
        .waitFor();
      await item.getByRole('list', { name: 'Progress of this deposit' }).getByText('Expected Wed, Dec 2, 2026').first().waitFor();
      expect(await item.getByText(/business days/).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a $2,000 debit-card deposit: the review says it is settled at once and held from a bank until Fri, Mar 26, 2027; the withdrawal page agrees', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-quote-card', async () => {
      // alex's Visa has $2,200 of its $2,500 left; his brokerage has $12,080.55 available to withdraw.
      await signInByApi(page, 'alex@fundflow.test');
      await openDeposit(page, `${DEPOSIT_PATH}&origin=/settings/v2/transfers`);
      const from = page.getByRole('combobox', { name: 'From' });
      await from.click();
      await from.selectOption({ label: 'Visa debit card •••• 4242' });
      await page.getByText('$2,200.00 of $2,500.00 left on this card').waitFor();
      await typeAmount(page, '2000');
      await page.getByText('$200.00 of $2,500.00 left on this card').waitFor();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      const quote = page.getByRole('list', { name: 'What this deposit does' });
      await quote.getByText('A card deposit is made at once and cannot be canceled.').waitFor();
      await quote.getByText('Settled at once. Money from a card can be withdrawn to a bank from Fri, Mar 26, 2027.').waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page
        .getByText(/Fri, Mar 26, 2027/)
        .first()
        .waitFor();
      expect(await page.getByText(/business days/).count()).toBe(0);

      await page.goto('/settings/v2/withdrawal');
      // Invested at once, so the balance grew by $2,000.00; what may leave to a bank did not.
      await page.getByText('$12,080.55', { exact: true }).waitFor();
      await page
        .getByRole('list', { name: 'Held from withdrawal' })
        .getByText('$2,000.00 from your debit card is held until Fri, Mar 26, 2027.')
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the meter and the split: over what is left today, today’s room now and the rest on the next business day', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'deposit-split', async () => {
      // Northwind's bank has $125,000 left of its own lifetime limit, so both parts fit it.
      const customer = await signInByApi(page, 'entity@fundflow.test');
      // $45,000 today leaves $5,000 of the day's bank limit.
      await openDeposit(page, '/settings/v2/deposit?origin=/settings/v2/transfers');
      await typeAmount(page, '45000');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('heading', { name: 'Deposit on its way' }).waitFor();
      await page.getByRole('button', { name: 'Done' }).click();
      await page.waitForURL('**/settings/v2/transfers');

      await openDeposit(page, '/settings/v2/deposit');
      await meter(page).filter({ hasText: '$5,000.00 of $50,000.00 left for Fri, Nov 27' }).waitFor();
      await typeAmount(page, '6000');
      await meter(page).filter({ hasText: '$0.00 of $50,000.00 left for Fri, Nov 27' }).waitFor();
      await page.getByText('Only $5,000.00 of the $50,000 daily bank limit is left today.').waitFor();
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      const offer = page.getByRole('group', { name: /Deposit \$5,000\.00 today and the remaining \$1,000\.00 on the next business day/ });
      await offer.getByRole('button', { name: 'Split into two deposits' }).click();

      await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
      const rows = page.locator('dl').first();
      await rows.getByText('Today').waitFor();
      await rows.getByText('On Mon, Nov 30').waitFor();
      expect(await rows.textContent()).toContain('Total$6,000.00');
      await page
        .getByRole('list', { name: 'What this deposit does' })
        .getByText('$0.00 of $50,000.00 left for Fri, Nov 27 after this deposit')
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'deposit-split-review-1280');
      // A double click confirms once: one deposit and one schedule.
      await page.getByRole('button', { name: 'Confirm' }).dblclick();
      await page.getByRole('heading', { name: 'Deposit on its way' }).waitFor();
      await page
        .getByText(
          'The remaining $1,000.00 is scheduled for Mon, Nov 30, from the same bank. You can cancel it under Recurring deposits until then.',
        )
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // Today's deposits (the demo data has an older one): the $45,000 and the first part, once each.
      const deposits = (await depositsOf(customer)).filter((deposit) => deposit.createdAt.startsWith('2026-11-26'));
      expect(deposits.map((deposit) => deposit.amount.amount).sort()).toEqual(['45000.00', '5000.00']);
      const brokerageUuid = deposits[0].accountUuid;
      const listed = await fetch(`${baseUrl()}${apiPath(ApiPaths.recurringDeposits, { accountUuid: brokerageUuid })}`, {
        headers: { authorization: `Bearer ${await apiToken(customer)}` },
      });
      const { recurringDeposits } = (await listed.json()) as RecurringDepositsResponse;
      expect(
        recurringDeposits.map((schedule) => [schedule.amount.amount, schedule.nextOccurrenceDate, schedule.schedules[0].frequency]),
      ).toEqual([['1000.00', '2026-11-30', 'ONE_TIME']]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
