import type { Page, Request } from 'playwright-core';
import { ApiPaths, FundingMessages } from '../../api/contract';
import { methodsList } from './fundingSteps';
import { useBrowser } from './harness';
import { describeFaultRows, exactPath, FAULT_MESSAGES, freshCustomerEachRound, type Row } from './faultKit';
import { cardErrorModal, enterCard, enterCardAgain, expiry, letTheCardGo, LINK_EXPIRY, waitForNextEnabled } from './cardSteps';
import { addressKept, addressUi as ui, openAddressStep, ROSEDALE, typeAddress, WALNUT } from './addressSteps';

// Issue 8, browser side: the debit-card flow (setup intent, link, replace), the address step a card link leads
// to when no address is on file (search, place, verification, address change, the emailed link's
// confirmation) and removing a funding method, each failed five ways (faultKit.ts says how and what each row
// proves). Calls of the sandbox card provider itself (Stripe.js's confirmCardSetup in live mode) are not our
// API and have no row; neither does the sandbox outbox, which only the sandbox shows.

jest.setTimeout(300_000);

const browser = useBrowser();

let replaceRound = 0;

/** The round's address change, as the app sent it (the verification row checks the typed address was used). */
let addressChange: Promise<Request> | null = null;
const watchAddressChange = (page: Page) => {
  addressChange = page.waitForRequest(
    (request) => request.method() === 'PUT' && new URL(request.url()).pathname === ApiPaths.debitCardAddress,
  );
};

const ROWS: Row[] = [
  {
    flow: 'debit card',
    endpoint: 'createSetupIntent',
    method: 'POST',
    path: exactPath(ApiPaths.debitCardSetupIntent),
    template: 'card@fundflow.test',
    // Creates an intent on our side; the app asks once each time card entry opens, and again only on Try again.
    mutation: true,
    // Opened from another page: a blank one (as a page-load row's is), so the send's load of the card entry is a
    // full load of the app, with no calls of its own before it.
    prepare: async (page) => {
      await page.goto('about:blank');
    },
    send: async (page) => {
      await page.goto('/settings/payment-methods?m=debit');
    },
    failed: async (page, fault) => {
      const dialog = page.getByRole('dialog', { name: 'Add debit card' });
      await dialog
        .getByRole('alert')
        .filter({ hasText: "We couldn't start linking your card" })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await dialog.getByRole('button', { name: 'Try again' }).waitFor();
    },
    kept: async () => undefined,
    retry: (page) => page.getByRole('dialog', { name: 'Add debit card' }).getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Add debit card' });
      await enterCard(dialog, '11/33');
      // Next is enabled only with a setup intent in hand.
      await waitForNextEnabled(page);
    },
  },
  {
    flow: 'debit card',
    endpoint: 'linkDebitCard',
    method: 'POST',
    path: exactPath(ApiPaths.debitCardLink),
    template: 'card@fundflow.test',
    mutation: true,
    // One debit card a customer: every round after the first is a new customer.
    reset: freshCustomerEachRound('card@fundflow.test'),
    prepare: async (page) => {
      await page.goto('/settings/payment-methods?m=debit');
      await enterCard(page.getByRole('dialog', { name: 'Add debit card' }), LINK_EXPIRY);
      await waitForNextEnabled(page);
    },
    send: (page) => page.getByRole('dialog', { name: 'Add debit card' }).getByRole('button', { name: 'Next' }).click(),
    failed: (page, fault) => cardErrorModal(page, fault, 'Discover', FundingMessages.debitCardDefault),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('dialog', { name: 'Unable to link your Discover card' }).getByRole('button', { name: 'Try Again' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add debit card' });
      await enterCardAgain(page, dialog, LINK_EXPIRY);
      await dialog.getByRole('button', { name: 'Next' }).click();
    },
    succeeded: async (page) => {
      await page
        .getByRole('dialog', { name: 'Debit card added' })
        .getByText(/Discover debit card is linked/)
        .waitFor();
    },
    finish: async (page) => {
      await page.getByRole('dialog', { name: 'Debit card added' }).getByRole('button', { name: 'Done' }).click();
      await letTheCardGo();
    },
  },
  {
    flow: 'debit card',
    endpoint: 'replaceDebitCard',
    method: 'POST',
    path: exactPath(ApiPaths.debitCardReplace),
    template: 'alex@fundflow.test',
    mutation: true,
    prepare: async (page) => {
      replaceRound += 1;
      await page.goto('/settings/v2/transfers');
      await methodsList(page).waitFor();
      // The seeded Visa card at first, the Discover card of the previous round (another expiry) after.
      await page.getByRole('button', { name: /^Options for .*debit card$/ }).click();
      await page.getByRole('menuitem', { name: 'Update debit card' }).click();
      await enterCard(page.getByRole('dialog', { name: 'Update debit card' }), expiry(replaceRound, 32));
      await waitForNextEnabled(page);
    },
    send: (page) => page.getByRole('dialog', { name: 'Update debit card' }).getByRole('button', { name: 'Next' }).click(),
    failed: (page, fault) => cardErrorModal(page, fault, 'Discover', FundingMessages.debitCardDefault),
    kept: async () => undefined,
    retry: async (page) => {
      await page.getByRole('dialog', { name: 'Unable to link your Discover card' }).getByRole('button', { name: 'Try Again' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update debit card' });
      await enterCardAgain(page, dialog, expiry(replaceRound, 32));
      await dialog.getByRole('button', { name: 'Next' }).click();
    },
    succeeded: async (page) => {
      await page
        .getByRole('dialog', { name: 'Debit card updated' })
        .getByText(/is now your debit card/)
        .waitFor();
    },
    finish: (page) => page.getByRole('dialog', { name: 'Debit card updated' }).getByRole('button', { name: 'Done' }).click(),
  },
  {
    flow: 'address step',
    endpoint: 'getAddressSuggestions',
    method: 'POST',
    path: exactPath(ApiPaths.addressAutocomplete),
    template: 'unverified@fundflow.test',
    // A lookup sent as a POST (what people type stays out of URLs); it changes nothing.
    mutation: false,
    prepare: async (page) => {
      await openAddressStep(page);
    },
    send: (page) => ui.search(page).pressSequentially('1427 walnut', { delay: 20 }),
    failed: async (page) => {
      const step = ui.step(page);
      await step.getByText('Address search is unavailable right now. Please enter your address manually.').waitFor();
      await step.getByRole('button', { name: 'Try again' }).waitFor();
      await step.getByRole('button', { name: 'Enter address manually' }).waitFor();
    },
    kept: async (page) => {
      expect(await ui.search(page).inputValue()).toBe('1427 walnut');
    },
    retry: (page) => ui.step(page).getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      await ui
        .step(page)
        .getByRole('option', { name: /1427 S Walnut St/ })
        .waitFor();
      expect(await ui.search(page).inputValue()).toBe('1427 walnut');
    },
  },
  {
    flow: 'address step',
    endpoint: 'getAddressPlace',
    method: 'GET',
    path: exactPath(ApiPaths.addressPlace),
    template: 'unverified@fundflow.test',
    mutation: false,
    prepare: async (page) => {
      await openAddressStep(page);
      await ui.search(page).pressSequentially('1427 walnut', { delay: 20 });
      await ui
        .step(page)
        .getByRole('option', { name: /1427 S Walnut St/ })
        .waitFor();
    },
    send: (page) =>
      ui
        .step(page)
        .getByRole('option', { name: /1427 S Walnut St/ })
        .click(),
    failed: async (page) => {
      const alert = ui
        .step(page)
        .getByRole('alert')
        .filter({ hasText: 'We could not look up that address. Try again or enter it manually.' });
      await alert.waitFor();
      await alert.getByRole('button', { name: 'Try again' }).waitFor();
    },
    // The suggestion the customer chose is still in the search field.
    kept: async (page) => {
      expect(await ui.search(page).inputValue()).toContain('1427 S Walnut St');
    },
    retry: (page) => ui.step(page).getByRole('alert').getByRole('button', { name: 'Try again' }).click(),
    succeeded: async (page) => {
      const step = ui.step(page);
      await step.getByLabel('Street address').waitFor();
      expect(await step.getByLabel('Street address').inputValue()).toBe('1427 S Walnut St');
      expect(await step.getByLabel('ZIP code').inputValue()).toBe('62704');
    },
  },
  {
    flow: 'address step',
    endpoint: 'verifyAddress',
    method: 'POST',
    path: exactPath(ApiPaths.addressVerify),
    template: 'unverified@fundflow.test',
    // A lookup (it changes nothing on our side). Section 7.6: when it fails, the address as entered is used, so
    // the customer sees no error: the flow goes on to the emailed confirmation with what they typed.
    mutation: false,
    prepare: async (page) => {
      const step = await openAddressStep(page);
      await typeAddress(step, ROSEDALE);
      watchAddressChange(page);
    },
    send: (page) => ui.step(page).getByRole('button', { name: 'Next' }).click(),
    failed: async (page) => {
      await ui.checkYourEmail(page).waitFor();
      const sent = await addressChange!;
      expect(sent.postDataJSON()).toMatchObject({
        address1: ROSEDALE.street,
        city: ROSEDALE.city,
        state: ROSEDALE.state,
        zipcode: ROSEDALE.zip,
      });
    },
    kept: async () => undefined,
    // The customer's next address entry (the flow moved on, so there is no form to keep): verification answers
    // this time, with the candidate picker this address gets.
    retry: async (page) => {
      await ui.checkYourEmail(page).getByRole('button', { name: 'Done' }).click();
      const step = await openAddressStep(page);
      await typeAddress(step, ROSEDALE);
      await step.getByRole('button', { name: 'Next' }).click();
    },
    succeeded: async (page) => {
      const picker = ui.step(page).getByRole('group', { name: 'Select the correct address.' });
      await picker.waitFor();
      expect(await picker.getByRole('radio').count()).toBeGreaterThan(1);
    },
  },
  {
    flow: 'address step',
    endpoint: 'updateAddress',
    method: 'PUT',
    path: exactPath(ApiPaths.debitCardAddress),
    template: 'unverified@fundflow.test',
    // Counts an address change and emails a link; sent once per press of Next.
    mutation: true,
    prepare: async (page) => {
      const step = await openAddressStep(page);
      await typeAddress(step, WALNUT);
    },
    send: (page) => ui.step(page).getByRole('button', { name: 'Next' }).click(),
    failed: async (page, fault) => {
      const step = ui.step(page);
      await step
        .getByRole('alert')
        .filter({ hasText: FundingMessages.addressUpdateFailed })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[role="dialog"] form button[type="submit"]')?.disabled);
    },
    kept: (page) => addressKept(ui.step(page), WALNUT),
    retry: async (page) => {
      await addressKept(ui.step(page), WALNUT);
      await ui.step(page).getByRole('button', { name: 'Next' }).click();
    },
    succeeded: (page) => ui.checkYourEmail(page).getByText('We sent a link to your email address.', { exact: false }).waitFor(),
  },
  {
    flow: 'address step',
    endpoint: 'confirmAddress',
    method: 'POST',
    path: exactPath(ApiPaths.debitCardAddressConfirm),
    template: 'unverified@fundflow.test',
    // Sent once when the customer opens the emailed link, and once per Try Again; the link's token is the same.
    mutation: true,
    // A confirmed address is on file for good: every round after the first is a new customer without one.
    reset: freshCustomerEachRound('unverified@fundflow.test'),
    prepare: async (page) => {
      const step = await openAddressStep(page);
      await typeAddress(step, WALNUT);
      await step.getByRole('button', { name: 'Next' }).click();
      await ui.checkYourEmail(page).getByRole('link', { name: 'Open the verification link' }).waitFor();
    },
    send: (page) => ui.checkYourEmail(page).getByRole('link', { name: 'Open the verification link' }).click(),
    failed: async (page, fault) => {
      const dialog = page.getByRole('dialog', { name: 'Unable to link your debit card' });
      const message = fault === '503' ? "We couldn't confirm your new address just now. Please try again." : FAULT_MESSAGES[fault];
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      await dialog.getByRole('button', { name: 'Try Again' }).waitFor();
    },
    // The emailed link is not lost: its token stays for the retry.
    kept: async (page) => {
      expect(new URL(page.url()).searchParams.get('auv')).toBeTruthy();
    },
    retry: (page) =>
      page.getByRole('dialog', { name: 'Unable to link your debit card' }).getByRole('button', { name: 'Try Again' }).click(),
    succeeded: async (page) => {
      await page
        .getByRole('dialog', { name: 'Add debit card' })
        .getByText('Your address is verified. Enter your card again to link it.')
        .waitFor();
      await page.waitForURL((url) => !url.searchParams.has('auv'));
    },
  },
  {
    flow: 'funding methods',
    endpoint: 'removePaymentMethod',
    method: 'DELETE',
    path: exactPath(ApiPaths.paymentMethod),
    template: 'alex@fundflow.test',
    mutation: true,
    // Each round removes the bank: every round after the first is a new customer who still has it.
    reset: freshCustomerEachRound('alex@fundflow.test'),
    prepare: async (page) => {
      await page.goto('/settings/v2/transfers');
      await methodsList(page).waitFor();
      await page.getByRole('button', { name: 'Options for Chase Total Checking' }).click();
      await page.getByRole('menuitem', { name: 'Remove' }).click();
      await page
        .getByRole('dialog', { name: 'Remove funding method' })
        .getByText('Confirm that you want to remove your funding method.')
        .waitFor();
    },
    send: (page) => page.getByRole('dialog', { name: 'Remove funding method' }).getByRole('button', { name: 'Remove' }).click(),
    failed: async (page, fault) => {
      // funding-methods.md section 8: 'There was an error while unlinking your bank', in the confirmation itself.
      const dialog = page.getByRole('dialog', { name: 'Remove funding method' });
      await dialog
        .getByRole('alert')
        .filter({ hasText: FundingMessages.removeBankFailed })
        .filter({ hasText: FAULT_MESSAGES[fault] })
        .waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].some((b) => b.textContent === 'Remove' && !b.disabled),
      );
    },
    kept: async (page) => {
      await page.getByRole('dialog', { name: 'Remove funding method' }).getByText('Chase Total Checking').waitFor();
      await methodsList(page).getByText('Chase Total Checking').first().waitFor();
    },
    retry: (page) => page.getByRole('dialog', { name: 'Remove funding method' }).getByRole('button', { name: 'Remove' }).click(),
    succeeded: async (page) => {
      await page.getByRole('dialog', { name: 'Remove funding method' }).waitFor({ state: 'detached' });
      await methodsList(page).getByText('Chase Total Checking').waitFor({ state: 'detached' });
    },
  },
];

describeFaultRows('faults in the browser: debit card, address step and removal', ROWS, browser);
