import { Type, type Static } from '@sinclair/typebox';
import { Obj, ShownText, StringEnum } from './common';
import { BANK_ACCOUNT_TYPES, DEBIT_CARD_ERROR_SOURCES, LINK_OPTIONS, PROVIDER_MODES, UPLOAD_FILE_TYPES } from './enums';
import { PaymentMethod } from './paymentMethods';
import { MAX_STATEMENT_FILES, NUMBER_LINK_ACCOUNT_MAX } from './fundingRules';

// Request and answer shapes of the funding-method calls (funding-methods.md 3.2 and 7.2 to 7.5).
// Digits are strings; the server judges them with the same rule functions the app uses (fundingRules.ts),
// so a schema only bounds their size.

const Digits = (maxLength: number) => Type.String({ minLength: 1, maxLength });
const Id = Type.String({ minLength: 1, maxLength: 64 });

export const PaymentMethodIdParams = Obj({ paymentMethodId: Id });
export type PaymentMethodIdParams = Static<typeof PaymentMethodIdParams>;

export const ProvidersResponse = Obj({
  plaid: StringEnum(PROVIDER_MODES),
  stripe: StringEnum(PROVIDER_MODES),
  stripePublishableKey: Type.Union([Type.String(), Type.Null()]),
});
export type ProvidersResponse = Static<typeof ProvidersResponse>;

export const LinkedPaymentMethodResponse = Obj({ linkedPaymentMethod: PaymentMethod });
export type LinkedPaymentMethodResponse = Static<typeof LinkedPaymentMethodResponse>;

export const PaymentMethodResponse = Obj({ paymentMethod: PaymentMethod });
export type PaymentMethodResponse = Static<typeof PaymentMethodResponse>;

// ---- bank search and lookup ----

export const Institution = Obj({
  id: Type.String(),
  name: Type.String(),
  /** Path of the bank's logo served by us, or null (the app then shows its initials). */
  logo: Type.Union([Type.String(), Type.Null()]),
  linkOptions: Type.Array(StringEnum(LINK_OPTIONS)),
  /** The partner sends the customer to the bank's own site (OAuth) and back. */
  oauth: Type.Boolean(),
});
export type Institution = Static<typeof Institution>;

export const InstitutionSearchQuery = Obj({ query: Type.String({ minLength: 1, maxLength: 80 }) });
export type InstitutionSearchQuery = Static<typeof InstitutionSearchQuery>;

export const InstitutionsResponse = Obj({ institutions: Type.Array(Institution) });
export type InstitutionsResponse = Static<typeof InstitutionsResponse>;

export const RoutingNumberParams = Obj({ routingNumber: Digits(9) });

// ---- partner link (Plaid) ----

export const LinkTokenRequest = Obj({ institutionId: Id });
export type LinkTokenRequest = Static<typeof LinkTokenRequest>;

export const LinkTokenResponse = Obj({
  linkToken: Type.String(),
  expiration: Type.String({ format: 'date-time' }),
});
export type LinkTokenResponse = Static<typeof LinkTokenResponse>;

export const PartnerLinkRequest = Obj({
  publicToken: Type.String({ minLength: 1, maxLength: 200 }),
  institutionId: Id,
  /** The partner's id of the account the customer picked in the widget. */
  accountId: Type.String({ minLength: 1, maxLength: 200 }),
});
export type PartnerLinkRequest = Static<typeof PartnerLinkRequest>;

export const PartnerRelinkRequest = Obj({ publicToken: Type.String({ minLength: 1, maxLength: 200 }) });
export type PartnerRelinkRequest = Static<typeof PartnerRelinkRequest>;

// ---- routing and account number ----

export const NumberLinkRequest = Obj({ bankAccount: Digits(NUMBER_LINK_ACCOUNT_MAX), routingNumber: Digits(9) });
export type NumberLinkRequest = Static<typeof NumberLinkRequest>;

export const MicroDepositLinkRequest = Obj({
  bankAccount: Digits(NUMBER_LINK_ACCOUNT_MAX),
  routingNumber: Digits(9),
  bankAccountType: StringEnum(BANK_ACCOUNT_TYPES),
});
export type MicroDepositLinkRequest = Static<typeof MicroDepositLinkRequest>;

export const MicroDepositVerifyRequest = Obj({
  paymentMethodId: Id,
  /** As typed without the dollar sign, e.g. "0.32" or ".32". */
  amount1: Type.String({ maxLength: 8 }),
  amount2: Type.String({ maxLength: 8 }),
});
export type MicroDepositVerifyRequest = Static<typeof MicroDepositVerifyRequest>;

// ---- management ----

export const NicknameRequest = Obj({
  paymentMethodId: Id,
  /** null removes the nickname (the display name goes back to the original name). */
  nickname: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
});
export type NicknameRequest = Static<typeof NicknameRequest>;

// ---- debit card (Stripe) ----

export const SetupIntentResponse = Obj({
  clientSecret: Type.String(),
  zipcode: Type.Union([Type.String(), Type.Null()]),
  addressLine1: Type.Union([Type.String(), Type.Null()]),
  /** A complete street address is on file (debitCardHolderRefusal's noAddressOnFile). */
  hasAddress: Type.Boolean(),
  /** Address changes asked for and not yet confirmed (debitCardHolderRefusal's addressChangesUsedUp). */
  addressChangeAttempts: Type.Integer({ minimum: 0 }),
});
export type SetupIntentResponse = Static<typeof SetupIntentResponse>;

/** Stripe's ids are short, but a sandbox payment-method id carries the card's attributes in base64 (200+ characters). */
const PROVIDER_PAYMENT_METHOD_ID_MAX = 512;

export const DebitCardLinkRequest = Obj({
  /** Id of the confirmed setup intent. */
  token: Type.String({ minLength: 1, maxLength: 200 }),
  /** The card provider's payment method id (pm_...). Card numbers never reach this server. */
  paymentMethodId: Type.String({ minLength: 1, maxLength: PROVIDER_PAYMENT_METHOD_ID_MAX }),
});
export type DebitCardLinkRequest = Static<typeof DebitCardLinkRequest>;

export const DebitCardReplaceRequest = Obj({
  /** Our id of the card being replaced. */
  paymentMethodId: Id,
  token: Type.String({ minLength: 1, maxLength: 200 }),
  providerPaymentMethodId: Type.String({ minLength: 1, maxLength: PROVIDER_PAYMENT_METHOD_ID_MAX }),
});
export type DebitCardReplaceRequest = Static<typeof DebitCardReplaceRequest>;

export const DebitCardErrorBody = Obj({
  errorCode: Type.String(),
  message: Type.String(),
  source: StringEnum(DEBIT_CARD_ERROR_SOURCES),
  /** The processor's own code (e.g. expired_card) when source is CARD_PROCESSOR. */
  processorCode: Type.Optional(Type.String()),
});
export type DebitCardErrorBody = Static<typeof DebitCardErrorBody>;

export const Address = Obj({
  address1: ShownText({ minLength: 1, maxLength: 30 }),
  address2: Type.Union([ShownText({ maxLength: 30 }), Type.Null()]),
  city: ShownText({ minLength: 1, maxLength: 30 }),
  state: Type.String({ pattern: '^[A-Z]{2}$' }),
  zipcode: Type.String({ pattern: '^\\d{5}$' }),
  country: StringEnum(['USA'] as const),
});
export type Address = Static<typeof Address>;

export const AddressUpdateResponse = Obj({
  verificationSent: Type.Boolean(),
  /** Stored address-change attempts so far, out of maxAttempts. */
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
});
export type AddressUpdateResponse = Static<typeof AddressUpdateResponse>;

export const AddressConfirmRequest = Obj({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type AddressConfirmRequest = Static<typeof AddressConfirmRequest>;

export const AddressResponse = Obj({ address: Address });
export type AddressResponse = Static<typeof AddressResponse>;

// ---- verification by statement upload ----

export const UploadFileRequest = Obj({
  fileType: StringEnum(UPLOAD_FILE_TYPES),
  fileName: Type.String({ minLength: 1, maxLength: 200 }),
  /** The file's bytes in base64 (no data: prefix); empty for an empty file, which the server refuses as such. */
  base64file: Type.String({ maxLength: 14_000_000 }),
});
export type UploadFileRequest = Static<typeof UploadFileRequest>;

export const UploadFileResponse = Obj({ fileId: Type.String(), fileName: Type.String() });
export type UploadFileResponse = Static<typeof UploadFileResponse>;

export const SubmitVerificationRequest = Obj({
  paymentMethodId: Id,
  fileUniqueIds: Type.Array(Id, { minItems: 1, maxItems: MAX_STATEMENT_FILES }),
});
export type SubmitVerificationRequest = Static<typeof SubmitVerificationRequest>;

// ---- wire transfer ----

export const WireInstructions = Obj({
  bankName: Type.String(),
  bankAddress: Type.String(),
  routingNumber: Type.String(),
  swiftCode: Type.String(),
  beneficiaryName: Type.String(),
  beneficiaryAddress: Type.String(),
  beneficiaryAccountNumber: Type.String(),
  /** What the customer writes in the memo so the wire reaches their account. */
  reference: Type.String(),
  timing: Type.String(),
});
export type WireInstructions = Static<typeof WireInstructions>;

// ---- analytics ----

export const AnalyticsEvent = Obj({
  name: Type.String({ minLength: 1, maxLength: 80 }),
  occurredAt: Type.String({ format: 'date-time' }),
  properties: Type.Record(
    Type.String({ maxLength: 60 }),
    Type.Union([Type.String({ maxLength: 300 }), Type.Number(), Type.Boolean(), Type.Null()]),
  ),
});
export type AnalyticsEvent = Static<typeof AnalyticsEvent>;

export const AnalyticsEventsRequest = Obj({ events: Type.Array(AnalyticsEvent, { minItems: 1, maxItems: 50 }) });
export type AnalyticsEventsRequest = Static<typeof AnalyticsEventsRequest>;

// ---- sandbox only ----

export const SandboxPlaidLoginRequest = Obj({
  linkToken: Type.String({ minLength: 1, maxLength: 200 }),
  username: Type.String({ maxLength: 100 }),
  password: Type.String({ maxLength: 100 }),
});
export type SandboxPlaidLoginRequest = Static<typeof SandboxPlaidLoginRequest>;

export const SandboxPlaidAccount = Obj({
  id: Type.String(),
  name: Type.String(),
  mask: Type.String(),
  subtype: StringEnum(['checking', 'savings'] as const),
});
export type SandboxPlaidAccount = Static<typeof SandboxPlaidAccount>;

export const SandboxPlaidLoginResponse = Obj({
  publicToken: Type.String(),
  institution: Obj({ id: Type.String(), name: Type.String() }),
  accounts: Type.Array(SandboxPlaidAccount),
});
export type SandboxPlaidLoginResponse = Static<typeof SandboxPlaidLoginResponse>;

export const SandboxMicroDepositsResponse = Obj({ amount1: Type.String(), amount2: Type.String() });
export type SandboxMicroDepositsResponse = Static<typeof SandboxMicroDepositsResponse>;

export const SandboxOutboxResponse = Obj({
  messages: Type.Array(
    Obj({ to: Type.String(), subject: Type.String(), link: Type.String(), text: Type.Optional(Type.String()), sentAt: Type.String() }),
  ),
});
export type SandboxOutboxResponse = Static<typeof SandboxOutboxResponse>;

export const SandboxCustomerRequest = Obj({
  template: Type.String({ minLength: 3, maxLength: 254, description: 'email of a demo customer' }),
});
export type SandboxCustomerRequest = Static<typeof SandboxCustomerRequest>;

export const SandboxCustomerResponse = Obj({ email: Type.String(), password: Type.String() });
export type SandboxCustomerResponse = Static<typeof SandboxCustomerResponse>;
