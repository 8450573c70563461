import { randomUUID } from 'node:crypto';
import { SANDBOX_REVIEW_LAST_NAMES, type ActionRequiredReason, type ProviderMode } from '../../api/contract';

// The application reviewer (identity verification and account approval) behind a seam. The spec names no
// vendor: the sandbox behaves like an identity vendor's test mode (the legal last name picks the outcome, and the
// answer arrives after a delay); in live mode applications wait for a person in operations to decide.

export interface ReviewSubmission {
  userId: string;
  legalFirstName: string;
  legalLastName: string;
  birthDate: string;
  /** The full number when it was given with this submission; null when the identity step was given earlier. */
  ssn: string | null;
  ssnLast4: string;
}

export type ReviewDecision =
  | { outcome: 'COMPLETE' }
  | { outcome: 'REJECTED'; message: string }
  | { outcome: 'ACTION_REQUIRED'; reason: ActionRequiredReason; message: string };

export interface ReviewAnswer {
  /** The reviewer's reference for the case (kept for support). */
  reference: string;
  /** The decision, or null when a person decides later (nothing automatic). */
  decision: ReviewDecision | null;
  /** When the decision becomes known, from the moment of submission. */
  decisionDelayMs: number;
}

export interface ApplicationReviewer {
  readonly mode: ProviderMode;
  review: (submission: ReviewSubmission) => Promise<ReviewAnswer>;
}

/** Default pause of the sandbox reviewer: long enough to see the "reviewing" screen, short enough for a demo. */
export const DEFAULT_SANDBOX_REVIEW_DELAY_SECONDS = 20;

export const SandboxReviewMessages = {
  rejected:
    "We're unable to open an account for you based on the information we were able to verify. This decision is final for now; our support team can tell you more.",
  actionRequired:
    "We couldn't verify your identity with the details you gave. Check your legal name, date of birth and Social Security number, then submit again.",
} as const;

/** Legal last name "Reject" → REJECTED; "Review" → ACTION_REQUIRED (identity to resubmit); anything else → COMPLETE. */
export function sandboxApplicationReviewer(delaySeconds = DEFAULT_SANDBOX_REVIEW_DELAY_SECONDS): ApplicationReviewer {
  return {
    mode: 'sandbox',
    async review(submission) {
      const lastName = submission.legalLastName.trim().toLowerCase();
      const decision: ReviewDecision =
        lastName === SANDBOX_REVIEW_LAST_NAMES.reject.toLowerCase()
          ? { outcome: 'REJECTED', message: SandboxReviewMessages.rejected }
          : lastName === SANDBOX_REVIEW_LAST_NAMES.review.toLowerCase()
            ? { outcome: 'ACTION_REQUIRED', reason: 'RESUBMIT_ID', message: SandboxReviewMessages.actionRequired }
            : { outcome: 'COMPLETE' };
      return { reference: `review_sandbox_${randomUUID()}`, decision, decisionDelayMs: delaySeconds * 1000 };
    },
  };
}

/** Live mode: every application waits for a person in operations (no automatic decision is made here). */
export const manualReviewQueue: ApplicationReviewer = {
  mode: 'live',
  async review() {
    return { reference: `review_manual_${randomUUID()}`, decision: null, decisionDelayMs: 0 };
  },
};

export interface ApplicationReviewEnvironment {
  /** Seconds the sandbox reviewer takes to decide (default 20). */
  APPLICATION_REVIEW_DELAY_SECONDS?: string;
}

export function parseReviewDelaySeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SANDBOX_REVIEW_DELAY_SECONDS;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new Error(`APPLICATION_REVIEW_DELAY_SECONDS must be a number of at least 0, not "${value}"`);
  return seconds;
}

export function applicationReviewerFor(mode: 'sandbox' | 'live', env: ApplicationReviewEnvironment): ApplicationReviewer {
  return mode === 'live' ? manualReviewQueue : sandboxApplicationReviewer(parseReviewDelaySeconds(env.APPLICATION_REVIEW_DELAY_SECONDS));
}
