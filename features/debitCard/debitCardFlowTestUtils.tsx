import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import {
  ApiPaths,
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  type Address,
  type DebitCardErrorBody,
  type DebitCardErrorCode,
  type SandboxOutboxResponse,
  type User,
} from '../../api/contract';
import { renderWithProviders } from '../../test/renderWithProviders';
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
import { sessionFixture, userFixture } from '../../test/fixtures';
import { sessionEstablished } from '../../api/authEvents';
import type { RootState } from '../../store/store';
import DebitCardFlow, { type DebitCardFlowProps } from './DebitCardFlow';

// The debit-card flow's test kit: how to render it, a `ui` map of its controls, and handler factories (grafana style:
// each builds the MSW handlers for one case, and hands back what the case records).

const url = (path: string) => `${API_ORIGIN}${path}`;

function LocationProbe() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

export function renderFlow(
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

/** Signed in with an application in the given state (the card blockers read it). */
export function renderSignedIn(applicationStatus: User['applicationStatus'] = 'COMPLETE') {
  const utils = renderFlow();
  act(() => {
    utils.store.dispatch(sessionEstablished(sessionFixture({ user: userFixture({ applicationStatus }) })));
  });
  return utils;
}

/** The flow's controls and screens. */
export const ui = {
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  cardholderName: () => screen.getByLabelText('Cardholder name'),
  cardNumber: () => screen.getByLabelText('Card number'),
  next: () => screen.getByRole('button', { name: 'Next' }),
  button: (name: string) => screen.getByRole('button', { name }),
  search: () => screen.getByTestId('search'),
  location: () => screen.getByTestId('location'),
  verified: () => screen.findByText('Your address is verified. Enter your card again to link it.'),
  verificationLink: () => screen.findByRole('link', { name: 'Open the verification link' }),
  /** The card dialog opened on a blocker: the dialog and its alert. */
  async blocker() {
    const dialog = await screen.findByRole('dialog', { name: 'Add debit card' });
    return { dialog, alert: await within(dialog).findByRole('alert') };
  },
};

/**
 * The linked card went to the card provider only: our link call carried the provider's ids, and no request body nor
 * the store ever held the card number.
 */
export async function expectCardOnlyWithTheProvider(requests: ReturnType<typeof recordRequestBodies>, state: RootState) {
  const bodies = await requests.all();
  requests.stop();
  const link = bodies.find((request) => request.url.endsWith(ApiPaths.debitCardLink));
  expect(JSON.parse(link!.body)).toEqual({
    token: expect.stringMatching(/^seti_test\d+$/) as string,
    paymentMethodId: expect.stringMatching(/^pm_sandbox_/) as string,
  });
  for (const request of bodies) {
    expect(request.body.replace(/\s/g, '')).not.toContain('4000056655665556');
    expect(request.body).not.toContain('5566 5556');
  }
  expect(JSON.stringify(state)).not.toContain('4000056655665556');
}

export async function enterCard(user: UserEvent, number: string, { name = 'Alex Rivera', expiry = '1234', cvc = '123' } = {}) {
  if (name) await user.type(await screen.findByLabelText('Cardholder name'), name);
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
  await user.type(screen.getByLabelText('Security code (CVC)'), cvc);
}

/** The card typed in full and Next pressed. */
export async function submitCard(user: UserEvent, number = '4000 0566 5566 5556') {
  await enterCard(user, number);
  await user.click(ui.next());
}

/** A zip mismatch took the customer to the address form. */
export async function reachAddressForm(user: UserEvent) {
  await submitCard(user);
  return screen.findByRole('dialog', { name: 'Confirm your address' });
}

/** Types an address into the form's manual fields (the street only when given). */
export async function typeAddress(user: UserEvent, form: HTMLElement, { street, city, state, zip }: Record<string, string | undefined>) {
  if (street !== undefined) await user.type(within(form).getByLabelText('Street address'), street);
  if (city !== undefined) await user.type(within(form).getByLabelText('City'), city);
  if (state !== undefined) await user.type(within(form).getByLabelText('State'), state);
  if (zip !== undefined) await user.type(within(form).getByLabelText('ZIP code'), zip);
}

export const MARKET_ST: Address = {
  address1: '500 Market St',
  address2: null,
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94105',
  country: 'USA',
};

/** The newer link of cardHandlers.outboxWithTwoLinks. */
export const NEWER_VERIFICATION_LINK = 'http://localhost/settings/payment-methods?m=debit&auv=tok123';

const outboxMessage = (auv: string, sentAt: string): SandboxOutboxResponse['messages'][number] => ({
  to: 'alex@fundflow.test',
  subject: 'Confirm your address',
  link: `http://localhost/settings/payment-methods?m=debit&auv=${auv}`,
  sentAt,
});

/** Handler factories for the card flow's cases. */
export const cardHandlers = {
  /** Every test's start: the sandbox card server, the address services, no payment method yet. */
  base: () => [...debitCardHandlers(), ...addressHandlers(), paymentMethodsHandler([])],
  setupIntent: setupIntentHandler,
  updateAddress: updateAddressHandler,
  confirmAddress: confirmAddressHandler,
  /** Our server refuses the card with this error. */
  refused: (errorCode: DebitCardErrorCode, message: string, status = 422) =>
    linkDebitCardHandler(() => ({ status, error: { errorCode, message, source: 'PUBLIC_API' } as DebitCardErrorBody })),
  zipMismatch: () => cardHandlers.refused('DEBIT_CARD_ZIP_MISMATCH', 'The address must match your card billing address.'),
  /** The replace call, recording what it was sent. */
  replace() {
    const sent: { body: unknown } = { body: null };
    const handler = http.post(url(ApiPaths.debitCardReplace), async ({ request }) => {
      sent.body = await request.json();
      return HttpResponse.json({
        linkedPaymentMethod: linkedCardFixture((sent.body as { providerPaymentMethodId: string }).providerPaymentMethodId),
      });
    });
    return { handler, sent };
  },
  /** The link call fails, counting how often it was asked. */
  countedLinkFailure() {
    const calls = { count: 0 };
    const handler = http.post(url(ApiPaths.debitCardLink), () => {
      calls.count += 1;
      return HttpResponse.json({}, { status: 500 });
    });
    return { handler, calls };
  },
  /** The address update, recording the address sent. */
  addressUpdate() {
    const sent: { body: unknown } = { body: null };
    const handler = http.put(url(ApiPaths.debitCardAddress), async ({ request }) => {
      sent.body = await request.json();
      return HttpResponse.json({ verificationSent: true, attempts: 1, maxAttempts: 10 });
    });
    return { handler, sent };
  },
  /** The address update is refused as invalid, with these words. */
  addressUpdateFails: (message: string) => updateAddressHandler({ fail: { status: 400, errorCode: 'ADDRESS_INVALID', message } }),
  /** The customer's address changes are used up (the setup intent says so). */
  addressChangesUsedUp: () =>
    setupIntentHandler({ zipcode: '10001', addressLine1: '12 Main St', addressChangeAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS }),
  /** No address on file; the verification service confirms 500 Market St as typed. */
  noAddressOnFile: () => setupIntentHandler({ zipcode: null, addressLine1: null }),
  marketStVerified: () =>
    verifyAddressHandler([
      candidateFixture({ deliveryLine1: '500 Market St', city: 'San Francisco', state: 'CA', zipcode: '94105', address: MARKET_ST }),
    ]),
  /** Two verification emails in the sandbox outbox, the newer with `tok123`. */
  outboxWithTwoLinks: () =>
    sandboxOutboxHandler([outboxMessage('old', '2026-05-01T10:00:00.000Z'), outboxMessage('tok123', '2026-05-02T10:00:00.000Z')]),
  live: () =>
    http.get(url(ApiPaths.providers), () => HttpResponse.json({ plaid: 'live', stripe: 'live', stripePublishableKey: 'pk_test_x' })),
  /** Confirming the emailed link: no answer until `answer.now` is set; records the tokens sent. */
  confirmWithoutAnswer() {
    const tokens: string[] = [];
    const answer = { now: false };
    const handler = http.post(url(ApiPaths.debitCardAddressConfirm), async ({ request }) => {
      tokens.push(((await request.json()) as { token: string }).token);
      if (!answer.now) return HttpResponse.error();
      return HttpResponse.json({ address: MARKET_ST });
    });
    return { handler, tokens, answer };
  },
  /** Confirming the emailed link succeeds; records the tokens sent. */
  confirmRecording() {
    const tokens: string[] = [];
    const handler = confirmAddressHandler((token) => {
      tokens.push(token);
      return true;
    });
    return { handler, tokens };
  },
  setupIntentNeverAnswers: () => http.post(url(ApiPaths.debitCardSetupIntent), () => new Promise<Response>(() => undefined)),
};
