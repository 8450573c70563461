import type { Locator, Page } from 'playwright-core';
import { ApiPaths, CSRF_HEADER, type PaymentMethodsResponse } from '../../api/contract';
import { apiToken } from './depositSteps';
import { type Fault, FAULT_MESSAGES, faultSession } from './faultKit';
import { baseUrl } from './harness';

// Steps of the debit-card dialog (faults.cards.test.ts): the card typed in, typed again after Try Again, the
// error modal for a fault, and the card let go from another session.

// A card (its fingerprint: the number, whatever the expiry, as in Stripe) is one customer's at a time. The
// Discover debit test card is linked by no other browser suite. The link row's customer of each round lets the
// card go once it is linked (finish), so the next round's new customer links it as a card of their own, and
// the replace row after it can take it. The replace row's customer replaces their card each round with this
// card reissued: the same number with a new expiry (one month per round, in 2032).
export const DISCOVER = '6011 9811 1111 1113';
export const CARDHOLDER = 'Jordan Lee';
export const LINK_EXPIRY = '12/31';
export const expiry = (round: number, year: number) => `${String(round).padStart(2, '0')}/${year}`;

/** The row's customer removes their debit card, from another session (the API): the card is free again. */
export async function letTheCardGo() {
  const headers = { authorization: `Bearer ${await apiToken(faultSession.customer)}`, [CSRF_HEADER]: 'web' };
  const { paymentMethods } = (await (await fetch(`${baseUrl()}${ApiPaths.paymentMethods}`, { headers })).json()) as PaymentMethodsResponse;
  const cards = paymentMethods.filter((method) => method.type === 'DEBIT_CARD');
  expect(cards.map((card) => [card.displayName, card.paymentMethodNumber])).toEqual([['Discover debit card', '1113']]);
  const removed = await fetch(`${baseUrl()}${ApiPaths.paymentMethod.replace(':paymentMethodId', cards[0].id)}`, {
    method: 'DELETE',
    headers,
  });
  expect(removed.status).toBe(204);
}

export async function waitForNextEnabled(page: Page) {
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[role="dialog"] button[type="submit"]')?.disabled);
}

/** Fills card entry; the name only when it is empty (after Try Again it is kept). */
export async function enterCard(dialog: Locator, cardExpiry: string) {
  const name = dialog.getByLabel('Cardholder name');
  await name.waitFor();
  if ((await name.inputValue()) === '') await name.fill(CARDHOLDER);
  await dialog.getByLabel('Card number').fill(DISCOVER);
  await dialog.getByLabel('Expiry (MM / YY)').fill(cardExpiry);
  await dialog.getByLabel('Security code (CVC)').fill('123');
}

/** After Try Again: the name is still there, the card is not (it is never kept), and is typed again. */
export async function enterCardAgain(page: Page, dialog: Locator, cardExpiry: string) {
  await dialog.getByLabel('Card number').waitFor();
  expect(await dialog.getByLabel('Cardholder name').inputValue()).toBe(CARDHOLDER);
  expect(await dialog.getByLabel('Card number').inputValue()).toBe('');
  await enterCard(dialog, cardExpiry);
  await waitForNextEnabled(page);
}

/**
 * The card flow's error modal for a fault: 'Unable to link your {type} card', the API's message (the card flow's
 * default when the answer had none: a proxy's 503 page), and Try Again.
 */
export async function cardErrorModal(page: Page, fault: Fault, brand: string, noTextMessage: string) {
  const dialog = page.getByRole('dialog', { name: `Unable to link your ${brand} card` });
  const message = fault === '503' ? noTextMessage : FAULT_MESSAGES[fault];
  await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
  await dialog.getByRole('button', { name: 'Try Again' }).waitFor();
  // A passing failure is not the card's fault: no 'Contact Support' in place of a retry.
  expect(await dialog.getByRole('link', { name: 'Contact Support' }).count()).toBe(0);
}
