import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  AccountStatus,
  AccountVariant,
  ApplicationStatus,
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
}

export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type NewUser = Insertable<UsersTable>;
export type NewAccount = Insertable<AccountsTable>;
export type NewPaymentMethod = Insertable<PaymentMethodsTable>;
