import type { ApplicationResponse, ApplicationStatus, FormStep } from '../../api/contract';
import { FORM_STEPS } from '../../api/contract/values';
import type { WizardPhase } from './setupInvestingSlice';

export type SetupInvestingView = 'loading' | 'error' | 'complete' | 'reviewing' | 'rejected' | 'checklist' | 'form' | 'review';

/**
 * The status to show: the application's; an open account counts as COMPLETE (funding-methods.md 4.9) even before
 * the application query has caught up with the status poll.
 */
export function shownApplicationStatus(
  applicationStatus: ApplicationStatus | null,
  liveStatus: ApplicationStatus | null,
): ApplicationStatus | null {
  if (applicationStatus !== null && liveStatus === 'COMPLETE') return 'COMPLETE';
  return applicationStatus;
}

/**
 * The status poll (GET /api/me and the accounts) answers something other than the PENDING the application query
 * holds: the application is fetched again for the decision's details (its reason, its message).
 */
export const needsApplicationRefetch = (applicationStatus: ApplicationStatus | null, liveStatus: ApplicationStatus | null) =>
  applicationStatus === 'PENDING' && liveStatus !== null && liveStatus !== 'PENDING';

/** Which screen /setup-investing shows. */
export function setupInvestingView(input: {
  loading: boolean;
  failed: boolean;
  status: ApplicationStatus | null;
  phase: WizardPhase;
}): SetupInvestingView {
  const { status, phase } = input;
  if (status === null) return input.failed ? 'error' : 'loading';
  if (status === 'COMPLETE') return 'complete';
  if (status === 'REJECTED') return 'rejected';
  if (status === 'PENDING') return 'reviewing';
  if (phase === 'form') return 'form';
  if (phase === 'review') return 'review';
  return 'checklist';
}

/** The form steps still to fill, in the checklist's order. */
export function missingFormSteps(application: Pick<ApplicationResponse, 'steps'>): FormStep[] {
  const missing = new Set(application.steps.filter((step) => !step.complete).map((step) => step.step));
  return FORM_STEPS.filter((step) => missing.has(step));
}

/** The home address is captured on its own page; the application cannot go without it. */
export const addressMissing = (application: Pick<ApplicationResponse, 'steps'>) =>
  application.steps.some((step) => step.step === 'ADDRESS' && !step.complete);
