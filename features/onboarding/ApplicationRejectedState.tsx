import { AlertIcon, buttonClassName } from '../../ui';
import { onboardingSupportMailto, OnboardingCopy } from './onboardingCopy';

/** The application was declined: the reviewer's message and a way to support. */
export function ApplicationRejectedState({ message }: { message: string | null }) {
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
