// Runtime values of onboarding (the /setup-investing page, funding-methods.md 2.1 and 3.7): plain data and pure
// rules, so the browser may import them (through ./values) and the server enforces the same ones.

/** The application's steps, in the order the customer meets them. The address is captured on its own page. */
export const APPLICATION_STEPS = ['IDENTITY', 'ADDRESS', 'EMPLOYMENT', 'INVESTING_PROFILE', 'DISCLOSURES'] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

/** Steps completed with a form on /setup-investing (the address has its own page, /settings/personal-info). */
export const FORM_STEPS = ['IDENTITY', 'EMPLOYMENT', 'INVESTING_PROFILE', 'DISCLOSURES'] as const satisfies readonly ApplicationStep[];
export type FormStep = (typeof FORM_STEPS)[number];

export const APPLICATION_STEP_LABELS: Record<ApplicationStep, string> = {
  IDENTITY: 'Identity',
  ADDRESS: 'Home address',
  EMPLOYMENT: 'Employment',
  INVESTING_PROFILE: 'Investing profile',
  DISCLOSURES: 'Disclosures and agreements',
};

// Enumerations of funding-methods.md 3.7.
export const EMPLOYMENT_STATUSES = ['EMPLOYED', 'SELF_EMPLOYED', 'UNEMPLOYED', 'RETIRED', 'STUDENT'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EMPLOYMENT_LABELS: Record<EmploymentStatus, string> = {
  EMPLOYED: 'Employed',
  SELF_EMPLOYED: 'Self-employed',
  UNEMPLOYED: 'Not employed',
  RETIRED: 'Retired',
  STUDENT: 'Student',
};
/** Employer and occupation are asked only of customers who work. */
export const employmentNeedsEmployer = (status: string) => status === 'EMPLOYED' || status === 'SELF_EMPLOYED';

// The investing-profile step uses the profile settings' vocabulary (profileRules.ts), so the profile page shows
// what the application collected.

export const CITIZENSHIPS = ['US_CITIZEN', 'PERMANENT_RESIDENT'] as const;
export type Citizenship = (typeof CITIZENSHIPS)[number];
export const CITIZENSHIP_LABELS: Record<Citizenship, string> = {
  US_CITIZEN: 'U.S. citizen',
  PERMANENT_RESIDENT: 'U.S. permanent resident',
};

/** Action-required reasons of funding-methods.md 3.7 that this application uses, and the steps each sends back. */
export const ACTION_REQUIRED_REASONS = ['RESUBMIT_ID', 'ADDRESS_RESUBMIT', 'AGREEMENT_NOT_ACCEPTED', 'UNKNOWN'] as const;
export type ActionRequiredReason = (typeof ACTION_REQUIRED_REASONS)[number];
export const ACTION_REQUIRED_STEPS: Record<ActionRequiredReason, readonly FormStep[]> = {
  RESUBMIT_ID: ['IDENTITY'],
  ADDRESS_RESUBMIT: [],
  AGREEMENT_NOT_ACCEPTED: ['DISCLOSURES'],
  UNKNOWN: ['IDENTITY'],
};

export const OnboardingErrorCode = {
  /** Submitting while the application is under review, approved or declined. */
  NOT_OPEN: 'APPLICATION_NOT_OPEN',
  /** Submitting with a step still missing (the message names it). */
  STEPS_MISSING: 'APPLICATION_STEPS_MISSING',
  /** A field the schema accepts but the rules refuse (e.g. an age under 18, a date in the future). */
  INVALID: 'APPLICATION_INVALID',
} as const;

/** Legal names: letters, spaces, apostrophes, periods and hyphens, 1 to 40 characters. */
export const LEGAL_NAME_PATTERN = "^[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ .'-]{0,39}$";
export const SSN_PATTERN = '^\\d{9}$';
export const PHONE_PATTERN = '^\\d{10}$';
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
export const MINIMUM_AGE = 18;

/** Age in whole years on `today` ('yyyy-MM-dd' strings, compared as calendar dates). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A real calendar date ('2024-02-30' is not). */
export function isCalendarDate(value: string): boolean {
  if (!new RegExp(DATE_PATTERN).test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The date-of-birth rule shared by the form and the server: a real date, 18 or older, not before 1900. */
export function birthDateProblem(birthDate: string, today: string): string | null {
  if (!isCalendarDate(birthDate) || birthDate < '1900-01-01' || birthDate > today) return 'Enter a real date of birth.';
  if (ageOn(birthDate, today) < MINIMUM_AGE) return 'You must be 18 or older to open an account.';
  return null;
}

/**
 * Sandbox reviewer test inputs (docs/sandbox.md): the legal last name decides the outcome, like an
 * identity vendor's test mode. Anything else is approved.
 */
export const SANDBOX_REVIEW_LAST_NAMES = { reject: 'Reject', review: 'Review' } as const;
