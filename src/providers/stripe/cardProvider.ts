import { createContext, useContext, type ComponentType } from 'react';
import type { CardBrand } from '../../../api/contract/sandboxCards';

/**
 * The one seam between the debit-card flow and the card provider (Stripe). The flow renders `CardField`
 * and calls `confirmCardSetup`; the card number, expiry and CVC stay inside the provider's implementation
 * (Stripe's iframes in live mode, the sandbox form's own state in sandbox mode): never in the store, never
 * in a request to our server.
 */

/** An error as Stripe.js reports it: a code such as incorrect_number, card_declined or expired_card. */
export interface CardProviderError {
  code: string;
  declineCode?: string;
  message: string;
}

/** What the card field tells the flow on every change: enough to enable Next, nothing about the number. */
export interface CardFieldChange {
  empty: boolean;
  complete: boolean;
  brand: CardBrand;
  error: CardProviderError | null;
}

export interface CardFieldProps {
  onChange: (change: CardFieldChange) => void;
  disabled?: boolean;
  /** Billing zip code to start from (live mode shows Stripe's postal code box). */
  postalCode?: string | null;
}

export interface ConfirmCardSetupOptions {
  name: string;
  /** Billing address the server knows, passed on to the provider (live mode). */
  addressLine1?: string | null;
  postalCode?: string | null;
}

export type ConfirmCardSetupResult = { setupIntentId: string; paymentMethodId: string } | { error: CardProviderError };

export interface CardProviderApi {
  mode: 'sandbox' | 'live';
  CardField: ComponentType<CardFieldProps>;
  confirmCardSetup: (clientSecret: string, options: ConfirmCardSetupOptions) => Promise<ConfirmCardSetupResult>;
}

export const CardProviderContext = createContext<CardProviderApi | null>(null);

/** The card provider of the nearest CardProviderBoundary. */
export function useCardProvider(): CardProviderApi {
  const provider = useContext(CardProviderContext);
  if (!provider) throw new Error('useCardProvider must be used inside a CardProviderBoundary.');
  return provider;
}

export const CARD_BRAND_LABELS: Record<CardBrand, string | null> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: null,
};

/** Stripe.js brand names (live mode) to ours. */
export function cardBrandFromStripe(brand: string | undefined): CardBrand {
  switch (brand) {
    case 'visa':
    case 'mastercard':
    case 'amex':
    case 'discover':
      return brand;
    default:
      return 'unknown';
  }
}

export const isConfirmCardSetupError = (result: ConfirmCardSetupResult): result is { error: CardProviderError } => 'error' in result;
