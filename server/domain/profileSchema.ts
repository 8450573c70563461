import type { ColumnType, Kysely, Transaction } from 'kysely';
import type {
  AnnualIncomeRange,
  BeneficiaryRelationship,
  BeneficiaryTier,
  InvestmentExperience,
  InvestmentObjective,
  LiquidityNeeds,
  MembershipPlan,
  NetWorthRange,
  RiskTolerance,
  TimeHorizon,
  TrustedContactRelationship,
} from '../../api/contract';
import type { Database } from '../db/schema';

// Row types of migration 0009 (profile settings), beside the code that uses them; the database handle is
// widened with Kysely's withTables, so server/db/schema.ts needs no edit for them.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export interface InvestingProfilesTable {
  user_id: string;
  investment_objective: InvestmentObjective;
  risk_tolerance: RiskTolerance;
  time_horizon: TimeHorizon;
  investment_experience: InvestmentExperience;
  liquidity_needs: LiquidityNeeds;
  annual_income: AnnualIncomeRange;
  net_worth: NetWorthRange;
  liquid_net_worth: NetWorthRange;
  updated_at: Timestamp;
}

export interface TrustedContactsTable {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  relationship: TrustedContactRelationship;
  email: NullableText;
  /** 10 digits. */
  phone: NullableText;
  address1: NullableText;
  address2: NullableText;
  city: NullableText;
  state: NullableText;
  zipcode: NullableText;
  updated_at: Timestamp;
}

export interface BeneficiariesTable {
  id: string;
  user_id: string;
  /** accounts.id (the accountUuid) of one of the customer's IRAs. */
  account_id: string;
  tier: BeneficiaryTier;
  first_name: string;
  last_name: string;
  relationship: BeneficiaryRelationship;
  /** yyyy-MM-dd */
  date_of_birth: string;
  share_percent: number;
  position: number;
  updated_at: Timestamp;
}

export interface AccountOwnersTable {
  id: string;
  account_id: string;
  name: string;
  role: 'JOINT_OWNER' | 'AUTHORIZED_SIGNER';
  position: number;
}

export interface MembershipsTable {
  user_id: string;
  plan: MembershipPlan;
  changed_at: Timestamp;
}

export type ProfileTables = {
  investing_profiles: InvestingProfilesTable;
  trusted_contacts: TrustedContactsTable;
  beneficiaries: BeneficiariesTable;
  account_owners: AccountOwnersTable;
  memberships: MembershipsTable;
};

export type ProfileDb = Kysely<Database & ProfileTables>;
export type ProfileTrx = Transaction<Database & ProfileTables>;

/** The same connection, typed with the profile tables too. */
export const profileDb = (db: Kysely<Database>): ProfileDb => db.withTables<ProfileTables>();
