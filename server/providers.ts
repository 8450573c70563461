import { addressServicesFromEnvironment, type AddressServiceEnvironment } from './vendors/addressServices';
import { custodyFromEnvironment, type CustodyEnvironment } from './vendors/cryptoCustody';
import { livePlaid, type LivePlaidOptions } from './vendors/plaidLive';
import { sandboxPlaid } from './vendors/plaidSandbox';
import { liveStripe } from './vendors/stripeLive';
import { sandboxStripe } from './vendors/stripeSandbox';
import { outboxMailer } from './vendors/outboxMailer';
import { sandboxMoneyMovement } from './vendors/moneyMovementSandbox';
import { sandboxAccountVerification } from './vendors/verificationSandbox';
import type { ProviderContext, Providers } from './providerPorts';

// Which implementation of each port (server/providerPorts.ts) the server runs with: the sandbox ones by default,
// the live ones configured by environment.
export * from './providerPorts';

export function createSandboxProviders(context: ProviderContext): Providers {
  return {
    kind: 'sandbox',
    partner: sandboxPlaid(context),
    accountVerification: sandboxAccountVerification,
    cards: sandboxStripe(context),
    mailer: outboxMailer(context),
    moneyMovement: sandboxMoneyMovement,
    address: addressServicesFromEnvironment({}),
    custody: custodyFromEnvironment({}),
  };
}

export interface ProviderEnvironment extends AddressServiceEnvironment, CustodyEnvironment {
  PLAID_CLIENT_ID?: string;
  PLAID_SECRET?: string;
  PLAID_ENV?: string;
  PLAID_REDIRECT_URI?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
}

/**
 * Sandbox mode: each vendor goes live on its own when its keys are set (Plaid: PLAID_CLIENT_ID and PLAID_SECRET;
 * Stripe: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY; Smarty, Google Places and the crypto custodian likewise);
 * the others stay in the sandbox. Live mode never comes here: server/liveMode.ts builds every seam live or refuses.
 */
export function providersFromEnvironment(env: ProviderEnvironment, context: ProviderContext, fetchImpl: typeof fetch = fetch): Providers {
  const sandbox = createSandboxProviders(context);
  const partner = env.PLAID_CLIENT_ID && env.PLAID_SECRET ? livePlaid(plaidOptionsOf(env)) : sandbox.partner;
  const cards =
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
      ? liveStripe({ secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY })
      : sandbox.cards;
  return {
    kind: partner.mode === 'live' || cards.mode === 'live' ? 'live' : 'sandbox',
    partner,
    cards,
    // The spec names no live verification, mail or money-movement vendor: in sandbox mode these are the sandboxes
    // (live mode takes them from the code that starts the server, or refuses: see docs/operations.md, Live mode).
    accountVerification: sandbox.accountVerification,
    mailer: sandbox.mailer,
    moneyMovement: sandbox.moneyMovement,
    address: addressServicesFromEnvironment(env, fetchImpl),
    custody: custodyFromEnvironment(env, fetchImpl),
  };
}

export function plaidOptionsOf(env: ProviderEnvironment): LivePlaidOptions {
  return {
    clientId: env.PLAID_CLIENT_ID ?? '',
    secret: env.PLAID_SECRET ?? '',
    environment: env.PLAID_ENV === 'production' ? 'production' : 'sandbox',
    redirectUri: env.PLAID_REDIRECT_URI || null,
  };
}
