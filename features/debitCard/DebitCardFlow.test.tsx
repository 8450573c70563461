import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  DebitCardHolderMessages,
  FundingMessages,
  type DebitCardErrorBody,
  type User,
} from '../../api/contract';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { API_ORIGIN, paymentMethodsHandler } from '../../test/msw/handlers';
import {
  confirmAddressHandler,
  debitCardHandlers,
  linkDebitCardHandler,
  linkedCardFixture,
  recordRequestBodies,
  sandboxOutboxHandler,
  setupIntentHandler,
  updateAddressHandler,
} from '../../test/msw/debitCardHandlers';
import { addressHandlers, candidateFixture, verifyAddressHandler } from '../../test/msw/addressHandlers';
import { paymentMethodFixture, sessionFixture, userFixture } from '../../test/fixtures';
import { sessionEstablished } from '../../api/authEvents';
import type { RootState } from '../../store/store';
import DebitCardFlow, { type DebitCardFlowProps } from './DebitCardFlow';
import { addressChangeSent, debitCardLinkFailed, selectDebitCardScreen } from './debitCardSlice';

// Each test types a whole card; give a loaded machine room.
jest.setTimeout(20_000);

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

function renderFlow(
  props: Partial<DebitCardFlowProps> = {},
  preloadedState?: Partial<RootState>,
  route = '/settings/payment-methods?m=debit',
) {
  const onClose = jest.fn();
  const utils = renderWithProviders(
    <>
      <DebitCardFlow presentation="modal" onClose={onClose} {...props} />
      <LocationProbe />
    </>,
    { route, preloadedState },
  );
  return { ...utils, onClose };
}

async function enterCard(user: UserEvent, number: string, { name = 'Alex Rivera', expiry = '1234', cvc = '123' } = {}) {
  if (name) await user.type(await screen.findByLabelText('Cardholder name'), name);
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
  await user.type(screen.getByLabelText('Security code (CVC)'), cvc);
}

const nextButton = () => screen.getByRole('button', { name: 'Next' });

const refuseWith = (error: DebitCardErrorBody, status = 422) => linkDebitCardHandler(() => ({ status, error }));

const zipMismatch = refuseWith({
  errorCode: 'DEBIT_CARD_ZIP_MISMATCH',
  message: 'The address must match your card billing address.',
  source: 'PUBLIC_API',
});

beforeEach(() => {
  mswServer.use(...debitCardHandlers(), ...addressHandlers(), paymentMethodsHandler([]));
});

describe('DebitCardFlow: card entry', () => {
  it('is a modal 496 px wide titled Add debit card', async () => {
    renderFlow();
    const dialog = await screen.findByRole('dialog', { name: 'Add debit card' });
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
    expect(nextButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Cardholder name'), '   ');
    expect(nextButton()).toBeDisabled();
    await user.clear(screen.getByLabelText('Cardholder name'));
    await user.type(screen.getByLabelText('Cardholder name'), 'Alex Rivera');
    await waitFor(() => expect(nextButton()).toBeEnabled());
    // An incomplete CVC makes the card incomplete again.
    await user.type(screen.getByLabelText('Security code (CVC)'), '{Backspace}');
    expect(nextButton()).toBeDisabled();
  });

  it('shows a Luhn failure on the number and keeps Next disabled', async () => {
    const { user } = renderFlow();
    await enterCard(user, '4000 0566 5566 5557');
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(nextButton()).toBeDisabled();
  });

  it('shows a past expiry and keeps Next disabled', async () => {
    const { user } = renderFlow();
    await enterCard(user, '4000 0566 5566 5556', { expiry: '0120' });
    expect(await screen.findByText("Your card's expiration year is in the past.")).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  it('links a Visa debit card: success, the counter cleared, the number never sent to our server', async () => {
    const requests = recordRequestBodies(mswServer);
    const { user, store, onClose } = renderFlow({}, { debitCardAttempts: { count: 3 } });
    await enterCard(user, '4000 0566 5566 5556');
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: 'Debit card added' })).toBeInTheDocument();
    expect(screen.getByText(/Visa debit ••5556 is linked/)).toBeInTheDocument();
    expect(store.getState().debitCardAttempts.count).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();

    const bodies = await requests.all();
    requests.stop();
    const link = bodies.find((request) => request.url.endsWith(ApiPaths.debitCardLink));
    expect(JSON.parse(link!.body)).toEqual({
      token: expect.stringMatching(/^seti_test\d+$/),
      paymentMethodId: expect.stringMatching(/^pm_sandbox_/),
    });
    for (const request of bodies) {
      expect(request.body.replace(/\s/g, '')).not.toContain('4000056655665556');
      expect(request.body).not.toContain('5566 5556');
    }
    expect(JSON.stringify(store.getState())).not.toContain('4000056655665556');
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
    let replaced: unknown = null;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.debitCardReplace}`, async ({ request }) => {
        replaced = await request.json();
        return HttpResponse.json({
          linkedPaymentMethod: linkedCardFixture((replaced as { providerPaymentMethodId: string }).providerPaymentMethodId),
        });
      }),
    );
    const { user } = renderFlow({ replacePaymentMethodId: 'pm-old-card' });
    await screen.findByRole('dialog', { name: 'Update debit card' });
    await enterCard(user, '5200 8282 8282 8210');
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: 'Debit card updated' })).toBeInTheDocument();
    expect(replaced).toEqual({
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
    await enterCard(user, number);
    await user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: `Unable to link your ${brand} card` });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('dialog', { name: 'Add debit card' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Card number')).toHaveValue('');
    // The name is kept; only the card is typed again.
    expect(screen.getByLabelText('Cardholder name')).toHaveValue('Alex Rivera');
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
    let linkCalls = 0;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.debitCardLink}`, () => {
        linkCalls += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { user } = renderFlow();
    await enterCard(user, number);
    await user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: 'Unable to link your Visa card' });
    expect(within(dialog).getByText(message)).toBeInTheDocument();
    expect(within(dialog).getByRole(action === 'Contact Support' ? 'link' : 'button', { name: action })).toBeInTheDocument();
    expect(linkCalls).toBe(0);
  });

  it('shows the default text when the server gives none', async () => {
    mswServer.use(refuseWith({ errorCode: 'DEBIT_CARD_NOT_FOUND', message: '', source: 'PUBLIC_API' }));
    const { user } = renderFlow();
    await enterCard(user, '4000 0566 5566 5556');
    await user.click(nextButton());
    expect(await screen.findByText(FundingMessages.debitCardDefault)).toBeInTheDocument();
  });

  it('Contact Support is offered when no bank is linked and hidden when an ACH is already linked', async () => {
    mswServer.use(
      refuseWith({ errorCode: 'DEBIT_CARD_ALREADY_EXISTS', message: 'This card is linked to an existing account.', source: 'PUBLIC_API' }),
    );
    const first = renderFlow();
    await enterCard(first.user, '4000 0566 5566 5556');
    await first.user.click(nextButton());
    const dialog = await screen.findByRole('dialog', { name: 'Unable to link your Visa card' });
    expect(within(dialog).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    first.unmount();

    mswServer.use(paymentMethodsHandler([paymentMethodFixture({ type: 'ACH' })]));
    const second = renderFlow();
    await enterCard(second.user, '4000 0566 5566 5556');
    await second.user.click(nextButton());
    const again = await screen.findByRole('dialog', { name: 'Unable to link your Visa card' });
    expect(within(again).getByText('This card is linked to an existing account.')).toBeInTheDocument();
    expect(within(again).queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
    expect(within(again).queryByRole('button', { name: /Try Again|Finish Application/ })).not.toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('Finish Application goes to /setup-investing', async () => {
    mswServer.use(
      refuseWith({
        errorCode: 'DEBIT_CARD_TRADING_ACCOUNT_NOT_ACTIVE',
        message: 'Please set up your account - it only takes 2 minutes',
        source: 'PUBLIC_API',
      }),
    );
    const { user, onClose } = renderFlow();
    await enterCard(user, '4000 0566 5566 5556');
    await user.click(nextButton());
    await user.click(await screen.findByRole('button', { name: 'Finish Application' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/setup-investing'));
    expect(onClose).toHaveBeenCalled();
  });

  it("'Learn more about linking your debit card' opens the help", async () => {
    mswServer.use(refuseWith({ errorCode: 'DEBIT_CARD_PREPAID', message: 'Use a personal debit card.', source: 'PUBLIC_API' }));
    const { user } = renderFlow();
    await enterCard(user, '5105 1051 0510 5100');
    await user.click(nextButton());
    const link = await screen.findByRole('link', { name: 'Learn more about linking your debit card' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Credit, prepaid and business cards cannot be linked/)).not.toBeVisible();
    await user.click(link);
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Credit, prepaid and business cards cannot be linked/)).toBeVisible();
  });

  it('Dismiss closes the flow and clears the address-change counter', async () => {
    mswServer.use(refuseWith({ errorCode: 'DEBIT_CARD_PREPAID', message: 'Use a personal debit card.', source: 'PUBLIC_API' }));
    const { user, store, onClose } = renderFlow({}, { debitCardAttempts: { count: 4 } });
    await enterCard(user, '5105 1051 0510 5100');
    await user.click(nextButton());
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalled();
    expect(store.getState().debitCardAttempts.count).toBe(0);
    expect(selectDebitCardScreen(store.getState())).toBe('idle');
  });
});

describe('DebitCardFlow: address change', () => {
  async function reachAddressForm(user: UserEvent) {
    await enterCard(user, '4000 0566 5566 5556');
    await user.click(nextButton());
    return screen.findByRole('dialog', { name: 'Confirm your address' });
  }

  it('a zip mismatch opens the address form prefilled from the setup intent; Next waits for a valid address', async () => {
    mswServer.use(zipMismatch, setupIntentHandler({ zipcode: '10001', addressLine1: '12 Main St' }));
    const { user } = renderFlow();
    const dialog = await reachAddressForm(user);
    expect(within(dialog).getByText('The address must match your card billing address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Street address')).toHaveValue('12 Main St');
    expect(within(dialog).getByLabelText('ZIP code')).toHaveValue('10001');
    expect(within(dialog).getByLabelText('Country')).toHaveValue('United States (USA)');
    expect(nextButton()).toBeDisabled();
    await user.type(within(dialog).getByLabelText('City'), 'New York');
    await user.type(within(dialog).getByLabelText('State'), 'n1y');
    expect(within(dialog).getByLabelText('State')).toHaveValue('NY');
    await waitFor(() => expect(nextButton()).toBeEnabled());
    await user.clear(within(dialog).getByLabelText('ZIP code'));
    await user.type(within(dialog).getByLabelText('ZIP code'), '100a');
    expect(within(dialog).getByLabelText('ZIP code')).toHaveValue('100');
    await user.tab();
    expect(await within(dialog).findByText('Please enter a 5-digit ZIP code')).toBeInTheDocument();
    expect(nextButton()).toBeDisabled();
  });

  it('sends the normalised address, counts the attempt and shows the check-your-email step with the sandbox link', async () => {
    let sent: unknown = null;
    mswServer.use(
      zipMismatch,
      setupIntentHandler({ zipcode: null, addressLine1: null }),
      // The verification service confirms the address as typed: it is accepted and sent.
      verifyAddressHandler([
        candidateFixture({
          deliveryLine1: '500 Market St',
          city: 'San Francisco',
          state: 'CA',
          zipcode: '94105',
          address: { address1: '500 Market St', address2: null, city: 'San Francisco', state: 'CA', zipcode: '94105', country: 'USA' },
        }),
      ]),
      http.put(`${API_ORIGIN}${ApiPaths.debitCardAddress}`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ verificationSent: true, attempts: 1, maxAttempts: 10 });
      }),
      sandboxOutboxHandler([
        {
          to: 'alex@fundflow.test',
          subject: 'Confirm your address',
          link: 'http://localhost/settings/payment-methods?m=debit&auv=old',
          sentAt: '2026-05-01T10:00:00.000Z',
        },
        {
          to: 'alex@fundflow.test',
          subject: 'Confirm your address',
          link: 'http://localhost/settings/payment-methods?m=debit&auv=tok123',
          sentAt: '2026-05-02T10:00:00.000Z',
        },
      ]),
    );
    const { user, store } = renderFlow();
    const dialog = await reachAddressForm(user);
    // No address on file: the form starts in search mode.
    await user.click(within(dialog).getByRole('button', { name: 'Enter address manually' }));
    await user.type(within(dialog).getByLabelText('Street address'), '  500   Market St ');
    await user.type(within(dialog).getByLabelText('City'), 'San Francisco');
    await user.type(within(dialog).getByLabelText('State'), 'ca');
    await user.type(within(dialog).getByLabelText('ZIP code'), '94105');
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: 'Check your email' })).toBeInTheDocument();
    expect(sent).toEqual({
      address1: '500 Market St',
      address2: null,
      city: 'San Francisco',
      state: 'CA',
      zipcode: '94105',
      country: 'USA',
    });
    expect(store.getState().debitCardAttempts.count).toBe(1);
    expect(await screen.findByRole('link', { name: 'Open the verification link' })).toHaveAttribute(
      'href',
      'http://localhost/settings/payment-methods?m=debit&auv=tok123',
    );
  });

  it('the address is verified first: a P.O. box gets the not-residential dialog and is not sent', async () => {
    let sent = false;
    mswServer.use(
      zipMismatch,
      setupIntentHandler({ zipcode: null, addressLine1: null }),
      http.put(`${API_ORIGIN}${ApiPaths.debitCardAddress}`, () => {
        sent = true;
        return HttpResponse.json({ verificationSent: true, attempts: 1, maxAttempts: 10 });
      }),
    );
    const { user } = renderFlow();
    const dialog = await reachAddressForm(user);
    expect(within(dialog).getByRole('combobox', { name: 'Search for your address' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enter address manually' }));
    await user.type(within(dialog).getByLabelText('Street address'), 'PO Box 1234');
    await user.type(within(dialog).getByLabelText('City'), 'Springfield');
    await user.type(within(dialog).getByLabelText('State'), 'IL');
    await user.type(within(dialog).getByLabelText('ZIP code'), '62701');
    await user.click(nextButton());
    const notResidential = await screen.findByRole('dialog', { name: 'Residential address needed' });
    expect(within(notResidential).getByText("We couldn't verify that this is a residential address.")).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('shows no sandbox helper in live mode', async () => {
    mswServer.use(
      zipMismatch,
      updateAddressHandler(),
      http.get(`${API_ORIGIN}${ApiPaths.providers}`, () =>
        HttpResponse.json({ plaid: 'live', stripe: 'live', stripePublishableKey: 'pk_test_x' }),
      ),
    );
    // Live mode would load Stripe.js; the address step itself is independent of it, so start there.
    const { store } = renderFlow();
    await screen.findByRole('dialog', { name: 'Add debit card' });
    act(() => {
      store.dispatch(debitCardLinkFailed({ error: { errorCode: 'DEBIT_CARD_ZIP_MISMATCH' }, addressAttempts: 0 }));
      store.dispatch(addressChangeSent({ attempts: 1 }));
    });
    expect(await screen.findByRole('dialog', { name: 'Check your email' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Sandbox/)).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Open the verification link' })).not.toBeInTheDocument();
  });

  it("a failed address update says 'Address update failed' on the form, which keeps what was typed", async () => {
    mswServer.use(zipMismatch, updateAddressHandler({ fail: { status: 400, errorCode: 'ADDRESS_INVALID', message: 'Bad address' } }));
    const { user, store } = renderFlow();
    const dialog = await reachAddressForm(user);
    await user.type(within(dialog).getByLabelText('City'), 'New York');
    await user.type(within(dialog).getByLabelText('State'), 'NY');
    await user.click(nextButton());
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Address update failed');
    expect(alert).toHaveTextContent('Bad address');
    expect(screen.getByRole('dialog', { name: 'Confirm your address' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('City')).toHaveValue('New York');
    expect(within(dialog).getByLabelText('State')).toHaveValue('NY');
    expect(store.getState().debitCardAttempts.count).toBe(0);
  });

  it(`after ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} stored attempts the max-attempts screen is shown; dismiss clears the counter`, async () => {
    mswServer.use(zipMismatch);
    const { user, store } = renderFlow({}, { debitCardAttempts: { count: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS } });
    await enterCard(user, '4000 0566 5566 5556');
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: 'Too many address changes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(store.getState().debitCardAttempts.count).toBe(0);
  });

  it('nine stored attempts still allow the address form', async () => {
    mswServer.use(zipMismatch);
    const { user } = renderFlow({}, { debitCardAttempts: { count: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS - 1 } });
    expect(await reachAddressForm(user)).toBeInTheDocument();
  });

  it('the server refusing more changes shows the max-attempts screen', async () => {
    mswServer.use(zipMismatch, updateAddressHandler({ startAt: 10 }));
    const { user, store } = renderFlow();
    const dialog = await reachAddressForm(user);
    await user.type(within(dialog).getByLabelText('City'), 'New York');
    await user.type(within(dialog).getByLabelText('State'), 'NY');
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: 'Too many address changes' })).toBeInTheDocument();
    expect(store.getState().debitCardAttempts.count).toBe(DEBIT_CARD_MAX_ADDRESS_ATTEMPTS);
  });

  it('entering with an auv token confirms the address, then returns to card entry to retry', async () => {
    let confirmedToken: string | null = null;
    mswServer.use(
      confirmAddressHandler((token) => {
        confirmedToken = token;
        return true;
      }),
    );
    const { user } = renderFlow({ auvToken: 'tok123' }, { debitCardAttempts: { count: 2 } });
    expect(await screen.findByText('Your address is verified. Enter your card again to link it.')).toBeInTheDocument();
    expect(confirmedToken).toBe('tok123');
    await enterCard(user, '4000 0566 5566 5556');
    await user.click(nextButton());
    expect(await screen.findByRole('dialog', { name: 'Debit card added' })).toBeInTheDocument();
  });

  it('a spent verification token leaves the address bar, so a reload cannot replay it', async () => {
    mswServer.use(confirmAddressHandler(() => true));
    renderFlow({ auvToken: 'tok123' }, undefined, '/settings/payment-methods?m=debit&auv=tok123');
    expect(await screen.findByText('Your address is verified. Enter your card again to link it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search').textContent).not.toContain('auv'));
    expect(screen.getByTestId('search')).toHaveTextContent('?m=debit');
  });

  it('confirming the link meets no answer: Try Again sends the same token again, once per press', async () => {
    const tokens: string[] = [];
    let answer = false;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.debitCardAddressConfirm}`, async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token);
        if (!answer) return HttpResponse.error();
        return HttpResponse.json({
          address: { address1: '500 Market St', address2: null, city: 'San Francisco', state: 'CA', zipcode: '94105', country: 'USA' },
        });
      }),
    );
    const { user } = renderFlow({ auvToken: 'tok-lost' }, undefined, '/settings/payment-methods?m=debit&auv=tok-lost');
    const dialog = await screen.findByRole('dialog', { name: 'Unable to link your debit card' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('We could not reach Fundflow. Check your connection and try again.');
    // The link may still be unused: it stays in the address bar.
    expect(screen.getByTestId('search')).toHaveTextContent('auv=tok-lost');
    expect(tokens).toEqual(['tok-lost']);
    answer = true;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Your address is verified. Enter your card again to link it.')).toBeInTheDocument();
    expect(tokens).toEqual(['tok-lost', 'tok-lost']);
    await waitFor(() => expect(screen.getByTestId('search').textContent).not.toContain('auv'));
  });

  it('an expired verification link shows the error with Try Again', async () => {
    mswServer.use(confirmAddressHandler(() => false));
    const { user } = renderFlow({ auvToken: 'expired' });
    expect(await screen.findByText('This verification link has expired.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
  });
});

describe('DebitCardFlow: blockers said before the card', () => {
  function renderSignedIn(applicationStatus: User['applicationStatus'] = 'COMPLETE') {
    const utils = renderFlow();
    act(() => {
      utils.store.dispatch(sessionEstablished(sessionFixture({ user: userFixture({ applicationStatus }) })));
    });
    return utils;
  }

  it('no address on file: the dialog opens on "Add your address first" with no card field, and Add your address opens the address form', async () => {
    mswServer.use(setupIntentHandler({ zipcode: null, addressLine1: null, hasAddress: false }));
    const { user } = renderSignedIn();
    const dialog = await screen.findByRole('dialog', { name: 'Add debit card' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Add your address first');
    expect(alert).toHaveTextContent(DebitCardHolderMessages.noAddressOnFile);
    expect(within(dialog).queryByLabelText('Cardholder name')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add your address' }));
    const form = await screen.findByRole('dialog', { name: 'Confirm your address' });
    expect(within(form).getByText(DebitCardHolderMessages.noAddressOnFile)).toBeInTheDocument();
  });

  it(`${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} address changes: the dialog opens on "Too many address changes" with Contact Support and no card field`, async () => {
    mswServer.use(
      setupIntentHandler({ zipcode: '10001', addressLine1: '12 Main St', addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS }),
    );
    const { user, onClose } = renderSignedIn();
    const dialog = await screen.findByRole('dialog', { name: 'Add debit card' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Too many address changes');
    expect(alert).toHaveTextContent(DebitCardHolderMessages.addressChangesUsedUp);
    expect(within(dialog).queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('pending application: the blocker and Finish Application come before the card setup answers', async () => {
    mswServer.use(http.post(`${API_ORIGIN}${ApiPaths.debitCardSetupIntent}`, () => new Promise<Response>(() => undefined)));
    renderSignedIn('PENDING');
    const dialog = await screen.findByRole('dialog', { name: 'Add debit card' });
    expect(await within(dialog).findByText(FundingMessages.debitCardAccountNotActive)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Finish Application' })).toBeInTheDocument();
  });
});
