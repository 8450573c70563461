import { AppLink } from '../navigation/AppLink';
import { selectFlags } from '../../api/configApi';
import { useAppSelector } from '../../store/hooks';
import { buttonClassName, CheckCircleIcon } from '../../ui';
import { OnboardingCopy } from './onboardingCopy';

/** The account is open (news when the review ran on this visit), with the ways to fund it. */
export function ApplicationCompleteState({ justApproved }: { justApproved: boolean }) {
  const flags = useAppSelector(selectFlags);
  const v2 = flags.newerSettingsLayout;
  return (
    <div className="setup-investing__outcome" role="status">
      <CheckCircleIcon size={40} />
      <h2>{justApproved ? OnboardingCopy.openTitle : OnboardingCopy.doneTitle}</h2>
      <p>{justApproved ? OnboardingCopy.openBody : OnboardingCopy.doneBody}</p>
      <div className="setup-investing__outcome-actions">
        <AppLink className={buttonClassName('primary', 'md')} to={v2 ? '/settings/v2/deposit' : '/settings/deposit'}>
          {OnboardingCopy.depositFunds}
        </AppLink>
        <AppLink className={buttonClassName('secondary', 'md')} to={v2 ? '/settings/v2/bank-link' : '/settings/bank-link'}>
          {OnboardingCopy.linkBank}
        </AppLink>
      </div>
      <AppLink className="text-link" to="/portfolio">
        {OnboardingCopy.portfolio}
      </AppLink>
    </div>
  );
}
