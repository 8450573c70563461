import type { Page } from 'playwright-core';

// The IRA deposit page (faults.test.ts, faults.accounts.test.ts): its form ready, the 1% match welcome answered.

export const IRA_PATH = '/settings/ira-deposit';
/** The amount the fault rows deposit to the IRA. */
export const IRA_AMOUNT = '100';

export const IRA_WELCOME = 'Boost your IRA with a 1% match';
export const iraFormReady = (page: Page) =>
  page.waitForFunction(
    () =>
      Boolean(document.querySelector<HTMLSelectElement>('select[name="year"]')?.value) &&
      Boolean(document.querySelector<HTMLSelectElement>('select[name="source"]')?.value),
  );

/** The IRA deposit page with its data loaded; the 1% match welcome (first visit only) is answered. */
export async function openIraDeposit(page: Page) {
  await page.goto(IRA_PATH);
  const welcome = page.getByRole('dialog', { name: IRA_WELCOME });
  await Promise.race([welcome.waitFor(), iraFormReady(page)]);
  if (await welcome.isVisible()) {
    await welcome.getByRole('button', { name: 'Deposit' }).click();
    await welcome.waitFor({ state: 'detached' });
  }
  await iraFormReady(page);
}

/** The IRA flow's error screens: the deposit flow's, with Try again. */
export async function iraErrorScreen(page: Page) {
  await page.getByRole('heading', { name: /^(Deposit error|Deposit unknown)$/ }).waitFor();
  await page.getByRole('button', { name: 'Try again' }).waitFor();
}
