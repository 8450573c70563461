import { AppLink } from '../navigation/AppLink';
import type { ApplicationResponse, FormStep } from '../../api/contract';
import { AlertIcon, Button, CheckCircleIcon, Notice } from '../../ui';
import { OnboardingCopy } from './onboardingCopy';
import { addressMissing, missingFormSteps } from './setupInvestingView';

/** The application's steps, done and to do, with the progress bar and Continue (for the missing ones). */
export function ApplicationChecklist({
  application,
  onContinue,
}: {
  application: ApplicationResponse;
  onContinue: (steps: FormStep[]) => void;
}) {
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
          <AppLink className="text-link" to="/settings/personal-info">
            {OnboardingCopy.addAddress}
          </AppLink>
        </Notice>
      ) : null}
      <Button fullWidth onClick={() => onContinue(missing)}>
        {application.status === 'ACTION_REQUIRED' ? OnboardingCopy.continueFix : OnboardingCopy.continue}
      </Button>
    </div>
  );
}
