import type Stripe from 'stripe';
import type { CardAttributes, CardProvider } from '../providerPorts';
import type { CardBrand, CardFunding } from '../../api/contract/sandboxCards';

// Stripe through its official Node SDK (server only: nothing under src/ or api/ may import this file).

/**
 * The Stripe API version every call is made with. It is the version this SDK release is typed for, so moving
 * to a newer SDK makes this line fail to compile until someone reads Stripe's upgrade notes and moves it.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** One call may take this long before the SDK gives up on it (Stripe's default is 80 s). */
export const STRIPE_TIMEOUT_MS = 15_000;
/** Retries of a call that failed on the network, a 409, a 5xx or when Stripe asks for one (same idempotency key). */
export const STRIPE_MAX_NETWORK_RETRIES = 2;

export interface LiveStripeOptions {
  secretKey: string;
  publishableKey: string;
  /** Tests pass an HttpClient subclass that records requests and answers canned responses (no network). */
  httpClient?: Stripe.HttpClient;
}

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];
const FUNDINGS: readonly CardFunding[] = ['debit', 'credit', 'prepaid'];

/** The idempotency key of a setup-intent creation: one per card-entry attempt, so the SDK's retries reuse it. */
export const setupIntentIdempotencyKey = (attemptId: string) => `fundflow-setup-intent-${attemptId}`;

/** The SDK, loaded the first time live mode needs it (a sandbox server never calls Stripe). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a deliberate lazy load, as plaidLive.ts's
const stripeSdk = (): typeof Stripe => require('stripe') as typeof Stripe;

export function liveStripe(options: LiveStripeOptions): CardProvider {
  const Stripe = stripeSdk();
  const stripe = new Stripe(options.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'Fundflow' },
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });

  /** A retrieve of something Stripe does not know is null; every other failure is thrown. */
  async function unlessMissing<T>(retrieve: () => Promise<T>): Promise<T | null> {
    try {
      return await retrieve();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
      throw error;
    }
  }

  return {
    mode: 'live',
    publishableKey: options.publishableKey,
    async createSetupIntent(userId, attemptId) {
      const intent = await stripe.setupIntents.create(
        // This API version names the field allowed_payment_method_types (payment_method_types before).
        { allowed_payment_method_types: ['card'], usage: 'off_session', metadata: { fundflow_user_id: userId } },
        { idempotencyKey: setupIntentIdempotencyKey(attemptId) },
      );
      if (!intent.client_secret) throw new Error('Stripe created a setup intent without a client secret');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveSetupIntent(id) {
      const intent = await unlessMissing(() => stripe.setupIntents.retrieve(id));
      if (!intent) return null;
      const pm = intent.payment_method;
      return { id: intent.id, status: intent.status, paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? null) };
    },
    async retrievePaymentMethod(id): Promise<CardAttributes | null> {
      const method = await unlessMissing(() => stripe.paymentMethods.retrieve(id));
      const card = method?.card;
      if (!card) return null;
      return {
        brand: (BRANDS as readonly string[]).includes(card.brand) ? (card.brand as CardBrand) : 'unknown',
        funding: (FUNDINGS as readonly string[]).includes(card.funding) ? (card.funding as CardFunding) : 'unknown',
        country: card.country ?? '',
        // Stripe's card object has no commercial flag; business cards are caught by the issuer's own rules.
        commercial: false,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        fingerprint: card.fingerprint ?? '',
      };
    },
  };
}
