import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { amountField } from './depositSteps';
import { DESKTOP, freshCustomer, openPage, screenshot, signIn, useBrowser, withFailureScreenshot } from './harness';

// Issue 6: everything that decides what the customer sees is in the store. A whole deposit flow and a whole
// bank-link flow are recorded in the browser (from sign-in, in one page load) while a logger in the customer's
// page notes every painted screen and every input. The exported session is then replayed at /support/replay,
// and for each recorded action the state after it (rebuilt from the start by the replay) is rendered and its
// screen compared with the customer's screen at that point:
// - the customer's screen "at point k" is the last painted one before the next action, or before the
//   customer's next input if that comes first (typing stays in Formik until a step event commits it, as
//   ../shared/ARCHITECTURE.md allows, so screens after a keystroke and before its commit are not the store's);
// - where the state stayed on screen for SETTLED_MS or longer, the two screens must be equal;
// - where it was on screen for less (a request that answered within a frame or two), the customer's
//   screen may still have shown an earlier state, because React renders after the store changes: it must
//   equal the replayed screen of that state or of one between the previous compared point and it;
// - while the customer has changed a field and not yet pressed anything (Next, a chip, another field), the
//   fields and the buttons they enable are Formik's: such points compare the step (headings) and messages;
// - a lazy chunk still loading, or a blank frame between routes, is the network's and React's timing: what
//   the customer saw must be part of the replayed screen of that state or an earlier one;
// - a state that was replaced before any frame was painted was never seen, and is only rendered.

jest.setTimeout(300_000);

const browser = useBrowser();
const SETTLED_MS = 300;

interface Screen {
  headings: string[];
  fields: string[];
  /** Visible buttons: name, and whether disabled or busy. */
  buttons: string[];
  /** What live regions and alerts say (spinners' labels, errors, result counts). */
  statuses: string[];
  /** A lazy chunk's fallback is showing: code is loading, so part of the screen is not the store's yet. */
  codeLoading: boolean;
}

/**
 * The step and values on screen: visible headings and form fields of the open dialog, or else the page.
 * Fields marked data-unrecorded (credentials, full bank and card numbers) never reach the store by design,
 * so only their presence is compared.
 */
function readScreen(): Screen {
  const visible = (element: Element) => (element as HTMLElement).getClientRects().length > 0;
  const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(visible);
  const root = dialogs[dialogs.length - 1] ?? document.querySelector('main') ?? document.body;
  const headings = [...root.querySelectorAll('h1, h2')].filter(visible).map((heading) => (heading.textContent ?? '').trim());
  const labelOf = (field: HTMLElement) =>
    (field.id ? document.querySelector(`label[for="${CSS.escape(field.id)}"]`)?.textContent : null) ??
    field.getAttribute('aria-label') ??
    field.getAttribute('name') ??
    '?';
  const fields = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')]
    .filter((field) => visible(field) && field.type !== 'hidden' && field.type !== 'file')
    .map((field) => {
      if (field.dataset.unrecorded) return `${labelOf(field).trim()}=(not recorded)`;
      const value =
        field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')
          ? String(field.checked)
          : field instanceof HTMLSelectElement
            ? (field.selectedOptions[0]?.textContent ?? '')
            : field.value;
      return `${labelOf(field).trim()}=${value}`;
    });
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('button')]
    .filter(visible)
    .map(
      (button) =>
        `${(button.getAttribute('aria-label') ?? button.textContent ?? '').trim()}${button.disabled ? ' (disabled)' : ''}${button.getAttribute('aria-busy') === 'true' ? ' (busy)' : ''}`,
    );
  const statuses = [...root.querySelectorAll('[role="status"], [role="alert"]')]
    .filter((region) => visible(region) && !region.closest('[data-loading="code"]'))
    .map((region) => (region.textContent ?? '').trim())
    .filter((text) => text !== '');
  const codeLoading = [...document.querySelectorAll('[data-loading="code"]')].some(visible);
  return { headings, fields, buttons, statuses, codeLoading };
}

interface ScreenLog {
  /** Each screen when it was first painted (consecutive equal screens are one entry). */
  screens: { at: number; screen: Screen }[];
  /** Every painted frame's time. */
  frames: number[];
  /** Every input's time (pointer down, key down, input, change). */
  inputs: number[];
  /** When the customer changed a field's text (input in a text field, a typing key); a choice is committed at once. */
  edits: number[];
  /** When the customer pressed something that ends an edit: a pointer down, Enter, Tab or Escape. */
  presses: number[];
}

/**
 * Installed in the customer's page before the app loads: on every animation frame (just before the browser
 * paints) it reads the screen, and it notes the time of every input. Times are Date.now(), the recorder's clock.
 */
function installScreenLogger(read: () => Screen) {
  const log: ScreenLog = { screens: [], frames: [], inputs: [], edits: [], presses: [] };
  (window as unknown as { __screenLog: ScreenLog }).__screenLog = log;
  let last = '';
  const onFrame = () => {
    const now = Date.now();
    if (document.body) {
      const screen = read();
      const key = JSON.stringify(screen);
      if (key !== last) log.screens.push({ at: now, screen });
      last = key;
      log.frames.push(now);
    }
    requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  const ending = new Set(['Enter', 'Tab', 'Escape']);
  for (const type of ['pointerdown', 'keydown', 'input', 'change']) {
    window.addEventListener(
      type,
      (event) => {
        const now = Date.now();
        log.inputs.push(now);
        const target = event.target as HTMLElement | null;
        const textEntry =
          target instanceof HTMLTextAreaElement ||
          (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(target.type));
        if (type === 'pointerdown' || (event instanceof KeyboardEvent && ending.has(event.key))) log.presses.push(now);
        else if (
          textEntry &&
          (type === 'input' || (event instanceof KeyboardEvent && (event.key.length === 1 || event.key === 'Backspace')))
        )
          log.edits.push(now);
      },
      true,
    );
  }
}

async function startScreenLog(page: Page) {
  await page.addInitScript(`(${installScreenLogger.toString()})(${readScreen.toString()})`);
}

/**
 * Waits until the customer's screen has not changed for twice SETTLED_MS (at most 10 s), so the state on
 * screen is a settled point even when a request answers late on a busy machine: a fixed pause of SETTLED_MS
 * let a late answer land inside the pause and shortened the point below SETTLED_MS.
 */
async function screenSettles(page: Page) {
  await page.waitForFunction(
    (quietMs) => {
      const log = (window as unknown as { __screenLog?: ScreenLog }).__screenLog;
      const last = log?.screens[log.screens.length - 1];
      return last !== undefined && Date.now() - last.at >= quietMs;
    },
    SETTLED_MS * 2,
    { polling: 50, timeout: 10_000 },
  );
}

async function screenLog(page: Page): Promise<ScreenLog> {
  return await page.evaluate<ScreenLog>('window.__screenLog');
}

async function downloadSession(page: Page): Promise<string> {
  const download = page.waitForEvent('download');
  await page.keyboard.press('Alt+Shift+KeyS');
  return readFileSync(await (await download).path(), 'utf8');
}

async function openReplay(support: Page, text: string): Promise<{ frame: Frame; steps: number; times: number[] }> {
  await support.goto('/support/replay');
  await support
    .getByLabel(/Session file from the customer/)
    .setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
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

/** The replayed screen once it has stopped changing (lazy screens load, effects run). */
async function settledReplayScreen(frame: Frame): Promise<Screen> {
  const read = `(() => { const read = ${readScreen.toString()}; return read(); })()`;
  let previous = JSON.stringify(await frame.evaluate(read));
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await frame.waitForTimeout(120);
    const screen = await frame.evaluate<Screen>(read);
    const key = JSON.stringify(screen);
    if (key === previous && !screen.codeLoading) return screen;
    previous = key;
  }
  throw new Error(`the replayed screen kept changing: ${previous}`);
}

const isBlank = (screen: Screen) => [screen.headings, screen.fields, screen.buttons, screen.statuses].every((list) => list.length === 0);

/** Whether `part` is `whole` with some headings and fields left out (those of a chunk still loading). */
function shownPartOf(part: Screen, whole: Screen): boolean {
  const inOrder = (some: string[], all: string[]) => {
    let at = 0;
    return some.every((item) => {
      at = all.indexOf(item, at) + 1;
      return at > 0;
    });
  };
  return inOrder(part.headings, whole.headings) && inOrder(part.fields, whole.fields) && inOrder(part.buttons, whole.buttons);
}

interface Point {
  /** The state after `index` recorded actions. */
  index: number;
  action: string;
  screen: Screen;
  settled: boolean;
  /** The customer had changed a field and not yet pressed anything that commits it (Next, a chip, leaving). */
  typing: boolean;
}

/** What the customer saw of each recorded state (see the comment at the top); states never painted are left out. */
function customerPoints(log: ScreenLog, times: number[], actionTypes: string[], downloadedAt: number): Point[] {
  const points: Point[] = [];
  for (let index = 1; index <= times.length; index += 1) {
    const start = times[index - 1];
    const next = index < times.length ? times[index] : downloadedAt;
    const firstInput = log.inputs.find((time) => time >= start && time < next);
    const end = firstInput ?? next;
    if (!log.frames.some((time) => time >= start && time < end)) continue;
    const shown = log.screens.filter((entry) => entry.at < end).pop();
    if (!shown) continue;
    const lastEdit = Math.max(-Infinity, ...log.edits.filter((time) => time < end));
    const typing = lastEdit > -Infinity && !log.presses.some((time) => time > lastEdit && time < end);
    points.push({ index, action: actionTypes[index - 1], screen: shown.screen, settled: end - start >= SETTLED_MS, typing });
  }
  return points;
}

/** Replays every recorded state and compares each point the customer saw with the replayed screen. */
async function replayAndCompare(support: Page, text: string, log: ScreenLog, downloadedAt: number, name: string) {
  const { frame, steps, times } = await openReplay(support, text);
  const actionTypes = (JSON.parse((JSON.parse(text) as { payload: string }).payload) as { type: string }[]).map((action) => action.type);
  expect(steps).toBeGreaterThan(10);
  expect(times).toHaveLength(steps);
  const replayed: Screen[] = [];
  for (let index = 0; index <= steps; index += 1) {
    await showStep(support, index);
    replayed.push(await settledReplayScreen(frame));
  }
  const points = customerPoints(log, times, actionTypes, downloadedAt);
  const settled = points.filter((point) => point.settled);
  // The flows wait for each screen, so most of their steps were on screen long enough to compare exactly.
  expect(settled.length).toBeGreaterThanOrEqual(4);
  let lastCompared = 0;
  const mismatches: unknown[] = [];
  for (const point of points) {
    // While a lazy chunk loads, the customer sees a spinner in place of its part of the screen, and before
    // the app's first render or during a redirect, nothing: that is the network's and React's timing, not
    // the store's, so such a screen is matched like a short-lived one, and what it shows must be part of
    // the replayed screen.
    const partial = point.screen.codeLoading || isBlank(point.screen);
    const exact = point.settled && !partial;
    const candidates = exact ? [point.index] : Array.from({ length: point.index - lastCompared + 1 }, (_, offset) => lastCompared + offset);
    // Typing stays in Formik until the step's event commits it (../shared/ARCHITECTURE.md): until then the
    // fields, and the buttons they enable, are the customer's own, and only the step and messages compare.
    const stepOf = (screen: Screen) => JSON.stringify({ headings: screen.headings, statuses: screen.statuses });
    const matches = (index: number) =>
      partial
        ? shownPartOf(point.screen, replayed[index])
        : point.typing
          ? stepOf(replayed[index]) === stepOf(point.screen)
          : JSON.stringify(replayed[index]) === JSON.stringify(point.screen);
    const matched = candidates.filter(matches).pop();
    if (matched === undefined)
      mismatches.push({
        index: point.index,
        action: point.action,
        settled: exact,
        typing: point.typing,
        customer: point.screen,
        replayed: replayed[point.index],
      });
    else lastCompared = matched;
  }
  expect(mismatches).toEqual([]);
  await showStep(support, steps);
  await screenshot(support, `time-travel-${name}-last-step`);
  return { steps, points: points.length, settled: settled.length, typing: points.filter((point) => point.typing).length };
}

describe('time travel: every recorded action replays to the screen the customer saw (browser)', () => {
  it('a whole deposit flow, from sign-in to the result', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    const support = await openPage(browser(), DESKTOP);
    await startScreenLog(page);
    await withFailureScreenshot(support.page, 'time-travel-deposit-replay', async () => {
      await withFailureScreenshot(page, 'time-travel-deposit', async () => {
        const customer = await freshCustomer('alex@fundflow.test');
        await signIn(page, customer.email, customer.password);
        await page.waitForURL('**/portfolio');
        await page.getByRole('region', { name: 'Portfolio value' }).waitFor();
        await screenSettles(page);
        await page.getByRole('link', { name: 'Deposit funds' }).first().click();
        await page.getByRole('dialog', { name: 'Deposit funds' }).waitFor();
        await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('[role="dialog"] select')?.value ?? '') !== '');
        await screenSettles(page);
        await amountField(page).fill('250');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { name: 'Review deposit' }).waitFor();
        await screenSettles(page);
        await page.getByRole('button', { name: 'Confirm' }).click();
        await page.getByRole('button', { name: 'Done' }).waitFor();
        await screenSettles(page);
      });
      const log = await screenLog(page);
      const downloadedAt = await page.evaluate<number>('Date.now()');
      const text = await downloadSession(page);
      expect(text).not.toContain('fundflow-demo');
      const compared = await replayAndCompare(support.page, text, log, downloadedAt, 'deposit');
      process.stdout.write(`[time travel] deposit: ${JSON.stringify(compared)}\n`);
    });
    expect(pageErrors).toEqual([]);
    expect(support.pageErrors).toEqual([]);
    await context.close();
    await support.context.close();
  });

  it('a whole bank-link flow by routing and account number, from sign-in to the linked bank', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    const support = await openPage(browser(), DESKTOP);
    await startScreenLog(page);
    await withFailureScreenshot(support.page, 'time-travel-bank-link-replay', async () => {
      await withFailureScreenshot(page, 'time-travel-bank-link', async () => {
        const customer = await freshCustomer('new@fundflow.test');
        await signIn(page, customer.email, customer.password, `/login?redirect=${encodeURIComponent('/settings/bank-link')}`);
        await page.getByRole('heading', { level: 1, name: 'Select your bank' }).waitFor();
        await screenSettles(page);
        await page.getByLabel('Search for your bank').fill('Navy');
        await page.getByRole('button', { name: 'Navy Federal Credit Union', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Enter your account details' }).waitFor();
        await screenSettles(page);
        await page.getByLabel('Routing number').fill('021000021');
        await page.getByLabel('Account number').fill('44556677');
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByRole('heading', { level: 1, name: 'Is this the right account?' }).waitFor();
        await screenSettles(page);
        await page.getByRole('button', { name: 'Yes, link this account' }).click();
        await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
        await screenSettles(page);
      });
      const log = await screenLog(page);
      const downloadedAt = await page.evaluate<number>('Date.now()');
      const text = await downloadSession(page);
      expect(text).not.toContain('44556677');
      expect(text).not.toContain('021000021');
      const compared = await replayAndCompare(support.page, text, log, downloadedAt, 'bank-link');
      process.stdout.write(`[time travel] bank link: ${JSON.stringify(compared)}\n`);
    });
    expect(pageErrors).toEqual([]);
    expect(support.pageErrors).toEqual([]);
    await context.close();
    await support.context.close();
  });
});
