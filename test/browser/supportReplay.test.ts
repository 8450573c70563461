import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { findCardLikeNumbers } from '../../api/contract/sandboxCards';
import { LEAK_PATTERNS } from '../../store/sessionRedaction';
import { amountField, openDeposit, signInFresh, toReview } from './depositSteps';
import { DESKTOP, openPage, screenshot, seriousViolations, useBrowser, withFailureScreenshot } from './harness';

// Issue 6 in the browser: a customer downloads their session from the help menu (Alt+Shift+S); support
// opens it at /support/replay and steps through it, the customer's screens rendered from the recorded states.

jest.setTimeout(120_000);

const browser = useBrowser();

async function downloadSession(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+Shift+KeyS');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^fundflow-session-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
  const path = await file.path();
  return readFileSync(path, 'utf8');
}

async function replayFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Customer\'s screen"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no replay frame');
  return frame;
}

async function waitShown(page: Page) {
  await page.waitForFunction(() => {
    const frame = document.querySelector('iframe');
    const slider = document.querySelector<HTMLInputElement>('input[type="range"]');
    return frame?.dataset.shownIndex === slider?.value;
  });
}

describe('support session export and replay (browser)', () => {
  it('exports a deposit flow without secrets and replays it step by step', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'support-replay', async () => {
      const customer = await signInFresh(page, 'alex@fundflow.test');
      await openDeposit(page);
      await toReview(page, '123.45');
      const text = await downloadSession(page);

      // Nothing of the customer's that is private, nor anything that looks like it.
      expect(text).not.toContain(customer.email);
      expect(text).not.toContain('Alex');
      for (const [name, pattern] of Object.entries(LEAK_PATTERNS)) expect({ name, match: pattern.exec(text)?.[0] ?? null }).toEqual({ name, match: null });
      expect(findCardLikeNumbers(text)).toEqual([]);
      const file = JSON.parse(text) as { payload: string; preloadedState: string; fundflow: { route: string; viewport: { width: number } } };
      expect(file.fundflow.route).toBe('/settings/v2/deposit?destination=us');
      expect(file.fundflow.viewport.width).toBe(DESKTOP.width);

      // Support, in another browser session: no sign-in needed, nothing sent.
      const support = await openPage(browser(), DESKTOP);
      const requests: string[] = [];
      support.page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) requests.push(request.url());
      });
      await support.page.goto('/support/replay');
      await support.page.getByRole('heading', { name: 'Session replay' }).waitFor();
      expect(await seriousViolations(support.page)).toEqual([]);
      await support.page.getByLabel(/Session file from the customer/).setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await support.page.getByText(/^Step \d+ of \d+$/).waitFor();
      await waitShown(support.page);

      // The last step: the review the customer was on, with their amount.
      const frame = await replayFrame(support.page);
      await frame.getByRole('heading', { name: 'Review deposit' }).waitFor();
      await frame.getByText('$123.45').first().waitFor();
      await screenshot(support.page, 'support-replay-1-review');
      expect(await seriousViolations(support.page)).toEqual([]);

      // Back through the timeline to the amount step, before the draft was committed.
      const previous = support.page.getByRole('button', { name: 'Previous' });
      for (let step = 0; step < 200; step += 1) {
        if (await frame.getByLabel('Amount', { exact: true }).isVisible().catch(() => false)) break;
        await previous.click();
        await waitShown(support.page);
      }
      await amountField(frame as unknown as Page).waitFor();
      await screenshot(support.page, 'support-replay-2-amount');

      // The slider goes anywhere; the start is the state before the first recorded action.
      await support.page.getByLabel('Recorded step').fill('0');
      await waitShown(support.page);
      await support.page.getByText('Start (the state before the first recorded action)').waitFor();
      expect(requests).toEqual([]);
      expect(support.pageErrors).toEqual([]);
      await support.context.close();
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it.each([
    ['a file that is not an export', 'notes.json', '{"hello":"world"}', 'This file is not a Fundflow session export'],
    ['a file cut short', 'session.json', '{"payload":"[', 'it is not JSON, or it was cut short'],
    ['an empty file', 'session.json', '', 'This file is empty'],
  ])('refuses %s with a clear message', async (_name, fileName, content, message) => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'support-replay-refused', async () => {
      await page.goto('/support/replay');
      await page.getByLabel(/Session file from the customer/).setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(content) });
      const alert = page.getByRole('alert');
      await alert.getByText(message, { exact: false }).waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
