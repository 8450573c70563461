import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  AccountStatus,
  AccountVariant,
  ApplicationStatus,
  DepositEventType,
  DepositStatus,
  DepositType,
  Frequency,
  FundingSourceType,
  RecurringDepositStatus,
  RecurringPauseReason,
  NotificationKind,
  Weekday,
  LinkOption,
  PaymentMethodStatus,
  PaymentMethodType,
  UserType,
} from '../../api/contract';

// Row types of the database as Kysely sees them. Money columns are bigint cents, read back as numbers
// (see typeParsers.ts); they are converted to the wire's { amount, currency } only in the routes.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** jsonb: read back parsed; written as a JSON string parameter so both drivers agree. */
type Json<T> = ColumnType<T, string, string>;

export type UserStatus = 'ACTIVE' | 'CLOSED';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  user_type: UserType;
  status: UserStatus;
  application_status: ApplicationStatus;
  must_accept_terms: boolean;
  has_funded: boolean;
  events_subscription_id: string;
  /** Demo customers from the seed; refused in live mode. */
  is_demo: Generated<boolean>;
  created_at: Timestamp;
  /** Street address on file (null when none was given yet); used for debit-card checks. */
  address1: ColumnType<string | null, string | null | undefined, string | null>;
  address2: ColumnType<string | null, string | null | undefined, string | null>;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  state: ColumnType<string | null, string | null | undefined, string | null>;
  zipcode: ColumnType<string | null, string | null | undefined, string | null>;
  /** Debit-card address changes asked for since the last confirmed one. */
  address_change_attempts: Generated<number>;
  /** 'yyyy-MM-dd'; decides IRA catch-up contributions (50 or older). Null when unknown (entities). */
  birth_date: ColumnType<string | null, string | null | undefined, string | null>;
}

export type RefreshTokenRevokeReason = 'ROTATED' | 'LOGOUT' | 'REUSE_DETECTED';

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** SHA-256 of the cookie value; the token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_reason: ColumnType<RefreshTokenRevokeReason | null, RefreshTokenRevokeReason | null | undefined>;
  /** The session: the id of its first refresh token, kept through rotations (null for tokens made before 0016). */
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AccountAction = 'ACCEPT_TERMS';

export interface AccountsTable {
  /** accountUuid on the wire */
  id: string;
  /** accountId on the wire */
  account_id: string;
  user_id: string;
  account_number: string;
  variant: AccountVariant;
  status: AccountStatus;
  display_name: string;
  parent_account_id: string | null;
  balance_cents: number;
  account_type: string;
  user_type: UserType;
  date_joined: ColumnType<string, string, string>;
  has_funded: boolean;
  settings: Json<Record<string, boolean>>;
  actions: Json<AccountAction[]>;
  created_at: Timestamp;
}

export interface PaymentMethodsTable {
  id: string;
  user_id: string;
  type: PaymentMethodType;
  display_name: string;
  original_name: string;
  /** Only the last 4 digits of a bank account or card number are ever stored. */
  last4: string;
  is_default: boolean;
  created_at: Timestamp;
  status: PaymentMethodStatus;
  readiness: 'PENDING' | 'VERIFICATION_NEEDED' | 'READY' | 'REJECTED';
  verification_status: 'UNVERIFIED' | 'ADDRESS_VERIFICATION_FAILED' | 'VERIFICATION_FAILED' | 'VERIFIED';
  bank_account_type: 'CHECKING' | 'SAVINGS' | null;
  verification_source: 'MICRO_DEPOSIT' | 'PLAID' | 'VERIFICATION_SERVICE' | null;
  plaid_login_required: boolean;
  amount_deposited_cents: number;
  deposit_limit_cents: number;
  updatable: boolean;
  issuing_bank: string | null;
  can_update_nickname: boolean;
  approval_method: 'MICRO_DEPOSIT' | 'INSTANT' | null;
  approval_amount_cents: number | null;
  institution_id: NullableColumn<string>;
  /** The partner's item and account ids (partner-linked banks). */
  partner_item_id: NullableColumn<string>;
  partner_account_id: NullableColumn<string>;
  /** Card attributes from the card provider (debit cards); never the number. */
  card_fingerprint: NullableColumn<string>;
  card_brand: NullableColumn<string>;
  card_exp_month: NullableColumn<number>;
  card_exp_year: NullableColumn<number>;
  provider_payment_method_id: NullableColumn<string>;
}

/** A nullable column that inserts may leave out. */
type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface InstitutionsTable {
  id: string;
  name: string;
  logo: string | null;
  link_options: Json<LinkOption[]>;
  oauth: boolean;
  plaid_institution_id: string | null;
}

export interface InstitutionRoutingNumbersTable {
  routing_number: string;
  institution_id: string;
}

export interface PartnerItemsTable {
  id: string;
  user_id: string;
  institution_id: string | null;
  access_token: string;
  created_at: Timestamp;
}

export interface LinkTokensTable {
  id: string;
  /** SHA-256 of the link token. */
  token_hash: string;
  user_id: string;
  /** NEW: a first link at institution_id; UPDATE: relink of payment_method_id (the partner's update mode). */
  mode: 'NEW' | 'UPDATE';
  institution_id: string | null;
  payment_method_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableColumn<Date>;
}

export interface SandboxPartnerAccount {
  id: string;
  name: string;
  mask: string;
  subtype: 'checking' | 'savings';
}

export interface SandboxPublicTokensTable {
  token_hash: string;
  user_id: string;
  link_token_id: string;
  institution_id: string | null;
  payment_method_id: string | null;
  accounts: Json<SandboxPartnerAccount[]>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableColumn<Date>;
}

export interface MicroDepositChallengesTable {
  payment_method_id: string;
  /** The two deposits; never sent to the client (only the sandbox-only endpoint reveals them). */
  amount1_cents: number;
  amount2_cents: number;
  /** Wrong entries since the deposits were (re)issued. */
  attempts: Generated<number>;
  reissues: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UploadedFilesTable {
  id: string;
  user_id: string;
  file_type: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  content: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  created_at: Timestamp;
}

export interface VerificationSubmissionsTable {
  id: string;
  user_id: string;
  payment_method_id: string;
  file_ids: Json<string[]>;
  created_at: Timestamp;
}

export interface CardSetupIntentsTable {
  id: string;
  user_id: string;
  created_at: Timestamp;
  used_at: NullableColumn<Date>;
}

export interface StoredAddress {
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zipcode: string;
}

export interface AddressVerificationTokensTable {
  id: string;
  token_hash: string;
  user_id: string;
  address: Json<StoredAddress>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableColumn<Date>;
}

export interface RemovedDebitCardsTable {
  id: string;
  user_id: string;
  fingerprint: string;
  removed_at: Timestamp;
}

/** What each debit card (by fingerprint, whoever linked it) has deposited in its lifetime: the card limit's running total. */
export interface CardDepositTotalsTable {
  fingerprint: string;
  deposited_cents: number;
  updated_at: Timestamp;
}

export interface AnalyticsEventsTable {
  id: string;
  user_id: string;
  name: string;
  occurred_at: Timestamp;
  properties: Json<Record<string, string | number | boolean | null>>;
  received_at: Timestamp;
}

export interface OutboxMessagesTable {
  id: string;
  user_id: string | null;
  to_address: string;
  subject: string;
  link: string;
  /** The message's text beyond its subject (migration 0015; null for the older, link-only messages). */
  text: NullableColumn<string>;
  sent_at: Timestamp;
}

/** Money notifications (migration 0015); dedupe_key makes each event notify once. */
export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  /** The deposit or schedule it is about. */
  subject_id: string;
  dedupe_key: string;
  created_at: Timestamp;
  read_at: NullableColumn<Date>;
}

/** A kind the customer gets no email about. */
export interface NotificationEmailOptOutsTable {
  user_id: string;
  kind: NotificationKind;
}

export type MoneyMovementKind = 'DEPOSIT' | 'INTERNAL_TRANSFER';
/** BANK: ACH rails (settles in business days); DEBIT_CARD: instant; INTERNAL: another account of the customer. */
export type DepositSourceType = 'BANK' | 'DEBIT_CARD' | 'INTERNAL';

export interface DepositIntentsTable {
  id: string;
  user_id: string;
  kind: MoneyMovementKind;
  /** Destination account. */
  account_id: string;
  source_account_id: NullableColumn<string>;
  payment_method_id: NullableColumn<string>;
  amount_cents: number;
  ira_contribution_year: NullableColumn<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface DepositsTable {
  id: string;
  user_id: string;
  kind: MoneyMovementKind;
  status: DepositStatus;
  type: DepositType;
  source_type: DepositSourceType;
  amount_cents: number;
  /** Buying power given at confirmation; the rest comes with settlement. */
  instant_cents: number;
  /** Destination account. */
  account_id: string;
  source_account_id: NullableColumn<string>;
  payment_method_id: NullableColumn<string>;
  ira_contribution_year: NullableColumn<number>;
  recurring_deposit_id: NullableColumn<string>;
  intent_id: NullableColumn<string>;
  created_at: Timestamp;
  /** Bank deposits: the ACH batch day it goes out in ('yyyy-MM-dd', achBatchDay of created_at); the daily limit counts by it. Null otherwise. */
  batch_day: NullableColumn<string>;
  send_at: NullableColumn<Date>;
  settle_at: NullableColumn<Date>;
  settled_at: NullableColumn<Date>;
  cancelled_at: NullableColumn<Date>;
}

export interface DepositEventsTable {
  deposit_id: string;
  position: number;
  type: DepositEventType;
  description: string;
  completed: boolean;
  occurred_at: NullableColumn<Date>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  endpoint: string;
  key: string;
  request_hash: string;
  response_status: number;
  response_body: Json<unknown>;
  created_at: Timestamp;
}

export interface RecurringDepositsTable {
  id: string;
  user_id: string;
  account_id: string;
  payment_method_id: string;
  funding_source_type: FundingSourceType;
  amount_cents: number;
  /** ONE_TIME: a single scheduled deposit (the later part of a split), run once on its date. */
  frequency: Frequency;
  day_of_week: NullableColumn<Weekday>;
  day_of_month: NullableColumn<number>;
  start_date: ColumnType<string, string, string>;
  next_occurrence_date: NullableColumn<string>;
  status: RecurringDepositStatus;
  pause_reason: NullableColumn<RecurringPauseReason>;
  ira_contribution_year: NullableColumn<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type RecurringRunOutcome = 'DEPOSITED' | 'SKIPPED' | 'FAILED' | 'PAUSED';

export interface RecurringDepositRunsTable {
  recurring_deposit_id: string;
  occurrence_date: ColumnType<string, string, string>;
  outcome: RecurringRunOutcome;
  deposit_id: NullableColumn<string>;
  error_code: NullableColumn<string>;
  created_at: Timestamp;
}

export interface IraContributionsTable {
  id: string;
  user_id: string;
  account_id: string;
  tax_year: number;
  amount_cents: number;
  deposit_id: NullableColumn<string>;
  contributed_at: Timestamp;
}

export type StoredUserProperties = Record<string, string | number | boolean | null>;

export interface UserPropertiesTable {
  user_id: string;
  properties: Json<StoredUserProperties>;
  updated_at: Timestamp;
}

export interface AppConfigTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  accounts: AccountsTable;
  payment_methods: PaymentMethodsTable;
  app_config: AppConfigTable;
  server_secrets: ServerSecretsTable;
  institutions: InstitutionsTable;
  institution_routing_numbers: InstitutionRoutingNumbersTable;
  partner_items: PartnerItemsTable;
  link_tokens: LinkTokensTable;
  sandbox_public_tokens: SandboxPublicTokensTable;
  micro_deposit_challenges: MicroDepositChallengesTable;
  uploaded_files: UploadedFilesTable;
  verification_submissions: VerificationSubmissionsTable;
  card_setup_intents: CardSetupIntentsTable;
  address_verification_tokens: AddressVerificationTokensTable;
  removed_debit_cards: RemovedDebitCardsTable;
  card_deposit_totals: CardDepositTotalsTable;
  analytics_events: AnalyticsEventsTable;
  outbox_messages: OutboxMessagesTable;
  deposit_intents: DepositIntentsTable;
  deposits: DepositsTable;
  deposit_events: DepositEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  recurring_deposits: RecurringDepositsTable;
  recurring_deposit_runs: RecurringDepositRunsTable;
  ira_contributions: IraContributionsTable;
  user_properties: UserPropertiesTable;
  notifications: NotificationsTable;
  notification_email_opt_outs: NotificationEmailOptOutsTable;
}

export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type NewUser = Insertable<UsersTable>;
export type NewAccount = Insertable<AccountsTable>;
export type NewPaymentMethod = Insertable<PaymentMethodsTable>;
export type InstitutionRow = Selectable<InstitutionsTable>;
export type LinkTokenRow = Selectable<LinkTokensTable>;
export type MicroDepositChallengeRow = Selectable<MicroDepositChallengesTable>;
export type DepositRow = Selectable<DepositsTable>;
export type DepositEventRow = Selectable<DepositEventsTable>;
export type NewDeposit = Insertable<DepositsTable>;
export type DepositIntentRow = Selectable<DepositIntentsTable>;
export type RecurringDepositRow = Selectable<RecurringDepositsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
