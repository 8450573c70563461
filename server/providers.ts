/**
 * Seams for external services (Plaid, Stripe, routing-number and address verification). Each later issue adds
 * its provider here with a sandbox implementation that needs no network; buildApp defaults to the sandboxes.
 */
export interface Providers {
  /** Name of the provider set, for the start-up log and /api/health. */
  readonly kind: 'sandbox' | 'live';
}

export const sandboxProviders: Providers = { kind: 'sandbox' };
