import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { AlertIcon, cx } from '../../../../ui';
import {
  CardProviderContext,
  cardBrandFromStripe,
  type CardFieldProps,
  type CardProviderApi,
  type CardProviderError,
} from '../cardProvider';
import '../cardField.css';

// Stripe.js loads from Stripe's CDN the first time a card flow opens, once per publishable key.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const NOT_READY: CardProviderError = { code: 'stripe_not_ready', message: 'The card form is still loading. Try again in a moment.' };
const UNKNOWN: CardProviderError = { code: 'unknown', message: 'Your card could not be set up. Try again.' };

function StripeCardField({ onChange, disabled, postalCode }: CardFieldProps) {
  const labelId = `ff-stripe-card-${useId()}`;
  const [error, setError] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);
  const handleChange = (event: StripeCardElementChangeEvent) => {
    const problem = event.error ? { code: event.error.code, message: event.error.message } : null;
    setError(problem?.message ?? null);
    onChange({ empty: event.empty, complete: event.complete, brand: cardBrandFromStripe(event.brand), error: problem });
  };
  return (
    <div className={cx('ff-field', error && 'ff-field--invalid')}>
      <span id={labelId} className="ff-field__label">
        Card details
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className={cx('ff-card-field__stripe', focused && 'ff-card-field__stripe--focused', error && 'ff-card-field__stripe--invalid')}
      >
        <CardElement
          onChange={handleChange}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          options={{
            disabled,
            value: postalCode ? { postalCode } : undefined,
            style: { base: { fontSize: '16px', color: '#111827', '::placeholder': { color: '#6b7280' } }, invalid: { color: '#b42318' } },
          }}
        />
      </div>
      {error ? (
        <p className="ff-field__error" role="alert">
          <AlertIcon size={16} className="ff-field__error-icon" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

function StripeBridge({ children }: { children: ReactNode }) {
  const stripe = useStripe();
  const elements = useElements();
  const confirmCardSetup = useCallback<CardProviderApi['confirmCardSetup']>(
    async (clientSecret, { name, addressLine1, postalCode }) => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { error: NOT_READY };
      const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, {
        payment_method: {
          card,
          billing_details: { name, address: { line1: addressLine1 ?? undefined, postal_code: postalCode ?? undefined, country: 'US' } },
        },
      });
      if (error) {
        return {
          error: {
            code: error.code ?? error.type,
            message: error.message ?? UNKNOWN.message,
            ...(error.decline_code ? { declineCode: error.decline_code } : {}),
          },
        };
      }
      const paymentMethod = setupIntent?.payment_method;
      const paymentMethodId = typeof paymentMethod === 'string' ? paymentMethod : paymentMethod?.id;
      if (!setupIntent || !paymentMethodId) return { error: UNKNOWN };
      return { setupIntentId: setupIntent.id, paymentMethodId };
    },
    [stripe, elements],
  );
  const api = useMemo<CardProviderApi>(() => ({ mode: 'live', CardField: StripeCardField, confirmCardSetup }), [confirmCardSetup]);
  return <CardProviderContext.Provider value={api}>{children}</CardProviderContext.Provider>;
}

/** Live mode: Stripe Elements around the flow, with Stripe's card element as the card field. */
export default function StripeCardProvider({ publishableKey, children }: { publishableKey: string; children: ReactNode }) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeBridge>{children}</StripeBridge>
    </Elements>
  );
}
