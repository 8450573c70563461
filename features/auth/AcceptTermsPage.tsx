import { useState } from 'react';
import { useAcceptTermsMutation } from '../../api/authApi';
import { errorMessage } from '../../api/apiError';
import { useAppSelector } from '../../store/hooks';
import { selectCurrentUser } from '../session/sessionSlice';
import { Button, Card, CheckCircleIcon } from '../../ui';

/**
 * Terms-acceptance welcome for an account taken over from another provider (mobile variant below 760 px). Once
 * accepted, the session's user no longer must accept terms and the terms gate (src/guards.tsx) sends the customer
 * on to where they were going (`redirect`), else the portfolio.
 */
export default function AcceptTermsPage({ variant }: { variant: 'desktop' | 'mobile' }) {
  const user = useAppSelector(selectCurrentUser);
  const [agreed, setAgreed] = useState(false);
  const [acceptTerms, { isLoading, error }] = useAcceptTermsMutation();

  const accept = async () => {
    await acceptTerms().unwrap();
  };

  return (
    <section aria-labelledby="page-title" className={`page terms-page terms-page--${variant}`}>
      <Card>
        <h1 id="page-title" className="page-title">
          Welcome to Fundflow{user ? `, ${user.firstName}` : ''}
        </h1>
        <p>Your account has moved to Fundflow. Before you continue, please review and accept our terms.</p>
        <ul className="benefit-list">
          <li>
            <CheckCircleIcon /> Your balances and positions came with you.
          </li>
          <li>
            <CheckCircleIcon /> Link a bank to keep funding your accounts.
          </li>
          <li>
            <CheckCircleIcon /> Your account stays protected by SIPC up to the legal limits.
          </li>
        </ul>
        <label className="checkbox">
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <span>I have read and accept the Customer Agreement and the Terms of Use.</span>
        </label>
        {error && (
          <p className="form-error" role="alert">
            {errorMessage(error)}
          </p>
        )}
        <Button fullWidth disabled={!agreed} loading={isLoading} onClick={() => void accept().catch(() => undefined)}>
          Accept and continue
        </Button>
      </Card>
    </section>
  );
}
