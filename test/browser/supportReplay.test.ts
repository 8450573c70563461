import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';
import { findCardLikeNumbers } from '../../api/contract/sandboxCards';
import { LEAK_PATTERNS } from '../../store/sessionRedaction';
import { amountField, openDeposit, signInFresh, toReview } from './depositSteps';
import { DESKTOP, openPage, PHONE, screenshot, seriousViolations, signInByApi, useBrowser, withFailureScreenshot } from './harness';

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
      const customer = await signInByApi(page, 'alex@fundflow.test');
      await openDeposit(page);
      await toReview(page, '123.45');
      const text = await downloadSession(page);

      // Nothing of the customer's that is private, nor anything that looks like it.
      expect(text).not.toContain(customer.email);
      expect(text).not.toContain('Alex');
      for (const [name, pattern] of Object.entries(LEAK_PATTERNS))
        expect({ name, match: pattern.exec(text)?.[0] ?? null }).toEqual({ name, match: null });
      expect(findCardLikeNumbers(text)).toEqual([]);
      const file = JSON.parse(text) as {
        payload: string;
        preloadedState: string;
        fundflow: { route: string; viewport: { width: number } };
      };
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
      await support.page
        .getByLabel(/Session file from the customer/)
        .setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
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
        if (
          await frame
            .getByLabel('Amount', { exact: true })
            .isVisible()
            .catch(() => false)
        )
          break;
        await previous.click();
        await waitShown(support.page);
      }
      await amountField(frame as unknown as Page).waitFor();
      await screenshot(support.page, 'support-replay-2-amount');

      // Issue 18: the frame is read-only. A click on the amount and typing change nothing, nor does a link.
      const amountInFrame = amountField(frame as unknown as Page);
      const amountBefore = await amountInFrame.inputValue();
      const headingsInFrame = () => frame.evaluate(() => [...document.querySelectorAll('h1, h2')].map((heading) => heading.textContent));
      const headingsBefore = await headingsInFrame();
      const focusedInFrame = () =>
        frame.evaluate(
          () =>
            `${document.activeElement?.tagName} ${document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? ''}`,
        );
      const focusBefore = await focusedInFrame();
      await frame.getByRole('button').last().click();
      expect(await focusedInFrame()).toBe(focusBefore);
      await amountInFrame.click();
      await support.page.keyboard.press('ControlOrMeta+A');
      await support.page.keyboard.type('7');
      expect(await amountInFrame.inputValue()).toBe(amountBefore);
      await support.page.keyboard.press('Enter');
      await frame.locator('a[href]').first().click();
      expect(await headingsInFrame()).toEqual(headingsBefore);
      expect(await amountInFrame.isVisible()).toBe(true);

      // Issue 18: each step starts at the top of its page, as a page load does. Scrolled down on the amount step (the
      // wheel works in the frame), the review then shows its title in the open, under the page header, not behind it.
      const timeline = support.page.getByRole('region', { name: 'What happened' });
      const frameBox = (await support.page.locator('iframe').boundingBox())!;
      await support.page.mouse.move(frameBox.x + frameBox.width / 2, frameBox.y + frameBox.height / 2);
      await support.page.mouse.wheel(0, 600);
      await frame.waitForFunction(() => window.scrollY > 0);
      await timeline.getByRole('button', { name: /Saw Review deposit for \$123\.45/ }).click();
      await waitShown(support.page);
      await frame.getByRole('heading', { name: 'Review deposit' }).waitFor();
      const reviewLayout = await frame.evaluate(() => {
        const header = document.querySelector('header')!.getBoundingClientRect();
        const title = [...document.querySelectorAll('h1')]
          .find((heading) => heading.textContent === 'Review deposit')!
          .getBoundingClientRect();
        return { headerBottom: Math.round(header.bottom), titleTop: Math.round(title.top) };
      });
      expect(reviewLayout.titleTop).toBeGreaterThanOrEqual(reviewLayout.headerBottom);
      await support.page.screenshot({ path: '/tmp/cards-replay-review-1280.png' });

      // Issue 18: a timeline a person reads, each line with the time and the route, instead of action types.
      const lines = await timeline.getByRole('listitem').allInnerTexts();
      expect(lines.some((line) => line.includes('Typed $123.45'))).toBe(true);
      expect(lines.some((line) => line.includes('Saw Review deposit for $123.45'))).toBe(true);
      expect(lines.some((line) => line.includes('Chose Chase Total Checking •••• 6789'))).toBe(true);
      expect(lines.some((line) => line.includes('Was signed in again from the saved session'))).toBe(true);
      // The amount committed twice (the field's blur, then Next) is one line.
      expect(lines.filter((line) => line.includes('Typed $123.45'))).toHaveLength(1);
      for (const line of lines) {
        const [time, words, route] = line.split('\n');
        expect({
          line,
          time: /^\d\d:\d\d:\d\d$/.test(time),
          route: route?.startsWith('/'),
          rawType: /^Recorded |^[\w@]+\/[\w/]+$/.test(words ?? ''),
        }).toEqual({ line, time: true, route: true, rawType: false });
      }
      // A line shows its step, by mouse and by keyboard.
      await timeline.getByRole('button', { name: /Typed \$123\.45/ }).click();
      await waitShown(support.page);
      expect(await amountInFrame.inputValue()).toBe('123.45');
      expect(await timeline.getByRole('button', { name: /Typed \$123\.45/ }).getAttribute('aria-current')).toBe('step');
      await support.page.keyboard.press('Tab');
      const nextLine = (await support.page.evaluate(() => document.activeElement?.textContent)) ?? '';
      await support.page.keyboard.press('Enter');
      await waitShown(support.page);
      expect(await support.page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('step');
      expect(nextLine).not.toContain('Typed $123.45');
      expect(await seriousViolations(support.page)).toEqual([]);
      await support.page.screenshot({ path: '/tmp/replay-timeline-1280.png', fullPage: true });
      await support.page.setViewportSize(PHONE);
      await waitShown(support.page);
      await support.page.screenshot({ path: '/tmp/replay-timeline-390.png', fullPage: true });
      expect(await seriousViolations(support.page)).toEqual([]);
      // Nothing wider than the phone's screen.
      expect(await support.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await support.page.setViewportSize(DESKTOP);

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

  it('replays a session recorded after a reload with what the page restored from storage (the chosen account)', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    const support = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(support.page, 'support-replay-after-reload', async () => {
      await signInFresh(page, 'alex@fundflow.test');
      await page.waitForURL('**/portfolio');
      // The account switcher is a select-only combobox: open it, then click the second account.
      const switcher = page.locator('.account-switcher [role="combobox"]');
      await switcher.click();
      const choices = page.locator('.account-switcher [role="option"]');
      await choices.first().waitFor();
      const options = (await choices.allInnerTexts()).map((text) => text.trim());
      expect(options.length).toBeGreaterThan(1);
      await choices.nth(1).click();
      // A reload: the chosen account comes back from storage (redux-persist's REHYDRATE), a new recording starts.
      await page.reload();
      await page.getByRole('region', { name: 'Portfolio value' }).waitFor();
      await page.waitForFunction(
        (label) => document.querySelector('.account-switcher [role="combobox"]')?.textContent?.includes(label) ?? false,
        options[1],
      );
      const text = await downloadSession(page);
      expect((JSON.parse((JSON.parse(text) as { payload: string }).payload) as { type: string }[]).map((action) => action.type)).toContain(
        'persist/REHYDRATE',
      );

      await support.page.goto('/support/replay');
      await support.page
        .getByLabel(/Session file from the customer/)
        .setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await support.page.getByText(/^Step \d+ of \d+$/).waitFor();
      await waitShown(support.page);
      const frame = await replayFrame(support.page);
      await frame.locator('.account-switcher [role="combobox"]').waitFor();
      expect(await frame.evaluate(() => document.querySelector('.account-switcher [role="combobox"]')?.textContent ?? '')).toContain(
        options[1],
      );
      const lines = await support.page.getByRole('region', { name: 'What happened' }).getByRole('listitem').allInnerTexts();
      expect(lines.some((line) => line.includes('Loaded the app (saved choices restored)'))).toBe(true);
    });
    expect(pageErrors).toEqual([]);
    expect(support.pageErrors).toEqual([]);
    await context.close();
    await support.context.close();
  });

  it('a bad file clears the session shown before and says what is wrong with it', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'support-replay-bad-after-good', async () => {
      const session = (formatVersion: number) =>
        JSON.stringify({
          payload: '[]',
          preloadedState: '{}',
          fundflow: {
            format: 'fundflow-session',
            formatVersion,
            schemaVersion: 1,
            appVersion: '0.1.0',
            exportedAt: '2026-11-21T12:00:00.000Z',
            route: '/login',
            viewport: { width: 390, height: 844 },
            flags: {},
            actionTimes: [],
            actionsLeftOut: 0,
          },
        });
      await page.goto('/support/replay');
      const input = page.getByLabel(/Session file from the customer/);
      await input.setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(session(1)) });
      await page.getByText(/^Step \d+ of \d+$/).waitFor();
      expect(await page.locator('iframe').count()).toBe(1);

      await input.setInputFiles({ name: 'from-the-future.json', mimeType: 'application/json', buffer: Buffer.from(session(99)) });
      const alert = page.getByRole('alert');
      await alert.getByText('comes from a newer version of Fundflow', { exact: false }).waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
      await alert.getByText('“from-the-future.json” cannot be replayed').waitFor();
      expect(await page.getByText(/^Step \d+ of \d+$/).count()).toBe(0);
      expect(await page.getByText('good.json').count()).toBe(0);
      await screenshot(page, 'support-replay-3-bad-file');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: '/tmp/replay-bad-file-390.png', fullPage: true });
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
      await page
        .getByLabel(/Session file from the customer/)
        .setInputFiles({ name: fileName, mimeType: 'application/json', buffer: Buffer.from(content) });
      const alert = page.getByRole('alert');
      await alert.getByText(message, { exact: false }).waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
