import { MIN_AUTH_SECRET_LENGTH, type FundflowMode } from './config';
import {
  plaidOptionsOf,
  providersFromEnvironment,
  type AccountVerificationProvider,
  type Mailer,
  type MoneyMovementProvider,
  type ProviderContext,
  type ProviderEnvironment,
  type Providers,
} from './providers';
import { addressServicesFromEnvironment } from './vendors/addressServices';
import { custodyFromEnvironment } from './vendors/cryptoCustody';
import { livePlaid } from './vendors/plaidLive';
import { liveStripe } from './vendors/stripeLive';

// Live mode is honest: every seam is a live implementation, or the server refuses to start (before it opens the
// database or listens) and says, on one line, everything that is missing. No seam falls back to its sandbox in
// live mode: the sandbox rails would refuse a real $100.04 deposit as "insufficient funds", and the sandbox
// custodian would show a crypto address nobody holds the keys of.

/**
 * The seams Fundflow has no built-in live vendor for (the spec names none). Code that starts the server for
 * real passes its own implementations (startServer's `liveProviders`); each must say `mode: 'live'`.
 */
export interface SuppliedLiveProviders {
  /** Pulls deposits from banks (ACH debits) and cards, and answers ACH returns at settlement. */
  moneyMovement?: MoneyMovementProvider;
  /** Routing- and account-number verification. */
  accountVerification?: AccountVerificationProvider;
  /** Delivers the customer's emails (the sandbox only writes them to the outbox table). */
  mailer?: Mailer;
}

export interface LiveModeSettings {
  databaseUrl?: string;
  authSecret?: string;
  env: ProviderEnvironment;
  supplied?: SuppliedLiveProviders;
}

const isPostgresUrl = (url: string | undefined) => /^postgres(ql)?:\/\/\S+$/i.test(url ?? '');
const isHttpsUrl = (url: string | undefined) => /^https:\/\/\S+$/i.test(url ?? '');
const isLive = (provider: { mode: string } | undefined) => provider?.mode === 'live';

/** Everything that keeps live mode from starting, each as a short phrase; empty when it may start. */
export function liveModeRefusals(settings: LiveModeSettings): string[] {
  const { env, supplied = {} } = settings;
  const refusals: string[] = [];
  if (!isLive(supplied.moneyMovement)) {
    refusals.push(
      'the money-movement provider is not configured (no live ACH or card-charge vendor is built in; deposits would run on the sandbox rails)',
    );
  }
  if (!isPostgresUrl(settings.databaseUrl)) refusals.push('DATABASE_URL must name a PostgreSQL database (postgres://...)');
  if ((settings.authSecret ?? '').length < MIN_AUTH_SECRET_LENGTH)
    refusals.push(`AUTH_SECRET must be set, at least ${MIN_AUTH_SECRET_LENGTH} characters long`);
  if (!env.PLAID_CLIENT_ID || !env.PLAID_SECRET) refusals.push('PLAID_CLIENT_ID and PLAID_SECRET must be set');
  if (env.PLAID_ENV !== 'production') refusals.push('PLAID_ENV must be production');
  if (!/^(sk|rk)_live_\S+$/.test(env.STRIPE_SECRET_KEY ?? ''))
    refusals.push('STRIPE_SECRET_KEY must be a live key (sk_live_... or rk_live_...)');
  if (!/^pk_live_\S+$/.test(env.STRIPE_PUBLISHABLE_KEY ?? '')) refusals.push('STRIPE_PUBLISHABLE_KEY must be a live key (pk_live_...)');
  if (!env.SMARTY_AUTH_ID || !env.SMARTY_AUTH_TOKEN)
    refusals.push('SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN must be set (address verification)');
  if (!env.GOOGLE_PLACES_API_KEY) refusals.push('GOOGLE_PLACES_API_KEY must be set (address autocomplete)');
  if (!isHttpsUrl(env.CRYPTO_CUSTODY_URL) || !env.CRYPTO_CUSTODY_API_KEY)
    refusals.push('CRYPTO_CUSTODY_URL (https://...) and CRYPTO_CUSTODY_API_KEY must be set');
  if (!isLive(supplied.accountVerification)) refusals.push('the account-verification service is not configured');
  if (!isLive(supplied.mailer)) refusals.push('mail delivery is not configured');
  return refusals;
}

export class LiveModeRefusedError extends Error {
  constructor(readonly refusals: readonly string[]) {
    super(`FUNDFLOW_MODE=live cannot start: ${refusals.join('; ')}.`);
    this.name = 'LiveModeRefusedError';
  }
}

/** Throws one error naming every missing piece; startServer calls it first, before the database is opened. */
export function assertLiveModeReady(settings: LiveModeSettings): void {
  const refusals = liveModeRefusals(settings);
  if (refusals.length > 0) throw new LiveModeRefusedError(refusals);
}

/** The name of each seam of a provider set and its mode, for the start-up check and the tests. */
export function seamModes(providers: Providers): Record<string, string> {
  return {
    partner: providers.partner.mode,
    cards: providers.cards.mode,
    accountVerification: providers.accountVerification.mode,
    mailer: providers.mailer.mode,
    moneyMovement: providers.moneyMovement.mode,
    addressVerification: providers.address.verification.mode,
    addressPlaces: providers.address.places.mode,
    custody: providers.custody.mode,
  };
}

/** Every seam live, from the environment and the supplied providers; refuses (throws) otherwise. */
export function liveProviders(settings: LiveModeSettings, fetchImpl: typeof fetch = fetch): Providers {
  assertLiveModeReady(settings);
  const { env } = settings;
  const supplied = settings.supplied as Required<SuppliedLiveProviders>;
  const providers: Providers = {
    kind: 'live',
    partner: livePlaid(plaidOptionsOf(env)),
    cards: liveStripe({ secretKey: env.STRIPE_SECRET_KEY!, publishableKey: env.STRIPE_PUBLISHABLE_KEY! }),
    accountVerification: supplied.accountVerification,
    mailer: supplied.mailer,
    moneyMovement: supplied.moneyMovement,
    address: addressServicesFromEnvironment(env, fetchImpl),
    custody: custodyFromEnvironment(env, fetchImpl),
  };
  // A second guard over what was built: a seam added later without a live branch is caught here.
  const notLive = Object.entries(seamModes(providers)).filter(([, mode]) => mode !== 'live');
  if (notLive.length > 0) throw new LiveModeRefusedError(notLive.map(([seam]) => `the ${seam} seam is not live`));
  return providers;
}

/** The providers startServer gives the app: sandbox mode mixes sandboxes and configured vendors; live is all live. */
export function providersForMode(mode: FundflowMode, settings: LiveModeSettings, context: ProviderContext): Providers {
  return mode === 'live' ? liveProviders(settings) : providersFromEnvironment(settings.env, context);
}
