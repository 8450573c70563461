import type { AchReturnCode } from '../../api/contract';
import type { LiveModeSettings, SuppliedLiveProviders } from '../liveMode';
import type {
  AccountVerificationProvider,
  Mailer,
  MailMessage,
  MoneyCollection,
  MoneyMovementProvider,
  ProviderEnvironment,
} from '../providers';

// Fixtures of the live-mode tests (server/liveMode.test.ts): complete live settings with made-up keys, and live
// providers that record what they are asked instead of calling anyone.

/** A complete live environment (made-up keys: nothing here is ever called over the network). */
export const LIVE_ENV: Required<
  Pick<
    ProviderEnvironment,
    | 'PLAID_CLIENT_ID'
    | 'PLAID_SECRET'
    | 'PLAID_ENV'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'SMARTY_AUTH_ID'
    | 'SMARTY_AUTH_TOKEN'
    | 'GOOGLE_PLACES_API_KEY'
    | 'CRYPTO_CUSTODY_URL'
    | 'CRYPTO_CUSTODY_API_KEY'
  >
> = {
  PLAID_CLIENT_ID: 'plaid-client',
  PLAID_SECRET: 'plaid-secret',
  PLAID_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_fundflowtest',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_fundflowtest',
  SMARTY_AUTH_ID: 'smarty-id',
  SMARTY_AUTH_TOKEN: 'smarty-token',
  GOOGLE_PLACES_API_KEY: 'places-key',
  CRYPTO_CUSTODY_URL: 'https://custody.example',
  CRYPTO_CUSTODY_API_KEY: 'custody-key',
};

/** Live rails that record what they are asked: collect accepts, settlement finds no return. */
export function recordingRails(): MoneyMovementProvider & { collections: MoneyCollection[]; returnsAsked: number } {
  const rails = {
    mode: 'live' as const,
    collections: [] as MoneyCollection[],
    returnsAsked: 0,
    async collect(collection: MoneyCollection) {
      rails.collections.push(collection);
      return { ok: true as const };
    },
    achReturnOf(): AchReturnCode | null {
      rails.returnsAsked += 1;
      return null;
    },
  };
  return rails;
}

export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    mode: 'live',
    sent,
    async send(message) {
      sent.push(message);
    },
    async sendAll(messages) {
      sent.push(...messages);
    },
  };
}

export const liveVerification: AccountVerificationProvider = { mode: 'live', verify: async () => 'UNABLE_TO_VERIFY' };

export const completeSupplied = (): Required<SuppliedLiveProviders> => ({
  moneyMovement: recordingRails(),
  accountVerification: liveVerification,
  mailer: recordingMailer(),
});

export const COMPLETE: LiveModeSettings = {
  databaseUrl: 'postgres://fundflow@db.internal:5432/fundflow',
  authSecret: 'a'.repeat(32),
  env: LIVE_ENV,
  supplied: completeSupplied(),
};
