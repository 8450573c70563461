import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CalendarDate, IsoDateTime, Obj, ShownText, StringEnum, Uuid } from './common';
import { ACCOUNT_STATUSES, ACCOUNT_VARIANTS, USER_TYPES } from './enums';
import { Address } from './funding';
import {
  ACCOUNT_OWNER_ROLES,
  ANNUAL_INCOME_RANGES,
  BENEFICIARY_RELATIONSHIPS,
  BENEFICIARY_TIERS,
  CONTACT_EMAIL_MAX_LENGTH,
  INVESTMENT_EXPERIENCE_LEVELS,
  INVESTMENT_OBJECTIVES,
  LIQUIDITY_NEEDS,
  MAX_BENEFICIARIES_PER_TIER,
  MEMBERSHIP_PLANS,
  NET_WORTH_RANGES,
  PERSON_NAME_MAX_LENGTH,
  RISK_TOLERANCES,
  TIME_HORIZONS,
  TRUSTED_CONTACT_RELATIONSHIPS,
} from './profileRules';

// Profile settings (investing profile, trusted contact, beneficiaries, account info, membership). The spec
// names the pages only; the shapes are ours. Every object is closed: unknown fields are refused (400). The
// rules that need more than a schema (profileRules.ts) run in the routes and in the app's forms alike.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const PersonName = ShownText({ minLength: 1, maxLength: PERSON_NAME_MAX_LENGTH });
const IsoDate = CalendarDate;

// ---- investing profile ----

export const InvestingProfile = Obj({
  investmentObjective: StringEnum(INVESTMENT_OBJECTIVES),
  riskTolerance: StringEnum(RISK_TOLERANCES),
  timeHorizon: StringEnum(TIME_HORIZONS),
  investmentExperience: StringEnum(INVESTMENT_EXPERIENCE_LEVELS),
  liquidityNeeds: StringEnum(LIQUIDITY_NEEDS),
  annualIncome: StringEnum(ANNUAL_INCOME_RANGES),
  netWorth: StringEnum(NET_WORTH_RANGES),
  liquidNetWorth: StringEnum(NET_WORTH_RANGES),
});
export type InvestingProfile = Static<typeof InvestingProfile>;

/** profile null: never answered (customers from before the questionnaire). */
export const InvestingProfileResponse = Obj({ profile: Nullable(InvestingProfile), updatedAt: Nullable(IsoDateTime) });
export type InvestingProfileResponse = Static<typeof InvestingProfileResponse>;

// ---- trusted contact ----

export const TrustedContactRequest = Obj({
  firstName: PersonName,
  lastName: PersonName,
  relationship: StringEnum(TRUSTED_CONTACT_RELATIONSHIPS),
  /** At least one of email and phone (checked by trustedContactErrors). */
  email: Nullable(Type.String({ minLength: 3, maxLength: CONTACT_EMAIL_MAX_LENGTH })),
  /** Any usual spelling of a 10-digit US number; stored and answered as its 10 digits. */
  phone: Nullable(Type.String({ minLength: 10, maxLength: 20 })),
  /** Optional mailing address, under the address rules of addressRules.ts. */
  address: Nullable(Address),
});
export type TrustedContactRequest = Static<typeof TrustedContactRequest>;

export const TrustedContact = Obj({
  id: Uuid,
  firstName: Type.String(),
  lastName: Type.String(),
  relationship: StringEnum(TRUSTED_CONTACT_RELATIONSHIPS),
  email: Nullable(Type.String()),
  /** 10 digits. */
  phone: Nullable(Type.String()),
  address: Nullable(Address),
  updatedAt: IsoDateTime,
});
export type TrustedContact = Static<typeof TrustedContact>;

export const TrustedContactResponse = Obj({ trustedContact: Nullable(TrustedContact) });
export type TrustedContactResponse = Static<typeof TrustedContactResponse>;

// ---- beneficiaries ----

export const Beneficiary = Obj({
  id: Uuid,
  tier: StringEnum(BENEFICIARY_TIERS),
  firstName: Type.String(),
  lastName: Type.String(),
  relationship: StringEnum(BENEFICIARY_RELATIONSHIPS),
  dateOfBirth: IsoDate,
  sharePercent: Type.Integer({ minimum: 1, maximum: 100 }),
});
export type Beneficiary = Static<typeof Beneficiary>;

/** One person of a designation: with the id of an existing one to keep (and change) it, without to add one. */
export const BeneficiaryInput = Obj({
  id: Type.Optional(Uuid),
  tier: StringEnum(BENEFICIARY_TIERS),
  firstName: PersonName,
  lastName: PersonName,
  relationship: StringEnum(BENEFICIARY_RELATIONSHIPS),
  dateOfBirth: IsoDate,
  /** Whole percent; the tier's shares sum to 100 (beneficiaryDesignationProblems). */
  sharePercent: Type.Integer(),
});
export type BeneficiaryInput = Static<typeof BeneficiaryInput>;

/** The whole designation of one IRA: people left out are removed. */
export const BeneficiariesUpdateRequest = Obj({
  beneficiaries: Type.Array(BeneficiaryInput, { maxItems: MAX_BENEFICIARIES_PER_TIER * 2 }),
});
export type BeneficiariesUpdateRequest = Static<typeof BeneficiariesUpdateRequest>;

export const BeneficiaryAccount = Obj({
  accountUuid: Type.String(),
  variant: StringEnum(ACCOUNT_VARIANTS),
  displayName: Type.String(),
  accountNumberLast4: Type.String(),
  beneficiaries: Type.Array(Beneficiary),
  updatedAt: Nullable(IsoDateTime),
});
export type BeneficiaryAccount = Static<typeof BeneficiaryAccount>;

/** The customer's IRAs (traditional and Roth) with their designations; empty when the customer has none. */
export const BeneficiariesResponse = Obj({ accounts: Type.Array(BeneficiaryAccount) });
export type BeneficiariesResponse = Static<typeof BeneficiariesResponse>;

export const BeneficiaryAccountParams = Obj({ accountUuid: Type.String({ minLength: 1, maxLength: 64 }) });
export type BeneficiaryAccountParams = Static<typeof BeneficiaryAccountParams>;

// ---- account info ----

export const AccountOwner = Obj({ name: Type.String(), role: StringEnum(ACCOUNT_OWNER_ROLES) });
export type AccountOwner = Static<typeof AccountOwner>;

export const AccountInfo = Obj({
  accountUuid: Type.String(),
  variant: StringEnum(ACCOUNT_VARIANTS),
  displayName: Type.String(),
  status: StringEnum(ACCOUNT_STATUSES),
  /** Never the whole number: GET /api/accounts is the one call that gives it. */
  accountNumberLast4: Type.String(),
  openedOn: IsoDate,
  registration: StringEnum(USER_TYPES),
  owners: Type.Array(AccountOwner),
});
export type AccountInfo = Static<typeof AccountInfo>;

export const AccountInfoResponse = Obj({
  legalName: Obj({ firstName: Type.String(), lastName: Type.String() }),
  email: Type.String(),
  accounts: Type.Array(AccountInfo),
});
export type AccountInfoResponse = Static<typeof AccountInfoResponse>;

// ---- membership ----

export const MembershipRequest = Obj({ plan: StringEnum(MEMBERSHIP_PLANS) });
export type MembershipRequest = Static<typeof MembershipRequest>;

export const MembershipResponse = Obj({
  plan: StringEnum(MEMBERSHIP_PLANS),
  /** When the plan last changed; null while on the default plan since the account opened. */
  changedAt: Nullable(IsoDateTime),
});
export type MembershipResponse = Static<typeof MembershipResponse>;
