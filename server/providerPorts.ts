import type { Kysely } from 'kysely';
import type { AchReturnCode, ProviderMode } from '../api/contract';
import type { CardAttributes } from '../api/contract/sandboxCards';
import type { Clock } from './clock';
import type { Database } from './db/schema';
import type { AddressServices } from './vendors/addressServices';
import type { CryptoCustodyProvider } from './vendors/cryptoCustody';

// The ports: what the server needs of each outside service, and nothing of how a vendor does it. Vendors
// (server/vendors/*) implement them; server/providers.ts picks the implementations. Vendors import this file only,
// never providers.ts, so no vendor depends on the code that chooses it.

/**
 * Seams for external services. Each has a live implementation (configured by environment) and a sandbox one
 * that needs no network and behaves like the vendor's own test mode; the sandbox is the default.
 */

/** A failure the partner reports (Plaid's error_code and its message), answered to the client as a 4xx. */
export class PartnerError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'PartnerError';
  }
}

export interface PartnerAccount {
  /** The partner's account id. */
  id: string;
  name: string;
  /** Last 4 digits of the account number. */
  mask: string;
  subtype: string;
}

export interface PartnerItem {
  itemId: string;
  accessToken: string;
  /** The partner's institution id when it reports one (Plaid: ins_...). */
  partnerInstitutionId: string | null;
  /** Our directory id, when the sandbox knows it. */
  institutionId: string | null;
  accounts: PartnerAccount[];
}

export interface LinkTokenRequest {
  userId: string;
  /** Update mode (relink) of an existing item: its access token. */
  update?: { accessToken: string | null };
}

/** The bank-login partner (Plaid). */
export interface PartnerLinkProvider {
  readonly mode: ProviderMode;
  createLinkToken: (request: LinkTokenRequest) => Promise<{ linkToken: string; expiration: Date }>;
  /** Exchanges the widget's public token for the item and its accounts (with masks). */
  exchangePublicToken: (publicToken: string, userId: string) => Promise<PartnerItem>;
  /**
   * Confirms an update-mode session ended well. Plaid needs no exchange in update mode (the access token
   * stays the same), so live accepts; the sandbox checks the public token its login handed out.
   */
  confirmUpdate: (publicToken: string, userId: string, paymentMethodId: string) => Promise<void>;
}

export type AccountVerificationOutcome = 'VERIFIED' | 'UNABLE_TO_VERIFY' | 'VERIFICATION_FAILED';

/** The routing-and-account-number verification service. */
export interface AccountVerificationProvider {
  readonly mode: ProviderMode;
  verify: (routingNumber: string, accountNumber: string) => Promise<AccountVerificationOutcome>;
}

/** What a card provider tells us about a card (never its number); one shape for the sandbox and Stripe. */
export type { CardAttributes };

export interface SetupIntentInfo {
  id: string;
  status: string;
  /** The payment method the intent was confirmed with, when the provider reports it. */
  paymentMethodId: string | null;
}

/** The card payment provider (Stripe). Card numbers never reach our server: only the ids and attributes. */
export interface CardProvider {
  readonly mode: ProviderMode;
  readonly publishableKey: string | null;
  /**
   * `attemptId`: our own id of this card-entry attempt (a fresh UUID per POST), from which the provider derives its
   * idempotency key, so its own retries of the call reuse one key and make one intent.
   */
  createSetupIntent: (userId: string, attemptId: string) => Promise<{ id: string; clientSecret: string }>;
  /** null when the provider does not know the intent. */
  retrieveSetupIntent: (id: string) => Promise<SetupIntentInfo | null>;
  /** null when the provider does not know the payment method. */
  retrievePaymentMethod: (id: string) => Promise<CardAttributes | null>;
}

export interface MailMessage {
  userId: string | null;
  to: string;
  subject: string;
  /** The one link the message carries (the app builds the rest of the text). */
  link: string;
  /** The message's text, when it says more than its subject (a notification's why and how to fix it). */
  text?: string;
}

export interface Mailer {
  /** sandbox: the outbox table, shown back by the sandbox-only outbox route; live: a real delivery. */
  readonly mode: ProviderMode;
  /**
   * `executor`: the transaction of the change the message is about, when there is one. The outbox writes the
   * message in it, so a rolled-back change sends nothing and a retried one sends once.
   */
  send: (message: MailMessage, executor?: Kysely<Database>) => Promise<void>;
  /** Several messages at once, as `send` would each (the outbox writes them in one statement). */
  sendAll: (messages: readonly MailMessage[], executor?: Kysely<Database>) => Promise<void>;
}

export interface MoneyCollection {
  userId: string;
  paymentMethodId: string;
  /** BANK: an ACH debit of the customer's bank; DEBIT_CARD: a card charge. */
  sourceType: 'BANK' | 'DEBIT_CARD';
  amountCents: number;
}

export type CollectionRefusal = 'EXCEPTION' | 'INSUFFICIENT_FUNDS' | 'BANK_BALANCE_ERROR' | 'UNSUPPORTED_CARD';
export type CollectionOutcome = { ok: true } | { ok: false; refusal: CollectionRefusal };

/** What the ACH rails answer when a bank deposit is due to settle: null (settled) or the return code it came back with. */
export interface AchReturnRails {
  achReturnOf: (deposit: { amountCents: number }) => AchReturnCode | null;
}

/** The rails that pull a deposit from the customer's bank or card (asked once, when a deposit is confirmed). */
export interface MoneyMovementProvider extends AchReturnRails {
  readonly mode: ProviderMode;
  collect: (collection: MoneyCollection) => Promise<CollectionOutcome>;
}

export interface Providers {
  /** Name of the provider set, for the start-up log and /api/health. */
  readonly kind: 'sandbox' | 'live';
  readonly partner: PartnerLinkProvider;
  readonly accountVerification: AccountVerificationProvider;
  readonly cards: CardProvider;
  readonly mailer: Mailer;
  readonly moneyMovement: MoneyMovementProvider;
  /** Address verification (Smarty) and autocomplete (Google Places). */
  readonly address: AddressServices;
  /** The crypto custodian that gives deposit addresses. */
  readonly custody: CryptoCustodyProvider;
}

export interface ProviderContext {
  db: Kysely<Database>;
  clock: Clock;
  /** Lifetime of a new-link token in the sandbox (Plaid: 4 hours); update-mode tokens live at most 30 minutes. */
  linkTokenTtlSeconds?: number;
}
