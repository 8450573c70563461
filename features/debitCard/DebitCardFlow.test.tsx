import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiPaths, DEBIT_CARD_MAX_ADDRESS_ATTEMPTS, DebitCardHolderMessages, FundingMessages } from '../../api/contract';
import { mswServer } from '../../test/msw/server';
import { API_ORIGIN, paymentMethodsHandler } from '../../test/msw/handlers';
import { recordRequestBodies } from '../../test/msw/debitCardHandlers';
import { paymentMethodFixture } from '../../test/fixtures';
import { addressChangeSent, debitCardLinkFailed, selectDebitCardScreen } from './debitCardSlice';
import {
  cardHandlers,
  enterCard,
  expectCardOnlyWithTheProvider,
  MARKET_ST,
  NEWER_VERIFICATION_LINK,
  reachAddressForm,
  renderFlow,
  renderSignedIn,
  submitCard,
  typeAddress,
  ui,
} from './debitCardFlowTestUtils';

// Each test types a whole card; give a loaded machine room.
jest.setTimeout(20_000);

beforeEach(() => {
  mswServer.use(...cardHandlers.base());
});

describe('DebitCardFlow: card entry', () => {
  it('is a modal 496 px wide titled Add debit card', async () => {
    renderFlow();
    const dialog = await ui.dialog('Add debit card');
    expect(dialog.style.getPropertyValue('--ff-modal-width')).toBe('496px');
  });

  it('renders as a page with a heading and a Cancel button when not a modal', async () => {
    const { user, onClose } = renderFlow({ presentation: 'page' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Add debit card' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('Debit card Next needs a name and a complete card without error', async () => {
    const { user } = renderFlow();
    await enterCard(user, '4000 0566 5566 5556', { name: '' });
    expect(ui.next()).toBeDisabled();
    await user.type(ui.cardholderName(), '   ');
    expect(ui.next()).toBeDisabled();
    await user.clear(ui.cardholderName());
    await user.type(ui.cardholderName(), 'Alex Rivera');
    await waitFor(() => expect(ui.next()).toBeEnabled());
    // An incomplete CVC makes the card incomplete again.
    await user.type(screen.getByLabelText('Security code (CVC)'), '{Backspace}');
    expect(ui.next()).toBeDisabled();
  });

  it('shows a Luhn failure on the number and keeps Next disabled', async () => {
    const { user } = renderFlow();
    await enterCard(user, '4000 0566 5566 5557');
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(ui.cardNumber()).toHaveAttribute('aria-invalid', 'true');
    expect(ui.next()).toBeDisabled();
  });

  it('shows a past expiry and keeps Next disabled', async () => {
    const { user } = renderFlow();
    await enterCard(user, '4000 0566 5566 5556', { expiry: '0120' });
    expect(await screen.findByText("Your card's expiration year is in the past.")).toBeInTheDocument();
    expect(ui.next()).toBeDisabled();
  });

  it('links a Visa debit card: success, the counter cleared, the number never sent to our server', async () => {
    const requests = recordRequestBodies(mswServer);
    const { user, store, onClose } = renderFlow({}, { debitCardAttempts: { count: 3 } });
    await submitCard(user);
    expect(await ui.dialog('Debit card added')).toBeInTheDocument();
    expect(screen.getByText(/Visa debit ••5556 is linked/)).toBeInTheDocument();
    expect(store.getState().debitCardAttempts.count).toBe(0);
    await user.click(ui.button('Done'));
    expect(onClose).toHaveBeenCalled();

    await expectCardOnlyWithTheProvider(requests, store.getState());
  });

  it('the card-number check of the request log can fail (it sees bodies)', async () => {
    const requests = recordRequestBodies(mswServer);
    await fetch(`${API_ORIGIN}${ApiPaths.debitCardLink}`, {
      method: 'POST',
      body: JSON.stringify({ token: 't', paymentMethodId: '4000056655665556' }),
    });
    const bodies = await requests.all();
    requests.stop();
    expect(bodies.some((request) => request.body.includes('4000056655665556'))).toBe(true);
  });

  it('replaces the card with the replace call when updating a debit card', async () => {
    const replace = cardHandlers.replace();
    mswServer.use(replace.handler);
    const { user } = renderFlow({ replacePaymentMethodId: 'pm-old-card' });
    await ui.dialog('Update debit card');
    await submitCard(user, '5200 8282 8282 8210');
    expect(await ui.dialog('Debit card updated')).toBeInTheDocument();
    expect(replace.sent.body).toEqual({
      paymentMethodId: 'pm-old-card',
      token: expect.stringMatching(/^seti_/),
      providerPaymentMethodId: expect.stringMatching(/^pm_sandbox_/),
    });
  });
});

describe('DebitCardFlow: refused cards', () => {
  it.each([
    ['a prepaid card', '5105 1051 0510 5100', 'Mastercard', 'Prepaid cards are not supported. Use a personal debit card.'],
    ['a commercial card', '4000 0025 0000 1001', 'Visa', 'Business cards are not accepted. Use a personal debit card.'],
    ['a non-US card', '4000 0012 4000 0000', 'Visa', 'Use a US-based debit card.'],
    ['a credit card', '4242 4242 4242 4242', 'Visa', 'This is not a debit card. Use a personal debit card.'],
  ])('%s passes the browser and the server refuses it: error modal with Try Again', async (_name, number, brand, message) => {
    const { user } = renderFlow();
    await submitCard(user, number);
    const dialog = await ui.dialog(`Unable to link your ${brand} card`);
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await ui.dialog('Add debit card')).toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toHaveValue('');
    // The name is kept; only the card is typed again.
    expect(ui.cardholderName()).toHaveValue('Alex Rivera');
  });

  it.each([
    ['an expired card', '4000 0000 0000 0069', 'Your card has expired.', 'Try Again'],
    ['an incorrect CVC', '4000 0000 0000 0127', "Your card's security code is incorrect.", 'Try Again'],
    ['a declined card', '4000 0000 0000 0002', 'Your card was declined.', 'Contact Support'],
    [
      'a processing error',
      '4000 0000 0000 0119',
      'An error occurred while processing your card. Try again in a little bit.',
      'Contact Support',
    ],
  ])('%s is refused in the browser, before our server is asked', async (_name, number, message, action) => {
    const link = cardHandlers.countedLinkFailure();
    mswServer.use(link.handler);
    const { user } = renderFlow();
    await submitCard(user, number);
    const dialog = await ui.dialog('Unable to link your Visa card');
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole(action === 'Contact Support' ? 'link' : 'button', { name: action })).toBeInTheDocument();
    expect(link.calls.count).toBe(0);
  });

  it('shows the default text when the server gives none', async () => {
    mswServer.use(cardHandlers.refused('DEBIT_CARD_NOT_FOUND', ''));
    const { user } = renderFlow();
    await submitCard(user);
    expect(await screen.findByText(FundingMessages.debitCardDefault)).toBeInTheDocument();
  });

  it('Contact Support is offered when no bank is linked and hidden when an ACH is already linked', async () => {
    mswServer.use(cardHandlers.refused('DEBIT_CARD_ALREADY_EXISTS', 'This card is linked to an existing account.'));
    const first = renderFlow();
    await submitCard(first.user);
    const dialog = await ui.dialog('Unable to link your Visa card');
    expect(within(dialog).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    first.unmount();

    mswServer.use(paymentMethodsHandler([paymentMethodFixture({ type: 'ACH' })]));
    const second = renderFlow();
    await submitCard(second.user);
    const again = await ui.dialog('Unable to link your Visa card');
    expect(within(again).getByText('This card is linked to an existing account.')).toBeInTheDocument();
    expect(within(again).queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: /Try Again|Finish Application/ })).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('Finish Application goes to /setup-investing', async () => {
    mswServer.use(cardHandlers.refused('DEBIT_CARD_TRADING_ACCOUNT_NOT_ACTIVE', 'Please set up your account - it only takes 2 minutes'));
    const { user, onClose } = renderFlow();
    await submitCard(user);
    await user.click(await screen.findByRole('button', { name: 'Finish Application' }));
    await waitFor(() => expect(ui.location()).toHaveTextContent('/setup-investing'));
    expect(onClose).toHaveBeenCalled();
  });

  it("'Learn more about linking your debit card' opens the help", async () => {
    mswServer.use(cardHandlers.refused('DEBIT_CARD_PREPAID', 'Use a personal debit card.'));
    const { user } = renderFlow();
    await submitCard(user, '5105 1051 0510 5100');
    const link = await screen.findByRole('link', { name: 'Learn more about linking your debit card' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Credit, prepaid and business cards cannot be linked/)).not.toBeVisible();
    await user.click(link);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Credit, prepaid and business cards cannot be linked/)).toBeVisible();
  });

  it('Dismiss closes the flow and clears the address-change counter', async () => {
    mswServer.use(cardHandlers.refused('DEBIT_CARD_PREPAID', 'Use a personal debit card.'));
    const { user, store, onClose } = renderFlow({}, { debitCardAttempts: { count: 4 } });
    await submitCard(user, '5105 1051 0510 5100');
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalled();
    expect(store.getState().debitCardAttempts.count).toBe(0);
    expect(selectDebitCardScreen(store.getState())).toBe('idle');
  });
});

describe('DebitCardFlow: address change', () => {
  it('a zip mismatch opens the address form prefilled from the setup intent; Next waits for a valid address', async () => {
    mswServer.use(cardHandlers.zipMismatch(), cardHandlers.setupIntent({ zipcode: '10001', addressLine1: '12 Main St' }));
    const { user } = renderFlow();
    const dialog = await reachAddressForm(user);
    expect(within(dialog).getByText('The address must match your card billing address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Street address')).toHaveValue('12 Main St');
    expect(within(dialog).getByLabelText('ZIP code')).toHaveValue('10001');
    expect(within(dialog).getByLabelText('Country')).toHaveValue('United States (USA)');
    expect(ui.next()).toBeDisabled();
    await typeAddress(user, dialog, { city: 'New York', state: 'n1y' });
    expect(within(dialog).getByLabelText('State')).toHaveValue('NY');
    await waitFor(() => expect(ui.next()).toBeEnabled());
    await user.clear(within(dialog).getByLabelText('ZIP code'));
    await user.type(within(dialog).getByLabelText('ZIP code'), '100a');
    expect(within(dialog).getByLabelText('ZIP code')).toHaveValue('100');
    await user.tab();
    expect(await within(dialog).findByText('Please enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(ui.next()).toBeDisabled();
  });

  it('sends the normalised address, counts the attempt and shows the check-your-email step with the sandbox link', async () => {
    const update = cardHandlers.addressUpdate();
    // The verification service confirms the address as typed: it is accepted and sent.
    mswServer.use(
      cardHandlers.zipMismatch(),
      cardHandlers.noAddressOnFile(),
      cardHandlers.marketStVerified(),
      update.handler,
      cardHandlers.outboxWithTwoLinks(),
    );
    const { user, store } = renderFlow();
    const dialog = await reachAddressForm(user);
    // No address on file: the form starts in search mode.
    await user.click(within(dialog).getByRole('button', { name: 'Enter address manually' }));
    await typeAddress(user, dialog, { street: '  500   Market St ', city: 'San Francisco', state: 'ca', zip: '94105' });
    await user.click(ui.next());
    expect(await ui.dialog('Check your email')).toBeInTheDocument();
    expect(update.sent.body).toEqual(MARKET_ST);
    expect(store.getState().debitCardAttempts.count).toBe(1);
    expect(await ui.verificationLink()).toHaveAttribute('href', NEWER_VERIFICATION_LINK);
  });

  it('the address is verified first: a P.O. box gets the not-residential dialog and is not sent', async () => {
    const update = cardHandlers.addressUpdate();
    mswServer.use(cardHandlers.zipMismatch(), cardHandlers.noAddressOnFile(), update.handler);
    const { user } = renderFlow();
    const dialog = await reachAddressForm(user);
    expect(within(dialog).getByRole('combobox', { name: 'Search for your address' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enter address manually' }));
    await typeAddress(user, dialog, { street: 'PO Box 1234', city: 'Springfield', state: 'IL', zip: '62701' });
    await user.click(ui.next());
    const notResidential = await ui.dialog('Residential address needed');
    expect(within(notResidential).getByText("We couldn't verify that this is a residential address.")).toBeInTheDocument();
    expect(update.sent.body).toBeNull();
  });

  it('shows no sandbox helper in live mode', async () => {
    mswServer.use(cardHandlers.zipMismatch(), cardHandlers.updateAddress(), cardHandlers.live());
    // Live mode would load Stripe.js; the address step itself is independent of it, so start there.
    const { store } = renderFlow();
    await ui.dialog('Add debit card');
    act(() => {
      store.dispatch(debitCardLinkFailed({ error: { errorCode: 'DEBIT_CARD_ZIP_MISMATCH' }, addressAttempts: 0 }));
      store.dispatch(addressChangeSent({ attempts: 1 }));
    });
    expect(await ui.dialog('Check your email')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Sandbox/)).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Open the verification link' })).not.toBeInTheDocument();
  });

  it("a failed address update says 'Address update failed' on the form, which keeps what was typed", async () => {
    mswServer.use(cardHandlers.zipMismatch(), cardHandlers.addressUpdateFails('Bad address'));
    const { user, store } = renderFlow();
    const dialog = await reachAddressForm(user);
    await typeAddress(user, dialog, { city: 'New York', state: 'NY' });
    await user.click(ui.next());
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Address update failed');
    expect(alert).toHaveTextContent('Bad address');
    expect(screen.getByRole('dialog', { name: 'Confirm your address' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('City')).toHaveValue('New York');
    expect(within(dialog).getByLabelText('State')).toHaveValue('NY');
    expect(store.getState().debitCardAttempts.count).toBe(0);
  });

  it(`after ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} stored attempts the max-attempts screen is shown; dismiss clears the counter`, async () => {
    mswServer.use(cardHandlers.zipMismatch());
    const { user, store } = renderFlow({}, { debitCardAttempts: { count: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS } });
    await submitCard(user);
    expect(await ui.dialog('Too many address changes')).toBeInTheDocument();
    await user.click(ui.button('Dismiss'));
    expect(store.getState().debitCardAttempts.count).toBe(0);
  });

  it('nine stored attempts still allow the address form', async () => {
    mswServer.use(cardHandlers.zipMismatch());
    const { user } = renderFlow({}, { debitCardAttempts: { count: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS - 1 } });
    expect(await reachAddressForm(user)).toBeInTheDocument();
  });

  it('the server refusing more changes shows the max-attempts screen', async () => {
    mswServer.use(cardHandlers.zipMismatch(), cardHandlers.updateAddress({ startAt: 10 }));
    const { user, store } = renderFlow();
    const dialog = await reachAddressForm(user);
    await typeAddress(user, dialog, { city: 'New York', state: 'NY' });
    await user.click(ui.next());
    expect(await ui.dialog('Too many address changes')).toBeInTheDocument();
    expect(store.getState().debitCardAttempts.count).toBe(DEBIT_CARD_MAX_ADDRESS_ATTEMPTS);
  });

  it('entering with an auv token confirms the address, then returns to card entry to retry', async () => {
    const confirm = cardHandlers.confirmRecording();
    mswServer.use(confirm.handler);
    const { user } = renderFlow({ auvToken: 'tok123' }, { debitCardAttempts: { count: 2 } });
    expect(await ui.verified()).toBeInTheDocument();
    expect(confirm.tokens).toEqual(['tok123']);
    await submitCard(user);
    expect(await ui.dialog('Debit card added')).toBeInTheDocument();
  });

  it('a spent verification token leaves the address bar, so a reload cannot replay it', async () => {
    mswServer.use(cardHandlers.confirmAddress(() => true));
    renderFlow({ auvToken: 'tok123' }, undefined, '/settings/payment-methods?m=debit&auv=tok123');
    expect(await ui.verified()).toBeInTheDocument();
    await waitFor(() => expect(ui.search().textContent).not.toContain('auv'));
    expect(ui.search()).toHaveTextContent('?m=debit');
  });

  it('confirming the link meets no answer: Try Again sends the same token again, once per press', async () => {
    const confirm = cardHandlers.confirmWithoutAnswer();
    mswServer.use(confirm.handler);
    const { user } = renderFlow({ auvToken: 'tok-lost' }, undefined, '/settings/payment-methods?m=debit&auv=tok-lost');
    const dialog = await ui.dialog('Unable to link your debit card');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('We could not reach Fundflow. Check your connection and try again.');
    // The link may still be unused: it stays in the address bar.
    expect(ui.search()).toHaveTextContent('auv=tok-lost');
    expect(confirm.tokens).toEqual(['tok-lost']);
    confirm.answer.now = true;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await ui.verified()).toBeInTheDocument();
    expect(confirm.tokens).toEqual(['tok-lost', 'tok-lost']);
    await waitFor(() => expect(ui.search().textContent).not.toContain('auv'));
  });

  it('an expired verification link shows the error with Try Again', async () => {
    mswServer.use(cardHandlers.confirmAddress(() => false));
    const { user } = renderFlow({ auvToken: 'expired' });
    expect(await screen.findByText('This verification link has expired.')).toBeInTheDocument();
    await user.click(ui.button('Try Again'));
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });
});

describe('DebitCardFlow: blockers said before the card', () => {
  it('no address on file: the dialog opens on "Add your address first" with no card field, and Add your address opens the address form', async () => {
    mswServer.use(cardHandlers.setupIntent({ zipcode: null, addressLine1: null, hasAddress: false }));
    const { user } = renderSignedIn();
    const { dialog, alert } = await ui.blocker();
    expect(alert).toHaveTextContent('Add your address first');
    expect(alert).toHaveTextContent(DebitCardHolderMessages.noAddressOnFile);
    expect(within(dialog).queryByLabelText('Cardholder name')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add your address' }));
    const form = await ui.dialog('Confirm your address');
    expect(within(form).getByText(DebitCardHolderMessages.noAddressOnFile)).toBeInTheDocument();
  });

  it(`${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} address changes: the dialog opens on "Too many address changes" with Contact Support and no card field`, async () => {
    mswServer.use(cardHandlers.addressChangesUsedUp());
    const { user, onClose } = renderSignedIn();
    const { dialog, alert } = await ui.blocker();
    expect(alert).toHaveTextContent('Too many address changes');
    expect(alert).toHaveTextContent(DebitCardHolderMessages.addressChangesUsedUp);
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('pending application: the blocker and Finish Application come before the card setup answers', async () => {
    mswServer.use(cardHandlers.setupIntentNeverAnswers());
    renderSignedIn('PENDING');
    const dialog = await ui.dialog('Add debit card');
    expect(await within(dialog).findByText(FundingMessages.debitCardAccountNotActive)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Finish Application' })).toBeInTheDocument();
  });
});
