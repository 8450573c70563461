import type { CardAttributes, CardProvider } from '../providers';
import type { CardBrand, CardFunding } from '../../api/contract/sandboxCards';

// Stripe over its REST API with plain fetch: form-encoded bodies, the secret key as a bearer token.

export interface LiveStripeOptions {
  secretKey: string;
  publishableKey: string;
  fetch: typeof fetch;
}

export const STRIPE_API = 'https://api.stripe.com/v1';

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];
const FUNDINGS: readonly CardFunding[] = ['debit', 'credit', 'prepaid'];

export function liveStripe(options: LiveStripeOptions): CardProvider {
  async function call<T>(method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<T | null> {
    const response = await options.fetch(`${STRIPE_API}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    if (response.status === 404) return null;
    const json = (await response.json().catch(() => ({}))) as T & { error?: { message?: string } };
    if (!response.ok) throw new Error(`Stripe answered ${response.status}: ${json.error?.message ?? 'no message'}`);
    return json;
  }

  return {
    mode: 'live',
    publishableKey: options.publishableKey,
    async createSetupIntent(userId) {
      const intent = await call<{ id: string; client_secret: string }>('POST', '/setup_intents', {
        'payment_method_types[]': 'card',
        usage: 'off_session',
        'metadata[fundflow_user_id]': userId,
      });
      if (!intent) throw new Error('Stripe did not create the setup intent');
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async retrieveSetupIntent(id) {
      const intent = await call<{ id: string; status: string; payment_method: string | { id: string } | null }>(
        'GET',
        `/setup_intents/${encodeURIComponent(id)}`,
      );
      if (!intent) return null;
      const pm = intent.payment_method;
      return { id: intent.id, status: intent.status, paymentMethodId: typeof pm === 'string' ? pm : (pm?.id ?? null) };
    },
    async retrievePaymentMethod(id): Promise<CardAttributes | null> {
      const method = await call<{
        card?: { brand: string; funding: string; country: string | null; last4: string; exp_month: number; exp_year: number; fingerprint: string };
      }>('GET', `/payment_methods/${encodeURIComponent(id)}`);
      if (!method?.card) return null;
      const { card } = method;
      return {
        brand: (BRANDS as readonly string[]).includes(card.brand) ? (card.brand as CardBrand) : 'unknown',
        funding: (FUNDINGS as readonly string[]).includes(card.funding) ? (card.funding as CardFunding) : 'unknown',
        country: card.country ?? '',
        // Stripe's card object has no commercial flag; business cards are caught by the issuer's own rules.
        commercial: false,
        last4: card.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year,
        fingerprint: card.fingerprint,
      };
    },
  };
}
