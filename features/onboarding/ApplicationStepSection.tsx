import type { RefObject } from 'react';
import type { ApplicationResponse, FormStep } from '../../api/contract';
import { APPLICATION_STEP_LABELS } from '../../api/contract/values';
import { useAppDispatch } from '../../store/hooks';
import { DisclosuresForm } from './steps/DisclosuresForm';
import { EmploymentForm } from './steps/EmploymentForm';
import { IdentityForm } from './steps/IdentityForm';
import { InvestingProfileForm } from './steps/InvestingProfileForm';
import { OnboardingCopy } from './onboardingCopy';
import { backPressed, stepCompleted, type ApplicationDrafts } from './setupInvestingSlice';

/** One step of the application wizard: its title (focused when the step changes) and its form. */
export function ApplicationStepSection({
  application,
  current,
  steps,
  drafts,
  today,
  ssn,
  headingRef,
}: {
  application: ApplicationResponse;
  current: FormStep;
  steps: FormStep[];
  drafts: ApplicationDrafts;
  today: string;
  /** The SSN as typed on this visit: kept by the wizard, never in the store. */
  ssn: RefObject<string>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const dispatch = useAppDispatch();
  const index = steps.indexOf(current);
  const nextLabel = index === steps.length - 1 ? OnboardingCopy.toReview : OnboardingCopy.next;
  const back = () => dispatch(backPressed());
  return (
    <section aria-labelledby="setup-investing-step" className="setup-investing__form">
      <h2 id="setup-investing-step" ref={headingRef} tabIndex={-1}>
        {OnboardingCopy.stepOf(index + 1, steps.length, APPLICATION_STEP_LABELS[current])}
      </h2>
      {current === 'IDENTITY' ? (
        <IdentityForm
          initial={drafts.identity ?? { legalFirstName: application.firstName, legalLastName: application.lastName }}
          initialSsn={ssn.current}
          today={today}
          nextLabel={nextLabel}
          onBack={back}
          onNext={({ identity, ssn: full }) => {
            ssn.current = full;
            dispatch(stepCompleted({ step: 'IDENTITY', values: identity }));
          }}
        />
      ) : current === 'EMPLOYMENT' ? (
        <EmploymentForm
          initial={drafts.employment}
          nextLabel={nextLabel}
          onBack={back}
          onNext={(values) => dispatch(stepCompleted({ step: 'EMPLOYMENT', values }))}
        />
      ) : current === 'INVESTING_PROFILE' ? (
        <InvestingProfileForm
          initial={drafts.investingProfile}
          nextLabel={nextLabel}
          onBack={back}
          onNext={(values) => dispatch(stepCompleted({ step: 'INVESTING_PROFILE', values }))}
        />
      ) : (
        <DisclosuresForm
          initial={drafts.disclosures}
          nextLabel={nextLabel}
          onBack={back}
          onNext={(values) => dispatch(stepCompleted({ step: 'DISCLOSURES', values }))}
        />
      )}
    </section>
  );
}
