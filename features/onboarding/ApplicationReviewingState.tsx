import { SpinnerGlyph } from '../../ui';
import { OnboardingCopy } from './onboardingCopy';

/** The application is being reviewed: a spinner while the status is polled. */
export function ApplicationReviewingState() {
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
