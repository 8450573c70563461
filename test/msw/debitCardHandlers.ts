import { http, HttpResponse } from 'msw';
import type { SetupServerApi } from 'msw/node';
import {
  ApiPaths,
  type Address,
  type AddressConfirmRequest,
  type AddressResponse,
  type AddressUpdateResponse,
  type DebitCardErrorBody,
  type DebitCardLinkRequest,
  type DebitCardReplaceRequest,
  type ErrorBody,
  type LinkedPaymentMethodResponse,
  type PaymentMethod,
  type ProvidersResponse,
  type SandboxOutboxResponse,
  type SetupIntentResponse,
} from '../../api/contract';
import { decodeSandboxPaymentMethod } from '../../api/contract/sandboxCards';
import { paymentMethodFixture } from '../fixtures';
import { API_ORIGIN } from './handlers';

// Debit-card handler factories (funding-methods.md 7.3), typed by the contract.
const url = (path: string) => `${API_ORIGIN}${path}`;

export const cardProvidersHandler = (providers: ProvidersResponse = { plaid: 'sandbox', stripe: 'sandbox', stripePublishableKey: null }) =>
  http.get(url(ApiPaths.providers), () => HttpResponse.json<ProvidersResponse>(providers));

let setupIntentCount = 0;
/**
 * A new setup intent per call, like the server: `seti_..._secret_...`. The customer has an address on file and no
 * address change pending unless told otherwise (the prefill fields alone only change what the address form shows).
 */
export const setupIntentHandler = (
  address: Pick<SetupIntentResponse, 'zipcode' | 'addressLine1'> &
    Partial<Pick<SetupIntentResponse, 'hasAddress' | 'addressChangeAttempts'>> = {
    zipcode: '10001',
    addressLine1: '12 Main St',
  },
) =>
  http.post(url(ApiPaths.debitCardSetupIntent), () => {
    setupIntentCount += 1;
    return HttpResponse.json<SetupIntentResponse>({
      clientSecret: `seti_test${setupIntentCount}_secret_abc${setupIntentCount}`,
      hasAddress: true,
      addressChangeAttempts: 0,
      ...address,
    });
  });

export const setupIntentFailsHandler = (status = 500) =>
  http.post(url(ApiPaths.debitCardSetupIntent), () =>
    HttpResponse.json<ErrorBody>({ errorCode: 'INTERNAL_ERROR', message: 'Something went wrong' }, { status }),
  );

/** A linked card built from the payment method's sandbox attributes, as the server's sandbox does. */
export function linkedCardFixture(providerPaymentMethodId: string, overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  const card = decodeSandboxPaymentMethod(providerPaymentMethodId);
  const brand = card ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Visa';
  return paymentMethodFixture({
    id: 'pm-card',
    type: 'DEBIT_CARD',
    displayName: `${brand} debit ••${card?.last4 ?? '0000'}`,
    originalName: `${brand} debit`,
    paymentMethodNumber: card?.last4 ?? '0000',
    bankAccountType: null,
    verificationSource: null,
    canUpdateNickname: false,
    updatable: true,
    issuingBank: null,
    ...overrides,
  });
}

export type LinkAnswer = { linked: PaymentMethod } | { status: number; error: DebitCardErrorBody | ErrorBody };

/**
 * The server's debit-card rules in small: refuses what its sandbox refuses (prepaid, credit, commercial,
 * non-US) with a DebitCardErrorBody, links the rest; `answer` overrides it for one case.
 */
function judge(providerPaymentMethodId: string, answer?: (pm: string) => LinkAnswer) {
  const decided = answer?.(providerPaymentMethodId);
  if (decided) {
    return 'linked' in decided
      ? HttpResponse.json<LinkedPaymentMethodResponse>({ linkedPaymentMethod: decided.linked })
      : HttpResponse.json(decided.error, { status: decided.status });
  }
  const card = decodeSandboxPaymentMethod(providerPaymentMethodId);
  const refuse = (errorCode: string, message: string) =>
    HttpResponse.json<DebitCardErrorBody>({ errorCode, message, source: 'PUBLIC_API' }, { status: 422 });
  if (!card) return refuse('DEBIT_CARD_NOT_FOUND', 'We could not find that card. Double-check the details and try again.');
  if (card.funding === 'prepaid') return refuse('DEBIT_CARD_PREPAID', 'Prepaid cards are not supported. Use a personal debit card.');
  if (card.funding !== 'debit') return refuse('DEBIT_CARD_UNSUPPORTED_TYPE', 'This is not a debit card. Use a personal debit card.');
  if (card.commercial) return refuse('DEBIT_CARD_COMMERCIAL', 'Business cards are not accepted. Use a personal debit card.');
  if (card.country !== 'US') return refuse('DEBIT_CARD_UNSUPPORTED_COUNTRY', 'Use a US-based debit card.');
  return HttpResponse.json<LinkedPaymentMethodResponse>({ linkedPaymentMethod: linkedCardFixture(providerPaymentMethodId) });
}

export const linkDebitCardHandler = (answer?: (providerPaymentMethodId: string) => LinkAnswer | undefined) =>
  http.post<never, DebitCardLinkRequest>(url(ApiPaths.debitCardLink), async ({ request }) => {
    const body = await request.json();
    return judge(body.paymentMethodId, answer as (pm: string) => LinkAnswer);
  });

export const replaceDebitCardHandler = (answer?: (providerPaymentMethodId: string) => LinkAnswer | undefined) =>
  http.post<never, DebitCardReplaceRequest>(url(ApiPaths.debitCardReplace), async ({ request }) => {
    const body = await request.json();
    return judge(body.providerPaymentMethodId, answer as (pm: string) => LinkAnswer);
  });

/** Counts address changes like the server; refuses past `maxAttempts` with ADDRESS_ATTEMPTS_EXCEEDED. */
export const updateAddressHandler = ({
  startAt = 0,
  maxAttempts = 10,
  fail,
}: { startAt?: number; maxAttempts?: number; fail?: ErrorBody & { status: number } } = {}) => {
  let attempts = startAt;
  return http.put<never, Address>(url(ApiPaths.debitCardAddress), () => {
    if (fail) return HttpResponse.json<ErrorBody>({ errorCode: fail.errorCode, message: fail.message }, { status: fail.status });
    if (attempts >= maxAttempts) {
      return HttpResponse.json<ErrorBody>(
        { errorCode: 'ADDRESS_ATTEMPTS_EXCEEDED', message: 'Too many address changes.' },
        { status: 429 },
      );
    }
    attempts += 1;
    return HttpResponse.json<AddressUpdateResponse>({ verificationSent: true, attempts, maxAttempts });
  });
};

export const confirmAddressHandler = (valid: (token: string) => boolean = () => true) =>
  http.post<never, AddressConfirmRequest>(url(ApiPaths.debitCardAddressConfirm), async ({ request }) => {
    const { token } = await request.json();
    if (!valid(token)) {
      return HttpResponse.json<ErrorBody>(
        { errorCode: 'ADDRESS_TOKEN_INVALID', message: 'This verification link has expired.' },
        { status: 400 },
      );
    }
    return HttpResponse.json<AddressResponse>({
      address: { address1: '500 Market St', address2: null, city: 'San Francisco', state: 'CA', zipcode: '94105', country: 'USA' },
    });
  });

export const sandboxOutboxHandler = (messages: SandboxOutboxResponse['messages'] = []) =>
  http.get(url(ApiPaths.sandboxOutbox), () => HttpResponse.json<SandboxOutboxResponse>({ messages }));

export const debitCardHandlers = () => [
  cardProvidersHandler(),
  setupIntentHandler(),
  linkDebitCardHandler(),
  replaceDebitCardHandler(),
  updateAddressHandler(),
  confirmAddressHandler(),
  sandboxOutboxHandler(),
];

/** Every request body the app sends while a test runs (to prove what never leaves the browser). */
export function recordRequestBodies(server: SetupServerApi) {
  const bodies: { url: string; body: string }[] = [];
  const pending: Promise<void>[] = [];
  const listener = ({ request }: { request: Request }) => {
    pending.push(
      request
        .clone()
        .text()
        .then((body) => void bodies.push({ url: request.url, body })),
    );
  };
  server.events.on('request:start', listener);
  return {
    async all() {
      await Promise.all(pending);
      return bodies;
    },
    stop: () => server.events.removeListener('request:start', listener),
  };
}
