import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { amountField } from './depositSteps';
import { DESKTOP, freshCustomer, openPage, screenshot, signIn, useBrowser, withFailureScreenshot } from './harness';

// Issue 6: everything that decides what the customer sees is in the store. A whole deposit flow and a whole
// bank-link flow are recorded in the browser (from sign-in, in one page load); the exported session is then
// replayed state by state at /support/replay. Every recorded state renders, and at each point where the test
// looked at the customer's screen, the replayed screen shows the same step and the same values.

jest.setTimeout(240_000);

const browser = useBrowser();

interface Screen {
  headings: string[];
  fields: string[];
}

interface Checkpoint {
  name: string;
  /** Date.now() in the customer's page when the screen was read. */
  at: number;
  screen: Screen;
}

/** The step and values on screen: visible headings and form fields of the open dialog, or else the page. */
function readScreen(): Screen {
  const visible = (element: Element) => (element as HTMLElement).getClientRects().length > 0;
  const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(visible);
  const root = dialogs[dialogs.length - 1] ?? document.querySelector('main') ?? document.body;
  const headings = [...root.querySelectorAll('h1, h2')].filter(visible).map((heading) => (heading.textContent ?? '').trim());
  const labelOf = (field: HTMLElement) =>
    (field.id ? document.querySelector(`label[for="${CSS.escape(field.id)}"]`)?.textContent : null) ?? field.getAttribute('aria-label') ?? field.getAttribute('name') ?? '?';
  const fields = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
    .filter((field) => visible(field) && field.type !== 'hidden' && field.type !== 'file')
    .map((field) => {
      const value = field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox') ? String(field.checked) : field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.textContent ?? '') : field.value;
      return `${labelOf(field).trim()}=${value}`;
    });
  return { headings, fields };
}

async function checkpoint(page: Page, name: string, checkpoints: Checkpoint[]) {
  // Let queued renders and effects finish, so the screen is the one the last action produced.
  await page.waitForTimeout(400);
  const { at, screen } = await page.evaluate(`(() => { const read = ${readScreen.toString()}; return { at: Date.now(), screen: read() }; })()`) as { at: number; screen: Screen };
  expect(screen.headings.length).toBeGreaterThan(0);
  checkpoints.push({ name, at, screen });
  await page.waitForTimeout(20);
}

async function downloadSession(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+Shift+KeyS');
  return readFileSync(await (await download).path(), 'utf8');
}

async function openReplay(support: Page, text: string): Promise<{ frame: Frame; steps: number; times: number[] }> {
  await support.goto('/support/replay');
  await support.getByLabel(/Session file from the customer/).setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await support.getByText(/^Step \d+ of \d+$/).waitFor();
  const handle = await support.locator('iframe[title="Customer\'s screen"]').elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no replay frame');
  const file = JSON.parse(text) as { payload: string; fundflow: { actionTimes: number[]; actionsLeftOut: number } };
  expect(file.fundflow.actionsLeftOut).toBe(0);
  return { frame, steps: (JSON.parse(file.payload) as unknown[]).length, times: file.fundflow.actionTimes };
}

async function showStep(support: Page, index: number) {
  await support.getByLabel('Recorded step').fill(String(index));
  await support.waitForFunction((expected) => document.querySelector('iframe')?.dataset.shownIndex === String(expected), index);
}

/** Replays every state, then compares each checkpoint's screen with the replayed one at the same point. */
async function replayAndCompare(support: Page, text: string, checkpoints: Checkpoint[], name: string) {
  const { frame, steps, times } = await openReplay(support, text);
  expect(steps).toBeGreaterThan(10);
  for (let index = 0; index <= steps; index += 1) {
    await showStep(support, index);
    // Something of the app is on screen at every step (the loader counts: it is what the customer saw then).
    await frame.waitForFunction(() => (document.getElementById('root')?.textContent ?? '').trim().length > 0);
  }
  for (const point of checkpoints) {
    // The state at a checkpoint: after every action dispatched before the screen was read.
    const index = times.filter((time) => time <= point.at).length;
    await showStep(support, index);
    await support.waitForTimeout(200);
    const replayed = (await frame.evaluate(`(() => { const read = ${readScreen.toString()}; return read(); })()`)) as Screen;
    expect({ checkpoint: point.name, index, ...replayed }).toEqual({ checkpoint: point.name, index, ...point.screen });
    await screenshot(support, `time-travel-${name}-${point.name}`);
  }
}

describe('time travel: recorded flows replay to the screens the customer saw (browser)', () => {
  it('a whole deposit flow, from sign-in to the result', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    const support = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(support.page, 'time-travel-deposit-replay', async () => {
      const checkpoints: Checkpoint[] = [];
      await withFailureScreenshot(page, 'time-travel-deposit', async () => {
        const customer = await freshCustomer('alex@fundflow.test');
        await signIn(page, customer.email, customer.password);
        await page.waitForURL('**/portfolio');
        await page.getByRole('region', { name: 'Portfolio value' }).waitFor();
        await checkpoint(page, '1-portfolio', checkpoints);
        await page.getByRole('link', { name: 'Deposit funds' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Deposit funds' });
        await dialog.waitFor();
        await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('[role="dialog"] select')?.value ?? '') !== '');
        await checkpoint(page, '2-amount', checkpoints);
        await amountField(page).fill('250');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
        await checkpoint(page, '3-review', checkpoints);
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('button', { name: 'Done' }).waitFor();
        await checkpoint(page, '4-result', checkpoints);
      });
      const text = await downloadSession(page);
      expect(text).not.toContain('fundflow-demo');
      await replayAndCompare(support.page, text, checkpoints, 'deposit');
    });
    expect(pageErrors).toEqual([]);
    expect(support.pageErrors).toEqual([]);
    await context.close();
    await support.context.close();
  });

  it('a whole bank-link flow by routing and account number, from sign-in to the linked bank', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    const support = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(support.page, 'time-travel-bank-link-replay', async () => {
      const checkpoints: Checkpoint[] = [];
      await withFailureScreenshot(page, 'time-travel-bank-link', async () => {
        const customer = await freshCustomer('new@fundflow.test');
        await signIn(page, customer.email, customer.password, `/login?redirect=${encodeURIComponent('/settings/bank-link')}`);
        await page.getByRole('heading', { level: 1, name: 'Select your bank' }).waitFor();
        await checkpoint(page, '1-bank-selector', checkpoints);
        await page.getByLabel('Search for your bank').fill('Navy');
        await page.getByRole('button', { name: 'Navy Federal Credit Union', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Enter your account details' }).waitFor();
        await checkpoint(page, '2-number-link', checkpoints);
        await page.getByLabel('Routing number').fill('021000021');
        await page.getByLabel('Account number').fill('44556677');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { level: 1, name: 'Is this the right account?' }).waitFor();
        await checkpoint(page, '3-verification', checkpoints);
        await page.getByRole('button', { name: 'Yes, link this account' }).click();
        await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
        await checkpoint(page, '4-linked', checkpoints);
      });
      const text = await downloadSession(page);
      expect(text).not.toContain('44556677');
      expect(text).not.toContain('021000021');
      await replayAndCompare(support.page, text, checkpoints, 'bank-link');
    });
    expect(pageErrors).toEqual([]);
    expect(support.pageErrors).toEqual([]);
    await context.close();
    await support.context.close();
  });
});
