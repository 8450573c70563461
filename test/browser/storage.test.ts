import type { Page } from 'playwright-core';
import { ApiPaths, type SandboxCustomerResponse, type SessionResponse } from '../../api/contract';
import { passesLuhn } from '../../api/contract/sandboxCards';
import { baseUrl, DESKTOP, freshCustomer, openPage, signIn, useBrowser, withFailureScreenshot } from './harness';
import { amountField, apiToken, openDeposit, toReview } from './depositSteps';

// Issue 8: what the browser keeps after the main flows. localStorage, sessionStorage and every IndexedDB database
// of the page must hold no token, no bank account or routing number, no card number and not the customer's
// email; after signing out they must hold nothing of the customer at all.

jest.setTimeout(180_000);

const browser = useBrowser();

const ROUTING_NUMBER = '021000021';
const ACCOUNT_NUMBER = '40712345678';
// A card no other browser test links: a card stays linked to one customer (a second customer's link of the
// same card is refused), and this test leaves its customer's card in place.
const CARD_NUMBER = '5200 8282 8282 8210';

interface StoredEntry {
  where: string;
  key: string;
  value: string;
}

/** Every entry of localStorage, sessionStorage and each IndexedDB store of the page, as text. */
async function readStorage(page: Page): Promise<StoredEntry[]> {
  return page.evaluate(async () => {
    const entries: { where: string; key: string; value: string }[] = [];
    for (const [where, storage] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index) ?? '';
        entries.push({ where, key, value: storage.getItem(key) ?? '' });
      }
    }
    const request = <T>(call: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        call.onsuccess = () => resolve(call.result);
        call.onerror = () => reject(call.error ?? new Error('IndexedDB request failed'));
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(indexedDB.open(info.name));
      for (const storeName of Array.from(db.objectStoreNames)) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName);
        const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
        keys.forEach((key, index) =>
          entries.push({ where: `indexedDB ${info.name}/${storeName}`, key: key as string, value: JSON.stringify(values[index]) }),
        );
      }
      db.close();
    }
    return entries;
  });
}

/**
 * Waits until the deposit draft redux-persist keeps in localStorage ('persist:fundflow', each slice a JSON string)
 * holds `fields` and has an intent or not (`withIntent`); no stored record at all counts as the initial draft. The
 * whitelisted slices go to storage in one write, so the others have landed with it.
 */
async function persistedDraftReaches(page: Page, fields: Record<string, unknown>, withIntent: boolean): Promise<void> {
  await page.waitForFunction(
    ({ fields, withIntent }) => {
      const record = localStorage.getItem('persist:fundflow');
      const slice = record ? (JSON.parse(record) as Record<string, string | undefined>).depositDraft : undefined;
      const draft = (slice ? JSON.parse(slice) : { draftId: null, step: 'root', amountCents: null, intentId: null }) as Record<
        string,
        unknown
      >;
      return Object.entries(fields).every(([name, value]) => draft[name] === value) && (draft.intentId != null) === withIntent;
    },
    { fields, withIntent },
  );
}

/** Runs of 13 to 19 digits (spaces or dashes between groups allowed) that pass Luhn. */
function cardLikeNumbers(text: string): string[] {
  const runs = text.match(/\d(?:[ -]?\d){12,18}/g) ?? [];
  return runs.map((run) => run.replace(/[ -]/g, '')).filter((digits) => digits.length >= 13 && passesLuhn(digits));
}

describe('browser storage after the main flows', () => {
  it('holds no token, bank or card number or email while signed in, and nothing of the customer after signing out', async () => {
    const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
    await withFailureScreenshot(page, 'storage-after-flows', async () => {
      // Every token the server hands out: access tokens in the answers, the refresh token in a cookie.
      const tokens = new Set<string>();
      page.on('response', async (response) => {
        const path = new URL(response.url()).pathname;
        if ((path === ApiPaths.login || path === ApiPaths.refresh) && response.ok()) {
          const session = (await response.json().catch(() => null)) as SessionResponse | null;
          if (session?.accessToken) tokens.add(session.accessToken);
        }
      });

      const customer = await freshCustomer('new@fundflow.test');
      await signIn(page, customer.email, customer.password);
      await page.waitForURL('**/portfolio');

      // A bank by routing and account number.
      await page.goto('/settings/bank-link');
      await page.getByLabel('Search for your bank').fill('Navy');
      await page.getByRole('button', { name: 'Navy Federal Credit Union', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Enter your account details' }).waitFor();
      await page.getByLabel('Routing number').fill(ROUTING_NUMBER);
      await page.getByLabel('Account number').fill(ACCOUNT_NUMBER);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: 'Yes, link this account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Bank account linked' }).waitFor();
      await page.getByRole('button', { name: 'Done' }).click();

      // A debit card (the sandbox card processor's form).
      await page.goto('/settings/payment-methods?m=debit');
      const card = page.getByRole('dialog', { name: 'Add debit card' });
      await card.getByLabel('Card number').waitFor();
      await card.getByLabel('Cardholder name').fill('Jordan Lee');
      await card.getByLabel('Card number').fill(CARD_NUMBER);
      await card.getByLabel('Expiry (MM / YY)').fill('12/34');
      await card.getByLabel('Security code (CVC)').fill('123');
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[role="dialog"] button[type="submit"]')?.disabled);
      await card.getByRole('button', { name: 'Next' }).click();
      const added = page.getByRole('dialog', { name: 'Debit card added' });
      await added.waitFor();
      await added.getByRole('button', { name: 'Done' }).click();
      await added.waitFor({ state: 'detached' });

      // A deposit, then a second one left on its review (a draft in progress when the customer signs out).
      await openDeposit(page);
      await toReview(page, '60');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await page
        .getByRole('button', { name: 'Done' })
        .or(page.getByRole('button', { name: 'Dismiss' }))
        .first()
        .click();
      await openDeposit(page);
      await amountField(page).fill('75');
      await toReview(page, '75');
      // redux-persist writes the state on a timer: wait until the stored draft is this one, on its review.
      await persistedDraftReaches(page, { step: 'deposit-review', amountCents: 7500 }, true);

      for (const cookie of await context.cookies()) if (/refresh/i.test(cookie.name)) tokens.add(cookie.value);
      expect(tokens.size).toBeGreaterThanOrEqual(2);

      const signedIn = await readStorage(page);
      const text = signedIn.map((entry) => `${entry.where} ${entry.key}=${entry.value}`).join('\n');
      for (const token of tokens) expect(text.includes(token)).toBe(false);
      for (const secret of [ROUTING_NUMBER, ACCOUNT_NUMBER, customer.email, customer.email.toLowerCase()])
        expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });
      expect(cardLikeNumbers(text)).toEqual([]);

      // Sign out: nothing of the customer is left (their ids, choices, drafts), whatever the key.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/login**');
      // Signing out puts the persisted slices back to their initial state in one write: wait until it has landed.
      await persistedDraftReaches(page, { draftId: null, step: 'root', amountCents: null }, false);
      const signedOut = await readStorage(page);
      const customerValues = await customerIdentifiers(customer);
      const leftover = signedOut.filter((entry) =>
        customerValues.some((value) => entry.key.includes(value) || entry.value.includes(value)),
      );
      expect(leftover).toEqual([]);
      const outText = signedOut.map((entry) => `${entry.key}=${entry.value}`).join('\n');
      expect(cardLikeNumbers(outText)).toEqual([]);
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** The customer's own identifiers as the server knows them: email, user and account ids, method ids and numbers. */
async function customerIdentifiers(customer: SandboxCustomerResponse): Promise<string[]> {
  const token = await apiToken(customer);
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return response.json() as Promise<unknown>;
  };
  const values = new Set<string>([customer.email, ROUTING_NUMBER, ACCOUNT_NUMBER]);
  const collect = (value: unknown, key = '') => {
    if (Array.isArray(value)) value.forEach((item) => collect(item));
    else if (value && typeof value === 'object') Object.entries(value).forEach(([name, inner]) => collect(inner, name));
    else if (typeof value === 'string' && /(id|uuid|account|number)$/i.test(key) && value.length >= 6) values.add(value);
  };
  for (const path of [ApiPaths.me, ApiPaths.accounts, ApiPaths.paymentMethods, ApiPaths.deposits]) collect(await get(path));
  return [...values];
}
