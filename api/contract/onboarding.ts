import { Type, type Static } from '@sinclair/typebox';
import { Obj, ShownText, StringEnum } from './common';
import { APPLICATION_STATUSES } from './enums';
import {
  ACTION_REQUIRED_REASONS,
  APPLICATION_STEPS,
  CITIZENSHIPS,
  DATE_PATTERN,
  EMPLOYMENT_STATUSES,
  LEGAL_NAME_PATTERN,
  PHONE_PATTERN,
  SSN_PATTERN,
} from './onboardingRules';
import {
  ANNUAL_INCOME_RANGES,
  INVESTMENT_EXPERIENCE_LEVELS,
  INVESTMENT_OBJECTIVES,
  NET_WORTH_RANGES,
  RISK_TOLERANCES,
  TIME_HORIZONS,
} from './profileRules';

// The customer's application (/setup-investing). Our paths and shapes: the spec shows neither.

export const IdentitySection = Obj({
  legalFirstName: Type.String({ pattern: LEGAL_NAME_PATTERN }),
  legalLastName: Type.String({ pattern: LEGAL_NAME_PATTERN }),
  birthDate: Type.String({ pattern: DATE_PATTERN }),
  /** 10 digits, US numbers only. */
  phoneNumber: Type.String({ pattern: PHONE_PATTERN }),
  citizenship: StringEnum(CITIZENSHIPS),
  /** Nine digits; only the last four are kept after the review is asked for. */
  ssn: Type.String({ pattern: SSN_PATTERN }),
});
export type IdentitySection = Static<typeof IdentitySection>;

export const EmploymentSection = Obj({
  status: StringEnum(EMPLOYMENT_STATUSES),
  /** Required when employed or self-employed; null otherwise. */
  employer: Type.Union([ShownText({ minLength: 1, maxLength: 60 }), Type.Null()]),
  occupation: Type.Union([ShownText({ minLength: 1, maxLength: 60 }), Type.Null()]),
});
export type EmploymentSection = Static<typeof EmploymentSection>;

/** The suitability questions, in the profile settings' vocabulary (profileRules.ts). */
export const InvestingProfileSection = Obj({
  investmentObjective: StringEnum(INVESTMENT_OBJECTIVES),
  riskTolerance: StringEnum(RISK_TOLERANCES),
  timeHorizon: StringEnum(TIME_HORIZONS),
  investmentExperience: StringEnum(INVESTMENT_EXPERIENCE_LEVELS),
  annualIncome: StringEnum(ANNUAL_INCOME_RANGES),
  liquidNetWorth: StringEnum(NET_WORTH_RANGES),
});
export type InvestingProfileSection = Static<typeof InvestingProfileSection>;

export const DisclosuresSection = Obj({
  /** BROKER_DEALER: works for a broker-dealer or exchange. */
  brokerDealer: Type.Boolean(),
  /** PUBLICLY_TRADED: a director, officer or 10% holder of a public company. */
  publiclyTraded: Type.Boolean(),
  /** POLITICALLY_EXPOSED: a senior political figure, or family or close associate of one. */
  politicallyExposed: Type.Boolean(),
  /** AGREEMENT: the customer agreement and the account disclosures; must be true. */
  agreementAccepted: Type.Literal(true),
});
export type DisclosuresSection = Static<typeof DisclosuresSection>;

/** The steps the customer supplies now; with the stored ones they must complete the application. */
export const SubmitApplicationRequest = Obj({
  identity: Type.Optional(IdentitySection),
  employment: Type.Optional(EmploymentSection),
  investingProfile: Type.Optional(InvestingProfileSection),
  disclosures: Type.Optional(DisclosuresSection),
});
export type SubmitApplicationRequest = Static<typeof SubmitApplicationRequest>;

export const ApplicationStepState = Obj({
  step: StringEnum(APPLICATION_STEPS),
  label: Type.String(),
  complete: Type.Boolean(),
  /** One line about what was given, e.g. "Taylor Brooks, born 1992-04-18, SSN ending 6789"; null when missing. */
  summary: Type.Union([Type.String(), Type.Null()]),
});
export type ApplicationStepState = Static<typeof ApplicationStepState>;

export const ApplicationResponse = Obj({
  status: StringEnum(APPLICATION_STATUSES),
  steps: Type.Array(ApplicationStepState),
  /** What the reviewer asked for when the status is ACTION_REQUIRED; null otherwise. */
  actionRequired: Type.Union([Obj({ reason: StringEnum(ACTION_REQUIRED_REASONS), message: Type.String() }), Type.Null()]),
  /** Why the application was declined, when it was. */
  rejectionMessage: Type.Union([Type.String(), Type.Null()]),
  submittedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Names to prefill the identity step with. */
  firstName: Type.String(),
  lastName: Type.String(),
});
export type ApplicationResponse = Static<typeof ApplicationResponse>;
