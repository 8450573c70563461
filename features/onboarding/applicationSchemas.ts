import * as yup from 'yup';
import {
  ANNUAL_INCOME_RANGES,
  CITIZENSHIPS,
  EMPLOYMENT_STATUSES,
  INVESTMENT_EXPERIENCE_LEVELS,
  INVESTMENT_OBJECTIVES,
  LEGAL_NAME_PATTERN,
  NET_WORTH_RANGES,
  RISK_TOLERANCES,
  TIME_HORIZONS,
  birthDateProblem,
  employmentNeedsEmployer,
} from '../../api/contract/values';

// The application forms' rules, on the same patterns and rule functions the server checks (onboardingRules.ts).
// Form values are strings as typed; toIsoDate and the digit helpers turn them into the wire's shapes.

export const ApplicationFormMessages = {
  required: 'This field is required.',
  legalName: 'Use letters, spaces, hyphens and apostrophes only.',
  birthDateFormat: 'Enter your date of birth as MM/DD/YYYY.',
  phone: 'Enter a 10-digit U.S. phone number.',
  ssn: 'Enter your 9-digit Social Security number.',
  employer: 'Enter your employer.',
  occupation: 'Enter your occupation.',
  agreement: 'You need to accept the agreements to open an account.',
  choose: 'Choose one of the options.',
} as const;

/** A required choice among `values` (an empty value reads as "required", anything else unknown as "choose"). */
const oneOfChoices = (values: readonly string[]) =>
  yup
    .string()
    .required(ApplicationFormMessages.required)
    .test('choice', ApplicationFormMessages.choose, (value) => !value || values.includes(value));

/** Keeps digits only, cut to `max`. */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** 'MM/DD/YYYY' → 'YYYY-MM-DD'; null when it is not in that shape. */
export function toIsoDate(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', for prefilling the form. */
export const fromIsoDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

const legalName = yup
  .string()
  .trim()
  .required(ApplicationFormMessages.required)
  .matches(new RegExp(LEGAL_NAME_PATTERN), ApplicationFormMessages.legalName);

/** The identity step; `today` ('yyyy-MM-dd') decides the age rule, so tests pin it. */
export const identitySchema = (today: string) =>
  yup.object({
    legalFirstName: legalName,
    legalLastName: legalName,
    birthDate: yup
      .string()
      .required(ApplicationFormMessages.required)
      .test('birth-date', function check(value) {
        const iso = toIsoDate(value ?? '');
        if (!iso) return this.createError({ message: ApplicationFormMessages.birthDateFormat });
        const problem = birthDateProblem(iso, today);
        return problem ? this.createError({ message: problem }) : true;
      }),
    phoneNumber: yup
      .string()
      .required(ApplicationFormMessages.required)
      .test('phone', ApplicationFormMessages.phone, (value) => digitsOnly(value ?? '', 11).length === 10),
    citizenship: oneOfChoices(CITIZENSHIPS),
    ssn: yup
      .string()
      .required(ApplicationFormMessages.required)
      .matches(/^\d{9}$/, ApplicationFormMessages.ssn),
  });
export type IdentityValues = yup.InferType<ReturnType<typeof identitySchema>>;

export const employmentSchema = yup.object({
  status: oneOfChoices(EMPLOYMENT_STATUSES),
  employer: yup
    .string()
    .trim()
    .max(60)
    .when('status', {
      is: employmentNeedsEmployer,
      then: (s) => s.required(ApplicationFormMessages.employer),
      otherwise: (s) => s.notRequired(),
    }),
  occupation: yup
    .string()
    .trim()
    .max(60)
    .when('status', {
      is: employmentNeedsEmployer,
      then: (s) => s.required(ApplicationFormMessages.occupation),
      otherwise: (s) => s.notRequired(),
    }),
});
export type EmploymentValues = yup.InferType<typeof employmentSchema>;

const choice = oneOfChoices;
export const investingProfileSchema = yup.object({
  investmentObjective: choice(INVESTMENT_OBJECTIVES),
  riskTolerance: choice(RISK_TOLERANCES),
  timeHorizon: choice(TIME_HORIZONS),
  investmentExperience: choice(INVESTMENT_EXPERIENCE_LEVELS),
  annualIncome: choice(ANNUAL_INCOME_RANGES),
  liquidNetWorth: choice(NET_WORTH_RANGES),
});
export type InvestingProfileValues = yup.InferType<typeof investingProfileSchema>;

export const disclosuresSchema = yup.object({
  brokerDealer: yup.boolean().required(),
  publiclyTraded: yup.boolean().required(),
  politicallyExposed: yup.boolean().required(),
  agreementAccepted: yup.boolean().required().oneOf([true], ApplicationFormMessages.agreement),
});
export type DisclosuresValues = yup.InferType<typeof disclosuresSchema>;
