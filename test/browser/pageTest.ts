import type { Browser } from 'playwright-core';
import { DESKTOP, openPage, type PageSession, withFailureScreenshot } from './harness';

/**
 * The frame of a browser test with a page of its own: a fresh context at `viewport`, the body run with a
 * screenshot kept when it fails, then no page error allowed and the context closed.
 */
export async function onFreshPage(browser: Browser, name: string, body: (session: PageSession) => Promise<void>, viewport = DESKTOP) {
  const session = await openPage(browser, viewport);
  await withFailureScreenshot(session.page, name, () => body(session));
  expect(session.pageErrors).toEqual([]);
  await session.context.close();
}
