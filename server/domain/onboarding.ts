import type { ColumnType, Kysely, Selectable } from 'kysely';
import {
  ACTION_REQUIRED_STEPS,
  APPLICATION_STEP_LABELS,
  APPLICATION_STEPS,
  EMPLOYMENT_LABELS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  RISK_TOLERANCE_OPTIONS,
  CITIZENSHIP_LABELS,
  OnboardingErrorCode,
  birthDateProblem,
  employmentNeedsEmployer,
  optionLabel,
  type ActionRequiredReason,
  type ApplicationResponse,
  type ApplicationStatus,
  type ApplicationStep,
  type Citizenship,
  type DisclosuresSection,
  type EmploymentSection,
  type FormStep,
  type InvestingProfileSection,
  type SubmitApplicationRequest,
} from '../../api/contract';
import type { Database, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import {
  claimAndApplyDueDecision,
  findApplication,
  hasDueDecision,
  lockApplicant,
  storeReviewerAnswer,
  storeSubmission,
} from '../repositories/onboarding';
import type { ApplicationReviewer } from '../vendors/applicationReviewer';
import { marketDate } from '../../api/contract/bankCalendar';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** The identity step as stored: the SSN itself is never kept, only its last four digits. */
export interface StoredIdentity {
  legalFirstName: string;
  legalLastName: string;
  birthDate: string;
  phoneNumber: string;
  citizenship: Citizenship;
  ssnLast4: string;
}

export type SubmissionState = 'DRAFT' | 'SUBMITTED' | 'DECIDED';
export type ReviewOutcome = 'COMPLETE' | 'REJECTED' | 'ACTION_REQUIRED';

export interface ApplicationSubmissionsTable {
  user_id: string;
  identity: Json<StoredIdentity>;
  employment: Json<EmploymentSection>;
  investing_profile: Json<InvestingProfileSection>;
  disclosures: Json<DisclosuresSection>;
  state: ColumnType<SubmissionState, SubmissionState | undefined, SubmissionState>;
  submitted_at: NullableTimestamp;
  decision: ColumnType<ReviewOutcome | null, ReviewOutcome | null | undefined, ReviewOutcome | null>;
  decision_reason: ColumnType<ActionRequiredReason | null, ActionRequiredReason | null | undefined, ActionRequiredReason | null>;
  decision_message: ColumnType<string | null, string | null | undefined, string | null>;
  decide_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  reviewer_reference: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

declare module '../db/schema' {
  interface Database {
    application_submissions: ApplicationSubmissionsTable;
  }
}

export type ApplicationRow = Selectable<ApplicationSubmissionsTable>;

/** Statuses in which the customer may still change and submit the application. */
const OPEN_STATUSES: readonly ApplicationStatus[] = ['NOT_STARTED', 'INCOMPLETE', 'ACTION_REQUIRED'];

export const OnboardingMessages = {
  underReview: 'Your application is already being reviewed.',
  approved: 'Your application is already approved.',
  declined: 'Your application was declined. Please contact support.',
  missing: (labels: string[]) => `Finish these steps first: ${labels.join(', ')}.`,
  employerNeeded: 'Enter your employer and occupation.',
  defaultRejection: "We're unable to open an account for you at this time. Please contact support.",
} as const;

/** Steps the reviewer sent back: stored, but to be given again. */
function stepsToRedo(row: ApplicationRow | undefined, status: ApplicationStatus): readonly FormStep[] {
  if (status !== 'ACTION_REQUIRED' || !row?.decision_reason) return [];
  return ACTION_REQUIRED_STEPS[row.decision_reason];
}

const hasAddress = (user: UserRow) => Boolean(user.address1 && user.city && user.state && user.zipcode);

function sectionOf(row: ApplicationRow | undefined, step: FormStep) {
  if (!row) return null;
  switch (step) {
    case 'IDENTITY':
      return row.identity;
    case 'EMPLOYMENT':
      return row.employment;
    case 'INVESTING_PROFILE':
      return row.investing_profile;
    case 'DISCLOSURES':
      return row.disclosures;
  }
}

function summaryOf(step: ApplicationStep, user: UserRow, row: ApplicationRow | undefined): string | null {
  if (step === 'ADDRESS') return hasAddress(user) ? `${user.address1}, ${user.city}, ${user.state} ${user.zipcode}` : null;
  if (step === 'IDENTITY' && row?.identity) {
    const i = row.identity;
    return `${i.legalFirstName} ${i.legalLastName}, ${CITIZENSHIP_LABELS[i.citizenship]}, SSN ending ${i.ssnLast4}`;
  }
  if (step === 'EMPLOYMENT' && row?.employment) {
    const e = row.employment;
    return employmentNeedsEmployer(e.status) && e.employer
      ? `${EMPLOYMENT_LABELS[e.status]}: ${e.occupation} at ${e.employer}`
      : EMPLOYMENT_LABELS[e.status];
  }
  if (step === 'INVESTING_PROFILE' && row?.investing_profile) {
    const p = row.investing_profile;
    return `${optionLabel(INVESTMENT_OBJECTIVE_OPTIONS, p.investmentObjective)}; risk: ${optionLabel(RISK_TOLERANCE_OPTIONS, p.riskTolerance).split(':')[0]}`;
  }
  if (step === 'DISCLOSURES' && row?.disclosures) return 'Customer agreement accepted';
  return null;
}

export function completeSteps(user: UserRow, row: ApplicationRow | undefined): Set<ApplicationStep> {
  const redo = stepsToRedo(row, user.application_status);
  const done = new Set<ApplicationStep>();
  for (const step of APPLICATION_STEPS) {
    if (step === 'ADDRESS') {
      if (hasAddress(user)) done.add(step);
    } else if (sectionOf(row, step) && !redo.includes(step)) done.add(step);
  }
  return done;
}

export function presentApplication(user: UserRow, row: ApplicationRow | undefined): ApplicationResponse {
  const done = completeSteps(user, row);
  const status = user.application_status;
  return {
    status,
    steps: APPLICATION_STEPS.map((step) => ({
      step,
      label: APPLICATION_STEP_LABELS[step],
      complete: done.has(step),
      summary: done.has(step) ? summaryOf(step, user, row) : null,
    })),
    actionRequired:
      status === 'ACTION_REQUIRED' && row?.decision_reason ? { reason: row.decision_reason, message: row.decision_message ?? '' } : null,
    rejectionMessage: status === 'REJECTED' ? (row?.decision_message ?? OnboardingMessages.defaultRejection) : null,
    submittedAt: row?.submitted_at ? row.submitted_at.toISOString() : null,
    decidedAt: row?.decided_at ? row.decided_at.toISOString() : null,
    firstName: row?.identity?.legalFirstName ?? user.first_name,
    lastName: row?.identity?.legalLastName ?? user.last_name,
  };
}

/**
 * Applies the reviewer's decision once it is due (decide_at passed): the application, the customer's status and
 * their accounts change together. Any instance may run it at any time: the submitted row is claimed by a
 * conditional update, so a decision is applied exactly once. Returns whether one was applied.
 */
export async function applyDueApplicationDecision(db: Kysely<Database>, now: Date, userId: string): Promise<boolean> {
  if (!(await hasDueDecision(db, userId, now))) return false;
  return db.transaction().execute((trx) => claimAndApplyDueDecision(trx, userId, now));
}

function checkRules(body: SubmitApplicationRequest, today: string): void {
  if (body.identity) {
    const problem = birthDateProblem(body.identity.birthDate, today);
    if (problem) throw new ApiError(422, OnboardingErrorCode.INVALID, problem);
  }
  if (
    body.employment &&
    employmentNeedsEmployer(body.employment.status) &&
    (!body.employment.employer?.trim() || !body.employment.occupation?.trim())
  ) {
    throw new ApiError(422, OnboardingErrorCode.INVALID, OnboardingMessages.employerNeeded);
  }
}

function refuseUnlessOpen(status: ApplicationStatus): void {
  if (OPEN_STATUSES.includes(status)) return;
  const message =
    status === 'PENDING'
      ? OnboardingMessages.underReview
      : status === 'COMPLETE'
        ? OnboardingMessages.approved
        : OnboardingMessages.declined;
  throw new ApiError(409, OnboardingErrorCode.NOT_OPEN, message);
}

export interface SubmitDeps {
  db: Kysely<Database>;
  now: Date;
  reviewer: ApplicationReviewer;
  log?: { warn: (obj: object, msg: string) => void };
}

/**
 * Stores the steps given now over the stored ones, refuses an application with a step still missing, sets it
 * (and the customer) to PENDING, then asks the reviewer. The reviewer is asked outside the transaction (a vendor
 * call never holds a row lock); its answer is stored with the moment it becomes known.
 */
export async function submitApplication(deps: SubmitDeps, userId: string, body: SubmitApplicationRequest): Promise<void> {
  const { db, now } = deps;
  checkRules(body, marketDate(now));
  const identity: StoredIdentity | undefined = body.identity && {
    legalFirstName: body.identity.legalFirstName.trim(),
    legalLastName: body.identity.legalLastName.trim(),
    birthDate: body.identity.birthDate,
    phoneNumber: body.identity.phoneNumber,
    citizenship: body.identity.citizenship,
    ssnLast4: body.identity.ssn.slice(-4),
  };
  const employment: EmploymentSection | undefined = body.employment && {
    status: body.employment.status,
    employer: employmentNeedsEmployer(body.employment.status) ? (body.employment.employer?.trim() ?? null) : null,
    occupation: employmentNeedsEmployer(body.employment.status) ? (body.employment.occupation?.trim() ?? null) : null,
  };

  const submitted = await db.transaction().execute(async (trx) => {
    const user = await lockApplicant(trx, userId);
    if (!user) throw new ApiError(404, 'NOT_FOUND', 'Customer not found.');
    refuseUnlessOpen(user.application_status);
    const stored = await findApplication(trx, userId);
    const redo = stepsToRedo(stored, user.application_status);
    // A step sent back by the reviewer counts only when given again now.
    const keep = <T>(step: FormStep, given: T | undefined, current: T | null | undefined): T | null =>
      given ?? (redo.includes(step) ? null : (current ?? null));
    const merged = {
      identity: keep('IDENTITY', identity, stored?.identity),
      employment: keep('EMPLOYMENT', employment, stored?.employment),
      investing_profile: keep('INVESTING_PROFILE', body.investingProfile, stored?.investing_profile),
      disclosures: keep('DISCLOSURES', body.disclosures, stored?.disclosures),
    };
    const missing: string[] = [];
    if (!merged.identity) missing.push(APPLICATION_STEP_LABELS.IDENTITY);
    if (!(user.address1 && user.city && user.state && user.zipcode)) missing.push(APPLICATION_STEP_LABELS.ADDRESS);
    if (!merged.employment) missing.push(APPLICATION_STEP_LABELS.EMPLOYMENT);
    if (!merged.investing_profile) missing.push(APPLICATION_STEP_LABELS.INVESTING_PROFILE);
    if (!merged.disclosures) missing.push(APPLICATION_STEP_LABELS.DISCLOSURES);
    if (missing.length) throw new ApiError(422, OnboardingErrorCode.STEPS_MISSING, OnboardingMessages.missing(missing));

    const values = {
      identity: JSON.stringify(merged.identity),
      employment: JSON.stringify(merged.employment),
      investing_profile: JSON.stringify(merged.investing_profile),
      disclosures: JSON.stringify(merged.disclosures),
      state: 'SUBMITTED' as const,
      submitted_at: now,
      decision: null,
      decision_reason: null,
      decision_message: null,
      decide_at: null,
      decided_at: null,
      reviewer_reference: null,
      updated_at: now,
    };
    await storeSubmission(trx, userId, values, {
      firstName: merged.identity!.legalFirstName,
      lastName: merged.identity!.legalLastName,
      birthDate: merged.identity!.birthDate,
    });
    return merged.identity!;
  });

  try {
    const answer = await deps.reviewer.review({
      userId,
      legalFirstName: submitted.legalFirstName,
      legalLastName: submitted.legalLastName,
      birthDate: submitted.birthDate,
      ssn: body.identity?.ssn ?? null,
      ssnLast4: submitted.ssnLast4,
    });
    const decision = answer.decision;
    await storeReviewerAnswer(db, userId, {
      reviewer_reference: answer.reference,
      decision: decision?.outcome ?? null,
      decision_reason: decision?.outcome === 'ACTION_REQUIRED' ? decision.reason : null,
      decision_message: decision && decision.outcome !== 'COMPLETE' ? decision.message : null,
      decide_at: decision ? new Date(now.getTime() + answer.decisionDelayMs) : null,
      updated_at: now,
    });
  } catch (error) {
    // The application stays PENDING for a person to review; the customer sees "reviewing" either way.
    deps.log?.warn({ err: error }, 'application reviewer unavailable; left for manual review');
  }
}
