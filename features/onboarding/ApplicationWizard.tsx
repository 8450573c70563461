import { useEffect, useRef } from 'react';
import type { ApplicationResponse } from '../../api/contract';
import { useSubmitApplicationMutation } from '../../api/onboardingApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { useMarketToday } from '../config/marketClock';
import { ApplicationReview } from './ApplicationReview';
import { ApplicationStepSection } from './ApplicationStepSection';
import { applicationSubmitted, selectApplicationDrafts, selectCurrentFormStep, selectWizardSteps } from './setupInvestingSlice';

/** The application's missing steps one by one, then the review and Submit. */
export function ApplicationWizard({ application }: { application: ApplicationResponse }) {
  const dispatch = useAppDispatch();
  const steps = useAppSelector(selectWizardSteps);
  const current = useAppSelector(selectCurrentFormStep);
  const drafts = useAppSelector(selectApplicationDrafts);
  // The age rule's calendar day is the server's New York day, as the server judges it.
  const today = useMarketToday();
  // The SSN stays in component state: never in the store (DevTools, support exports).
  const ssn = useRef('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [submit, submission] = useSubmitApplicationMutation();

  useEffect(() => {
    headingRef.current?.focus();
  }, [current]);

  if (current) {
    return (
      <ApplicationStepSection
        application={application}
        current={current}
        steps={steps}
        drafts={drafts}
        today={today}
        ssn={ssn}
        headingRef={headingRef}
      />
    );
  }

  const send = async () => {
    try {
      await submit({
        ...(drafts.identity ? { identity: { ...drafts.identity, ssn: ssn.current } } : {}),
        ...(drafts.employment ? { employment: drafts.employment } : {}),
        ...(drafts.investingProfile ? { investingProfile: drafts.investingProfile } : {}),
        ...(drafts.disclosures ? { disclosures: drafts.disclosures } : {}),
      }).unwrap();
      ssn.current = '';
      dispatch(applicationSubmitted());
    } catch {
      // Shown below from the mutation's state.
    }
  };
  return (
    <ApplicationReview
      application={application}
      steps={steps}
      drafts={drafts}
      ssn={ssn.current}
      headingRef={headingRef}
      submitting={submission.isLoading}
      submitFailure={submission.isError ? { error: submission.error } : undefined}
      onSubmit={() => void send()}
    />
  );
}
