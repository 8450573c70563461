import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/apiError';
import { selectFlags } from '../../api/configApi';
import type { ApplicationResponse, FormStep } from '../../api/contract';
import {
  APPLICATION_STEP_LABELS,
  CITIZENSHIP_LABELS,
  EMPLOYMENT_LABELS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  RISK_TOLERANCE_OPTIONS,
  employmentNeedsEmployer,
  optionLabel,
} from '../../api/contract/values';
import { useGetApplicationQuery, useSubmitApplicationMutation } from '../../api/onboardingApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AlertIcon, Button, buttonClassName, Card, CheckCircleIcon, ErrorState, Notice, PageHeader, Spinner, SpinnerGlyph } from '../../ui';
import { useAccountStatusPolling } from '../liveEvents/useAccountStatusPolling';
import { DisclosuresForm, EmploymentForm, IdentityForm, InvestingProfileForm } from './ApplicationStepForms';
import { onboardingSupportMailto, OnboardingCopy } from './onboardingCopy';
import {
  applicationStarted,
  applicationSubmitted,
  backPressed,
  editStepPressed,
  selectApplicationDrafts,
  selectCurrentFormStep,
  selectWizardPhase,
  selectWizardSteps,
  setupInvestingReset,
  stepCompleted,
  type ApplicationDrafts,
} from './setupInvestingSlice';
import {
  addressMissing,
  missingFormSteps,
  needsApplicationRefetch,
  setupInvestingView,
  shownApplicationStatus,
} from './setupInvestingView';
import { useMarketToday } from '../config/marketClock';
import './onboarding.css';

/**
 * /setup-investing, the "Finish Application" target (funding-methods.md 2.1): the application's missing steps as a
 * checklist, forms for them, review and submit; then the review's progress (the account status is polled every
 * 15 seconds, section 4.9) and its outcome. A customer who is done is told so.
 */
export default function SetupInvestingPage() {
  const dispatch = useAppDispatch();
  const query = useGetApplicationQuery(undefined, { refetchOnMountOrArgChange: true });
  const phase = useAppSelector(selectWizardPhase);
  const application = query.data;
  const applicationStatus = application?.status ?? null;
  const { status: liveStatus } = useAccountStatusPolling(applicationStatus === 'PENDING');
  const status = shownApplicationStatus(applicationStatus, liveStatus);
  // Seen the review run on this visit: the outcome is news ("Your account is open"), not a returning visit.
  const [sawReview, setSawReview] = useState(false);
  const view = setupInvestingView({ loading: query.isLoading, failed: query.isError, status, phase });

  const refetch = query.refetch;
  const refetchNeeded = needsApplicationRefetch(applicationStatus, liveStatus);
  useEffect(() => {
    // The status poll saw the decision: fetch the application for its details (reason, message).
    if (refetchNeeded) void refetch();
  }, [refetchNeeded, liveStatus, refetch]);
  useEffect(() => {
    if (view === 'reviewing') setSawReview(true);
  }, [view]);
  useEffect(() => () => void dispatch(setupInvestingReset()), [dispatch]);

  let body: React.ReactNode;
  if (view === 'loading') body = <Spinner label="Loading your application" />;
  else if (view === 'error')
    body = <ErrorState title={OnboardingCopy.loadFailed} body={errorMessage(query.error)} onRetry={() => void refetch()} />;
  else if (view === 'complete') body = <CompleteState justApproved={sawReview} />;
  else if (view === 'reviewing') body = <ReviewingState />;
  else if (view === 'rejected') body = <RejectedState message={application?.rejectionMessage ?? null} />;
  else if (view === 'form' || view === 'review') body = <Wizard application={application!} />;
  else body = <Checklist application={application!} onContinue={(steps) => dispatch(applicationStarted(steps))} />;

  return (
    <div className="page setup-investing">
      <PageHeader
        title={view === 'complete' || view === 'reviewing' || view === 'rejected' ? OnboardingCopy.sentTitle : OnboardingCopy.title}
        subtitle={view === 'checklist' ? OnboardingCopy.subtitle : undefined}
      />
      <Card>{body}</Card>
    </div>
  );
}

function Checklist({ application, onContinue }: { application: ApplicationResponse; onContinue: (steps: FormStep[]) => void }) {
  const done = application.steps.filter((step) => step.complete).length;
  const missing = missingFormSteps(application);
  const noAddress = addressMissing(application);
  return (
    <div className="setup-investing__checklist">
      {application.actionRequired ? (
        <Notice tone="warning" title={OnboardingCopy.actionRequiredTitle} live="assertive" icon={<AlertIcon size={20} />}>
          {application.actionRequired.message}
        </Notice>
      ) : null}
      <p className="setup-investing__progress" id="setup-investing-progress">
        {OnboardingCopy.progress(done, application.steps.length)}
      </p>
      <progress className="setup-investing__bar" max={application.steps.length} value={done} aria-labelledby="setup-investing-progress" />
      <ol className="setup-investing__steps" aria-label="Application steps">
        {application.steps.map((step) => (
          <li key={step.step} className={step.complete ? 'is-complete' : 'is-missing'}>
            <span className="setup-investing__mark" aria-hidden="true">
              {step.complete ? <CheckCircleIcon size={20} /> : <span className="setup-investing__dot" />}
            </span>
            <span className="setup-investing__step-text">
              <span className="setup-investing__step-label">
                {step.label}
                <span className="ff-visually-hidden">{step.complete ? ': done' : ': to do'}</span>
              </span>
              {step.summary ? <span className="setup-investing__summary">{step.summary}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {noAddress ? (
        <Notice tone="info">
          {OnboardingCopy.addressNeeded}{' '}
          <Link className="text-link" to="/settings/personal-info">
            {OnboardingCopy.addAddress}
          </Link>
        </Notice>
      ) : null}
      <Button fullWidth onClick={() => onContinue(missing)}>
        {application.status === 'ACTION_REQUIRED' ? OnboardingCopy.continueFix : OnboardingCopy.continue}
      </Button>
    </div>
  );
}

function Wizard({ application }: { application: ApplicationResponse }) {
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
  const noAddress = addressMissing(application);
  return (
    <section aria-labelledby="setup-investing-review" className="setup-investing__review">
      <h2 id="setup-investing-review" ref={headingRef} tabIndex={-1}>
        {OnboardingCopy.reviewTitle}
      </h2>
      <p className="muted">{OnboardingCopy.reviewBody}</p>
      <dl className="setup-investing__summary-list">
        {application.steps.map((step) => {
          const given = draftSummary(step.step, drafts, ssn.current);
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
      {submission.isError ? (
        <p className="form-error" role="alert">
          {OnboardingCopy.submitFailed} {errorMessage(submission.error)}
        </p>
      ) : null}
      <div className="setup-investing__actions">
        <Button variant="secondary" onClick={() => dispatch(backPressed())}>
          Back
        </Button>
        <Button onClick={() => void send()} loading={submission.isLoading} disabled={noAddress}>
          {OnboardingCopy.submit}
        </Button>
      </div>
    </section>
  );
}

/** One line about a step given on this visit; null when it was not. */
function draftSummary(step: string, drafts: ApplicationDrafts, ssn: string): string | null {
  if (step === 'IDENTITY' && drafts.identity) {
    const i = drafts.identity;
    return `${i.legalFirstName} ${i.legalLastName}, ${CITIZENSHIP_LABELS[i.citizenship]}, ${OnboardingCopy.ssnEnding(ssn.slice(-4))}`;
  }
  if (step === 'EMPLOYMENT' && drafts.employment) {
    const e = drafts.employment;
    return employmentNeedsEmployer(e.status)
      ? `${EMPLOYMENT_LABELS[e.status]}: ${e.occupation} at ${e.employer}`
      : EMPLOYMENT_LABELS[e.status];
  }
  if (step === 'INVESTING_PROFILE' && drafts.investingProfile) {
    const p = drafts.investingProfile;
    return `${optionLabel(INVESTMENT_OBJECTIVE_OPTIONS, p.investmentObjective)}; risk: ${optionLabel(RISK_TOLERANCE_OPTIONS, p.riskTolerance).split(':')[0]}`;
  }
  if (step === 'DISCLOSURES' && drafts.disclosures) return 'Customer agreement accepted';
  return null;
}

function ReviewingState() {
  return (
    <div className="setup-investing__outcome" role="status">
      <span role="progressbar" aria-label={OnboardingCopy.reviewingProgress}>
        <SpinnerGlyph size="lg" />
      </span>
      <h2>{OnboardingCopy.reviewingTitle}</h2>
      <p>{OnboardingCopy.reviewingBody}</p>
    </div>
  );
}

function CompleteState({ justApproved }: { justApproved: boolean }) {
  const flags = useAppSelector(selectFlags);
  const v2 = flags.newerSettingsLayout;
  return (
    <div className="setup-investing__outcome" role="status">
      <CheckCircleIcon size={40} />
      <h2>{justApproved ? OnboardingCopy.openTitle : OnboardingCopy.doneTitle}</h2>
      <p>{justApproved ? OnboardingCopy.openBody : OnboardingCopy.doneBody}</p>
      <div className="setup-investing__outcome-actions">
        <Link className={buttonClassName('primary', 'md')} to={v2 ? '/settings/v2/deposit' : '/settings/deposit'}>
          {OnboardingCopy.depositFunds}
        </Link>
        <Link className={buttonClassName('secondary', 'md')} to={v2 ? '/settings/v2/bank-link' : '/settings/bank-link'}>
          {OnboardingCopy.linkBank}
        </Link>
      </div>
      <Link className="text-link" to="/portfolio">
        {OnboardingCopy.portfolio}
      </Link>
    </div>
  );
}

function RejectedState({ message }: { message: string | null }) {
  return (
    <div className="setup-investing__outcome" role="alert">
      <AlertIcon size={40} />
      <h2>{OnboardingCopy.rejectedTitle}</h2>
      {message ? <p>{message}</p> : null}
      <a className={buttonClassName('primary', 'md')} href={onboardingSupportMailto()}>
        {OnboardingCopy.contactSupport}
      </a>
    </div>
  );
}
