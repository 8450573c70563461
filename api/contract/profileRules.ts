import type { AccountVariant } from './enums';
import { addressErrors, type AddressDraft } from './addressRules';
import { IRA_VARIANTS } from './fundingSources';

/**
 * Profile settings rules (investing profile, trusted contact, beneficiaries, membership) as plain values and
 * pure functions. The spec names these pages only; the choices are ours, modelled on what a US broker-dealer
 * keeps under FINRA Rules 2090 (know your customer), 2111 (suitability) and 4512 (trusted contact). The
 * server validates with these functions and the app's forms use the same ones, so both judge alike.
 */

export interface ProfileOption<T extends string> {
  value: T;
  label: string;
}

const options = <T extends string>(pairs: ReadonlyArray<readonly [T, string]>): ReadonlyArray<ProfileOption<T>> =>
  pairs.map(([value, label]) => ({ value, label }));

// ---- investing profile ----

export const INVESTMENT_OBJECTIVES = ['CAPITAL_PRESERVATION', 'INCOME', 'GROWTH', 'SPECULATION'] as const;
export type InvestmentObjective = (typeof INVESTMENT_OBJECTIVES)[number];
export const RISK_TOLERANCES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskTolerance = (typeof RISK_TOLERANCES)[number];
export const TIME_HORIZONS = ['SHORT', 'AVERAGE', 'LONG'] as const;
export type TimeHorizon = (typeof TIME_HORIZONS)[number];
export const INVESTMENT_EXPERIENCE_LEVELS = ['NONE', 'LIMITED', 'GOOD', 'EXTENSIVE'] as const;
export type InvestmentExperience = (typeof INVESTMENT_EXPERIENCE_LEVELS)[number];
export const LIQUIDITY_NEEDS = ['VERY_IMPORTANT', 'SOMEWHAT_IMPORTANT', 'NOT_IMPORTANT'] as const;
export type LiquidityNeeds = (typeof LIQUIDITY_NEEDS)[number];
/** Ranges in ascending order: the order is what the liquid-net-worth rule compares. */
export const ANNUAL_INCOME_RANGES = [
  'UNDER_25K',
  'FROM_25K_TO_50K',
  'FROM_50K_TO_100K',
  'FROM_100K_TO_200K',
  'FROM_200K_TO_500K',
  'OVER_500K',
] as const;
export type AnnualIncomeRange = (typeof ANNUAL_INCOME_RANGES)[number];
export const NET_WORTH_RANGES = [
  'UNDER_50K',
  'FROM_50K_TO_100K',
  'FROM_100K_TO_250K',
  'FROM_250K_TO_500K',
  'FROM_500K_TO_1M',
  'FROM_1M_TO_5M',
  'OVER_5M',
] as const;
export type NetWorthRange = (typeof NET_WORTH_RANGES)[number];

export const INVESTMENT_OBJECTIVE_OPTIONS = options<InvestmentObjective>([
  ['CAPITAL_PRESERVATION', 'Preserve what I have'],
  ['INCOME', 'Generate income'],
  ['GROWTH', 'Grow my money'],
  ['SPECULATION', 'Speculate for high returns'],
]);
export const RISK_TOLERANCE_OPTIONS = options<RiskTolerance>([
  ['LOW', 'Low: I want to avoid losses'],
  ['MEDIUM', 'Medium: some ups and downs are fine'],
  ['HIGH', 'High: I accept large swings for higher returns'],
]);
export const TIME_HORIZON_OPTIONS = options<TimeHorizon>([
  ['SHORT', 'Less than 3 years'],
  ['AVERAGE', '3 to 10 years'],
  ['LONG', 'More than 10 years'],
]);
export const INVESTMENT_EXPERIENCE_OPTIONS = options<InvestmentExperience>([
  ['NONE', 'None'],
  ['LIMITED', 'Limited (under 2 years)'],
  ['GOOD', 'Good (2 to 5 years)'],
  ['EXTENSIVE', 'Extensive (more than 5 years)'],
]);
export const LIQUIDITY_NEEDS_OPTIONS = options<LiquidityNeeds>([
  ['VERY_IMPORTANT', 'Very important: I may need this money soon'],
  ['SOMEWHAT_IMPORTANT', 'Somewhat important'],
  ['NOT_IMPORTANT', 'Not important: I will not need it for years'],
]);
export const ANNUAL_INCOME_OPTIONS = options<AnnualIncomeRange>([
  ['UNDER_25K', 'Under $25,000'],
  ['FROM_25K_TO_50K', '$25,000 to $49,999'],
  ['FROM_50K_TO_100K', '$50,000 to $99,999'],
  ['FROM_100K_TO_200K', '$100,000 to $199,999'],
  ['FROM_200K_TO_500K', '$200,000 to $499,999'],
  ['OVER_500K', '$500,000 or more'],
]);
export const NET_WORTH_OPTIONS = options<NetWorthRange>([
  ['UNDER_50K', 'Under $50,000'],
  ['FROM_50K_TO_100K', '$50,000 to $99,999'],
  ['FROM_100K_TO_250K', '$100,000 to $249,999'],
  ['FROM_250K_TO_500K', '$250,000 to $499,999'],
  ['FROM_500K_TO_1M', '$500,000 to $999,999'],
  ['FROM_1M_TO_5M', '$1,000,000 to $4,999,999'],
  ['OVER_5M', '$5,000,000 or more'],
]);

export const optionLabel = <T extends string>(list: ReadonlyArray<ProfileOption<T>>, value: T | null | undefined): string =>
  list.find((option) => option.value === value)?.label ?? 'Not provided';

export interface InvestingProfileFields {
  investmentObjective: InvestmentObjective;
  riskTolerance: RiskTolerance;
  timeHorizon: TimeHorizon;
  investmentExperience: InvestmentExperience;
  liquidityNeeds: LiquidityNeeds;
  annualIncome: AnnualIncomeRange;
  netWorth: NetWorthRange;
  liquidNetWorth: NetWorthRange;
}

export const ProfileErrorCode = {
  INVESTING_PROFILE_INVALID: 'INVESTING_PROFILE_INVALID',
  TRUSTED_CONTACT_INVALID: 'TRUSTED_CONTACT_INVALID',
  TRUSTED_CONTACT_NOT_FOUND: 'TRUSTED_CONTACT_NOT_FOUND',
  BENEFICIARIES_INVALID: 'BENEFICIARIES_INVALID',
  BENEFICIARY_NOT_FOUND: 'BENEFICIARY_NOT_FOUND',
  BENEFICIARY_ACCOUNT_NOT_IRA: 'BENEFICIARY_ACCOUNT_NOT_IRA',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  MEMBERSHIP_NOT_ALLOWED: 'MEMBERSHIP_NOT_ALLOWED',
} as const;
export type ProfileErrorCode = (typeof ProfileErrorCode)[keyof typeof ProfileErrorCode];

export const InvestingProfileMessages = {
  required: 'Please choose an answer',
  liquidOverNetWorth: 'Liquid net worth cannot be more than your total net worth',
  speculationNeedsHighRisk: 'A speculative objective needs a high risk tolerance. Change one of the two answers.',
  saved: 'Your investing profile was saved.',
} as const;

export type InvestingProfileProblem = { field: keyof InvestingProfileFields; message: string };

/**
 * Answers that contradict each other (suitability, FINRA 2111): liquid net worth is part of net worth, so its
 * range cannot be higher; speculating means accepting large losses, so it needs a high risk tolerance.
 */
export function investingProfileProblems(profile: InvestingProfileFields): InvestingProfileProblem[] {
  const problems: InvestingProfileProblem[] = [];
  if (NET_WORTH_RANGES.indexOf(profile.liquidNetWorth) > NET_WORTH_RANGES.indexOf(profile.netWorth)) {
    problems.push({ field: 'liquidNetWorth', message: InvestingProfileMessages.liquidOverNetWorth });
  }
  if (profile.investmentObjective === 'SPECULATION' && profile.riskTolerance !== 'HIGH') {
    problems.push({ field: 'riskTolerance', message: InvestingProfileMessages.speculationNeedsHighRisk });
  }
  return problems;
}

// ---- trusted contact (FINRA Rule 4512) ----

export const TRUSTED_CONTACT_RELATIONSHIPS = [
  'SPOUSE',
  'PARTNER',
  'PARENT',
  'CHILD',
  'SIBLING',
  'OTHER_RELATIVE',
  'FRIEND',
  'ATTORNEY',
  'ACCOUNTANT',
  'OTHER',
] as const;
export type TrustedContactRelationship = (typeof TRUSTED_CONTACT_RELATIONSHIPS)[number];
export const TRUSTED_CONTACT_RELATIONSHIP_OPTIONS = options<TrustedContactRelationship>([
  ['SPOUSE', 'Spouse'],
  ['PARTNER', 'Domestic partner'],
  ['PARENT', 'Parent'],
  ['CHILD', 'Child'],
  ['SIBLING', 'Sibling'],
  ['OTHER_RELATIVE', 'Other relative'],
  ['FRIEND', 'Friend'],
  ['ATTORNEY', 'Attorney'],
  ['ACCOUNTANT', 'Accountant'],
  ['OTHER', 'Other'],
]);

export const PERSON_NAME_MAX_LENGTH = 50;
export const CONTACT_EMAIL_MAX_LENGTH = 254;

export const TrustedContactMessages = {
  firstNameRequired: 'Please enter their first name',
  lastNameRequired: 'Please enter their last name',
  nameInvalid: `Use letters, spaces, hyphens, apostrophes and periods only (at most ${PERSON_NAME_MAX_LENGTH} characters)`,
  relationshipRequired: 'Please choose how you know them',
  emailOrPhoneRequired: 'Please enter an email address or a phone number (or both)',
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Please enter a 10-digit US phone number',
  saved: 'Your trusted contact was saved.',
  removed: 'Your trusted contact was removed.',
} as const;

export interface TrustedContactDraft {
  firstName: string;
  lastName: string;
  relationship: string;
  email: string;
  phone: string;
  /** Off: no mailing address (the address fields are then ignored). */
  includeAddress: boolean;
  address: AddressDraft;
}

export type TrustedContactField = 'firstName' | 'lastName' | 'relationship' | 'email' | 'phone' | `address.${keyof AddressDraft}`;
export type TrustedContactErrors = Partial<Record<TrustedContactField, string>>;

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');
// Letters of any script, spaces, hyphens, apostrophes (straight or curly) and periods.
const NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'’-]*$/u;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The problem of a person's first or last name, or undefined. */
export function profileNameError(value: string, requiredMessage: string): string | undefined {
  const text = collapse(value);
  if (text === '') return requiredMessage;
  if (text.length > PERSON_NAME_MAX_LENGTH || !NAME_PATTERN.test(text)) return TrustedContactMessages.nameInvalid;
  return undefined;
}

/** Digits of a US phone number: "(415) 555-0132", "415.555.0132" and "+1 415 555 0132" all give "4155550132". */
export function normalisePhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** A NANP number: 10 digits, area code and exchange not starting with 0 or 1. */
export const isValidUsPhone = (value: string) => /^[2-9]\d{2}[2-9]\d{6}$/.test(normalisePhone(value));

export const isValidContactEmail = (value: string) => {
  const text = value.trim();
  return text.length <= CONTACT_EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
};

/** "(415) 555-0132" from any accepted spelling. */
export function formatUsPhone(value: string): string {
  const digits = normalisePhone(value);
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** Problems per field; an empty object means the contact can be saved. At least one of email and phone. */
export function trustedContactErrors(draft: TrustedContactDraft): TrustedContactErrors {
  const errors: TrustedContactErrors = {};
  const firstName = profileNameError(draft.firstName, TrustedContactMessages.firstNameRequired);
  if (firstName) errors.firstName = firstName;
  const lastName = profileNameError(draft.lastName, TrustedContactMessages.lastNameRequired);
  if (lastName) errors.lastName = lastName;
  if (!(TRUSTED_CONTACT_RELATIONSHIPS as readonly string[]).includes(draft.relationship))
    errors.relationship = TrustedContactMessages.relationshipRequired;
  const email = draft.email.trim();
  const phone = draft.phone.trim();
  if (email === '' && phone === '') {
    errors.email = TrustedContactMessages.emailOrPhoneRequired;
  } else {
    if (email !== '' && !isValidContactEmail(email)) errors.email = TrustedContactMessages.emailInvalid;
    if (phone !== '' && !isValidUsPhone(phone)) errors.phone = TrustedContactMessages.phoneInvalid;
  }
  if (draft.includeAddress) {
    for (const [field, message] of Object.entries(addressErrors(draft.address))) {
      errors[`address.${field as keyof AddressDraft}`] = message;
    }
  }
  return errors;
}

// ---- beneficiaries (IRA designations) ----

/** Accounts that take beneficiary designations: the customer's IRAs (a taxable account passes by will or TOD, not here). */
export const BENEFICIARY_ACCOUNT_VARIANTS = IRA_VARIANTS;
export const isBeneficiaryAccountVariant = (variant: AccountVariant) =>
  (BENEFICIARY_ACCOUNT_VARIANTS as readonly AccountVariant[]).includes(variant);

export const BENEFICIARY_TIERS = ['PRIMARY', 'CONTINGENT'] as const;
export type BeneficiaryTier = (typeof BENEFICIARY_TIERS)[number];
export const BENEFICIARY_TIER_LABELS: Record<BeneficiaryTier, string> = { PRIMARY: 'Primary', CONTINGENT: 'Contingent' };

export const BENEFICIARY_RELATIONSHIPS = [
  'SPOUSE',
  'PARTNER',
  'CHILD',
  'GRANDCHILD',
  'PARENT',
  'SIBLING',
  'OTHER_RELATIVE',
  'FRIEND',
  'OTHER',
] as const;
export type BeneficiaryRelationship = (typeof BENEFICIARY_RELATIONSHIPS)[number];
export const BENEFICIARY_RELATIONSHIP_OPTIONS = options<BeneficiaryRelationship>([
  ['SPOUSE', 'Spouse'],
  ['PARTNER', 'Domestic partner'],
  ['CHILD', 'Child'],
  ['GRANDCHILD', 'Grandchild'],
  ['PARENT', 'Parent'],
  ['SIBLING', 'Sibling'],
  ['OTHER_RELATIVE', 'Other relative'],
  ['FRIEND', 'Friend'],
  ['OTHER', 'Other'],
]);

/** At most this many people per tier (a longer list belongs in a trust). */
export const MAX_BENEFICIARIES_PER_TIER = 10;
export const BENEFICIARY_EARLIEST_BIRTH_DATE = '1900-01-01';

export const BeneficiaryMessages = {
  firstNameRequired: 'Please enter their first name',
  lastNameRequired: 'Please enter their last name',
  relationshipRequired: 'Please choose their relationship to you',
  dateOfBirthInvalid: 'Please enter a real date of birth (not in the future)',
  shareInvalid: 'Enter a whole percent from 1 to 100',
  tierTotal: (tier: BeneficiaryTier, total: number) =>
    `${BENEFICIARY_TIER_LABELS[tier]} beneficiaries' shares must add up to 100% (now ${total}%)`,
  tooMany: (tier: BeneficiaryTier) => `At most ${MAX_BENEFICIARIES_PER_TIER} ${BENEFICIARY_TIER_LABELS[tier].toLowerCase()} beneficiaries`,
  contingentWithoutPrimary: 'Add a primary beneficiary before contingent ones',
  saved: 'Your beneficiaries were saved.',
} as const;

export interface BeneficiaryFields {
  tier: BeneficiaryTier;
  firstName: string;
  lastName: string;
  relationship: BeneficiaryRelationship;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  /** Whole percent, 1 to 100. */
  sharePercent: number;
}

/** A real calendar date written yyyy-MM-dd. */
export function isRealCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A birth date between 1900-01-01 and today (yyyy-MM-dd strings compare as dates). */
export const isValidBirthDate = (value: string, today: string) =>
  isRealCalendarDate(value) && value >= BENEFICIARY_EARLIEST_BIRTH_DATE && value <= today;

export const isValidSharePercent = (value: number) => Number.isInteger(value) && value >= 1 && value <= 100;

/** The sum of the tier's shares (whole percents). */
export const tierShareTotal = (beneficiaries: ReadonlyArray<Pick<BeneficiaryFields, 'tier' | 'sharePercent'>>, tier: BeneficiaryTier) =>
  beneficiaries.filter((beneficiary) => beneficiary.tier === tier).reduce((total, beneficiary) => total + beneficiary.sharePercent, 0);

/** The problems of one person, per field. */
export function beneficiaryErrors(beneficiary: BeneficiaryFields, today: string): Partial<Record<keyof BeneficiaryFields, string>> {
  const errors: Partial<Record<keyof BeneficiaryFields, string>> = {};
  const firstName = profileNameError(beneficiary.firstName, BeneficiaryMessages.firstNameRequired);
  if (firstName) errors.firstName = firstName;
  const lastName = profileNameError(beneficiary.lastName, BeneficiaryMessages.lastNameRequired);
  if (lastName) errors.lastName = lastName;
  if (!(BENEFICIARY_RELATIONSHIPS as readonly string[]).includes(beneficiary.relationship))
    errors.relationship = BeneficiaryMessages.relationshipRequired;
  if (!isValidBirthDate(beneficiary.dateOfBirth, today)) errors.dateOfBirth = BeneficiaryMessages.dateOfBirthInvalid;
  if (!isValidSharePercent(beneficiary.sharePercent)) errors.sharePercent = BeneficiaryMessages.shareInvalid;
  return errors;
}

/**
 * The problems of a whole designation for one IRA, first one first (the server answers the first): each
 * person valid; shares of each tier that has anyone are whole percents summing to exactly 100; contingent
 * beneficiaries only next to at least one primary; at most MAX_BENEFICIARIES_PER_TIER per tier. No one at
 * all is allowed: the IRA then passes to the estate under the custodial agreement.
 */
export function beneficiaryDesignationProblems(beneficiaries: readonly BeneficiaryFields[], today: string): string[] {
  const problems: string[] = [];
  for (const beneficiary of beneficiaries) {
    problems.push(...Object.values(beneficiaryErrors(beneficiary, today)).filter((message): message is string => Boolean(message)));
  }
  for (const tier of BENEFICIARY_TIERS) {
    const count = beneficiaries.filter((beneficiary) => beneficiary.tier === tier).length;
    if (count > MAX_BENEFICIARIES_PER_TIER) problems.push(BeneficiaryMessages.tooMany(tier));
    if (count > 0) {
      const total = tierShareTotal(beneficiaries, tier);
      if (total !== 100) problems.push(BeneficiaryMessages.tierTotal(tier, total));
    }
  }
  const hasPrimary = beneficiaries.some((beneficiary) => beneficiary.tier === 'PRIMARY');
  if (!hasPrimary && beneficiaries.some((beneficiary) => beneficiary.tier === 'CONTINGENT'))
    problems.push(BeneficiaryMessages.contingentWithoutPrimary);
  return [...new Set(problems)];
}

// ---- membership ----

export const MEMBERSHIP_PLANS = ['BASIC', 'PREMIUM'] as const;
export type MembershipPlan = (typeof MEMBERSHIP_PLANS)[number];
export const DEFAULT_MEMBERSHIP_PLAN: MembershipPlan = 'BASIC';

export interface MembershipPlanInfo {
  name: string;
  /** Integer cents a month. */
  monthlyPriceCents: number;
  tagline: string;
  /** Plain features; the matches are added from the flags (membershipBenefits). */
  features: readonly string[];
}

export const MEMBERSHIP_PLAN_INFO: Record<MembershipPlan, MembershipPlanInfo> = {
  BASIC: {
    name: 'Basic',
    monthlyPriceCents: 0,
    tagline: 'Everything you need to invest, free.',
    features: ['Commission-free stock and ETF trades', 'Fractional shares', 'Traditional and Roth IRAs', 'Recurring deposits'],
  },
  PREMIUM: {
    name: 'Premium',
    monthlyPriceCents: 500,
    tagline: 'A match on brokerage deposits, research and faster help.',
    features: ['Everything in Basic', 'Professional research reports', 'Real-time market depth (Level II)', 'Priority phone support'],
  },
};

/** The match flags of the universal configuration (iraMatchPercent, brokerageMatchPercent). */
export interface MatchFlags {
  iraMatchPercent: number;
  brokerageMatchPercent: number;
}

/**
 * Our decision: every plan earns the IRA match of the iraMatchPercent flag (the IRA deposit flow promises it
 * to everyone); Premium adds the brokerage deposit match of the brokerageMatchPercent flag. A match of 0 is
 * not offered and not listed.
 */
export function membershipMatches(plan: MembershipPlan, flags: MatchFlags): { iraMatchPercent: number; brokerageMatchPercent: number } {
  const ira = Math.max(0, flags.iraMatchPercent);
  const brokerage = Math.max(0, flags.brokerageMatchPercent);
  return plan === 'PREMIUM'
    ? { iraMatchPercent: ira, brokerageMatchPercent: brokerage }
    : { iraMatchPercent: ira, brokerageMatchPercent: 0 };
}

/** The plan's benefits as lines for people, the matches first. */
export function membershipBenefits(plan: MembershipPlan, flags: MatchFlags): string[] {
  const matches = membershipMatches(plan, flags);
  const lines: string[] = [];
  if (matches.iraMatchPercent > 0) lines.push(`${matches.iraMatchPercent}% match on IRA contributions`);
  if (matches.brokerageMatchPercent > 0) lines.push(`${matches.brokerageMatchPercent}% match on brokerage deposits`);
  return [...lines, ...MEMBERSHIP_PLAN_INFO[plan].features];
}

// ---- account info ----

export const ACCOUNT_OWNER_ROLES = ['OWNER', 'JOINT_OWNER', 'ENTITY', 'AUTHORIZED_SIGNER'] as const;
export type AccountOwnerRole = (typeof ACCOUNT_OWNER_ROLES)[number];
export const ACCOUNT_OWNER_ROLE_LABELS: Record<AccountOwnerRole, string> = {
  OWNER: 'Owner',
  JOINT_OWNER: 'Joint owner',
  ENTITY: 'Account holder (entity)',
  AUTHORIZED_SIGNER: 'Authorized signer',
};
export const REGISTRATION_LABELS: Record<'INDIVIDUAL' | 'JOINT' | 'ENTITY', string> = {
  INDIVIDUAL: 'Individual',
  JOINT: 'Joint tenants with rights of survivorship',
  ENTITY: 'Entity (business)',
};

/** "•••• 9075": only the last four digits are shown. */
export const maskAccountNumber = (last4: string) => `•••• ${last4}`;
