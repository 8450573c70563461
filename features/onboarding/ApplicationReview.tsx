import type { RefObject } from 'react';
import { errorMessage } from '../../api/apiError';
import type { ApplicationResponse, FormStep } from '../../api/contract';
import { useAppDispatch } from '../../store/hooks';
import { Button, Notice } from '../../ui';
import { draftSummary } from './applicationDraftSummary';
import { OnboardingCopy } from './onboardingCopy';
import { backPressed, editStepPressed, type ApplicationDrafts } from './setupInvestingSlice';
import { addressMissing } from './setupInvestingView';

/** The application's review: each step's answer (Edit for the ones given on this visit), then Submit. */
export function ApplicationReview({
  application,
  steps,
  drafts,
  ssn,
  headingRef,
  submitting,
  submitFailure,
  onSubmit,
}: {
  application: ApplicationResponse;
  steps: FormStep[];
  drafts: ApplicationDrafts;
  /** The SSN as typed on this visit (its last four are shown). */
  ssn: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  submitting: boolean;
  /** The failed submission's error (its message is shown); undefined while none failed. */
  submitFailure: { error: unknown } | undefined;
  onSubmit: () => void;
}) {
  const dispatch = useAppDispatch();
  const noAddress = addressMissing(application);
  return (
    <section aria-labelledby="setup-investing-review" className="setup-investing__review">
      <h2 id="setup-investing-review" ref={headingRef} tabIndex={-1}>
        {OnboardingCopy.reviewTitle}
      </h2>
      <p className="muted">{OnboardingCopy.reviewBody}</p>
      <dl className="setup-investing__summary-list">
        {application.steps.map((step) => {
          const given = draftSummary(step.step, drafts, ssn);
          const editable = (steps as string[]).includes(step.step);
          return (
            <div key={step.step} className="setup-investing__summary-row">
              <dt>{step.label}</dt>
              <dd>
                {given ?? step.summary ?? OnboardingCopy.notProvided}
                {editable ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => dispatch(editStepPressed(step.step as FormStep))}
                    aria-label={`${OnboardingCopy.edit} ${step.label}`}
                  >
                    {OnboardingCopy.edit}
                  </Button>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
      {noAddress ? <Notice tone="info">{OnboardingCopy.addressNeeded}</Notice> : null}
      {submitFailure ? (
        <p className="form-error" role="alert">
          {OnboardingCopy.submitFailed} {errorMessage(submitFailure.error)}
        </p>
      ) : null}
      <div className="setup-investing__actions">
        <Button variant="secondary" onClick={() => dispatch(backPressed())}>
          Back
        </Button>
        <Button onClick={onSubmit} loading={submitting} disabled={noAddress}>
          {OnboardingCopy.submit}
        </Button>
      </div>
    </section>
  );
}
